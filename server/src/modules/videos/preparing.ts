import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * True (in SQL, over a query whose `videos` table is the video) while the video waits for its upload's transcode: its
 * latest job is queued or running, or failed or was cancelled with nothing saved on the video since, and the video
 * has no ladder of its own to play meanwhile (its source is still what the form held, often a placeholder). Such a
 * video shows visitors "This video is being prepared." and stays out of public lists, where its thumbnail is black.
 */
export const PREPARING: RawBuilder<SqlBool> = sql<SqlBool>`exists (select 1 from transcodes t where t.video_id = videos.id
  and t.id = (select max(t2.id) from transcodes t2 where t2.video_id = videos.id)
  and t.state <> 'done' and videos.src not like '/storage/videos/%'
  and (t.state in ('queued', 'probing', 'running') or videos.updated_at <= t.updated_at))`;

/** The opposite of PREPARING: a video ready to be listed and played. */
export const READY: RawBuilder<SqlBool> = sql<SqlBool>`not ${PREPARING}`;
