import { z } from '../zod.ts';
import type { AccessToken } from '../account.ts';
import { currentUserEntity } from './users.ts';
import { entity, isoTime, recordId } from './common.ts';

/** `GET auth/me`: the signed-in user (null for a guest, who gets the guests role's permissions), client settings, version. */
export const meResponse = entity({
  user: currentUserEntity.nullable(),
  guest_permissions: z.array(z.string()).optional(),
  /** The guests role's id, for menu items restricted to roles. */
  guest_role_ids: z.array(recordId).optional(),
  settings: z.record(z.string(), z.unknown()),
  version: z.string(),
});

/** `POST auth/login`: the user, or `two_factor: true` when the code step comes next. */
export const loginResponse = entity({ user: currentUserEntity.nullable(), two_factor: z.boolean().optional() });

/** `POST auth/register`: signed in at once, or asked to confirm the address first. */
export const registerResponse = entity({ status: z.enum(['success', 'needs_email_verification']), user: currentUserEntity.nullable().optional(), message: z.string().optional() });

export const accessTokenEntity = entity({
  id: recordId, name: z.string(), scopes: z.array(z.string()).nullable(), expires_at: isoTime.nullable(), last_used_at: isoTime.nullable(), created_at: isoTime,
}).meta({ id: 'AccessToken', examples: [{ id: 3, name: 'CI', scopes: ['titles.view'], expires_at: null, last_used_at: null, created_at: '2026-01-31T12:00:00.000Z' }] }) satisfies z.ZodType<AccessToken>;
/** `docs_url`: where the interactive API reference is, while the operator keeps it on (null when off). */
export const accessTokenListResponse = entity({ tokens: z.array(accessTokenEntity), docs_url: z.string().nullable() });
/** The token itself, shown once. */
export const accessTokenCreatedResponse = entity({ plainTextToken: z.string() });
