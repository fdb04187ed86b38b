import { z } from './zod.ts';
import { ID_MAX } from './list.ts';
import { imageUrlField } from './image-url.ts';
import { pageSlugSchema, pageTitleSchema } from './custom-pages.ts';
import { translate } from './i18n.ts';

export * from './news-constants.ts';

/** Part C: the news list shows the body cut at 200 characters. */
export const NEWS_EXCERPT_LENGTH = 200;
/** Article images go to this prefix of the public disk (Part C section 7), through the editor's image limit. */
export const NEWS_IMAGE_PREFIX = 'news_images';
/** Settings key holding the RSS or Atom feed URLs the import reads, one per line. */
export const NEWS_FEEDS_SETTING = 'server.news.feed_urls';
export const NEWS_FEEDS_MAX = 20;


/** Body of `POST news` and `PUT news/{articleId}`: title, slug, body, image. An empty slug is made from the title. */
export const newsArticleSchema = z.object({
  title: pageTitleSchema,
  slug: pageSlugSchema,
  body: z.string().max(2_000_000).default(''),
  image: imageUrlField,
}).meta({
  examples: [{ title: 'Festival line-up announced', slug: 'festival-line-up-announced', body: '<p>Twelve premieres and a retrospective open the season.</p>', image: '/storage/news_images/festival.jpg' }],
});
export type NewsArticleInput = z.infer<typeof newsArticleSchema>;

/** Route params of the article page and of the article calls. */
export const newsIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(ID_MAX) });

/** The feed URLs setting: http(s) URLs, one per line, blank lines ignored. */
export const newsFeedsSchema = z.string().max(20_000).refine((v) => parseFeedUrls(v).every(isHttpUrl), 'Each line must be an http or https URL.')
  .refine((v) => parseFeedUrls(v).length <= NEWS_FEEDS_MAX, translate(undefined, 'At most :count feeds.', { count: NEWS_FEEDS_MAX }));

export function parseFeedUrls(value: string): string[] {
  return [...new Set(value.split(/\r?\n/).map((l) => l.trim()).filter(Boolean))];
}
function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A row of `GET news` and a card on the site: no body, its plain-text excerpt instead. */
export interface NewsCard {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  image: string | null;
  created_at: string;
  updated_at: string;
}

/** The News article entity (Part C section 3): id, title, body (HTML), slug, image, updated_at. */
export interface NewsArticle extends NewsCard {
  body: string;
  source_url: string | null;
  user_id: number | null;
}

/** `GET news/{id}/page`: the article and a few others to read next. */
export interface NewsArticlePageData {
  article: NewsArticle;
  related: NewsCard[];
}

export const NEWS_SORTS = ['title', 'created_at', 'updated_at', 'id'] as const;
