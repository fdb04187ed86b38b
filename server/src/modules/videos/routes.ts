import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CAPTION_MAX_BYTES, DEFAULT_PER_PAGE, TITLE_VIDEOS_PER_PAGE, captionSchema, doneResponse, listQuerySchema, videoCaptionResponse, videoCreateSchema,
  videoListResponse, videoResponse, videoSourceError, videoUpdateSchema, type Video,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound, parse, unprocessable } from '../../http/errors.ts';
import { idParam, idSchema, idsParam, typed } from '../../http/schema.ts';
import { removeStoredFiles } from '../titles/service.ts';
import { announcingStreaming } from '../notifications/now-streaming.ts';
import { playsRoutes } from '../plays/routes.ts';
import { watchRoutes } from './watch.ts';
import './seo.ts';
import { CAPTION_EXTENSIONS, CAPTION_TYPE_ERROR, toWebVtt } from './captions.ts';
import { deleteVideosWithFiles } from './cleanup.ts';
import { checkMove, checkTarget, countVideosBy, deleteCaption, deleteVideoRows, findVideo, insertCaption, insertVideo, listVideos, saveVideo, videoIsPreparing } from './repository.ts';
import { VIDEOS_LIMIT, countGuard } from '../roles/count-limit.ts';
import { actorOf } from '../roles/grants.ts';
import { videoVoteRoutes } from './votes.ts';
import { startTranscode, transcodeCaller, uploadedVideoSource } from '../transcode/service.ts';

/** A title's videos come 20 to a page unless the client asks otherwise, so the page size is read before its default. */
const videosListQuery = listQuerySchema.extend({ perPage: z.coerce.number().int().min(10).max(100).optional() });
const captionParams = z.object({ id: idSchema, captionId: idSchema });

/** An unapproved video's source (and captions) go only to those who may edit videos. */
function hideUnapprovedSources(canEdit: boolean, videos: Video[]): Video[] {
  return canEdit ? videos : videos.map((v) => (v.approved ? v : { ...v, src: '', captions: [] }));
}

export function videosRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  // The admin table and form read through these calls: whoever may edit videos may read them.
  const VIDEOS_READ = ['videos.view', 'videos.update'];
  // The public watch call and play tracking (issue 10).
  watchRoutes(app, ctx);
  playsRoutes(app, ctx);
  videoVoteRoutes(app, ctx);

  // Every video, or those of one title, season or episode (filters title_id, season_num, episode_num).
  api.get('/api/v1/videos', { config: { permission: VIDEOS_READ }, schema: { querystring: videosListQuery, response: { 200: videoListResponse } } }, async (req) => {
    const scoped = req.query.filters?.includes('"title_id"');
    const canEdit = req.auth.can('videos.update');
    // Videos being prepared are listed only to those who may edit them.
    const page = await listVideos(ctx, { ...req.query, perPage: req.query.perPage ?? (scoped ? TITLE_VIDEOS_PER_PAGE : DEFAULT_PER_PAGE) }, !canEdit);
    return { pagination: { ...page, data: hideUnapprovedSources(canEdit, page.data) } };
  });

  api.get('/api/v1/videos/:id', { config: { permission: VIDEOS_READ }, schema: { params: idParam, response: { 200: videoResponse } } }, async (req) => {
    const video = await findVideo(ctx.db, req.params.id);
    const canEdit = req.auth.can('videos.update');
    // As in the list: a video being prepared (its source a placeholder) is for those who may edit it.
    if (!video || (!canEdit && await videoIsPreparing(ctx.db, video.id))) throw notFound('Video not found');
    return { video: hideUnapprovedSources(canEdit, [video])[0] };
  });

  api.post('/api/v1/videos', { config: { permission: 'videos.create' }, schema: { body: videoCreateSchema, response: { 200: videoResponse } } }, async (req) => {
    await checkTarget(ctx.db, req.body);
    const actor = actorOf(req);
    const guard = await countGuard(ctx, actor, 'videos.create', VIDEOS_LIMIT, (db) => countVideosBy(db, actor.id));
    const { file_id: fileId, ...fields } = req.body;
    if (fileId === undefined) {
      // A title's first full video: its watchlists hear it is streaming.
      const id = await announcingStreaming(ctx, [fields.title_id], () => insertVideo(ctx.db, { ...fields, src: fields.src ?? '' }, actor.id, guard));
      return { video: await findVideo(ctx.db, id) };
    }
    // Created from an uploaded file: the upload is its source until the transcode makes it a stream (the finished
    // job tells watchlists). A file the transcoder refuses takes the new video with it.
    const who = transcodeCaller(req);
    const src = await uploadedVideoSource(ctx, who, fileId);
    const id = await insertVideo(ctx.db, { ...fields, type: 'video', src }, actor.id, guard);
    try {
      await startTranscode(ctx, who, id, fileId);
    } catch (err) {
      await deleteVideosWithFiles(ctx, [id], () => deleteVideoRows(ctx.db, ctx.dialect, [id]));
      throw err;
    }
    return { video: await findVideo(ctx.db, id) };
  });

  api.put('/api/v1/videos/:id', { config: { permission: 'videos.update' }, schema: { params: idParam, body: videoUpdateSchema, response: { 200: videoResponse } } }, async (req) => {
    const id = req.params.id;
    const input = req.body;
    const current = await findVideo(ctx.db, id);
    if (!current) throw notFound('Video not found');
    // The schema checks a source against the type sent with it; sent alone, it is checked against the stored type.
    const sourceError = input.src !== undefined && input.type === undefined ? videoSourceError(current.type, input.src) : null;
    if (sourceError) throw unprocessable('src', sourceError);
    await checkMove(ctx.db, current, input);
    // Captions exist only for type video: leaving that type drops them.
    const dropCaptions = Boolean(input.type && input.type !== 'video' && current.captions.length);
    // Approved, made a full video, or moved to another title: that title may be watchable now.
    await announcingStreaming(ctx, [current.title_id, input.title_id], () => saveVideo(ctx.db, id, input, dropCaptions));
    if (dropCaptions) await removeStoredFiles(ctx, current.captions.map((c) => c.url));
    return { video: await findVideo(ctx.db, id) };
  });

  api.delete('/api/v1/videos/:ids', { config: { permission: 'videos.delete' }, schema: { params: idsParam, response: { 200: doneResponse } } }, async (req) => {
    const { ids } = req.params;
    await deleteVideosWithFiles(ctx, ids, () => deleteVideoRows(ctx.db, ctx.dialect, ids));
    return {};
  });

  // Multipart: name, language, then a .vtt or .srt file up to 1 MB.
  api.post('/api/v1/videos/:id/captions', { config: { permission: 'videos.update' }, schema: { params: idParam, response: { 200: videoCaptionResponse } } }, async (req) => {
    const video = await findVideo(ctx.db, req.params.id);
    if (!video) throw notFound('Video not found');
    if (video.type !== 'video') throw new HttpError(422, 'Only videos of type video can have captions.');
    const fields: Record<string, string> = {};
    let url: string | null = null;
    for await (const part of req.parts({ limits: { fileSize: CAPTION_MAX_BYTES, files: 1 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (!CAPTION_EXTENSIONS.some((ext) => part.filename.toLowerCase().endsWith(`.${ext}`))) {
        part.file.resume();
        throw new HttpError(422, CAPTION_TYPE_ERROR, { file: [CAPTION_TYPE_ERROR] });
      }
      const buffer = await part.toBuffer().catch(() => { throw new HttpError(422, 'The caption file may not be greater than 1 MB.', { file: ['The caption file may not be greater than 1 MB.'] }); });
      // Stored as the UTF-8 WebVTT the player reads, whatever the encoding, line ends or format (SubRip) uploaded.
      const vtt = toWebVtt(buffer, part.filename);
      const key = `captions/${crypto.randomUUID()}.vtt`;
      await ctx.storage.put(`public/${key}`, Buffer.from(vtt, 'utf8'));
      url = `/storage/${key}`;
    }
    const input = (() => {
      try {
        // Multipart fields arrive with the file, so they are checked here rather than by a body schema.
        return parse(captionSchema, fields);
      } catch (e) {
        // Not awaited inside this synchronous catch; a failed delete must not become an unhandled rejection.
        if (url) removeStoredFiles(ctx, [url]).catch((err) => req.log.warn({ err }, 'could not remove a refused caption upload'));
        throw e;
      }
    })();
    if (!url) throw new HttpError(422, 'Please select a file.', { file: ['Please select a file.'] });
    return { caption: await insertCaption(ctx.db, video.id, input, url) };
  });

  api.delete('/api/v1/videos/:id/captions/:captionId', { config: { permission: 'videos.update' }, schema: { params: captionParams, response: { 200: doneResponse } } }, async (req) => {
    const url = await deleteCaption(ctx.db, req.params.id, req.params.captionId);
    if (!url) throw notFound('Caption not found');
    await removeStoredFiles(ctx, [url]);
    return {};
  });
}
