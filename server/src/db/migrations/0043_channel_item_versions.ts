import { sql, type Kysely } from 'kysely';
import { bumpCounterOnWrite, type ColumnKit } from './kit.ts';

const CATALOGUE_CARDS_COUNTER = 'version:catalogue-cards';

/**
 * What a channel's cached page shows of each item (channels/loaders.ts and play-targets.ts): editing a title's name or
 * poster, or adding, approving or deleting the video a hero slide's Play starts, must show on the next read, not when
 * the cached page expires. Other writes (counts, popularity, plays) leave the cards alone and the caches warm.
 */
const CARDS: [table: string, columns: string[], alsoOn: ('insert' | 'delete')[]][] = [
  ['titles', ['name', 'poster', 'backdrop', 'description', 'year', 'rating', 'is_series', 'release_date'], ['delete']],
  ['people', ['name', 'poster', 'known_for', 'description'], ['delete']],
  ['episodes', ['name', 'poster', 'description', 'release_date', 'rating', 'season_number', 'episode_number'], ['delete']],
  ['videos', ['approved', 'category', 'title_id', 'season_num', 'episode_num', '"order"'], ['insert', 'delete']],
  ['channels', ['name', 'slug', 'description'], []],
];

export async function up(db: Kysely<any>, k: ColumnKit): Promise<void> {
  for (const [table, columns, alsoOn] of CARDS) {
    await bumpCounterOnWrite(db, k, table, CATALOGUE_CARDS_COUNTER, ['update'], columns, 'cards');
    if (alsoOn.length) await bumpCounterOnWrite(db, k, table, CATALOGUE_CARDS_COUNTER, alsoOn);
  }
}

export async function down(db: Kysely<any>, k: ColumnKit): Promise<void> {
  const counter = CATALOGUE_CARDS_COUNTER.replace(/\W/g, '_');
  for (const [table, , alsoOn] of CARDS) {
    const names = k.dialect === 'postgres'
      ? [`${table}_bump_${counter}_cards`, `${table}_bump_${counter}`]
      : [`${table}_update_bump_${counter}_cards`, ...alsoOn.map((e) => `${table}_${e}_bump_${counter}`)];
    for (const name of names) await sql.raw(`DROP TRIGGER IF EXISTS ${name}${k.dialect === 'postgres' ? ` ON ${table}` : ''}`).execute(db);
  }
  await db.deleteFrom('counters').where('name', '=', CATALOGUE_CARDS_COUNTER).execute();
}
