import type { Kysely } from 'kysely';
import type { ColumnKit } from './kit.ts';
import { foldTrigramIndex } from './0050_search_ignores_accents.ts';

/**
 * The admin lists' searches ignore accents as the catalogue's do (0050): "jose" finds the member José, "resume" the
 * page "Résumé". Each index keeps its columns and its PostgreSQL expression (as http/text-search.ts queries it).
 */
const INDEXES: [table: string, columns: string[], pgExpression: string, pgIndex: string][] = [
  ['users', ['email', 'first_name', 'last_name'], "email || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '')", 'users_search_trgm'],
  ['roles', ['name', 'description'], "coalesce(name, '') || ' ' || coalesce(description, '')", 'roles_search_trgm'],
  ['title_tags', ['name', 'display_name'], "coalesce(name, '') || ' ' || coalesce(display_name, '')", 'title_tags_search_trgm'],
  ['localizations', ['name', 'language'], "name || ' ' || language", 'localizations_search_trgm'],
  ['file_entries', ['name'], 'name', 'file_entries_name_trgm'],
  ['custom_pages', ['title'], 'title', 'custom_pages_title_trgm'],
  ['news_articles', ['title'], 'title', 'news_articles_title_trgm'],
];

export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  for (const [table, columns, expression, pgIndex] of INDEXES) await foldTrigramIndex(db, k, table, columns, expression, pgIndex);
}
