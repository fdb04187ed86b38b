import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CAPTION_MAX_BYTES, TITLE_VIDEOS_PER_PAGE, VIDEO_CATEGORIES, VIDEO_TYPES, captionSchema, videoCreateSchema, videoUpdateSchema, type Video } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nowIso, toBool, type Db } from '../../db/index.ts';
import { HttpError, notFound, parse } from '../../http/errors.ts';
import { filters, paginate, parseIds, type FilterHandler } from '../../http/list-query.ts';
import { requireUser } from '../../http/auth.ts';
import { readCounter } from '../../db/versions.ts';
import { removeStoredFiles } from '../titles/service.ts';
import { playsRoutes } from '../plays/routes.ts';
import { watchRoutes } from './watch.ts';
import './seo.ts';
import { deleteVideosWithFiles } from './cleanup.ts';

const COLUMNS = [
  'videos.id', 'videos.name', 'videos.title_id', 'videos.season_num', 'videos.episode_num', 'videos.thumbnail', 'videos.type', 'videos.src',
  'videos.quality', 'videos.language', 'videos.category', 'videos.approved', 'videos.origin', 'videos.plays_count', 'videos.reports_count',
  'videos.order', 'videos.created_at', 'videos.updated_at',
] as const;

/** Captions and the parent title for a page of videos, one query each. */
async function withRelations(db: Db, rows: any[]): Promise<Video[]> {
  const ids = rows.map((r) => r.id);
  const captions = ids.length ? await db.selectFrom('video_captions').select(['id', 'video_id', 'name', 'language', 'url']).where('video_id', 'in', ids).orderBy('order').orderBy('id').execute() : [];
  const titleIds = [...new Set(rows.map((r) => r.title_id))];
  const titles = titleIds.length ? await db.selectFrom('titles').select(['id', 'name', 'is_series', 'poster']).where('id', 'in', titleIds).execute() : [];
  const titleBy = new Map(titles.map((t) => [t.id, { ...t, is_series: toBool(t.is_series) }]));
  return rows.map((r) => ({
    ...r,
    approved: toBool(r.approved),
    captions: captions.filter((c) => c.video_id === r.id).map(({ video_id: _v, ...c }) => c),
    title: titleBy.get(r.title_id) ?? null,
  }));
}

/** An unapproved video's source (and captions) go only to those who may edit videos. */
function hideUnapprovedSources(canEdit: boolean, videos: Video[]): Video[] {
  return canEdit ? videos : videos.map((v) => (v.approved ? v : { ...v, src: '', captions: [] }));
}

export async function findVideo(db: Db, id: number): Promise<Video | null> {
  const row = await db.selectFrom('videos').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? (await withRelations(db, [row]))[0] : null;
}

const intFilter = (column: string): FilterHandler => (qb, f) => {
  if (f.value === null) return qb.where(column, 'is', null);
  return filters.id(column)(qb, f);
};
const oneOf = (column: string, allowed: readonly string[]): FilterHandler => (qb, f) => {
  if (typeof f.value !== 'string' || !allowed.includes(f.value)) throw new HttpError(422, `Invalid value for ${f.key}`, { filters: [`Invalid value for ${f.key}`] });
  return qb.where(column, '=', f.value);
};

const videoId = (p: unknown) => {
  const id = Number((p as { id: string }).id);
  if (!Number.isInteger(id) || id < 1) throw notFound('Video not found');
  return id;
};

async function checkTarget(db: Db, v: { title_id?: number; season_num?: number | null; episode_num?: number | null }) {
  if (v.title_id === undefined) return;
  if (!(await db.selectFrom('titles').select('id').where('id', '=', v.title_id).executeTakeFirst())) {
    throw new HttpError(422, 'Title is required.', { title_id: ['Title is required.'] });
  }
  if (v.episode_num && !v.season_num) throw new HttpError(422, 'Choose a season for the episode.', { season_num: ['Choose a season for the episode.'] });
}

export function videosRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The public watch call and play tracking (issue 10).
  watchRoutes(app, ctx);
  playsRoutes(app, ctx);

  // Every video, or those of one title, season or episode (filters title_id, season_num, episode_num).
  app.get('/api/v1/videos', { config: { permission: 'videos.view' } }, async (req) => {
    const raw = req.query as Record<string, unknown>;
    const scoped = typeof raw.filters === 'string' && raw.filters.includes('"title_id"');
    const page = await paginate(ctx.db.selectFrom('videos').select(COLUMNS), { ...(scoped ? { perPage: TITLE_VIDEOS_PER_PAGE } : {}), ...raw }, {
      sorts: {
        created_at: 'videos.created_at', updated_at: 'videos.updated_at', name: 'videos.name', plays_count: 'videos.plays_count',
        reports_count: 'videos.reports_count', order: 'videos.order', id: 'videos.id',
      },
      defaultSort: ['created_at', 'desc'],
      tieBreaker: 'videos.id',
      filters: {
        title_id: filters.id('videos.title_id'),
        season_num: intFilter('videos.season_num'),
        episode_num: intFilter('videos.episode_num'),
        type: oneOf('videos.type', VIDEO_TYPES),
        category: oneOf('videos.category', VIDEO_CATEGORIES),
        approved: (qb, f) => qb.where('videos.approved', '=', f.value === true || f.value === 'true' || f.value === 1),
        language: oneOf('videos.language', ['en', 'es', 'fr', 'de', 'it', 'pt', 'ru', 'ja', 'ko', 'zh', 'hi', 'ar', 'nl', 'sv', 'pl', 'tr']),
        created_at: filters.date('videos.created_at'),
      },
      // Video names are not in the full-text index; a prefix match runs on the name index.
      search: (qb, q) => qb.where('videos.name', '>=', q).where('videos.name', '<', `${q}\uffff`),
      // Kept by triggers (migration 0020 counts videos too): no count(*) over the whole table.
      unfilteredTotal: () => readCounter(ctx.db, 'rows:videos'),
    });
    return { pagination: { ...page, data: hideUnapprovedSources(req.auth.can('videos.update'), await withRelations(ctx.db, page.data)) } };
  });

  app.get('/api/v1/videos/:id', { config: { permission: 'videos.view' } }, async (req) => {
    const video = await findVideo(ctx.db, videoId(req.params));
    if (!video) throw notFound('Video not found');
    return { video: hideUnapprovedSources(req.auth.can('videos.update'), [video])[0] };
  });

  app.post('/api/v1/videos', { config: { permission: 'videos.create' } }, async (req) => {
    const input = parse(videoCreateSchema, req.body);
    await checkTarget(ctx.db, input);
    const now = nowIso();
    const { id } = await ctx.db.insertInto('videos').values({ ...input, origin: 'local', user_id: requireUser(req), created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    return { video: await findVideo(ctx.db, id) };
  });

  app.put('/api/v1/videos/:id', { config: { permission: 'videos.update' } }, async (req) => {
    const id = videoId(req.params);
    const input = parse(videoUpdateSchema, req.body);
    const current = await findVideo(ctx.db, id);
    if (!current) throw notFound('Video not found');
    await checkTarget(ctx.db, input);
    // Captions exist only for type video: leaving that type drops them.
    const dropCaptions = input.type && input.type !== 'video' && current.captions.length;
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('videos').set({ ...input, updated_at: nowIso() }).where('id', '=', id).execute();
      if (dropCaptions) await trx.deleteFrom('video_captions').where('video_id', '=', id).execute();
    });
    if (dropCaptions) await removeStoredFiles(ctx, current.captions.map((c) => c.url));
    return { video: await findVideo(ctx.db, id) };
  });

  app.delete('/api/v1/videos/:ids', { config: { permission: 'videos.delete' } }, async (req) => {
    const ids = parseIds((req.params as { ids: string }).ids);
    await deleteVideosWithFiles(ctx, ids, () => ctx.db.deleteFrom('videos').where('id', 'in', ids).execute());
    return {};
  });

  // Multipart: name, language, then a .vtt file up to 1 MB.
  app.post('/api/v1/videos/:id/captions', { config: { permission: 'videos.update' } }, async (req) => {
    const video = await findVideo(ctx.db, videoId(req.params));
    if (!video) throw notFound('Video not found');
    if (video.type !== 'video') throw new HttpError(422, 'Only videos of type video can have captions.');
    const fields: Record<string, string> = {};
    let url: string | null = null;
    for await (const part of req.parts({ limits: { fileSize: CAPTION_MAX_BYTES, files: 1 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (!/\.vtt$/i.test(part.filename)) {
        part.file.resume();
        throw new HttpError(422, 'The caption file must be a .vtt file.', { file: ['The caption file must be a .vtt file.'] });
      }
      const buffer = await part.toBuffer().catch(() => { throw new HttpError(422, 'The caption file may not be greater than 1 MB.', { file: ['The caption file may not be greater than 1 MB.'] }); });
      if (!buffer.subarray(0, 16).toString('utf8').replace(/^\uFEFF/, '').startsWith('WEBVTT')) {
        throw new HttpError(422, 'The caption file must be a .vtt file.', { file: ['The caption file must be a .vtt file.'] });
      }
      const key = `captions/${crypto.randomUUID()}.vtt`;
      await ctx.storage.put(`public/${key}`, buffer);
      url = `/storage/${key}`;
    }
    const input = (() => {
      try {
        return parse(captionSchema, fields);
      } catch (e) {
        // Not awaited inside this synchronous catch; a failed delete must not become an unhandled rejection.
        if (url) removeStoredFiles(ctx, [url]).catch((err) => req.log.warn({ err }, 'could not remove a refused caption upload'));
        throw e;
      }
    })();
    if (!url) throw new HttpError(422, 'Please select a file.', { file: ['Please select a file.'] });
    const caption = await ctx.db.insertInto('video_captions').values({ video_id: video.id, name: input.name, language: input.language, url, created_at: nowIso() })
      .returning(['id', 'name', 'language', 'url']).executeTakeFirstOrThrow();
    return { caption };
  });

  app.delete('/api/v1/videos/:id/captions/:captionId', { config: { permission: 'videos.update' } }, async (req) => {
    const id = videoId(req.params);
    const captionId = Number((req.params as { captionId: string }).captionId);
    const row = await ctx.db.selectFrom('video_captions').select('url').where('id', '=', captionId).where('video_id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Caption not found');
    await ctx.db.deleteFrom('video_captions').where('id', '=', captionId).execute();
    await removeStoredFiles(ctx, [row.url]);
    return {};
  });
}
