import { z } from '../zod.ts';
import type { CurrentUser, User } from '../users.ts';
import type { TwoFactorSetup, TwoFactorStatus } from '../account.ts';
import { entity, isoTime, paginated, recordId } from './common.ts';

const nullableTime = isoTime.nullable();
const roleSummary = entity({ id: recordId, name: z.string() });
export const permissionGrantEntity = entity({ name: z.string(), restrictions: z.array(entity({ name: z.string(), value: z.union([z.boolean(), z.number()]).optional() })).optional() });
const subscription = entity({
  id: recordId, user_id: recordId, product_id: recordId.nullable(), price_id: recordId.nullable(), gateway_name: z.string(),
  description: z.string().nullable(), renews_at: nullableTime, ends_at: nullableTime, created_at: isoTime, updated_at: isoTime,
});
const ban = entity({ id: recordId, ban_until: nullableTime, comment: z.string().nullable(), created_at: isoTime });

const userFields = {
  id: recordId,
  display_name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  available_space: z.number().nullable(),
  created_at: isoTime,
  updated_at: isoTime,
  email_verified_at: nullableTime,
  banned_at: nullableTime,
  roles: z.array(roleSummary),
  permissions: z.array(permissionGrantEntity).optional(),
  subscriptions: z.array(subscription).optional(),
  bans: z.array(ban).optional(),
  two_factor_enabled: z.boolean().optional(),
  is_admin: z.boolean().optional(),
};
const userExample = {
  id: 12, display_name: 'Ada Lovelace', email: 'ada@example.com', avatar: null, first_name: 'Ada', last_name: 'Lovelace', available_space: null,
  created_at: '2026-01-31T12:00:00.000Z', updated_at: '2026-01-31T12:00:00.000Z', email_verified_at: '2026-01-31T12:05:00.000Z', banned_at: null,
  roles: [{ id: 2, name: 'users' }],
};

export const userEntity = entity(userFields).meta({ id: 'User', examples: [userExample] }) satisfies z.ZodType<User>;

export const currentUserEntity = entity({
  ...userFields,
  effective_permissions: z.array(z.string()),
  has_password: z.boolean(),
}).meta({ id: 'CurrentUser', examples: [{ ...userExample, effective_permissions: ['titles.view'], has_password: true, two_factor_enabled: false }] }) satisfies z.ZodType<CurrentUser>;

export const userListResponse = paginated(userEntity);
export const userResponse = entity({ user: userEntity });
export const currentUserResponse = entity({ user: currentUserEntity });

export const twoFactorStatusResponse = entity({
  enabled: z.boolean(), pending: z.boolean(), recovery_codes_left: z.number().int(), required: z.boolean(),
}).meta({ examples: [{ enabled: true, pending: false, recovery_codes_left: 8, required: false }] }) satisfies z.ZodType<TwoFactorStatus>;
export const twoFactorSetupResponse = entity({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() }) satisfies z.ZodType<TwoFactorSetup>;
export const recoveryCodesResponse = entity({ recovery_codes: z.array(z.string()) });
