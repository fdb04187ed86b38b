import type { AppContext } from '../../context.ts';
import { addToList, createList } from '../../modules/lists/service.ts';

/**
 * What members of the demo community have published: reviews and comments on the most popular titles and a few
 * public lists, so the quick start's title pages and member profiles look lived in. Written by the seeded accounts at
 * these positions (confirmed, not suspended, not admins); the e2e specs sign in as other seeded accounts.
 */
const AUTHORS = [1, 6, 14, 16, 18, 20, 21, 22, 24, 25, 26, 28];

/** The seeded members who take part (write, and browse signed in: analytics.ts), from the seeded users' ids. */
export const demoAuthors = (userIds: number[]) => AUTHORS.map((i) => userIds[i]).filter((id): id is number => id !== undefined);

const REVIEWS: [number, string, string][] = [
  [9, 'Slow, then unforgettable', 'The first hour takes its time, but everything it builds pays off in a last act that stays with you for days. The score is a quiet marvel.'],
  [7, 'Worth it for the performances', 'The story wanders in the middle and one subplot goes nowhere, yet the cast carries every scene. I would watch the lead read a phone book.'],
  [8, 'Gorgeous to look at', 'Every frame could hang on a wall. The plot is simpler than it pretends to be, but the craft on display makes it easy to forgive.'],
  [6, 'Fun, if a little long', 'Loud, bright and never boring, though twenty minutes could go without anyone noticing. Great with friends and a big bowl of popcorn.'],
  [10, 'An instant favourite', 'Funny, sad and surprising in the same breath. I started it again the moment the credits rolled, and it was even better the second time.'],
  [5, 'Promising but uneven', 'A great premise and a strong opening, then it loses its nerve and settles for the obvious ending. Still, the first half is worth a look.'],
  [8, 'Smart and tense', 'Twists that are earned rather than thrown in, and dialogue that trusts the audience. I kept guessing until the very last scene.'],
  [4, 'Not for me', 'I admired the ambition, but the characters never felt like people and the pacing tested my patience. Others in my house loved it, though.'],
  [9, 'The whole family loved it', 'Rare to find something the kids and the grandparents enjoy equally. Warm without being sugary, and the soundtrack is still playing in our kitchen.'],
  [7, 'A solid evening', 'Nothing revolutionary, but well made from start to finish. Good chemistry between the leads and a finale that lands.'],
  [8, 'Better than I expected', 'I went in with low hopes after the trailer and came out grinning. It knows exactly what it is and does it with real heart.'],
  [6, 'Good, not great', 'Handsome and competent, with a couple of standout scenes, but it never quite finds its own voice. A decent pick for a quiet night in.'],
];

const LISTS: [string, string][] = [
  ['Rainy Sunday', 'Slow films for a grey day, best with tea.'],
  ['Weekend binge', 'Series to lose a whole weekend to.'],
  ['Date night', 'Crowd-pleasers for two.'],
  ['Hidden gems', 'Less famous, just as good.'],
];

/** The first comment on each of the 15 threads, with the reply that answers it: no text is used twice. */
const THREADS: [string, string][] = [
  ['That ending! I did not see it coming at all.', 'Same here, I gasped out loud.'],
  ['Does anyone know where the lighthouse scenes were filmed?', 'I read somewhere it was shot on the coast up north.'],
  ['Slow start, but stick with it: the second half is worth it.', 'Thanks, I almost gave up after twenty minutes!'],
  ['Is there a post-credits scene? I switched off too early.', 'A short one, yes. Worth going back for.'],
  ['The music in the final chase is incredible. Who wrote it?', 'Look up the soundtrack, the whole album is great.'],
  ['Anyone else think the sister was the real hero here?', 'Absolutely. She holds the whole story together.'],
  ['Watched this with my dad, who never sits through anything. He loved it.', 'That is the best review it could get.'],
  ['I wish the middle had been twenty minutes shorter.', 'Fair, though the dinner scene is my favourite part.'],
  ['When is the scene with the storm? I want to show a friend.', 'About halfway through, right after the wedding.'],
  ['The book is even better, if anyone is curious.', 'Adding it to my reading list, thanks!'],
  ['Still thinking about that last shot a week later.', 'Me too. I keep changing my mind about what it means.'],
  ['Who else cried at the train station scene?', 'Every single time I watch it.'],
  ['The costumes alone are worth the watch.', 'The blue coat in the opening scene, wow.'],
  ['First time watching: no spoilers please!', 'Enjoy, you are in for a treat.'],
  ['How did nobody win an award for the lead performance?', 'Robbed, honestly.'],
];
/** The second comment on each thread's title, left unanswered. */
const COMMENTS = [
  'The soundtrack is on repeat in my car now.',
  'Watched it twice this week and noticed something new the second time.',
  'The supporting cast deserves more credit than they get.',
  'Perfect for a rainy afternoon.',
  'Not my usual kind of thing, but I was hooked by the end.',
  'The opening ten minutes are some of the best I have seen this year.',
  'Funny in places I did not expect it to be.',
  'My kids have watched it every weekend since we found it.',
  'Beautifully shot. I paused just to look at some scenes.',
  'A little predictable, but I enjoyed every minute.',
  'Can we get a second season, please?',
  'The villain was far more interesting than the hero.',
  'Better on the second watch, once you know where it is going.',
  'That kitchen scene made me laugh until I cried.',
  'Underrated. Tell your friends about this one.',
];

const DAY = 24 * 3600 * 1000;

export async function seedDemoCommunity(ctx: AppContext, userIds: number[]): Promise<void> {
  const authors = demoAuthors(userIds);
  if (!authors.length) return;
  const titles = await ctx.db.selectFrom('titles').select(['id', 'is_series']).orderBy('popularity', 'desc').orderBy('id').limit(60).execute();

  // One to three reviews on each of the 40 most popular titles, by different members, over the last two months; each
  // member's reviews take the texts in turn from a different start, so no profile repeats itself.
  const written = new Map<number, number>();
  const rows = titles.slice(0, 40).flatMap((t, n) => Array.from({ length: 1 + (n % 3) }, (_, k) => {
    const a = (n + k * 5) % authors.length;
    const j = written.get(a) ?? 0;
    written.set(a, j + 1);
    const [score, title, body] = REVIEWS[(a * 5 + j) % REVIEWS.length];
    const at = new Date(Date.now() - ((n * 7 + k * 3) % 60) * DAY - k * 3600_000).toISOString();
    return {
      user_id: authors[a], reviewable_type: 'title' as const, reviewable_id: t.id, score, title, body,
      helpful_count: (n * 5 + k * 3) % 9, not_helpful_count: (n + k) % 3, created_at: at, updated_at: at,
    };
  }));
  // A reviewer's score is their rating of the title too, so the title's average agrees with its reviews.
  const totals = new Map<number, { sum: number; count: number }>();
  for (const r of rows) {
    const t = totals.get(r.reviewable_id) ?? { sum: 0, count: 0 };
    totals.set(r.reviewable_id, { sum: t.sum + r.score, count: t.count + 1 });
  }
  // Each part below is skipped when a first start that died later already made it.
  const made = (table: 'reviews' | 'comments') => ctx.db.selectFrom(table).select('id').where('user_id', 'in', authors).limit(1).executeTakeFirst();
  if (!(await made('reviews'))) await ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 50) {
      const chunk = rows.slice(i, i + 50);
      await trx.insertInto('reviews').values(chunk).execute();
      await trx.insertInto('ratings').values(chunk.map((r) => ({
        user_id: r.user_id, ratable_type: 'title' as const, ratable_id: r.reviewable_id, score: r.score, created_at: r.created_at, updated_at: r.updated_at,
      }))).execute();
    }
    for (const [id, t] of totals) {
      await trx.insertInto('rating_totals').values({ ratable_type: 'title', ratable_id: id, score_sum: t.sum, count: t.count })
        .onConflict((oc) => oc.columns(['ratable_type', 'ratable_id']).doUpdateSet((eb) => ({
          score_sum: eb('rating_totals.score_sum', '+', t.sum), count: eb('rating_totals.count', '+', t.count),
        }))).execute();
    }
  });

  // Comment threads on the 15 most popular titles: two comments each, the first with the reply that answers it (its
  // count kept). Each text once: the same few lines on every title page read like a bot.
  if (!(await made('comments'))) await ctx.db.transaction().execute(async (trx) => {
    for (const [n, t] of titles.slice(0, 15).entries()) {
      for (let k = 0; k < 2; k++) {
        const at = Date.now() - ((n * 5 + k * 2) % 30 + 1) * DAY;
        const iso = (ms: number) => new Date(ms).toISOString();
        const base = { commentable_type: 'title' as const, commentable_id: t.id, title_id: t.id };
        const { id } = await trx.insertInto('comments').values({
          ...base, user_id: authors[(n * 2 + k + 3) % authors.length], parent_id: null, content: k === 0 ? THREADS[n][0] : COMMENTS[n],
          replies_count: k === 0 ? 1 : 0, created_at: iso(at), updated_at: iso(at),
        }).returning('id').executeTakeFirstOrThrow();
        if (k === 0) {
          await trx.insertInto('comments').values({
            ...base, user_id: authors[(n * 2 + 9) % authors.length], parent_id: id, content: THREADS[n][1],
            created_at: iso(at + 3 * 3600_000), updated_at: iso(at + 3 * 3600_000),
          }).execute();
        }
      }
    }
  });

  // Four public lists through the lists service (covers and counts as a member's own would be).
  for (const [n, [name, description]] of LISTS.entries()) {
    const owner = authors[(n * 3) % authors.length];
    const listMade = await ctx.db.selectFrom('channels').select('id').where('type', '=', 'list').where('user_id', '=', owner).where('name', '=', name).executeTakeFirst();
    if (listMade) continue;
    const list = await createList(ctx, { id: owner, permissions: new Set() }, { name, description, public: true });
    const picks = titles.filter((t) => (n === 1 ? t.is_series : true)).slice(n * 5 + 10, n * 5 + 18);
    for (const t of picks) await addToList(ctx, owner, list.id, t.id);
  }
}
