import { z } from '../zod.ts';
import type { NewsArticle, NewsArticlePageData, NewsCard } from '../news.ts';
import { entity, isoTime, paginated, recordId, EXAMPLE_TIME as T } from './common.ts';

const cardExample = {
  id: 21, title: 'Festival line-up announced', slug: 'festival-line-up-announced', excerpt: 'Twelve premieres and a retrospective open the season…',
  image: '/storage/news_images/festival.jpg', created_at: T, updated_at: T,
};

const newsCardFields = {
  id: recordId,
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  image: z.string().nullable(),
  created_at: isoTime,
  updated_at: isoTime,
};

/** A row of the news list and a card on the site (no body, its excerpt instead). */
export const newsCardEntity = entity(newsCardFields).meta({ id: 'NewsCard', examples: [cardExample] }) satisfies z.ZodType<NewsCard>;

export const newsArticleEntity = entity({ ...newsCardFields, body: z.string(), source_url: z.string().nullable(), user_id: recordId.nullable() }).meta({
  id: 'NewsArticle',
  examples: [{ ...cardExample, body: '<p>Twelve premieres and a retrospective open the season.</p>', source_url: null, user_id: 1 }],
}) satisfies z.ZodType<NewsArticle>;

export const newsListResponse = paginated(newsCardEntity);
export const newsArticleResponse = entity({ article: newsArticleEntity, message: z.string().optional() });
export const newsArticlePageResponse = entity({ article: newsArticleEntity, related: z.array(newsCardEntity) }) satisfies z.ZodType<NewsArticlePageData>;
export const newsImportResponse = entity({ message: z.string(), imported: z.number().int() });
/** An image stored by the editor: its public URL. */
export const uploadedImageResponse = entity({ url: z.string() }).meta({ examples: [{ url: '/storage/news_images/3f9c2a7e.jpg' }] });
