import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { TITLE_IMAGE_MAX_BYTES, doneResponse, titleImageResponse } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { idsParam, typed } from '../../http/schema.ts';
import { imageUploader, storeImageStream as storeUploadedImage, type ImageUploader } from '../../http/uploads.ts';
import { addTitleImage, deleteImages } from './images-service.ts';
import { findTitle } from './repository.ts';

/** Catalogue images and person posters go through the one image upload path (http/uploads.ts). */

/**
 * Longest side kept of a catalogue image: twice the largest the site shows (a 1280 px backdrop, as the movie database
 * import stores them), so a camera original is not what every card and gallery downloads.
 */
export const CATALOGUE_IMAGE_SIDE = 2560;
/** Person photos show at most a few hundred pixels wide (the import stores 185 px ones). */
export const PERSON_POSTER_SIDE = 1000;

export async function storeImageStream(ctx: AppContext, file: Readable & { truncated?: boolean }, folder: string, uploader: ImageUploader, maxSide = CATALOGUE_IMAGE_SIDE): Promise<string> {
  return (await storeUploadedImage(ctx, file, { prefix: folder, tooLarge: 'The image may not be greater than 5 MB.', uploader, maxSide })).url;
}

export function imageRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Multipart: titleId (a field before the file), optional type (backdrop, poster, still), file.
  app.post('/api/v1/images', { config: { permission: 'images.create' }, schema: { response: { 200: titleImageResponse } } }, async (req) => {
    let titleId: number | null = null;
    let type = 'backdrop';
    let url: string | null = null;
    for await (const part of req.parts({ limits: { fileSize: TITLE_IMAGE_MAX_BYTES, files: 1 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'titleId') titleId = Number(part.value);
        if (part.fieldname === 'type' && ['backdrop', 'poster', 'still'].includes(String(part.value))) type = String(part.value);
        continue;
      }
      if (!titleId || !Number.isSafeInteger(titleId) || titleId < 1) {
        part.file.resume();
        throw new HttpError(422, 'Title is required.', { titleId: ['Title is required.'] });
      }
      // A title that is not there (deleted meanwhile, or a wrong id) is not found, not missing from the form.
      if (!(await findTitle(ctx.db, titleId, false))) {
        part.file.resume();
        throw notFound('Title not found');
      }
      url = await storeImageStream(ctx, part.file, 'title-images', imageUploader(req, part.filename));
    }
    if (!url) throw new HttpError(422, 'Please select a file.', { file: ['Please select a file.'] });
    return { image: await addTitleImage(ctx, titleId!, url, type) };
  });

  typed(app).delete('/api/v1/images/:ids', { config: { permission: 'images.delete' }, schema: { params: idsParam, response: { 200: doneResponse } } }, async (req) => {
    if (!(await deleteImages(ctx, req.params.ids))) throw notFound('Image not found');
    return {};
  });
}
