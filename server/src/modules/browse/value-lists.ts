import type { ValueListItem, ValueListName } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { STATIC_LOOKUPS, languageName } from './lookups.ts';

/** Option lists change only when an editor adds a genre or a title in a new language: a few minutes' cache is fine. */
const TTL_SECONDS = 300;
/** A catalogue has a few dozen of each; the cap keeps a runaway import from making a megabyte-sized answer. */
const MAX_ITEMS = 500;

const tagList = (type: 'genre' | 'keyword' | 'production_country') => async (ctx: AppContext): Promise<ValueListItem[]> =>
  (await ctx.db.selectFrom('title_tags').select(['id', 'display_name', 'name']).where('type', '=', type)
    .orderBy('display_name').limit(MAX_ITEMS).execute()).map((r) => ({ value: r.id, name: r.display_name || r.name }));

/** Distinct codes through the column's index (language, certification): a skip over index entries, not the table. */
const distinctList = (column: 'language' | 'certification') => async (ctx: AppContext): Promise<ValueListItem[]> =>
  (await ctx.db.selectFrom('titles').select(column).distinct().where(column, 'is not', null).where(column, '!=', '')
    .orderBy(column).limit(MAX_ITEMS).execute())
    .map((r) => String(r[column])).map((code) => ({ value: code, name: column === 'language' ? languageName(code) : code }));

const LOADERS = new Map<ValueListName, (ctx: AppContext) => Promise<ValueListItem[]>>([
  ['genres', tagList('genre')],
  ['countries', tagList('production_country')],
  ['languages', distinctList('language')],
  ['certifications', distinctList('certification')],
  ['keywords', tagList('keyword')],
]);

export async function loadValueLists(ctx: AppContext, names: ValueListName[]): Promise<Partial<Record<ValueListName, ValueListItem[]>>> {
  const out: Partial<Record<ValueListName, ValueListItem[]>> = {};
  await Promise.all(names.map(async (name) => {
    const fixed = STATIC_LOOKUPS.get(name);
    if (fixed) {
      out[name] = await fixed();
      return;
    }
    const load = LOADERS.get(name);
    if (load) out[name] = await ctx.cache.remember(`value-lists:${name}`, TTL_SECONDS, () => load(ctx));
  }));
  return out;
}
