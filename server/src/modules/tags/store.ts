import { sql } from 'kysely';
import { TAG_NAME_TAKEN_MESSAGE, TITLE_TAG_TYPES, translate, type TitleTagType } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { onDuplicate } from '../../db/errors.ts';
import { HttpError, notFound, unprocessable } from '../../http/errors.ts';
import { channelsRestrictedTo } from '../channels/repository.ts';
import { countryCodeOf, countryName } from './countries.ts';
import { filters, paginate, type ListDefinition } from '../../http/list-query.ts';
import { trigramSearch } from '../../http/text-search.ts';

/**
 * The catalogue's tags, one table for every type (genres, keywords and countries from imports, custom tags of the
 * site's own). The Tags page works on all of them; the Genres and Keywords pages and a title's tabs on one `type`.
 * Names are stored lower-case and unique within their type; the display name defaults to the name as typed.
 */
const COLUMNS = [
  'title_tags.id', 'title_tags.type', 'title_tags.name', sql<string>`coalesce(title_tags.display_name, title_tags.name)`.as('display_name'),
  'title_tags.created_at', 'title_tags.updated_at',
] as const;

/** A type named in an address: an unknown one is an unknown collection (404), not a malformed value. */
export function tagTypeOf(raw: string): TitleTagType {
  const found = TITLE_TAG_TYPES.find((t) => t === raw);
  if (!found) throw notFound('Not found');
  return found;
}

const taken = () => unprocessable('name', TAG_NAME_TAKEN_MESSAGE);

function listDefinition(ctx: AppContext, type?: TitleTagType): ListDefinition {
  return {
    sorts: {
      name: 'title_tags.name', display_name: 'title_tags.display_name', created_at: 'title_tags.created_at', updated_at: 'title_tags.updated_at',
      ...(type ? {} : { type: 'title_tags.type' }),
    },
    defaultSort: ['updated_at', 'desc'],
    tieBreaker: 'title_tags.id',
    filters: {
      created_at: filters.date('title_tags.created_at'),
      updated_at: filters.date('title_tags.updated_at'),
      ...(type ? {} : { type: (qb, f) => qb.where('title_tags.type', f.operator === '!=' ? '!=' : '=', String(f.value)) }),
    },
    // One type: a prefix of the lower-case name walks the (type, name) index; countries, stored by their ISO code
    // (a few hundred rows), also by the start of their shown name ("Fra" finds France). Every type: anywhere in either name.
    search: type === 'production_country'
      ? (qb, q) => qb.where((eb) => eb.or([eb('title_tags.name', '=', q.toLowerCase()), eb(eb.fn('lower', ['title_tags.display_name']), 'like', `${q.toLowerCase().replace(/[\\%_]/g, '')}%`)]))
      : type
      ? (qb, q) => qb.where('title_tags.name', '>=', q.toLowerCase()).where('title_tags.name', '<', `${q.toLowerCase()}\uffff`)
      : trigramSearch(ctx.db, ctx.dialect, { table: 'title_tags', expression: "coalesce(name, '') || ' ' || coalesce(display_name, '')", prefixColumn: 'title_tags.name' }),
  };
}

/** One page of the tags of one type, or of every type (filtered by `type` through the list query). */
export async function listTags(ctx: AppContext, query: unknown, type?: TitleTagType) {
  let base = ctx.db.selectFrom('title_tags').select(COLUMNS);
  if (type) base = base.where('title_tags.type', '=', type);
  return paginate(base, query, listDefinition(ctx, type));
}

/** The tag, or null when there is none with this id (in `type`, when given). */
export async function findTag(db: Db, id: number, type?: TitleTagType) {
  let q = db.selectFrom('title_tags').select(COLUMNS).where('title_tags.id', '=', id);
  if (type) q = q.where('title_tags.type', '=', type);
  return (await q.executeTakeFirst()) ?? null;
}

/** Checked first for a clear answer; the unique (type, name) index settles a race. */
async function assertNameFree(db: Db, type: TitleTagType, name: string, exceptId?: number): Promise<void> {
  let q = db.selectFrom('title_tags').select('id').where('type', '=', type).where('name', '=', name);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw taken();
}

export interface TagValues { name: string; display_name?: string | null }

/**
 * The stored name and shown name of a tag as typed: a country is its ISO code ("Germany" and "DE" are `de`, shown as
 * "Germany"), and a name no country has ("Atlantis") is refused, as attaching one to a title is.
 */
function storedNames(type: TitleTagType, input: TagValues): { name: string; display_name: string } {
  if (type !== 'production_country') return { name: input.name.toLowerCase(), display_name: input.display_name || input.name };
  const code = countryCodeOf(input.name);
  if (!code) throw unprocessable('name', 'Enter the name of a real country.');
  return { name: code, display_name: input.display_name || countryName(code) || input.name };
}

export async function createTag(db: Db, type: TitleTagType, input: TagValues) {
  const { name, display_name } = storedNames(type, input);
  await assertNameFree(db, type, name);
  const now = nowIso();
  const row = await onDuplicate(db.insertInto('title_tags')
    .values({ type, name, display_name, tmdb_id: null, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow(), taken);
  return (await findTag(db, row.id))!;
}

/** Renames a tag (and moves it to `type`); null when there is no tag with this id in `scope`, when given. */
export async function updateTag(db: Db, id: number, input: TagValues & { type?: TitleTagType }, scope?: TitleTagType) {
  const existing = await findTag(db, id, scope);
  if (!existing) return null;
  const type = input.type ?? existing.type;
  const { name, display_name } = storedNames(type, input);
  await assertNameFree(db, type, name, id);
  await onDuplicate(db.updateTable('title_tags').set({ type, name, display_name, updated_at: nowIso() })
    .where('id', '=', id).execute(), taken);
  return findTag(db, id);
}

/** Whether any of the tags is one of the catalogue's own (not custom). */
export async function anyCatalogueTag(db: Db, ids: number[]): Promise<boolean> {
  return Boolean(await db.selectFrom('title_tags').select('id').where('id', 'in', ids).where('type', '!=', 'custom').executeTakeFirst());
}

/** Deletes tags (in `type`, when given); titles lose them with the pivot's cascade. */
/**
 * A tag a channel is restricted to is not deleted: the channel would go silently empty. The admin is told which
 * channels to change first.
 */
export async function deleteTags(db: Db, ids: number[], type?: TitleTagType): Promise<void> {
  const channels = await channelsRestrictedTo(db, ids);
  if (channels.length) {
    throw new HttpError(422, translate(undefined, 'The channels :names show only this tag\'s titles. Change or delete them first.', { names: channels.join(', ') }));
  }
  let q = db.deleteFrom('title_tags').where('id', 'in', ids);
  if (type) q = q.where('type', '=', type);
  // Like every bulk delete: the ids that exist go, a 404 when none of them does.
  if (!Number((await q.executeTakeFirst()).numDeletedRows)) throw notFound('Tag not found');
}
