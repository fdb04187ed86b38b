import type { FastifyInstance } from 'fastify';
import { personPageParamsSchema, personPageResponse, type PersonPageData, type RelatedTitle } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { toBool } from '../../db/index.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { pageParams, type PageCaller } from '../titles/page.ts';
import { findPerson, personCredits } from './repository.ts';
import { refreshIfStale } from '../tmdb/refresh.ts';

const KNOWN_FOR_LIMIT = 8;

/** The person page: the person, every credit (newest first; the page groups them by department) and "known for". */
export async function loadPersonPage(ctx: AppContext, caller: PageCaller, id: number): Promise<PersonPageData> {
  if (!caller.can('people.view')) throw forbidden("You don't have permission to view people.");
  const person = await findPerson(ctx.db, id);
  if (!person) throw notFound('Person not found');
  await refreshIfStale(ctx, 'person', person);
  const credits = caller.can('titles.view') ? await personCredits(ctx.db, id) : [];
  const titleIds = [...new Set(credits.map((c) => c.title_id))];
  let known_for: RelatedTitle[] = [];
  if (titleIds.length) {
    // The credits already name every title; one indexed read ranks the (at most 1,000) by popularity.
    const rows = await ctx.db.selectFrom('titles').select(['id', 'name', 'poster', 'year', 'rating', 'is_series'])
      .where('id', 'in', titleIds).orderBy('popularity', (ob) => ob.desc().nullsLast()).orderBy('id').limit(KNOWN_FOR_LIMIT).execute();
    known_for = rows.map((r) => ({ ...r, is_series: toBool(r.is_series) }));
  }
  return { person, credits, known_for };
}

export function personPageRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/people/:id/page', { config: { permission: 'people.view' }, schema: { response: { 200: personPageResponse } } }, async (req) => {
    const p = pageParams(personPageParamsSchema, req.params, 'Person');
    return loadPersonPage(ctx, req.auth, p.id);
  });
}
