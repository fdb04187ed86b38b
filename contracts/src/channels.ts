import { z } from './zod.ts';
import { ID_MAX, listQuerySchema } from './list.ts';
import { TITLE_TAG_TYPES } from './titles.ts';

export * from './channels-constants.ts';

/**
 * Channels and user lists (Part C "Channels and lists", the Channel entity in section 3). One entity: `type`
 * 'channel' or 'list'; `config` holds every key the spec names.
 */
export const CHANNEL_CONTENT_TYPES = ['listAll', 'manual', 'autoUpdate'] as const;
export const CHANNEL_CONTENT_MODELS = ['titles', 'people', 'episodes', 'news', 'channels'] as const;
/** Which titles a titles channel shows (the movies and series channels). */
export const CHANNEL_TITLE_TYPES = ['all', 'movie', 'series'] as const;
export const CHANNEL_ORDERS = ['popularity', 'rating', 'release_date', 'recently_added', 'name', 'manual'] as const;
export const CHANNEL_PROVIDERS = ['local', 'tmdb'] as const;
/** TMDb's lists, per media type (`movie:popular` is GET /movie/popular, `series:trending` GET /trending/tv/week). */
export const TMDB_AUTO_UPDATE_METHODS = [
  'movie:popular', 'movie:top_rated', 'movie:upcoming', 'movie:now_playing', 'movie:trending',
  'series:popular', 'series:top_rated', 'series:airing_today', 'series:trending',
] as const;
/**
 * Computed from our own data (titles, or episodes for `latest`/`recently_added`, people for `most_popular`);
 * `most_watched` ranks titles by the plays report's count over the last seven days.
 */
export const LOCAL_AUTO_UPDATE_METHODS = ['most_popular', 'most_watched', 'latest', 'top_rated', 'recently_added', 'upcoming', 'now_playing'] as const;
/** A channel of titles may be narrowed to one tag of any type. */
export const CHANNEL_RESTRICTIONS = TITLE_TAG_TYPES;
export const CHANNEL_LAYOUTS = ['grid', 'landscapeGrid', 'carousel', 'heroSlider', 'list'] as const;
/** How many items an auto update keeps. */
export const AUTO_UPDATE_LIMIT = 40;
/** Items of a nested channel sent with its parent (the home page rows). */
export const NESTED_ITEMS = 20;
/** A manual channel or list holds at most this many items. */
export const CHANNEL_MAX_ITEMS = 10_000;

export type ChannelContentModel = (typeof CHANNEL_CONTENT_MODELS)[number];
export type ChannelLayout = (typeof CHANNEL_LAYOUTS)[number];
export type ChannelItemType = 'title' | 'person' | 'episode' | 'news_article' | 'channel';

/** The content model a channel item type belongs to. */
export const ITEM_TYPE_OF_MODEL: ReadonlyMap<ChannelContentModel, ChannelItemType> = new Map([
  ['titles', 'title'], ['people', 'person'], ['episodes', 'episode'], ['news', 'news_article'], ['channels', 'channel'],
] as const);

export const CHANNEL_SLUG_PATTERN = /^[A-Za-z0-9_-]+$/;
const SLUG_MESSAGE = 'The slug may only contain letters, numbers, underscores and hyphens, 3 to 20 characters.';

export const channelConfigSchema = z.object({
  contentType: z.enum(CHANNEL_CONTENT_TYPES).default('listAll'),
  contentModel: z.enum(CHANNEL_CONTENT_MODELS).default('titles'),
  titleType: z.enum(CHANNEL_TITLE_TYPES).default('all'),
  contentOrder: z.enum(CHANNEL_ORDERS).default('popularity'),
  autoUpdateMethod: z.string().max(40).nullish(),
  autoUpdateProvider: z.enum(CHANNEL_PROVIDERS).default('local'),
  restriction: z.enum(CHANNEL_RESTRICTIONS).nullish(),
  restrictionModelId: z.coerce.number().int().positive().max(ID_MAX).nullish(),
  layout: z.enum(CHANNEL_LAYOUTS).default('grid'),
  nestedLayout: z.enum(CHANNEL_LAYOUTS).default('carousel'),
  hideTitle: z.boolean().default(false),
  lockSlug: z.boolean().default(false),
  seoTitle: z.string().trim().max(255).nullish(),
  seoDescription: z.string().trim().max(500).nullish(),
}).superRefine((c, issue) => {
  if (c.contentType !== 'autoUpdate') return;
  const methods: readonly string[] = c.autoUpdateProvider === 'tmdb' ? TMDB_AUTO_UPDATE_METHODS : LOCAL_AUTO_UPDATE_METHODS;
  if (!c.autoUpdateMethod) issue.addIssue({ code: 'custom', path: ['autoUpdateMethod'], message: 'The auto update method is required.' });
  else if (!methods.includes(c.autoUpdateMethod)) issue.addIssue({ code: 'custom', path: ['autoUpdateMethod'], message: 'Choose an auto update method of the provider.' });
  if (c.autoUpdateProvider === 'tmdb' && c.contentModel !== 'titles') {
    issue.addIssue({ code: 'custom', path: ['autoUpdateProvider'], message: 'The movie database updates titles only.' });
  }
});
export type ChannelConfig = z.infer<typeof channelConfigSchema>;

export const channelItemRefSchema = z.object({
  id: z.number().int().positive().max(ID_MAX),
  model_type: z.enum(['title', 'person', 'episode', 'news_article', 'channel']),
});
export type ChannelItemRef = z.infer<typeof channelItemRefSchema>;

/** Body of `POST channel` and `PUT channel/{id}`; `items` (manual channels) replaces the items in that order. */
export const channelSchema = z.object({
  name: z.string().trim().min(1, 'The name is required.').max(100),
  slug: z.string().trim().max(20, SLUG_MESSAGE)
    .refine((s) => s === '' || (s.length >= 3 && CHANNEL_SLUG_PATTERN.test(s)), SLUG_MESSAGE)
    .optional(),
  description: z.string().trim().max(2000).nullish(),
  type: z.enum(['channel', 'list']).default('channel'),
  public: z.boolean().default(true),
  user_id: z.number().int().positive().max(ID_MAX).nullish(),
  config: channelConfigSchema.prefault({}),
  items: z.array(channelItemRefSchema).max(CHANNEL_MAX_ITEMS, 'A channel holds at most 10,000 items.').optional(),
}).meta({
  examples: [
    { name: 'Popular movies', slug: 'popular-movies', type: 'channel', public: true, config: { contentType: 'autoUpdate', contentModel: 'titles', titleType: 'movie', autoUpdateMethod: 'most_popular', layout: 'carousel' } },
    { name: 'Staff picks', type: 'channel', config: { contentType: 'manual', contentModel: 'titles', contentOrder: 'manual' }, items: [{ id: 5, model_type: 'title' }, { id: 9, model_type: 'title' }] },
  ],
});
export type ChannelInput = z.input<typeof channelSchema>;
export type ChannelBody = z.infer<typeof channelSchema>;

/** `POST channel/{id}/items` adds, `DELETE channel/{id}/items` removes; `POST channel/{id}/reorder` takes item ids in order. */
export const channelItemsSchema = z.object({ items: z.array(channelItemRefSchema).min(1).max(1000) })
  .meta({ examples: [{ items: [{ id: 5, model_type: 'title' }, { id: 12, model_type: 'person' }] }] });
export const channelReorderSchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(CHANNEL_MAX_ITEMS) })
  .meta({ examples: [{ ids: [31, 30, 32] }] });

/** `GET channel`: the list-query plus the spec's flags. */
export const channelListFlagsSchema = z.object({
  hideInternal: z.enum(['true', 'false']).optional(),
  with: z.string().max(50).optional(),
  type: z.enum(['channel', 'list']).optional(),
  loadItemsCount: z.enum(['true', 'false']).optional(),
});

/** `GET channel`'s whole query: the list-query and the flags. */
export const channelListQuerySchema = listQuerySchema.extend(channelListFlagsSchema.shape);

/** `GET channel/{slugOrId}`: page of the items. */
export const channelShowQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(NESTED_ITEMS),
});

/** `GET channel/search-items`: the content editor's search. */
export const channelSearchItemsSchema = z.object({
  model: z.enum(CHANNEL_CONTENT_MODELS),
  query: z.string().trim().max(100).default(''),
  except: z.coerce.number().int().positive().max(ID_MAX).optional(),
});

/** A list's owner; `email` only for those who manage lists (the admin lists table), never for the public. */
export interface ChannelOwner { id: number; display_name: string; email?: string; avatar: string | null }

export interface Channel {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  type: 'channel' | 'list';
  public: boolean;
  internal: boolean;
  user_id: number | null;
  user?: ChannelOwner | null;
  config: ChannelConfig;
  items_count: number;
  version: number;
  auto_updated_at: string | null;
  auto_update_error: string | null;
  created_at: string;
  updated_at: string;
}

/** One item a channel shows; `model_type` says which fields it carries. */
export interface ChannelItem {
  id: number;
  model_type: ChannelItemType;
  name: string;
  poster?: string | null;
  backdrop?: string | null;
  description?: string | null;
  year?: number | null;
  rating?: number | null;
  is_series?: boolean;
  release_date?: string | null;
  known_for?: string | null;
  title_id?: number;
  title_name?: string;
  season_number?: number;
  episode_number?: number;
  slug?: string;
  /** Titles in a hero slider: the approved full video a Play button starts, and its episode for a series. */
  play_video_id?: number | null;
  play_episode?: { season: number; episode: number } | null;
  /** Nested channels: their config and first items. */
  config?: ChannelConfig;
  content?: ChannelContent;
}

export interface ChannelContent {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  data: ChannelItem[];
}

export interface ChannelWithContent extends Channel { content: ChannelContent }
