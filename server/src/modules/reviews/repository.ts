import type { AppContext } from '../../context.ts';
import { paginate } from '../../http/list-query.ts';
import { reviewsListDefinition } from './list.ts';
import { titlePath, type Review } from '@app/contracts';
import type { Db } from '../../db/index.ts';
import { authorsOf, titleNames, type NamesFor } from './posting.ts';

export const REVIEW_COLUMNS = [
  'reviews.id', 'reviews.user_id', 'reviews.reviewable_type', 'reviews.reviewable_id', 'reviews.score', 'reviews.title', 'reviews.body',
  'reviews.helpful_count', 'reviews.not_helpful_count', 'reviews.reports_count', 'reviews.created_at', 'reviews.updated_at',
] as const;

type ReviewRow = Omit<Review, 'user' | 'reviewable'>;

/** The reviewed title for moderators, with its page on the site (where its reviews show). */
const reviewedTitle = (id: number, name: string) => ({ id, name, link: `${titlePath({ id, name })}#reviews` });

/** Adds authors (and, for the admin, the reviewed title's name) to a page of rows with one query each. */
export async function toReviews(db: Db, rows: ReviewRow[], withReviewable = false, namesFor: NamesFor = withReviewable ? 'admin' : 'public'): Promise<Review[]> {
  const [authors, names] = await Promise.all([
    authorsOf(db, rows.map((r) => r.user_id), namesFor),
    withReviewable ? titleNames(db, rows.map((r) => r.reviewable_id)) : Promise.resolve(new Map<number, string>()),
  ]);
  return rows.map(({ reports_count, ...r }) => ({
    ...r,
    // How often members reported a review is for the moderators only.
    ...(namesFor === 'admin' ? { reports_count } : {}),
    user: authors.get(r.user_id) ?? null,
    ...(withReviewable ? { reviewable: names.has(r.reviewable_id) ? reviewedTitle(r.reviewable_id, names.get(r.reviewable_id)!) : null } : {}),
  }));
}

export async function findReview(db: Db, id: number, namesFor: NamesFor = 'admin'): Promise<Review | null> {
  const row = await db.selectFrom('reviews').select(REVIEW_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? (await toReviews(db, [row as ReviewRow], true, namesFor))[0] : null;
}

export async function findUserReview(db: Db, userId: number, titleId: number): Promise<Review | null> {
  const row = await db.selectFrom('reviews').select(REVIEW_COLUMNS).where('user_id', '=', userId)
    .where('reviewable_type', '=', 'title').where('reviewable_id', '=', titleId).executeTakeFirst();
  return row ? (await toReviews(db, [row as ReviewRow]))[0] : null;
}

/** One page of the admin reviews list, each with what it reviews. */
export async function listReviews(ctx: AppContext, query: unknown) {
  const page = await paginate<Review>(ctx.db.selectFrom('reviews').select(REVIEW_COLUMNS), query, reviewsListDefinition(ctx));
  return { ...page, data: await toReviews(ctx.db, page.data, true) };
}
