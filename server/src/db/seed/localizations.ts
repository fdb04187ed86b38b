import { DEFAULT_LANGUAGE } from '@app/contracts';
import type { Db } from '../index.ts';
import { nowIso } from '../index.ts';

/**
 * The English localization, on first run. Its lines come from the code (en.json) at read time, so it is stored
 * empty: only an admin's edits are kept, and strings added in later releases appear without a re-seed.
 */
export async function seedDefaultLocalization(db: Db): Promise<void> {
  const existing = await db.selectFrom('localizations').select('id').where('language', '=', DEFAULT_LANGUAGE).executeTakeFirst();
  if (existing) return;
  const now = nowIso();
  await db.insertInto('localizations').values({ name: 'English', language: DEFAULT_LANGUAGE, lines: '{}', created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('language').doNothing()).execute();
}
