import { sql } from 'kysely';
import { FILE_TYPES, type FileEntry, type FileType, type Pagination } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { toBool, type Db } from '../../db/index.ts';
import type { FileEntryRow } from '../../db/schema.ts';
import { readCounter } from '../../db/versions.ts';
import { filters, paginate, type ListDefinition, invalidFilter } from '../../http/list-query.ts';
import { cappedTrigramSearch } from '../../http/text-search.ts';
import { displayName } from '../users/repository.ts';

/** Columns the admin list and the previewer see; owners are attached after with one query per page. */
export const FILE_ENTRY_COLUMNS = [
  'file_entries.id', 'file_entries.name', 'file_entries.file_name', 'file_entries.mime', 'file_entries.type', 'file_entries.extension',
  'file_entries.file_size', 'file_entries.hash', 'file_entries.content_hash', 'file_entries.user_id', 'file_entries.public',
  'file_entries.disk', 'file_entries.thumbnail', 'file_entries.parent_id', 'file_entries.created_at', 'file_entries.updated_at',
] as const;

export const downloadUrl = (hash: string) => `/api/v1/file-entries/download/${hash}`;

export function toFileEntry(r: FileEntryRow): FileEntry {
  return {
    id: r.id, name: r.name, file_name: r.file_name, mime: r.mime, type: r.type as FileType, extension: r.extension,
    file_size: Number(r.file_size), hash: r.hash, content_hash: r.content_hash, public: toBool(r.public), disk: r.disk,
    owner_id: r.user_id, owner: null, parent_id: r.parent_id, created_at: r.created_at, updated_at: r.updated_at,
    url: downloadUrl(r.hash),
    thumbnail: r.thumbnail ? `${downloadUrl(r.hash)}?thumbnail=1` : null,
  };
}

/** Adds each entry's owner with one query for the whole page (the count and page queries stay on file_entries alone). */
export async function attachOwners(db: Db, entries: FileEntry[]): Promise<FileEntry[]> {
  const ids = [...new Set(entries.map((e) => e.owner_id).filter((id): id is number => id !== null))];
  if (!ids.length) return entries;
  const users = await db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'avatar']).where('id', 'in', ids).execute();
  const byId = new Map(users.map((u) => [u.id, { id: u.id, email: u.email, avatar: u.avatar, display_name: displayName(u) }]));
  return entries.map((e) => ({ ...e, owner: (e.owner_id !== null && byId.get(e.owner_id)) || null }));
}

export function selectEntries(db: Db) {
  return db.selectFrom('file_entries').select(FILE_ENTRY_COLUMNS);
}

export async function findEntry(db: Db, where: { id: number } | { hash: string }): Promise<FileEntry | null> {
  const q = selectEntries(db);
  const row = await ('id' in where ? q.where('file_entries.id', '=', where.id) : q.where('file_entries.hash', '=', where.hash)).executeTakeFirst();
  return row ? (await attachOwners(db, [toFileEntry(row)]))[0] : null;
}

const FILE_SEARCH_INDEX = { table: 'file_entries', expression: 'name', prefixColumn: 'file_entries.name' };


/** The file total is a maintained counter: counting 500,000 rows on every page view is what a big library cannot afford. */
export const FILE_COUNTER = 'file_entries';

export async function bumpFileCounter(db: Db, by: number): Promise<void> {
  await db.insertInto('counters').values({ name: FILE_COUNTER, value: by })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql`counters.value + ${by}` })).execute();
}

export function fileEntriesListDefinition(ctx: AppContext): ListDefinition {
  return {
    sorts: {
      name: 'file_entries.name', file_size: 'file_entries.file_size', type: 'file_entries.type', created_at: 'file_entries.created_at',
      updated_at: 'file_entries.updated_at', id: 'file_entries.id',
    },
    defaultSort: ['created_at', 'desc'],
    tieBreaker: 'file_entries.id',
    filters: {
      type: (qb, f) => {
        if (!FILE_TYPES.includes(f.value as FileType)) throw invalidFilter('type');
        return qb.where('file_entries.type', f.operator === '!=' ? '!=' : '=', f.value);
      },
      owner_id: filters.id('file_entries.user_id'),
      parent_id: filters.id('file_entries.parent_id'),
      public: (qb, f) => qb.where('file_entries.public', '=', f.value === true || f.value === 'true' || f.value === 1 || f.value === '1'),
      created_at: filters.date('file_entries.created_at'),
      updated_at: filters.date('file_entries.updated_at'),
    },
    search: cappedTrigramSearch(ctx.db, ctx.dialect, FILE_SEARCH_INDEX),
    unfilteredTotal: () => readCounter(ctx.db, FILE_COUNTER),
  };
}

/** The stored key of an entry's thumbnail, if it has one. */
export async function entryThumbnail(db: Db, id: number): Promise<string | null> {
  const row = await db.selectFrom('file_entries').select('thumbnail').where('id', '=', id).executeTakeFirst();
  return row?.thumbnail ?? null;
}

/** `GET file-entries`: a page of entries with their owners. */
export async function listFileEntries(ctx: AppContext, query: unknown): Promise<Pagination<FileEntry>> {
  const page = await paginate(selectEntries(ctx.db), query, fileEntriesListDefinition(ctx), toFileEntry);
  return { ...page, data: await attachOwners(ctx.db, page.data) };
}

/** Ids of every entry the users uploaded: taken before their accounts go (the rows then lose their owner). */
export async function entryIdsOwnedBy(db: Db, userIds: number[]): Promise<number[]> {
  if (!userIds.length) return [];
  return (await db.selectFrom('file_entries').select('id').where('user_id', 'in', userIds).execute()).map((r) => r.id);
}
