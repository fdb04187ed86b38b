import { z } from './zod.ts';

const name = z.string().trim().max(100).nullish().transform((v) => v || null);

/** `PUT account/profile`: the signed-in user's own name. */
export const accountProfileSchema = z.object({ first_name: name, last_name: name }).meta({ examples: [{ first_name: 'Ada', last_name: 'Lovelace' }] });
export type AccountProfileInput = z.infer<typeof accountProfileSchema>;

/**
 * `PUT account/password`: the current password proves it is the owner at the keyboard. An account without a
 * password (made through social login) has none to give, so the field may be empty; the server requires it otherwise.
 */
export const accountPasswordSchema = z.object({
  current_password: z.string().max(255).optional(),
  /** An account without a password, with 2FA on: a code from the authenticator app proves the owner instead. */
  code: z.string().max(20).optional(),
  password: z.string().min(8).max(255),
  password_confirmation: z.string().max(255),
}).refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'The passwords do not match.' })
  .meta({ examples: [{ current_password: 'correct horse battery', password: 'a new passphrase', password_confirmation: 'a new passphrase' }] });
export type AccountPasswordInput = z.infer<typeof accountPasswordSchema>;

/**
 * What proves the owner is at the keyboard before a step that guards the account: the password; an account without
 * one (made through social login) gives a code from the authenticator app when 2FA is on, else nothing (the server
 * then asks for a recent sign-in through the provider).
 */
export const ownerProofSchema = z.object({ password: z.string().max(255).optional(), code: z.string().max(20).optional() }).meta({ examples: [{ password: 'correct horse battery' }] });
export type OwnerProofInput = z.infer<typeof ownerProofSchema>;

/** `DELETE account`: closing one's own account, after the owner's proof. */
export const accountDeleteSchema = ownerProofSchema;
export type AccountDeleteInput = z.infer<typeof accountDeleteSchema>;

/** `DELETE account/sessions/{id}`: one session, named by the id prefix `GET account/sessions` shows. */
export const accountSessionParam = z.object({ id: z.string().regex(/^[0-9a-f]{12}$/) });

/** One signed-in browser, as `GET account/sessions` lists it (the session secret never leaves the server). */
export interface AccountSession {
  id: string;
  ip: string | null;
  user_agent: string | null;
  last_active_at: string;
  created_at: string;
  current: boolean;
}

export interface AccessToken {
  id: number;
  name: string;
  /** Permission names the token may use; null on tokens made before scopes (their owner's permissions). */
  scopes: string[] | null;
  expires_at: string | null;
  last_used_at: string | null;
  created_at: string;
}

/** `GET account/two-factor`: whether 2FA is on, how many recovery codes are left and whether the site requires it. */
export interface TwoFactorStatus {
  enabled: boolean;
  pending: boolean;
  recovery_codes_left: number;
  required: boolean;
}

/** `POST account/two-factor`: a new secret to add to an authenticator app, also as a QR code (SVG markup). */
export interface TwoFactorSetup {
  secret: string;
  otpauth_url: string;
  qr_svg: string;
}

/**
 * `GET account/export`: the member's file of their data. `POST account/export` starts building it in the background;
 * a ready file can be downloaded from `download_path` (by its owner only) until `expires_at`, then it is removed.
 */
export interface AccountExportStatus {
  status: 'preparing' | 'ready';
  created_at: string;
  expires_at: string | null;
  download_path: string | null;
}
/** `GET account/export/{uuid}`: the file's id. */
export const accountExportParam = z.object({ uuid: z.string().uuid() });
