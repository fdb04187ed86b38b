import { z } from './zod.ts';
import type { ContentAuthor } from './reviews.ts';

/** A member's notifications: what happened to them on the site (someone replied to their comment). */
export const NOTIFICATION_TYPES = ['comment_reply'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface SiteNotification {
  id: number;
  type: NotificationType;
  /** Who did it (public name), when they still have an account. */
  actor: ContentAuthor | null;
  /** What it happened on: a title, an episode, a video or a news article, named. */
  place: string;
  /** Where the member sees it on the site. */
  link: string;
  /** The start of the reply. */
  excerpt: string;
  read_at: string | null;
  created_at: string;
}

/** `POST notifications/read`: these ids of the member's own, or all of them when none are given. */
export const notificationsReadSchema = z.object({ ids: z.array(z.number().int().positive()).max(100).optional() })
  .meta({ examples: [{ ids: [12, 13] }, {}] });
export type NotificationsReadInput = z.infer<typeof notificationsReadSchema>;
