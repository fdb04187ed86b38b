import { z } from '../zod.ts';
import {
  CHANNEL_CONTENT_MODELS, CHANNEL_CONTENT_TYPES, CHANNEL_LAYOUTS, CHANNEL_ORDERS, CHANNEL_PROVIDERS, CHANNEL_RESTRICTIONS, CHANNEL_TITLE_TYPES,
  type Channel, type ChannelConfig, type ChannelContent, type ChannelItem, type ChannelWithContent,
} from '../channels.ts';
import { entity, isoTime, paginated, recordId, EXAMPLE_TIME as T } from './common.ts';

/** A stored config as the server reads it back (channelConfigSchema's output: every key, its default filled in). */
const channelConfigEntity = entity({
  contentType: z.enum(CHANNEL_CONTENT_TYPES),
  contentModel: z.enum(CHANNEL_CONTENT_MODELS),
  titleType: z.enum(CHANNEL_TITLE_TYPES),
  contentOrder: z.enum(CHANNEL_ORDERS),
  autoUpdateMethod: z.string().nullish(),
  autoUpdateProvider: z.enum(CHANNEL_PROVIDERS),
  restriction: z.enum(CHANNEL_RESTRICTIONS).nullish(),
  restrictionModelId: z.number().int().nullish(),
  layout: z.enum(CHANNEL_LAYOUTS),
  nestedLayout: z.enum(CHANNEL_LAYOUTS),
  hideTitle: z.boolean(),
  lockSlug: z.boolean(),
  seoTitle: z.string().nullish(),
  seoDescription: z.string().nullish(),
}) satisfies z.ZodType<ChannelConfig>;

const configExample = {
  contentType: 'autoUpdate', contentModel: 'titles', titleType: 'movie', contentOrder: 'popularity', autoUpdateMethod: 'most_popular',
  autoUpdateProvider: 'local', layout: 'carousel', nestedLayout: 'carousel', hideTitle: false, lockSlug: false,
};

const channelFields = {
  id: recordId,
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  type: z.enum(['channel', 'list']),
  public: z.boolean(),
  internal: z.boolean(),
  user_id: recordId.nullable(),
  user: entity({ id: recordId, display_name: z.string(), email: z.string().optional(), avatar: z.string().nullable() }).nullable().optional(),
  config: channelConfigEntity,
  items_count: z.number().int(),
  version: z.number().int(),
  auto_updated_at: isoTime.nullable(),
  auto_update_error: z.string().nullable(),
  created_at: isoTime,
  updated_at: isoTime,
};
const channelExample = {
  id: 4, name: 'Popular movies', slug: 'popular-movies', description: null, type: 'channel', public: true, internal: false, user_id: null,
  config: configExample, items_count: 40, version: 3, auto_updated_at: T, auto_update_error: null, created_at: T, updated_at: T,
};

export const channelEntity = entity(channelFields).meta({ id: 'Channel', examples: [channelExample] }) satisfies z.ZodType<Channel>;

/** One item a channel shows; `model_type` says which optional fields it carries. Nested channels carry their own items. */
export const channelItemEntity: z.ZodType<ChannelItem> = entity({
  id: recordId,
  model_type: z.enum(['title', 'person', 'episode', 'news_article', 'channel']),
  name: z.string(),
  poster: z.string().nullish(),
  backdrop: z.string().nullish(),
  description: z.string().nullish(),
  year: z.number().int().nullish(),
  rating: z.number().nullish(),
  is_series: z.boolean().optional(),
  release_date: z.string().nullish(),
  known_for: z.string().nullish(),
  title_id: recordId.optional(),
  title_name: z.string().optional(),
  season_number: z.number().int().optional(),
  episode_number: z.number().int().optional(),
  slug: z.string().optional(),
  config: channelConfigEntity.optional(),
  get content() { return channelContentEntity.optional(); },
}).meta({ id: 'ChannelItem', examples: [{ id: 5, model_type: 'title', name: 'The Long Night', poster: '/storage/posters/5.jpg', year: 2024, rating: 7.9, is_series: false }] });

const channelContentEntity: z.ZodType<ChannelContent> = entity({
  current_page: z.number().int(), per_page: z.number().int(), total: z.number().int(), last_page: z.number().int(), data: z.array(channelItemEntity),
});

export const channelWithContentEntity = entity({ ...channelFields, content: channelContentEntity })
  .meta({ id: 'ChannelWithContent' }) satisfies z.ZodType<ChannelWithContent>;

export const channelListResponse = paginated(channelEntity);
export const channelShowResponse = entity({ channel: channelWithContentEntity });
export const channelResponse = entity({ channel: channelEntity, message: z.string().optional() });
export const channelSearchItemsResponse = entity({ items: z.array(channelItemEntity) });
