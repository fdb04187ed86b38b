import { z } from './zod.ts';

const email = z.string().trim().toLowerCase().email().max(255);

export const loginSchema = z.object({
  email,
  password: z.string().min(1).max(255),
  remember: z.boolean().optional(),
}).meta({ examples: [{ email: 'ada@example.com', password: 'correct horse battery', remember: true }] });
export const registerSchema = z.object({
  email,
  password: z.string().min(8).max(255),
  password_confirmation: z.string().max(255),
  first_name: z.string().trim().max(100).optional(),
  last_name: z.string().trim().max(100).optional(),
}).refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'The passwords do not match.' })
  .meta({ examples: [{ email: 'ada@example.com', password: 'correct horse battery', password_confirmation: 'correct horse battery', first_name: 'Ada', last_name: 'Lovelace' }] });
/** `PUT account/email`: the new address, and the password proving the owner asks (none for social-login accounts). */
export const accountEmailSchema = z.object({ email, password: z.string().max(255).optional(), code: z.string().max(20).optional() })
  .meta({ examples: [{ email: 'ada@example.org', password: 'correct horse battery' }] });
export type AccountEmailInput = z.infer<typeof accountEmailSchema>;
export const passwordEmailSchema = z.object({ email }).meta({ examples: [{ email: 'ada@example.com' }] });
export const passwordResetSchema = z.object({
  token: z.string().min(10).max(200),
  email,
  password: z.string().min(8).max(255),
  password_confirmation: z.string().max(255),
}).refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'The passwords do not match.' })
  .meta({ examples: [{ token: 'the-token-from-the-mail', email: 'ada@example.com', password: 'a new passphrase', password_confirmation: 'a new passphrase' }] });
export const verifyEmailSchema = z.object({ token: z.string().min(10).max(200) }).meta({ examples: [{ token: 'the-token-from-the-mail' }] });
export const resendVerificationSchema = z.object({ email });
/**
 * A personal access token: its name, the permissions it may use (a subset of its owner's; left out, the token acts with
 * all of its owner's current permissions, as tokens made before scopes do) and an optional expiry.
 */
export const accessTokenSchema = z.object({
  tokenName: z.string().trim().min(1).max(100),
  scopes: z.array(z.string().max(100)).min(1, 'Choose at least one permission.').max(300).optional(),
  expires_at: z.iso.datetime({ offset: true }).nullable().optional()
    .refine((v) => !v || Date.parse(v) > Date.now(), 'The expiry must be in the future.'),
}).meta({ examples: [{ tokenName: 'CI', scopes: ['titles.view'], expires_at: '2027-01-01T00:00:00.000Z' }] });

const totpCode = z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.');
/** The second sign-in step: a code from the authenticator app or one recovery code, and whether to remember this device. */
export const twoFactorChallengeSchema = z.object({
  code: totpCode.optional(),
  recovery_code: z.string().trim().min(1).max(50).optional(),
  remember: z.boolean().optional(),
}).refine((v) => v.code || v.recovery_code, { path: ['code'], message: 'Enter the 6-digit code from your authenticator app.' })
  .meta({ examples: [{ code: '123456', remember: true }, { recovery_code: 'a1b2c-3d4e5' }] });
/**
 * Starting 2FA set-up proves the owner: the password when the account has one, so a stolen session cannot put its own
 * authenticator between the owner and their account (an account without a password proves a recent sign-in instead).
 */
export const twoFactorStartSchema = z.object({ password: z.string().max(255).optional() }).meta({ examples: [{ password: 'current password' }] });
export const twoFactorConfirmSchema = z.object({ code: totpCode }).meta({ examples: [{ code: '123456' }] });
/** Turning 2FA off or making new recovery codes proves both: the password (when the account has one) and a current code. */
export const twoFactorVerifySchema = z.object({ password: z.string().max(255).optional(), code: totpCode }).meta({ examples: [{ password: 'current password', code: '123456' }] });
/** How long a device stays trusted after "Remember this device for 30 days". */
export const TWO_FACTOR_REMEMBER_DAYS = 30;

export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_DECAY_SECONDS = 60;
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const SESSION_COOKIE = 'session';
