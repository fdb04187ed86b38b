import { z } from './zod.ts';
import type { ContentAuthor } from './reviews.ts';

/**
 * A member's notifications: someone replied to their comment; a series they follow has a new episode out; a title on
 * their watchlist can now be watched on the site.
 */
export const NOTIFICATION_TYPES = ['comment_reply', 'new_episode', 'now_streaming'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface SiteNotification {
  id: number;
  type: NotificationType;
  /** Who did it (public name), when they still have an account. */
  actor: ContentAuthor | null;
  /** What it happened on: a title, an episode, a video or a news article, named (for a new episode, the series). */
  place: string;
  /** Where the member sees it on the site. */
  link: string;
  /** The start of the reply, or of the new episode's or the title's description. */
  excerpt: string;
  /** A new episode's series poster; the poster of a title now streaming. */
  image: string | null;
  /** A new episode: the first of those out that day, and how many came out that day. */
  episode: NotifiedEpisode | null;
  read_at: string | null;
  created_at: string;
}

export interface NotifiedEpisode {
  season_number: number;
  episode_number: number;
  name: string;
  count: number;
}

/**
 * Which kinds of notification the member wants in the bell (all on until they turn one off), and which of those they
 * also want by email (none until they ask: `email`; offered while the site's `client.notifications.email` is on).
 */
export type NotificationSettings = Record<NotificationType, boolean> & { email: Record<NotificationType, boolean> };

const kinds = { comment_reply: z.boolean().optional(), new_episode: z.boolean().optional(), now_streaming: z.boolean().optional() };

/** `PUT notifications/settings`: the kinds to turn on or off, in the bell and by email; kinds left out keep their setting. */
export const notificationSettingsSchema = z.strictObject({ ...kinds, email: z.strictObject(kinds).optional() })
  .meta({ examples: [{ new_episode: false }, { email: { new_episode: true } }] });
export type NotificationSettingsInput = z.infer<typeof notificationSettingsSchema>;

/**
 * `POST notifications/unsubscribe?token=…&type=…`: a notification mail's unsubscribe link (or the mail client's
 * one-click unsubscribe) turns that kind off by email, or every kind without a type. The token is the member's own.
 */
export const notificationUnsubscribeQuery = z.object({
  // A cut-short or mangled link reads as not valid, like a wrong one, rather than naming a length.
  token: z.string().min(16, 'This unsubscribe link is not valid.').max(64, 'This unsubscribe link is not valid.'),
  type: z.enum(NOTIFICATION_TYPES).optional(),
}).meta({ examples: [{ token: 'o3Jr0bXq6cS2pN1vZt8yKwL4', type: 'new_episode' }] });
export type NotificationUnsubscribeQuery = z.infer<typeof notificationUnsubscribeQuery>;

/** `POST notifications/read`: these ids of the member's own, or all of them when none are given. */
export const notificationsReadSchema = z.object({ ids: z.array(z.number().int().positive()).max(100).optional() })
  .meta({ examples: [{ ids: [12, 13] }, {}] });
export type NotificationsReadInput = z.infer<typeof notificationsReadSchema>;
