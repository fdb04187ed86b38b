import { z } from '../zod.ts';
import { NOTIFICATION_TYPES, type NotificationSettings, type NotificationType, type SiteNotification } from '../notifications.ts';
import { entity, isoTime, paginated, recordId, EXAMPLE_TIME as T } from './common.ts';
import { contentAuthorEntity } from './reviews.ts';

export const notificationEntity = entity({
  id: recordId,
  type: z.enum(NOTIFICATION_TYPES),
  actor: contentAuthorEntity.nullable(),
  place: z.string(),
  link: z.string(),
  excerpt: z.string(),
  image: z.string().nullable(),
  episode: entity({ season_number: z.number().int(), episode_number: z.number().int(), name: z.string(), count: z.number().int() }).nullable(),
  read_at: isoTime.nullable(),
  created_at: isoTime,
}).meta({
  id: 'Notification',
  examples: [{
    id: 31, type: 'comment_reply', actor: { id: 12, display_name: 'Ada Lovelace', avatar: null, has_profile: true }, place: 'Crimson Harbor',
    link: '/titles/5/crimson-harbor#comments', excerpt: 'Agreed, the ending was perfect.', image: null, episode: null, read_at: null, created_at: T,
  }, {
    id: 32, type: 'new_episode', actor: null, place: 'Night River', link: '/titles/7/night-river/season/2/episode/1',
    excerpt: 'The crew returns to the river.', image: 'storage/title-posters/night-river.jpg',
    episode: { season_number: 2, episode_number: 1, name: 'Homecoming', count: 1 }, read_at: null, created_at: T,
  }, {
    id: 33, type: 'now_streaming', actor: null, place: 'Silent Harbor', link: '/titles/1/silent-harbor',
    excerpt: 'An unlikely group through the longest winter.', image: 'storage/title-posters/silent-harbor.jpg', episode: null, read_at: null, created_at: T,
  }],
}) satisfies z.ZodType<SiteNotification>;

export const notificationListResponse = entity({ ...paginated(notificationEntity).shape, unread: z.number().int() });
export const unreadNotificationsResponse = entity({ unread: z.number().int() });
export const notificationUnsubscribeResponse = entity({ unsubscribed: z.array(z.enum(NOTIFICATION_TYPES)) })
  .meta({ id: 'NotificationUnsubscribe', examples: [{ unsubscribed: ['new_episode'] }] });
/** One switch per kind. */
const kindSwitches = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, z.boolean()])) as Record<NotificationType, z.ZodBoolean>;
export const notificationSettingsResponse = entity({
  settings: entity({ ...kindSwitches, email: entity(kindSwitches) }) satisfies z.ZodType<NotificationSettings>,
}).meta({
  id: 'NotificationSettings',
  examples: [{ settings: { comment_reply: true, new_episode: false, now_streaming: true, email: { comment_reply: false, new_episode: false, now_streaming: true } } }],
});
