import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { CSV_EXPORT_SYNC_LIMIT, linesLanguage, translate, type CsvExportResponse } from '@app/contracts';
import type { AppContext } from '../context.ts';
import { nowIso } from '../db/index.ts';
import { composeMail } from '../drivers/mail/compose.ts';
import { csvStringifier } from './csv.ts';
import { mailLines } from '../modules/localizations/service.ts';
import { ACCOUNT_EXPORT } from '../modules/account/export.ts';

/** One exportable list: its header, its rows for a list query (streamed) and how many there are. */
export interface CsvExport {
  /** The `csv_exports.resource` name, also the file name's start and the job's name (`{resource}.csv-export`). */
  resource: string;
  /** The mail subject when a large export is ready: an English key (translate(undefined, ...)), translated for the recipient. */
  subject: string;
  columns: string[];
  rows(rawQuery: unknown): AsyncIterable<unknown[]>;
  count(rawQuery: unknown): Promise<number>;
}

async function write(ctx: AppContext, def: CsvExport, userId: number, rawQuery: unknown): Promise<string> {
  const uuid = crypto.randomUUID();
  const key = `exports/${def.resource}-${uuid}.csv`;
  const source = Readable.from(def.rows(rawQuery));
  const csv = csvStringifier(def.columns);
  // .pipe() does not forward errors: a failed query would leave the file write waiting forever.
  source.on('error', (err) => csv.destroy(err));
  source.pipe(csv);
  await ctx.storage.put(key, csv);
  await ctx.db.insertInto('csv_exports').values({ user_id: userId, resource: def.resource, path: key, uuid, created_at: nowIso() }).execute();
  return uuid;
}

/**
 * THE CSV export path (users, audit log): small exports are written now and answered with their download path;
 * large ones go to the job runner, which mails a link when the file is ready. Returns the export function.
 */
export function registerCsvExport(ctx: AppContext, def: CsvExport) {
  const job = `${def.resource}.csv-export`;
  // The mailed link opens a page behind sign-in that starts the download (the file's own address answers 401 signed out).
  ctx.queue.register(job, async ({ userId, email, query }: { userId: number; email: string; query: unknown }) => {
    const uuid = await write(ctx, def, userId, query);
    const site = await ctx.settings.mailSite(ctx.config.appUrl);
    const lines = await mailLines(ctx, userId);
    await ctx.mailer.send(composeMail(site, email, translate(lines, def.subject), {
      language: linesLanguage(lines),
      paragraphs: [translate(lines, 'Your CSV export is ready to download:')],
      action: { label: translate(lines, 'Download'), url: `${site.url}/admin/csv/download/${uuid}` },
    }));
  });
  return async (user: { id: number; email: string }, rawQuery: unknown): Promise<CsvExportResponse> => {
    if (await def.count(rawQuery) > CSV_EXPORT_SYNC_LIMIT) {
      await ctx.queue.dispatch(job, { userId: user.id, email: user.email, query: rawQuery });
      return { result: 'jobQueued', message: "Your request is being processed. We'll email you when the report is ready to download." };
    }
    return { downloadPath: `/api/v1/csv/download/${await write(ctx, def, user.id, rawQuery)}` };
  };
}

/** Rows of `batch(after)` in keyset order, fetched in batches so memory stays flat however many rows there are. */
export async function* keysetRows<T extends { id: number }>(batch: (after: number, limit: number) => Promise<T[]>, toRow: (r: T) => unknown[], size = 5000): AsyncGenerator<unknown[]> {
  let after = 0;
  for (;;) {
    const rows = await batch(after, size);
    for (const r of rows) yield toRow(r);
    if (rows.length < size) return;
    after = rows[rows.length - 1].id;
    // Let other requests in between batches (better-sqlite3 is synchronous).
    await new Promise((r) => setImmediate(r));
  }
}

/**
 * A finished export by its download id (the download call checks who may take it). A member's own data file
 * (account/export.ts) is never one: only its owner reads it, through `account/export/{uuid}`.
 */
export async function findCsvExport(ctx: AppContext, uuid: string) {
  return ctx.db.selectFrom('csv_exports').selectAll().where('uuid', '=', uuid).where('resource', '!=', ACCOUNT_EXPORT).executeTakeFirst();
}
