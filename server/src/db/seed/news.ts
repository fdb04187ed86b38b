import type { AppContext } from '../../context.ts';
import { prepareArticle } from '../../modules/news/service.ts';
import { generatedImage } from './png.ts';

/** A handful of demo articles for /news, each with a generated 16:9 picture, a day apart (newest first). */
const ARTICLES: [string, string][] = [
  ['Festival season opens with a record line-up', '<p>Forty-two premieres, three restorations and a closing-night surprise: this year\'s festival programme is its biggest yet.</p><h2>What to watch</h2><p>Our critics picked the ten screenings worth queueing for, from intimate debuts to a three-hour space opera.</p>'],
  ['The week\'s most watched series', '<p>A slow-burn crime drama holds the top spot for a third week, while a new animated anthology climbs into the top five.</p><ul><li>Returning favourites keep their audiences</li><li>Limited series outperform long runs</li></ul>'],
  ['Behind the scenes: shooting on film in a digital age', '<p>We spent a week on set with a crew that still shoots on 35mm. They talked about grain, light and the patience film demands.</p><blockquote>Every take costs something, so every take matters.</blockquote>'],
  ['A silent classic returns in 4K', '<p>After two years of frame-by-frame work, the archive\'s restoration premieres next month with a newly recorded score.</p>'],
  ['Five documentaries to stream this weekend', '<p>From deep-sea expeditions to a portrait of a small-town cinema, these are the true stories worth your evening.</p>'],
];

export async function seedDemoNews(ctx: AppContext): Promise<void> {
  // Written in one transaction: a demo article present means a first start that died later already made them.
  if (await ctx.db.selectFrom('news_articles').select('id').where('image', 'like', '/storage/news_images/demo-%').limit(1).executeTakeFirst()) return;
  const day = 24 * 3600 * 1000;
  for (const i of ARTICLES.keys()) await ctx.storage.put(`public/news_images/demo-${i}.png`, generatedImage(640, 360, i + 300));
  await ctx.db.transaction().execute(async (trx) => {
    for (const [i, [title, body]] of ARTICLES.entries()) {
      const created = new Date(Date.now() - (i + 1) * day).toISOString();
      await trx.insertInto('news_articles')
        .values({ ...prepareArticle({ title, slug: '', body, image: `/storage/news_images/demo-${i}.png` }), user_id: null, created_at: created, updated_at: created })
        .execute();
    }
  });
}
