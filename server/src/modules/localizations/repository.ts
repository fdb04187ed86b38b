import type { Lines, Localization } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { paginate } from '../../http/list-query.ts';
import { localizationsListDefinition } from './list.ts';
import englishFromCode from '../../../../contracts/src/locales/en.json' with { type: 'json' };

/** The default English lines, generated from every trans() call in the code (npm run i18n:collect). */
export const CODE_LINES: Readonly<Lines> = englishFromCode;

/** Columns the list shows; the lines document is only read where it is needed. */
export const LIST_COLUMNS = ['localizations.id', 'localizations.name', 'localizations.language', 'localizations.created_at', 'localizations.updated_at'] as const;

export interface LocalizationListRow { id: number; name: string; language: string; created_at: string; updated_at: string }

/** `siteDefault` is the one language marked as the default (siteDefaultLanguage). */
export function toLocalization(row: LocalizationListRow, siteDefault: string): Localization {
  return { ...row, is_default: row.language === siteDefault };
}

/**
 * The stored document: only what differs from the code's English lines. A translation is a string;
 * null marks a built-in line the admin deleted, so saving without it does not bring it back.
 */
export type StoredLines = Record<string, string | null>;

export function parseStoredLines(json: string): StoredLines {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? v as StoredLines : {};
  } catch {
    return {};
  }
}

/** The code's lines underneath, stored lines on top: strings added in a later release appear everywhere. */
export function mergeWithCode(stored: StoredLines): Lines {
  const out = new Map(Object.entries(CODE_LINES));
  for (const [key, value] of Object.entries(stored)) {
    if (value === null) out.delete(key);
    else if (typeof value === 'string') out.set(key, value);
  }
  // fromEntries defines own properties, so a key such as "__proto__" stays a plain line.
  return Object.fromEntries(out);
}

/**
 * The lines a reader needs: those that say something other than their key. translate() shows the key for a missing
 * or empty line, so English as the code writes it is an empty document instead of every string of the site and the
 * admin area again (2,700 lines, 160 kB: the largest download of a first visit, ahead of the stylesheet).
 */
export function linesThatTranslate(lines: Lines): Lines {
  return Object.fromEntries(Object.entries(lines).filter(([key, value]) => value !== '' && value !== key));
}

/** `lines` is the whole document the editor saves: a built-in line it lacks was deleted. */
export function diffFromCode(lines: Lines): StoredLines {
  const given = new Map(Object.entries(lines));
  const out = new Map<string, string | null>();
  for (const [key, value] of given) {
    if (!Object.hasOwn(CODE_LINES, key) || CODE_LINES[key] !== value) out.set(key, value);
  }
  for (const key of Object.keys(CODE_LINES)) if (!given.has(key)) out.set(key, null);
  return Object.fromEntries(out);
}

export function findLocalization(db: Db, id: number) {
  return db.selectFrom('localizations').select([...LIST_COLUMNS, 'localizations.lines']).where('id', '=', id).executeTakeFirst();
}

export function findByLanguage(db: Db, language: string) {
  return db.selectFrom('localizations').select([...LIST_COLUMNS, 'localizations.lines']).where('language', '=', language).executeTakeFirst();
}

/** One page of the localizations list; `siteDefault` is the language marked as the default. */
export async function listLocalizations(ctx: AppContext, query: unknown, siteDefault: string) {
  const base = ctx.db.selectFrom('localizations').select(LIST_COLUMNS);
  return paginate(base, query, localizationsListDefinition(ctx), (row) => toLocalization(row, siteDefault));
}
