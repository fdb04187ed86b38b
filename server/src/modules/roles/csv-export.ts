import { Readable } from 'node:stream';
import type { AppContext } from '../../context.ts';
import { csvStringifier } from '../../http/csv.ts';
import { applyFilters, parseListQuery } from '../../http/list-query.ts';
import { grantsFor } from './permissions.ts';
import { rolesListDefinition } from './repository.ts';

const COLUMNS = ['id', 'name', 'description', 'type', 'default', 'guests', 'internal', 'users_count', 'permissions', 'created_at', 'updated_at'];
const BATCH = 1000;

/** The list call's filters and search, without paging: what the admin sees is what the file holds. */
async function filteredQuery(ctx: AppContext, rawQuery: unknown) {
  const def = rolesListDefinition(ctx);
  const q = parseListQuery(rawQuery);
  let qb = ctx.db.selectFrom('roles').select(['roles.id', 'roles.name', 'roles.description', 'roles.type', 'roles.default', 'roles.guests', 'roles.internal', 'roles.created_at', 'roles.updated_at']);
  // The whitelist's own keys only: `toString` or `__proto__` is an unknown filter (422).
  qb = applyFilters(qb as any, def, q.filterItems) as any;
  if (q.query && def.search) qb = (await def.search(qb as any, q.query)) as any;
  return qb;
}

/** Rows in id order, in keyset batches, so memory stays flat however many roles there are. */
async function* rows(ctx: AppContext, base: Awaited<ReturnType<typeof filteredQuery>>) {
  let after = 0;
  for (;;) {
    const batch = await base.where('roles.id', '>', after).orderBy('roles.id').limit(BATCH).execute();
    const ids = batch.map((r) => r.id);
    const grants = await grantsFor(ctx.db, 'role', ids);
    const counts = ids.length
      ? await ctx.db.selectFrom('user_role').select(['role_id', (eb) => eb.fn.countAll<number>().as('n')]).where('role_id', 'in', ids).groupBy('role_id').execute()
      : [];
    const countOf = new Map(counts.map((c) => [c.role_id, Number(c.n)]));
    const flag = (v: unknown) => (v === true || v === 1 ? 'true' : 'false');
    for (const r of batch) {
      yield [r.id, r.name, r.description ?? '', r.type, flag(r.default), flag(r.guests), flag(r.internal), countOf.get(r.id) ?? 0,
        (grants.get(r.id) ?? []).map((g) => g.name).join(' '), r.created_at, r.updated_at];
    }
    if (batch.length < BATCH) return;
    after = batch[batch.length - 1].id;
    await new Promise((r) => setImmediate(r));
  }
}

/** A CSV stream of the (filtered) roles; the query is checked before the first byte is sent. */
export async function rolesCsvStream(ctx: AppContext, rawQuery: unknown): Promise<NodeJS.ReadableStream> {
  const base = await filteredQuery(ctx, rawQuery);
  const source = Readable.from(rows(ctx, base));
  const csv = csvStringifier(COLUMNS);
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}
