import { z } from '../zod.ts';
import type { AccountExportStatus, AccountSession } from '../account.ts';
import { entity, isoTime } from './common.ts';
import { currentUserEntity } from './users.ts';

/** The signed-in user after a change to their own account. */
export const accountUserResponse = entity({ user: currentUserEntity.nullable(), message: z.string().optional() });

export const accountSessionEntity = entity({
  id: z.string().meta({ description: 'The start of the session id (the secret never leaves the server).' }),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  last_active_at: isoTime,
  created_at: isoTime,
  current: z.boolean(),
}).meta({
  id: 'AccountSession',
  examples: [{ id: '3f9a0c1d2e4b', ip: '203.0.113.7', user_agent: 'Mozilla/5.0 (X11; Linux x86_64)', last_active_at: '2026-01-31T12:00:00.000Z', created_at: '2026-01-30T08:00:00.000Z', current: true }],
}) satisfies z.ZodType<AccountSession>;
export const accountSessionListResponse = entity({ sessions: z.array(accountSessionEntity) });
/** How many other sessions were ended. */
export const logoutOthersResponse = entity({ message: z.string(), count: z.number().int() });

export const accountExportEntity = entity({
  status: z.enum(['preparing', 'ready']),
  created_at: isoTime,
  expires_at: isoTime.nullable(),
  download_path: z.string().nullable(),
}).meta({
  id: 'AccountExport',
  examples: [{ status: 'ready', created_at: '2026-01-31T12:00:00.000Z', expires_at: '2026-02-07T12:00:00.000Z', download_path: '/api/v1/account/export/0b6f6c9e-2a53-4f0e-9a53-8f1b1c2d3e4f' }],
}) satisfies z.ZodType<AccountExportStatus>;
/** The member's data file: none yet, being built, or ready; `message` after asking for one. */
export const accountExportResponse = entity({ export: accountExportEntity.nullable(), message: z.string().optional() });
