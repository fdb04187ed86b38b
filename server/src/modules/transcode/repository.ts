import type { Transcode, TranscodeProbe, TranscodeRendition } from '@app/contracts';
import type { Db } from '../../db/index.ts';
import type { TranscodesTable } from '../../db/schema.ts';

type Row = Omit<TranscodesTable, 'id'> & { id: number };

const COLUMNS = ['id', 'video_id', 'state', 'percent', 'error', 'source_name', 'probe', 'renditions', 'attempts', 'started_at', 'finished_at', 'created_at', 'updated_at'] as const;

const parseJson = <T>(s: string | null, fallback: T): T => {
  if (!s) return fallback;
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
};

export function toTranscode(r: Pick<Row, (typeof COLUMNS)[number]>): Transcode {
  return {
    id: r.id, video_id: r.video_id, state: r.state, percent: Number(r.percent), error: r.error, source_name: r.source_name,
    probe: parseJson<TranscodeProbe | null>(r.probe, null), renditions: parseJson<TranscodeRendition[]>(r.renditions, []),
    attempts: Number(r.attempts), started_at: r.started_at, finished_at: r.finished_at, created_at: r.created_at, updated_at: r.updated_at,
  };
}

export async function findTranscode(db: Db, id: number): Promise<Row | null> {
  return (await db.selectFrom('transcodes').selectAll().where('id', '=', id).executeTakeFirst() as Row | undefined) ?? null;
}

/** The latest job of a video (what its admin page shows). */
export async function latestForVideo(db: Db, videoId: number): Promise<Row | null> {
  return (await db.selectFrom('transcodes').selectAll().where('video_id', '=', videoId).orderBy('id', 'desc').limit(1).executeTakeFirst() as Row | undefined) ?? null;
}

/** The latest job of each of `videoIds` (the videos list's progress column). */
export async function latestForVideos(db: Db, videoIds: number[]): Promise<Transcode[]> {
  if (!videoIds.length) return [];
  const latest = db.selectFrom('transcodes').select((eb) => eb.fn.max('id').as('id')).where('video_id', 'in', videoIds).groupBy('video_id');
  const rows = await db.selectFrom('transcodes').select(COLUMNS).where('id', 'in', latest).execute();
  return rows.map((r) => toTranscode(r as Row));
}

export type TranscodeRow = Row;
