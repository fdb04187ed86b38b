import type { FastifyInstance } from 'fastify';
import {
  TITLE_IMAGE_MAX_BYTES, doneResponse, listQuerySchema, personCreateSchema, personListResponse, personPosterResponse, personResponse, personUpdateSchema,
  personWithCreditsResponse,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { idParam, idsParam, typed } from '../../http/schema.ts';
import { imageUploader } from '../../http/uploads.ts';
import { PERSON_POSTER_SIDE, storeImageStream } from '../titles/images.ts';
import { createPerson, deletePeople, findPerson, listPeople, personCredits, updatePerson } from './repository.ts';

export function peopleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  // The admin table and form read through these calls: whoever may edit people may read them.
  const PEOPLE_READ = ['people.view', 'people.update'];

  api.get('/api/v1/people', { config: { permission: PEOPLE_READ }, schema: { querystring: listQuerySchema, response: { 200: personListResponse } } }, async (req) =>
    ({ pagination: await listPeople(ctx, req.query) }));

  // The edit page's data: the person and their credits.
  api.get('/api/v1/people/:id', { config: { permission: PEOPLE_READ }, schema: { params: idParam, response: { 200: personWithCreditsResponse } } }, async (req) => {
    const person = await findPerson(ctx.db, req.params.id);
    if (!person) throw notFound('Person not found');
    return { person, credits: await personCredits(ctx.db, req.params.id) };
  });

  api.post('/api/v1/people', { config: { permission: 'people.create' }, schema: { body: personCreateSchema, response: { 200: personResponse } } }, async (req) =>
    ({ person: await createPerson(ctx, req.body) }));

  api.put('/api/v1/people/:id', { config: { permission: 'people.update' }, schema: { params: idParam, body: personUpdateSchema, response: { 200: personResponse } } }, async (req) => {
    const person = await updatePerson(ctx, req.params.id, req.body);
    if (!person) throw notFound('Person not found');
    return { person };
  });

  // A poster image for the person form (multipart, stored under person-posters/); the form saves the answered URL.
  api.post('/api/v1/people/poster', { config: { permission: ['people.create', 'people.update'] }, schema: { response: { 200: personPosterResponse } } }, async (req) => {
    const file = await req.file({ limits: { fileSize: TITLE_IMAGE_MAX_BYTES, files: 1 } });
    if (!file) throw new HttpError(422, 'Please select a file.', { file: ['Please select a file.'] });
    return { url: await storeImageStream(ctx, file.file, 'person-posters', imageUploader(req, file.filename), PERSON_POSTER_SIDE) };
  });

  api.delete('/api/v1/people/:ids', { config: { permission: 'people.delete' }, schema: { params: idsParam, response: { 200: doneResponse } } }, async (req) => {
    await deletePeople(ctx, req.params.ids);
    return {};
  });
}
