import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CREDITS_PER_PAGE, creditReorderSchema, creditSchema, creditUpdateSchema, doneResponse, listQuerySchema, titleCreditListResponse, titleCreditResponse,
  type TitleCredit,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { paginate } from '../../http/list-query.ts';
import { idParam, idSchema, typed } from '../../http/schema.ts';
import { findTitle } from './repository.ts';

/** A season or episode number; absent (or empty) means the title itself. */
const creditOwnerNumber = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(100_000).optional());
const creditOwnerQuery = z.object({ season: creditOwnerNumber, episode: creditOwnerNumber });
const creditsQuery = listQuerySchema.extend({
  ...creditOwnerQuery.shape,
  crewType: z.enum(['cast', 'crew']).optional(),
  perPage: z.coerce.number().int().min(10).max(100).default(CREDITS_PER_PAGE),
});
const creditParams = z.object({ id: idSchema, creditId: idSchema });

/** The credit owner: the title itself, one of its seasons, or one episode, by season and episode number. */
export async function resolveCreditable(db: Db, titleId: number, season: number | null, episode: number | null) {
  if (!(await findTitle(db, titleId, false))) throw notFound('Title not found');
  if (season && episode) {
    const ep = await db.selectFrom('episodes').select('id').where('title_id', '=', titleId).where('season_number', '=', season).where('episode_number', '=', episode).executeTakeFirst();
    if (!ep) throw notFound('Episode not found');
    return { type: 'episode' as const, id: ep.id };
  }
  if (season) {
    const s = await db.selectFrom('seasons').select('id').where('title_id', '=', titleId).where('number', '=', season).executeTakeFirst();
    if (!s) throw notFound('Season not found');
    return { type: 'season' as const, id: s.id };
  }
  return { type: 'title' as const, id: titleId };
}

export const DUPLICATE_CREDIT = 'This person already has this credit.';

/**
 * Refuses a second identical credit (same person, owner, department, job and character), which a double-clicked
 * Add would otherwise make. Runs in the write's transaction after `lockOwnerTitle`, so two racing requests see
 * each other.
 */
async function assertNewCredit(trx: Db, owner: { type: 'title' | 'season' | 'episode'; id: number }, c: { person_id: number; department: string; job: string; character?: string | null }, exceptId?: number) {
  let q = trx.selectFrom('creditables').select('id')
    .where('creditable_type', '=', owner.type).where('creditable_id', '=', owner.id).where('person_id', '=', c.person_id)
    .where('department', '=', c.department).where('job', '=', c.job);
  q = c.character ? q.where('character', '=', c.character) : q.where((eb) => eb.or([eb('character', 'is', null), eb('character', '=', '')]));
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw new HttpError(422, DUPLICATE_CREDIT, { person_id: [DUPLICATE_CREDIT] });
}

/** Credit writes of one title run one after the other on PostgreSQL (SQLite runs one write transaction at a time). */
async function lockOwnerTitle(trx: Db, dialect: string, titleId: number) {
  let q = trx.selectFrom('titles').select('id').where('id', '=', titleId);
  if (dialect === 'postgres') q = q.forUpdate();
  await q.executeTakeFirst();
}

const toCredit = (r: any): TitleCredit => ({
  id: r.person_id, name: r.name, poster: r.poster,
  pivot: { id: r.id, character: r.character, department: r.department, job: r.job, order: r.order },
});

export function creditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = typed(app);
  // Cast (department Actors) or crew (everything else) of a title, season or episode, in their saved order.
  api.get('/api/v1/titles/:id/credits', { config: { permission: ['titles.view', 'titles.update'] }, schema: { params: idParam, querystring: creditsQuery, response: { 200: titleCreditListResponse } } }, async (req) => {
    const q = req.query;
    const owner = await resolveCreditable(ctx.db, req.params.id, q.season ?? null, q.episode ?? null);
    let base = ctx.db.selectFrom('creditables').innerJoin('people', 'people.id', 'creditables.person_id')
      .select(['creditables.id', 'creditables.person_id', 'creditables.character', 'creditables.department', 'creditables.job', 'creditables.order', 'people.name', 'people.poster'])
      .where('creditables.creditable_type', '=', owner.type).where('creditables.creditable_id', '=', owner.id);
    if (q.crewType === 'cast') base = base.where('creditables.department', '=', 'Actors');
    if (q.crewType === 'crew') base = base.where('creditables.department', '!=', 'Actors');
    const { crewType: _c, season: _s, episode: _e, ...listQuery } = q;
    const page = await paginate(base, listQuery, {
      sorts: { order: 'creditables.order', name: 'people.name', department: 'creditables.department' },
      defaultSort: ['order', 'asc'],
      tieBreaker: 'creditables.id',
      filters: {},
    }, toCredit);
    return { pagination: page };
  });

  api.post('/api/v1/titles/:id/credits', { config: { permission: 'titles.update' }, schema: { params: idParam, body: creditSchema, response: { 200: titleCreditResponse } } }, async (req) => {
    const titleId = req.params.id;
    const input = req.body;
    const owner = await resolveCreditable(ctx.db, titleId, input.season ?? null, input.episode ?? null);
    const person = await ctx.db.selectFrom('people').select(['id', 'name', 'poster']).where('id', '=', input.person_id).executeTakeFirst();
    if (!person) throw new HttpError(422, 'Choose a person.', { person_id: ['Choose a person.'] });
    const row = await ctx.db.transaction().execute(async (trx) => {
      await lockOwnerTitle(trx, ctx.dialect, titleId);
      await assertNewCredit(trx, owner, { ...input, person_id: person.id });
      const last = await trx.selectFrom('creditables').select((eb) => eb.fn.max('order').as('n'))
        .where('creditable_type', '=', owner.type).where('creditable_id', '=', owner.id).executeTakeFirst();
      return trx.insertInto('creditables').values({
        person_id: person.id, creditable_type: owner.type, creditable_id: owner.id, title_id: titleId,
        character: input.character, department: input.department, job: input.job, order: Number(last?.n ?? -1) + 1, created_at: nowIso(),
      }).returning(['id', 'person_id', 'character', 'department', 'job', 'order']).executeTakeFirstOrThrow();
    });
    return { credit: toCredit({ ...row, name: person.name, poster: person.poster }) };
  });

  api.put('/api/v1/titles/:id/credits/:creditId', { config: { permission: 'titles.update' }, schema: { params: creditParams, body: creditUpdateSchema, response: { 200: titleCreditResponse } } }, async (req) => {
    const { id: titleId, creditId } = req.params;
    const input = req.body;
    await ctx.db.transaction().execute(async (trx) => {
      await lockOwnerTitle(trx, ctx.dialect, titleId);
      const found = await trx.selectFrom('creditables').select(['id', 'person_id', 'creditable_type', 'creditable_id'])
        .where('id', '=', creditId).where('title_id', '=', titleId).executeTakeFirst();
      if (!found) throw notFound('Credit not found');
      await assertNewCredit(trx, { type: found.creditable_type, id: found.creditable_id }, { ...input, person_id: found.person_id }, creditId);
      // An imported credit an editor changed is the site's from now on: a re-import leaves it as it is.
      await trx.updateTable('creditables').set({ ...input, origin: 'local' }).where('id', '=', creditId).execute();
    });
    const row = await ctx.db.selectFrom('creditables').innerJoin('people', 'people.id', 'creditables.person_id')
      .select(['creditables.id', 'creditables.person_id', 'creditables.character', 'creditables.department', 'creditables.job', 'creditables.order', 'people.name', 'people.poster'])
      .where('creditables.id', '=', creditId).executeTakeFirstOrThrow();
    return { credit: toCredit(row) };
  });

  api.delete('/api/v1/titles/:id/credits/:creditId', {
    config: { permission: 'titles.update' }, schema: { params: creditParams, querystring: creditOwnerQuery, response: { 200: doneResponse } },
  }, async (req) => {
    const { id: titleId, creditId } = req.params;
    const owner = await resolveCreditable(ctx.db, titleId, req.query.season ?? null, req.query.episode ?? null);
    const res = await ctx.db.deleteFrom('creditables').where('id', '=', creditId)
      .where('creditable_type', '=', owner.type).where('creditable_id', '=', owner.id).executeTakeFirst();
    if (!Number(res.numDeletedRows)) throw notFound('Credit not found');
    return {};
  });

  // The ids in their new order; all must belong to one title, season or episode.
  api.post('/api/v1/titles/credits/reorder', { config: { permission: 'titles.update' }, schema: { body: creditReorderSchema, response: { 200: doneResponse } } }, async (req) => {
    const { ids } = req.body;
    const rows = await ctx.db.selectFrom('creditables').select(['id', 'creditable_type', 'creditable_id', 'order']).where('id', 'in', ids).execute();
    const owners = new Set(rows.map((r) => `${r.creditable_type}:${r.creditable_id}`));
    if (rows.length !== new Set(ids).size || owners.size !== 1) throw new HttpError(422, 'Invalid ids.', { ids: ['Invalid ids.'] });
    // A page of credits keeps its place among the others: the new order starts where the page started.
    const start = Math.min(...rows.map((r) => r.order));
    await ctx.db.transaction().execute(async (trx) => {
      // Put in order by an editor, they stay in that order through a re-import (the import replaces only its own credits).
      for (const [i, id] of ids.entries()) await trx.updateTable('creditables').set({ order: start + i, origin: 'local' }).where('id', '=', id).execute();
    });
    return {};
  });
}
