import { z } from '../zod.ts';
import { NOTIFICATION_TYPES, type SiteNotification } from '../notifications.ts';
import { entity, isoTime, paginated, recordId, EXAMPLE_TIME as T } from './common.ts';
import { contentAuthorEntity } from './reviews.ts';

export const notificationEntity = entity({
  id: recordId,
  type: z.enum(NOTIFICATION_TYPES),
  actor: contentAuthorEntity.nullable(),
  place: z.string(),
  link: z.string(),
  excerpt: z.string(),
  read_at: isoTime.nullable(),
  created_at: isoTime,
}).meta({
  id: 'Notification',
  examples: [{
    id: 31, type: 'comment_reply', actor: { id: 12, display_name: 'Ada Lovelace', avatar: null }, place: 'Crimson Harbor',
    link: '/titles/5/crimson-harbor#comments', excerpt: 'Agreed, the ending was perfect.', read_at: null, created_at: T,
  }],
}) satisfies z.ZodType<SiteNotification>;

export const notificationListResponse = entity({ ...paginated(notificationEntity).shape, unread: z.number().int() });
export const unreadNotificationsResponse = entity({ unread: z.number().int() });
