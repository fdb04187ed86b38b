import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { CSV_EXPORT_SYNC_LIMIT, type CsvExportResponse } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/index.ts';
import { csvStringifier } from '../../http/csv.ts';
import { applyFilters, parseListQuery } from '../../http/list-query.ts';
import { usersListDefinition } from './list.ts';
import { displayName } from './repository.ts';

const COLUMNS = ['id', 'email', 'display_name', 'first_name', 'last_name', 'email_verified_at', 'banned_at', 'created_at', 'updated_at'];
const BATCH = 5000;

/** The filtered user query, without paging; the same filters and search as the list call. */
async function filteredQuery(ctx: AppContext, rawQuery: unknown) {
  const def = usersListDefinition(ctx);
  const q = parseListQuery(rawQuery);
  let qb = ctx.db.selectFrom('users').select(['users.id', 'users.email', 'users.first_name', 'users.last_name', 'users.email_verified_at', 'users.banned_at', 'users.created_at', 'users.updated_at']);
  // The whitelist's own keys only: `toString` or `__proto__` is an unknown filter (422).
  qb = applyFilters(qb as any, def, q.filterItems) as any;
  if (q.query && def.search) qb = (await def.search(qb as any, q.query)) as any;
  return qb;
}

/** Rows in id order, fetched in keyset batches so memory stays flat however many users there are. */
async function* rows(ctx: AppContext, rawQuery: unknown) {
  const base = await filteredQuery(ctx, rawQuery);
  let after = 0;
  for (;;) {
    const batch = await base.where('users.id', '>', after).orderBy('users.id').limit(BATCH).execute();
    for (const r of batch) yield [r.id, r.email, displayName(r), r.first_name, r.last_name, r.email_verified_at, r.banned_at, r.created_at, r.updated_at];
    if (batch.length < BATCH) return;
    after = batch[batch.length - 1].id;
    // Let other requests in between batches (better-sqlite3 is synchronous).
    await new Promise((r) => setImmediate(r));
  }
}

async function writeExport(ctx: AppContext, userId: number, rawQuery: unknown): Promise<string> {
  const uuid = crypto.randomUUID();
  const key = `exports/users-${uuid}.csv`;
  const source = Readable.from(rows(ctx, rawQuery));
  const csv = csvStringifier(COLUMNS);
  // .pipe() does not forward errors: a failed query would leave the file write waiting forever.
  source.on('error', (err) => csv.destroy(err));
  source.pipe(csv);
  await ctx.storage.put(key, csv);
  await ctx.db.insertInto('csv_exports').values({ user_id: userId, resource: 'users', path: key, uuid, created_at: nowIso() }).execute();
  return uuid;
}

export function registerCsvJob(ctx: AppContext): void {
  ctx.queue.register('users.csv-export', async ({ userId, email, query }: { userId: number; email: string; query: unknown }) => {
    const uuid = await writeExport(ctx, userId, query);
    const link = `${ctx.config.appUrl}/api/v1/csv/download/${uuid}`;
    await ctx.mailer.send({ to: email, subject: 'Your users report is ready', text: `Your CSV export is ready to download:\n${link}` });
  });
}

/** Small exports are written now; large ones are queued and mailed. */
export async function exportUsers(ctx: AppContext, user: { id: number; email: string }, rawQuery: unknown): Promise<CsvExportResponse> {
  const countRow = await (await filteredQuery(ctx, rawQuery)).clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  if (Number(countRow?.n ?? 0) > CSV_EXPORT_SYNC_LIMIT) {
    await ctx.queue.dispatch('users.csv-export', { userId: user.id, email: user.email, query: rawQuery });
    return { result: 'jobQueued', message: "Your request is being processed. We'll email you when the report is ready to download." };
  }
  const uuid = await writeExport(ctx, user.id, rawQuery);
  return { downloadPath: `/api/v1/csv/download/${uuid}` };
}
