import type { CreditCreate, CreditUpdate, TitleCredit } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { Db, Dialect } from '../../db/index.ts';
import { lockRows } from '../../db/row-lock.ts';
import { nowIso } from '../../db/index.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { paginate } from '../../http/list-query.ts';
import { creditRemoval, findTitle, rememberRemovedImport } from './repository.ts';

type Owner = { type: 'title' | 'season' | 'episode'; id: number };

/** The credit owner: the title itself, one of its seasons, or one episode, by season and episode number. */
export async function resolveCreditable(db: Db, titleId: number, season: number | null, episode: number | null): Promise<Owner> {
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
async function assertNewCredit(trx: Db, owner: Owner, c: { person_id: number; department: string; job: string; character?: string | null }, exceptId?: number) {
  let q = trx.selectFrom('creditables').select('id')
    .where('creditable_type', '=', owner.type).where('creditable_id', '=', owner.id).where('person_id', '=', c.person_id)
    .where('department', '=', c.department).where('job', '=', c.job);
  q = c.character ? q.where('character', '=', c.character) : q.where((eb) => eb.or([eb('character', 'is', null), eb('character', '=', '')]));
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw new HttpError(422, DUPLICATE_CREDIT, { person_id: [DUPLICATE_CREDIT] });
}

/** Credit writes of one title run one after the other on PostgreSQL (SQLite runs one write transaction at a time). */
async function lockOwnerTitle(trx: Db, dialect: Dialect, titleId: number) {
  await lockRows(trx, dialect, 'titles', [titleId], 'update');
}

const toCredit = (r: any): TitleCredit => ({
  id: r.person_id, name: r.name, poster: r.poster,
  pivot: { id: r.id, character: r.character, department: r.department, job: r.job, order: r.order },
});

const creditsWithPeople = (db: Db) => db.selectFrom('creditables').innerJoin('people', 'people.id', 'creditables.person_id')
  .select(['creditables.id', 'creditables.person_id', 'creditables.character', 'creditables.department', 'creditables.job', 'creditables.order', 'people.name', 'people.poster']);

/** Cast (department Actors) or crew (everything else) of a title, season or episode, in their saved order. */
export async function listCredits(ctx: AppContext, owner: Owner, crewType: 'cast' | 'crew' | undefined, listQuery: unknown) {
  let base = creditsWithPeople(ctx.db).where('creditables.creditable_type', '=', owner.type).where('creditables.creditable_id', '=', owner.id);
  if (crewType === 'cast') base = base.where('creditables.department', '=', 'Actors');
  if (crewType === 'crew') base = base.where('creditables.department', '!=', 'Actors');
  return paginate(base, listQuery, {
    sorts: { order: 'creditables.order', name: 'people.name', department: 'creditables.department' },
    defaultSort: ['order', 'asc'],
    tieBreaker: 'creditables.id',
    filters: {},
  }, toCredit);
}

/** Adds a credit at the end of its owner's order. */
export async function addCredit(ctx: AppContext, titleId: number, input: CreditCreate): Promise<TitleCredit> {
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
  return toCredit({ ...row, name: person.name, poster: person.poster });
}

export async function updateCredit(ctx: AppContext, titleId: number, creditId: number, input: CreditUpdate): Promise<TitleCredit> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockOwnerTitle(trx, ctx.dialect, titleId);
    const found = await trx.selectFrom('creditables').select(['id', 'person_id', 'creditable_type', 'creditable_id', 'job'])
      .where('id', '=', creditId).where('title_id', '=', titleId).executeTakeFirst();
    if (!found) throw notFound('Credit not found');
    await assertNewCredit(trx, { type: found.creditable_type, id: found.creditable_id }, { ...input, person_id: found.person_id }, creditId);
    // The service's credit in the former job is not added back beside the changed one.
    if (input.job !== undefined && input.job !== found.job) await rememberRemovedImport(trx, titleId, creditRemoval(found.creditable_type, found.creditable_id, found.person_id, found.job));
    // An imported credit an editor changed is the site's from now on: a re-import leaves it as it is.
    await trx.updateTable('creditables').set({ ...input, origin: 'local' }).where('id', '=', creditId).execute();
  });
  return toCredit(await creditsWithPeople(ctx.db).where('creditables.id', '=', creditId).executeTakeFirstOrThrow());
}

export async function deleteCredit(ctx: AppContext, owner: Owner, creditId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('creditables').select(['person_id', 'job', 'title_id']).where('id', '=', creditId)
      .where('creditable_type', '=', owner.type).where('creditable_id', '=', owner.id).executeTakeFirst();
    if (!found) throw notFound('Credit not found');
    await trx.deleteFrom('creditables').where('id', '=', creditId).execute();
    // A re-import or the weekly refresh does not bring a deleted credit back.
    await rememberRemovedImport(trx, found.title_id, creditRemoval(owner.type, owner.id, found.person_id, found.job));
  });
}

/** The ids in their new order; all must belong to one title, season or episode. */
export async function reorderCredits(ctx: AppContext, ids: number[]): Promise<void> {
  const rows = await ctx.db.selectFrom('creditables').select(['id', 'creditable_type', 'creditable_id', 'order']).where('id', 'in', ids).execute();
  const owners = new Set(rows.map((r) => `${r.creditable_type}:${r.creditable_id}`));
  if (rows.length !== new Set(ids).size || owners.size !== 1) throw new HttpError(422, 'Invalid ids.', { ids: ['Invalid ids.'] });
  // A page of credits keeps its place among the others: the new order starts where the page started.
  const start = Math.min(...rows.map((r) => r.order));
  await ctx.db.transaction().execute(async (trx) => {
    // Put in order by an editor, they stay in that order through a re-import (the import replaces only its own credits).
    for (const [i, id] of ids.entries()) await trx.updateTable('creditables').set({ order: start + i, origin: 'local' }).where('id', '=', id).execute();
  });
}
