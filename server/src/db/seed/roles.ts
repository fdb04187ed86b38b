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
  const find = async (name: string) => (await db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirst())?.id;
  for (const d of defs) {
    // A later start only reads (an insert, even one that adds nothing, would bump the auth version on PostgreSQL).
    const existing = await find(d.name);
    if (existing !== undefined) {
      ids[d.name] = existing;
      continue;
    }
    // Several servers may start at once on a new database: the one whose insert takes the name also grants its
    // permissions (in the same transaction, so no role is ever seen without them); the others read its id.
    const created = await db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('roles').values({
        name: d.name, description: d.description, type: 'sitewide', default: d.default, guests: d.guests, internal: d.internal, created_at: now, updated_at: now,
      }).onConflict((oc) => oc.column('name').doNothing()).returning('id').executeTakeFirst();
      if (row) await syncGrants(trx, 'role', row.id, d.permissions.map((name) => ({ name })));
      return row;
    });
    ids[d.name] = created?.id ?? (await db.selectFrom('roles').select('id').where('name', '=', d.name).executeTakeFirstOrThrow()).id;
  }
  return ids;
}
