import type { Lines, Localization } from '@app/contracts';
import type { Db } from '../../db/index.ts';
import englishFromCode from '../../../../contracts/src/locales/en.json' with { type: 'json' };

/** The default English lines, generated from every trans() call in the code (npm run i18n:collect). */
export const CODE_LINES: Readonly<Lines> = englishFromCode;

/** Columns the list shows; the lines document is only read where it is needed. */
export const LIST_COLUMNS = ['localizations.id', 'localizations.name', 'localizations.language', 'localizations.created_at', 'localizations.updated_at'] as const;

export interface LocalizationListRow { id: number; name: string; language: string; created_at: string; updated_at: string }

export function toLocalization(row: LocalizationListRow, defaults: string[]): Localization {
  return { ...row, is_default: defaults.includes(row.language) };
}

export function parseStoredLines(json: string): Lines {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? v as Lines : {};
  } catch {
    return {};
  }
}

/** The code's lines underneath, stored lines on top: strings added in a later release appear everywhere. */
export function mergeWithCode(stored: Lines): Lines {
  return { ...CODE_LINES, ...stored };
}

/** Only what differs from the code's English text is stored, so untouched lines follow the code. */
export function diffFromCode(lines: Lines): Lines {
  const out: Lines = {};
  for (const [key, value] of Object.entries(lines)) {
    if (CODE_LINES[key] !== value) out[key] = value;
  }
  return out;
}

export function findLocalization(db: Db, id: number) {
  return db.selectFrom('localizations').select([...LIST_COLUMNS, 'localizations.lines']).where('id', '=', id).executeTakeFirst();
}

export function findByLanguage(db: Db, language: string) {
  return db.selectFrom('localizations').select([...LIST_COLUMNS, 'localizations.lines']).where('language', '=', language).executeTakeFirst();
}
