import type { FastifyRequest } from 'fastify';
import { AUDIT_SECRET_MASK, isSecretSetting } from '@app/contracts';
import type { AppContext } from '../../context.ts';

/** The fields of a record that the log compares before and after a call. */
export type Snapshot = Record<string, unknown>;
type Snapshotter = (ctx: AppContext, req: FastifyRequest) => Promise<Snapshot | null>;

const idOf = (req: FastifyRequest): number | null => {
  const id = Number((req.params as Record<string, unknown> | undefined)?.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

async function userSnapshot(ctx: AppContext, req: FastifyRequest): Promise<Snapshot | null> {
  const id = idOf(req);
  if (id === null) return null;
  const user = await ctx.db.selectFrom('users').select(['email', 'first_name', 'last_name', 'avatar', 'available_space', 'email_verified_at', 'banned_at']).where('id', '=', id).executeTakeFirst();
  if (!user) return null;
  const roles = await ctx.db.selectFrom('user_role').innerJoin('roles', 'roles.id', 'user_role.role_id').select('roles.name').where('user_role.user_id', '=', id).orderBy('roles.name').execute();
  const grants = await ctx.db.selectFrom('permission_grants').select('name').where('model_type', '=', 'user').where('model_id', '=', id).orderBy('name').execute();
  return { ...user, roles: roles.map((r) => r.name), permissions: grants.map((g) => g.name) };
}

async function roleSnapshot(ctx: AppContext, req: FastifyRequest): Promise<Snapshot | null> {
  const id = idOf(req);
  if (id === null) return null;
  const role = await ctx.db.selectFrom('roles').select(['name', 'description', 'default', 'guests']).where('id', '=', id).executeTakeFirst();
  if (!role) return null;
  const grants = await ctx.db.selectFrom('permission_grants').select('name').where('model_type', '=', 'role').where('model_id', '=', id).orderBy('name').execute();
  const members = await ctx.db.selectFrom('user_role').select((eb) => eb.fn.countAll<number>().as('n')).where('role_id', '=', id).executeTakeFirst();
  return { ...role, default: !!role.default, guests: !!role.guests, permissions: grants.map((g) => g.name), users: Number(members?.n ?? 0) };
}

/** Every setting with its stored value (secrets are masked by `diff`, after it has seen whether they changed). */
async function settingsSnapshot(ctx: AppContext): Promise<Snapshot> {
  const [client, server] = await Promise.all([ctx.settings.all('client'), ctx.settings.all('server')]);
  return { ...client, ...server };
}

/** Calls whose record is compared field by field; the key is `METHOD route-pattern`. */
export const SNAPSHOTS = new Map<string, Snapshotter>([
  ['PUT /api/v1/users/:id', userSnapshot],
  ['POST /api/v1/users/:id/ban', userSnapshot],
  ['DELETE /api/v1/users/:id/unban', userSnapshot],
  ['DELETE /api/v1/users/:id/two-factor', userSnapshot],
  ['POST /api/v1/users/:id/avatar', userSnapshot],
  ['DELETE /api/v1/users/:id/avatar', userSnapshot],
  ['PUT /api/v1/roles/:id', roleSnapshot],
  ['POST /api/v1/roles/:id/add-users', roleSnapshot],
  ['POST /api/v1/roles/:id/remove-users', roleSnapshot],
  ['POST /api/v1/settings', settingsSnapshot],
]);

const SECRET = /password|secret|token|api_?key|private|dsn|credentials/i;
const isSecret = (key: string) => SECRET.test(key) || isSecretSetting(key);

/** `{ field: [before, after] }` for the fields that differ; values of secret-looking fields are masked. */
export function diff(before: Snapshot | null, after: Snapshot | null): Record<string, [unknown, unknown]> | null {
  if (!before && !after) return null;
  const out: Record<string, [unknown, unknown]> = {};
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    const a = before && Object.hasOwn(before, key) ? before[key] : null;
    const b = after && Object.hasOwn(after, key) ? after[key] : null;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    out[key] = isSecret(key) ? [a === null || a === '' ? a : AUDIT_SECRET_MASK, b === null || b === '' ? b : AUDIT_SECRET_MASK] : [a, b];
  }
  return Object.keys(out).length ? out : null;
}
