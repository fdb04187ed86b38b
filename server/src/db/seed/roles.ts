import { DEFAULT_GUEST_PERMISSIONS, DEFAULT_USER_PERMISSIONS } from '@app/contracts';
import type { Db } from '../index.ts';
import { nowIso } from '../index.ts';
import { syncGrants } from '../../modules/roles/permissions.ts';

/** The three roles every site starts with; returns their ids by name. */
export async function seedDefaultRoles(db: Db): Promise<Record<'admin' | 'users' | 'guests', number>> {
  const now = nowIso();
  const defs = [
    { name: 'admin', description: 'Has every permission.', default: false, guests: false, internal: true, permissions: ['admin', 'admin.access'] },
    { name: 'users', description: 'Given to new accounts.', default: true, guests: false, internal: true, permissions: DEFAULT_USER_PERMISSIONS },
    { name: 'guests', description: 'Applies to visitors who are not logged in.', default: false, guests: true, internal: true, permissions: DEFAULT_GUEST_PERMISSIONS },
  ] as const;
  const ids = {} as Record<'admin' | 'users' | 'guests', number>;
  for (const d of defs) {
    const existing = await db.selectFrom('roles').select('id').where('name', '=', d.name).executeTakeFirst();
    if (existing) {
      ids[d.name] = existing.id;
      continue;
    }
    const row = await db.insertInto('roles').values({
      name: d.name, description: d.description, type: 'sitewide', default: d.default, guests: d.guests, internal: d.internal, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await syncGrants(db, 'role', row.id, d.permissions.map((name) => ({ name })));
    ids[d.name] = row.id;
  }
  return ids;
}
