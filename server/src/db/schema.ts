import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { NotificationType, TitleTagType } from '@app/contracts';

/** Timestamps are ISO 8601 UTC strings on both databases; booleans are 0/1 on SQLite. */
type Timestamp = string;
type Bool = boolean | number;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password: string | null;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
  available_space: number | null;
  email_verified_at: Timestamp | null;
  /** Set only when the address was proven (a mailed link opened, a provider's confirmed address): migration 0060. */
  email_proven_at: Generated<Timestamp | null>;
  banned_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Chosen site language (0003_localizations); null follows the visitor cookie or the site default. */
  language?: string | null;
}

export interface BansTable {
  id: Generated<number>;
  user_id: number;
  ban_until: Timestamp | null;
  comment: string | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  type: string;
  default: Bool;
  guests: Bool;
  internal: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A permission granted to a role or to a user directly; restrictions is JSON. */
export interface PermissionGrantsTable {
  id: Generated<number>;
  model_type: 'role' | 'user';
  model_id: number;
  name: string;
  restrictions: string | null;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
  created_at: Timestamp;
}

export interface SessionsTable {
  /** sha256 of the cookie value, so a leaked table cannot be replayed. */
  id: string;
  user_id: number;
  csrf_token: string;
  ip: string | null;
  user_agent: string | null;
  last_active_at: Timestamp;
  expires_at: Timestamp;
  created_at: Timestamp;
  /** Asked to stay signed in (0071): a month-long cookie; otherwise a browser-session cookie and a short idle life. */
  remember: Generated<boolean>;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  last_used_at: Timestamp | null;
  created_at: Timestamp;
  /** JSON array of permission names; null on tokens made before scopes existed (owner's permissions). */
  scopes: string | null;
  expires_at: Timestamp | null;
}

/** One-time tokens mailed to users: password reset and e-mail verification. */
export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  type: UserTokenType;
  token_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  /** An email change's new address (0045). */
  payload?: string | null;
}

export type UserTokenType = 'password_reset' | 'email_verification' | 'email_change';

export interface SettingsTable {
  name: string;
  value: string;
  updated_at: Timestamp;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number | null;
  price_id: number | null;
  gateway_name: string;
  gateway_id: string | null;
  description: string | null;
  renews_at: Timestamp | null;
  ends_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  gateway_status: string | null;
}

export interface CsvExportsTable {
  id: Generated<number>;
  user_id: number;
  resource: string;
  /** Path under storage/, set once the file is complete. */
  path: string | null;
  uuid: string;
  created_at: Timestamp;
}

export interface CountersTable {
  name: string;
  value: number;
}

/** One localization; `lines` is a JSON object of the lines that differ from the code's English text. */
export interface LocalizationsTable {
  id: Generated<number>;
  name: string;
  language: string;
  lines: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A file on the public disk that no file entry or video ladder accounts for, with its size (files/storage-meter.ts). */
export interface StoredObjectsTable {
  key: string;
  size: number;
  created_at: Timestamp;
}

export interface FileEntriesTable {
  id: Generated<number>;
  name: string;
  /** Storage key of the bytes. */
  file_name: string;
  mime: string;
  type: string;
  extension: string | null;
  file_size: number;
  /** Download URL identifier. */
  hash: string;
  /** sha256 of the bytes. */
  content_hash: string;
  user_id: number | null;
  public: Bool;
  /** Driver the bytes were stored on ('local', 's3', ...); download and delete use it. */
  disk: string;
  /** Storage key of the generated thumbnail. */
  thumbnail: string | null;
  parent_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UploadSessionsTable {
  id: string;
  user_id: number;
  fingerprint: string;
  name: string;
  size: number;
  mime: string | null;
  sha256: string | null;
  parent_id: number | null;
  chunk_size: number;
  total_chunks: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UploadChunksTable {
  upload_id: string;
  chunk_index: number;
  size: number;
  storage_key: string;
  created_at: Timestamp;
}

export interface FilePreviewTokensTable {
  token_hash: string;
  file_entry_id: number;
  expires_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  bans: BansTable;
  roles: RolesTable;
  permission_grants: PermissionGrantsTable;
  user_role: UserRoleTable;
  sessions: SessionsTable;
  access_tokens: AccessTokensTable;
  user_tokens: UserTokensTable;
  settings: SettingsTable;
  subscriptions: SubscriptionsTable;
  csv_exports: CsvExportsTable;
  counters: CountersTable;
  custom_pages: CustomPagesTable;
  custom_page_redirects: CustomPageRedirectsTable;
  title_import_removals: TitleImportRemovalsTable;
  localizations: LocalizationsTable;
  file_entries: FileEntriesTable;
  stored_objects: StoredObjectsTable;
  upload_sessions: UploadSessionsTable;
  upload_chunks: UploadChunksTable;
  file_preview_tokens: FilePreviewTokensTable;
  titles: TitlesTable;
  seasons: SeasonsTable;
  episodes: EpisodesTable;
  people: PeopleTable;
  creditables: CreditablesTable;
  images: ImagesTable;
  videos: VideosTable;
  video_captions: VideoCaptionsTable;
  title_tags: TitleTagsTable;
  title_tag: TitleTagTable;
  jobs: JobsTable;
  failed_jobs: FailedJobsTable;
  search_documents: SearchDocumentsTable;
  social_profiles: SocialProfilesTable;
  channels: ChannelsTable;
  channelables: ChannelablesTable;
  scheduled_tasks: ScheduledTasksTable;
  subscription_notices: SubscriptionNoticesTable;
  notifications: NotificationsTable;
  notification_mutes: NotificationMutesTable;
  notification_emails: NotificationMutesTable;
  notification_email_tokens: NotificationEmailTokensTable;
  audit_log: AuditLogTable;
  transcodes: TranscodesTable;
  ratings: RatingsTable;
  rating_totals: RatingTotalsTable;
  reviews: ReviewsTable;
  review_votes: ReviewVotesTable;
  video_votes: VideoVotesTable;
  comments: CommentsTable;
  content_reports: ContentReportsTable;
  news_articles: NewsArticlesTable;
  two_factor: TwoFactorTable;
  two_factor_challenges: TwoFactorChallengesTable;
  products: ProductsTable;
  prices: PricesTable;
  webhook_events: WebhookEventsTable;
  retired_gateway_ids: RetiredGatewayIdsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdateRow = Updateable<UsersTable>;
export type RoleRow = Selectable<RolesTable>;

/** A page served at /pages/{slug}; body is HTML (sanitized unless an admin saved it). */
export interface CustomPagesTable {
  id: Generated<number>;
  title: string;
  slug: string;
  body: string;
  type: string;
  user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** A slug a custom page had before a rename: /pages/{slug} redirects to the page's current slug. */
/** A season or episode an editor deleted from an imported title: a later import does not add it again. */
export interface TitleImportRemovalsTable {
  title_id: number;
  /** 'season:{number}' or 'episode:{the movie database's episode id}'. */
  item: string;
  created_at: Timestamp;
}

export interface CustomPageRedirectsTable {
  slug: string;
  page_id: number;
  created_at: Timestamp;
}
export type FileEntryRow = Selectable<FileEntriesTable>;

// catalogue
export interface TitlesTable {
  id: Generated<number>;
  name: string;
  is_series: Bool;
  original_title: string | null;
  poster: string | null;
  backdrop: string | null;
  /** YYYY-MM-DD */
  release_date: string | null;
  year: number | null;
  tagline: string | null;
  description: string | null;
  runtime: number | null;
  certification: string | null;
  budget: number | null;
  revenue: number | null;
  language: string | null;
  popularity: number | null;
  views: Generated<number>;
  /** Shown (and sorted and filtered by): the service's or the members' average, as the rating column setting says. */
  rating: number | null;
  vote_count: Generated<number>;
  /** The movie database service's vote average and count, kept whichever rating is shown. */
  tmdb_rating: number | null;
  tmdb_vote_count: Generated<number>;
  seasons_count: Generated<number>;
  episodes_count: Generated<number>;
  tmdb_id: number | null;
  imdb_id: string | null;
  /** The facts an editor changed on the site (JSON array of column names): a re-import from the movie database leaves them. */
  edited_fields: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SeasonsTable {
  id: Generated<number>;
  title_id: number;
  number: number;
  name: string | null;
  poster: string | null;
  description: string | null;
  release_date: string | null;
  episodes_count: Generated<number>;
  /** The facts an editor set on the site (JSON array of column names): a re-import from the movie database leaves them. */
  edited_fields: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EpisodesTable {
  id: Generated<number>;
  title_id: number;
  season_id: number;
  season_number: number;
  episode_number: number;
  name: string;
  description: string | null;
  poster: string | null;
  release_date: string | null;
  runtime: number | null;
  popularity: number | null;
  rating: number | null;
  tmdb_rating: number | null;
  tmdb_id: number | null;
  /** The facts an editor set on the site (JSON array of column names): a re-import from the movie database leaves them. */
  edited_fields: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PeopleTable {
  id: Generated<number>;
  name: string;
  known_for: string | null;
  poster: string | null;
  birth_date: string | null;
  death_date: string | null;
  birth_place: string | null;
  description: string | null;
  gender: string | null;
  popularity: number | null;
  views: Generated<number>;
  tmdb_id: number | null;
  imdb_id: string | null;
  /** The facts an editor changed on the site (JSON array of column names): an import from the movie database leaves them. */
  edited_fields: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CreditablesTable {
  id: Generated<number>;
  person_id: number;
  creditable_type: 'title' | 'season' | 'episode';
  creditable_id: number;
  title_id: number;
  character: string | null;
  department: string;
  job: string;
  order: Generated<number>;
  /** 'tmdb' for credits an import made (and replaces on the next one), 'local' for those added on the site. */
  origin: Generated<string>;
  created_at: Timestamp;
}

export interface ImagesTable {
  id: Generated<number>;
  model_type: 'title' | 'season' | 'episode' | 'person';
  model_id: number;
  url: string;
  type: Generated<string>;
  source: Generated<string>;
  order: Generated<number>;
  created_at: Timestamp;
}

export interface VideosTable {
  id: Generated<number>;
  name: string;
  title_id: number;
  season_num: number | null;
  episode_num: number | null;
  thumbnail: string | null;
  type: 'embed' | 'video' | 'stream' | 'external';
  src: string;
  quality: string | null;
  language: string | null;
  category: 'trailer' | 'clip' | 'featurette' | 'teaser' | 'full';
  approved: Bool;
  origin: Generated<string>;
  plays_count: Generated<number>;
  reports_count: Generated<number>;
  /** Members' votes (video_votes), counted in the vote's transaction. */
  upvotes: Generated<number>;
  downvotes: Generated<number>;
  order: Generated<number>;
  user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VideoCaptionsTable {
  id: Generated<number>;
  video_id: number;
  name: string;
  language: string | null;
  url: string;
  order: Generated<number>;
  created_at: Timestamp;
}

export interface TitleTagsTable {
  id: Generated<number>;
  type: TitleTagType;
  name: string;
  display_name: string | null;
  tmdb_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TitleTagTable {
  title_id: number;
  tag_id: number;
  /** 'tmdb' for tags an import attached (and replaces on the next one), 'local' for those attached on the site. */
  origin: Generated<string>;
}

/** A job waiting for the database queue driver's worker (migration 0005_jobs). */
export interface JobsTable {
  id: Generated<number>;
  name: string;
  /** JSON */
  payload: string;
  attempts: number;
  reserved_at: Timestamp | null;
  available_at: Timestamp;
  created_at: Timestamp;
}

/** A job that failed on its last try, whatever the driver. */
export interface FailedJobsTable {
  id: Generated<number>;
  driver: string;
  name: string;
  payload: string;
  exception: string;
  failed_at: Timestamp;
}

/** The database search driver's documents (SQLite keeps the text in search_documents_fts, keyed by id). */
export interface SearchDocumentsTable {
  id: Generated<number>;
  model: string;
  doc_id: number;
  body: string | null;
}

// social
/** A provider account linked to a user for social login (0013_social_profiles). */
export interface SocialProfilesTable {
  id: Generated<number>;
  user_id: number;
  service_name: string;
  user_service_id: string;
  username: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A channel or a user list (type 'list'); a user's Watchlist is an internal list. */
export interface ChannelsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string | null;
  type: 'channel' | 'list';
  user_id: number | null;
  public: Bool;
  internal: Bool;
  /** JSON of the Channel entity's config keys */
  config: string;
  items_count: number;
  version: number;
  auto_updated_at: Timestamp | null;
  auto_update_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChannelablesTable {
  id: Generated<number>;
  channel_id: number;
  channelable_type: 'title' | 'person' | 'episode' | 'news_article' | 'channel';
  channelable_id: number;
  order: number;
  created_at: Timestamp;
}

/** A member's notification (0053): its type and the record it is about. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: NotificationType;
  subject_id: number;
  read_at: Timestamp | null;
  created_at: Timestamp;
}

/** A kind of notification a member turned off (0054), or asked for by email too (`notification_emails`, 0055). */
export interface NotificationMutesTable {
  user_id: number;
  type: NotificationType;
  created_at: Timestamp;
}

/** The token a member's notification mails carry in their unsubscribe links (0056). */
export interface NotificationEmailTokensTable {
  user_id: number;
  token: string;
  created_at: Timestamp;
}

/** What a member was last told of a subscription (0052): mails go out when it moves away from this. */
export interface SubscriptionNoticesTable {
  subscription_id: number;
  product_id: number | null;
  ends_at: Timestamp | null;
  gateway_status: string | null;
  ended: Bool;
  /** The subscription's updated_at when it was last compared. */
  seen_at: Timestamp;
}

/** A recurring task's schedule, kept in the database so restarts neither skip nor double a run. */
export interface ScheduledTasksTable {
  name: string;
  next_run_at: Timestamp;
  locked_until: Timestamp | null;
  last_run_at: Timestamp | null;
  last_error: string | null;
}

/** A write made through the admin or with an access token. */
export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  via: 'session' | 'token';
  ip: string | null;
  method: string;
  action: string;
  record_type: string | null;
  record_id: string | null;
  status: number;
  /** JSON `{ field: [before, after] }` */
  changes: string | null;
  created_at: Timestamp;
}

/** A transcoding job: an uploaded file becoming a video's HLS ladder (migration 0030). */
export interface TranscodesTable {
  id: Generated<number>;
  video_id: number;
  user_id: number | null;
  state: 'queued' | 'probing' | 'running' | 'done' | 'failed' | 'cancelled';
  percent: number;
  error: string | null;
  source_file_id: number | null;
  source_key: string;
  source_disk: string | null;
  source_name: string;
  /** JSON TranscodeProbe */
  probe: string | null;
  /** JSON array of renditions */
  renditions: string;
  output_prefix: string | null;
  /** Bytes the finished ladder stored; null while not done or once replaced (0086). */
  output_size: number | null;
  worker: string | null;
  heartbeat_at: Timestamp | null;
  attempts: number;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
// ratings, reviews, comments (0026_reviews_comments)
export interface RatingsTable {
  id: Generated<number>;
  user_id: number;
  ratable_type: 'title' | 'episode';
  ratable_id: number;
  score: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Sum and count of an item's ratings, kept in step with `ratings` by the rating service. */
export interface RatingTotalsTable {
  ratable_type: 'title' | 'episode';
  ratable_id: number;
  score_sum: number;
  count: number;
}

export interface ReviewsTable {
  id: Generated<number>;
  user_id: number;
  reviewable_type: 'title';
  reviewable_id: number;
  score: number;
  title: string;
  body: string;
  helpful_count: Generated<number>;
  not_helpful_count: Generated<number>;
  reports_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VideoVotesTable {
  video_id: number;
  user_id: number;
  is_upvote: Bool;
  created_at: Timestamp;
}

export interface ReviewVotesTable {
  review_id: number;
  user_id: number;
  is_helpful: Bool;
  created_at: Timestamp;
}

export interface CommentsTable {
  id: Generated<number>;
  user_id: number;
  commentable_type: 'title' | 'episode' | 'video' | 'news_article';
  commentable_id: number;
  title_id: number | null;
  parent_id: number | null;
  content: string;
  deleted: Generated<Bool>;
  replies_count: Generated<number>;
  reports_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContentReportsTable {
  id: Generated<number>;
  user_id: number;
  reportable_type: 'review' | 'comment' | 'video';
  reportable_id: number;
  reason: string | null;
  created_at: Timestamp;
}
/** A news article; body is sanitized HTML, excerpt its plain text cut at 200 characters. Imported ones keep their feed item. */
export interface NewsArticlesTable {
  id: Generated<number>;
  title: string;
  slug: string;
  body: string;
  excerpt: string;
  image: string | null;
  source_url: string | null;
  source_guid: string | null;
  source_key: string | null;
  user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A user's TOTP set-up (migration 0034): recovery_codes is a JSON array of sha256 hashes, last_step the last accepted time step. */
export interface TwoFactorTable {
  user_id: number;
  secret: string;
  confirmed_at: Timestamp | null;
  recovery_codes: string;
  last_step: number | null;
  created_at: Timestamp;
}

/** A sign-in waiting for its second factor; the id is the sha256 of the pending cookie. */
export interface TwoFactorChallengesTable {
  id: string;
  user_id: number;
  expires_at: Timestamp;
  created_at: Timestamp;
  /** The sign-in's "stay signed in" choice, for the session the code step starts (0071). */
  remember: Generated<boolean>;
}

// billing (0032): plans, their prices (amount in minor units) and processed gateway events
export interface ProductsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  position: number;
  available_space: number | null;
  recommended: Bool;
  hidden: Bool;
  free: Bool;
  /** JSON array of strings. */
  feature_list: string;
  /** JSON array of permission grants. */
  permissions: string;
  stripe_id: string | null;
  paypal_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface PricesTable {
  id: Generated<number>;
  product_id: number;
  amount: number;
  currency: string;
  interval: string;
  interval_count: number;
  stripe_id: string | null;
  paypal_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface WebhookEventsTable {
  id: Generated<number>;
  gateway: string;
  event_id: string;
  type: string;
  status: string;
  message: string | null;
  created_at: Timestamp;
}
// 0041: gateway prices/plans/products we let go of, until plan sync has deactivated them at their gateway
export interface RetiredGatewayIdsTable {
  id: Generated<number>;
  gateway: 'stripe' | 'paypal';
  /** 'price': a Stripe price or a PayPal billing plan; 'product': a Stripe product. */
  kind: 'price' | 'product';
  gateway_id: string;
  created_at: Timestamp;
}
