import { imageAtWidth, translate, type Lines, type NotificationType, type SiteNotification } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { absoluteUrl, composeMail, type MailBody } from '../../drivers/mail/compose.ts';
import { linesOf, mailLanguages } from '../localizations/service.ts';
import { NOTIFICATION_COLUMNS, describeNotifications, live } from './service.ts';

/**
 * Notifications by email: members who asked for a kind by email (account settings, `notification_emails`) get a mail
 * with each notification of that kind, while the operator offers it (`client.notifications.email`). The mail follows
 * the notification: a kind turned off in the bell brings no notification and so no mail either.
 *
 * Whoever creates notifications hands their ids to `mailNotifications` once they are committed; a queued job reads
 * them back and mails them, so neither a comment's request nor the new-episode pass waits for a mail server.
 *
 * Every mail can be stopped without signing in: its small print links to /unsubscribe with the member's token
 * (`notification_email_tokens`), and its List-Unsubscribe header fields let mail clients offer one-click (RFC 8058).
 */
export const NOTIFICATION_MAIL_JOB = 'notifications.mail';
/** Notifications per job: a new season of a popular series reaches many inboxes in several jobs. */
const CHUNK = 200;

const offered = (ctx: AppContext) => ctx.settings.get('client.notifications.email');

/** Queues the mails of these new notifications. Never throws: the notifications are there whatever becomes of a mail. */
export async function mailNotifications(ctx: AppContext, ids: number[]): Promise<void> {
  try {
    if (!ids.length || !(await offered(ctx))) return;
    for (let i = 0; i < ids.length; i += CHUNK) await ctx.queue.dispatch(NOTIFICATION_MAIL_JOB, { ids: ids.slice(i, i + CHUNK) });
  } catch (err) {
    await ctx.errors.capture(err, { tags: { source: NOTIFICATION_MAIL_JOB } }).catch(() => undefined);
  }
}

/**
 * The job: mails each of the notifications whose member asked for its kind by email and may still sign in, unless it
 * was read (seen in the bell already) or its subject is gone. A lively thread mails once until the member looks: a
 * reply is not mailed while an earlier reply to the same comment is still unread. Answers the number of mails queued.
 */
export async function sendNotificationMails(ctx: AppContext, ids: number[]): Promise<number> {
  if (!ids.length || !(await offered(ctx))) return 0;
  const rows = await live(ctx.db)
    .innerJoin('notification_emails as wants', (j) => j.onRef('wants.user_id', '=', 'n.user_id').onRef('wants.type', '=', 'n.type'))
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .innerJoin('notification_email_tokens as key', 'key.user_id', 'n.user_id')
    .where('n.id', 'in', ids).where('n.read_at', 'is', null).where('u.banned_at', 'is', null)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('notifications as earlier').innerJoin('comments as ec', 'ec.id', 'earlier.subject_id')
      .select('earlier.id')
      .whereRef('earlier.user_id', '=', 'n.user_id').where('earlier.type', '=', 'comment_reply').where('earlier.read_at', 'is', null)
      .whereRef('earlier.id', '<', 'n.id').whereRef('ec.parent_id', '=', 'c.parent_id').where('ec.deleted', '=', false as never))))
    .select([...NOTIFICATION_COLUMNS, 'u.email', 'n.user_id as member_id', 'key.token'])
    .orderBy('n.id')
    .execute();
  const notes = await describeNotifications(ctx.db, rows);
  const site = await ctx.settings.mailSite(ctx.config.appUrl);
  const languages = await mailLanguages(ctx, rows.map((r) => r.member_id));
  let sent = 0;
  for (const [i, r] of rows.entries()) {
    const lines = await linesOf(ctx, languages.get(r.member_id)!);
    const stop = unsubscribeLinks(site.url, r.token, r.type);
    const { subject, body } = mailText(notes[i], lines, site, stop.page);
    await ctx.mailer.send({
      ...composeMail(site, r.email, subject, { ...body, language: languages.get(r.member_id)! }),
      // Mail clients show their own Unsubscribe button for these, and post to the address without opening it.
      headers: { 'List-Unsubscribe': `<${stop.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    sent++;
  }
  return sent;
}

/** Where a mail's member stops this kind of mail: the site's page (in the text) and the one-click call (the header). */
function unsubscribeLinks(siteUrl: string, token: string, type: NotificationType) {
  const query = new URLSearchParams({ token, type }).toString();
  return { page: `${siteUrl}/unsubscribe?${query}`, oneClick: `${siteUrl}/api/v1/notifications/unsubscribe?${query}` };
}

/** What a notification says by mail, in the member's language: the bell's headline as the subject. */
function mailText(n: SiteNotification, lines: Lines | undefined, site: { name: string; url: string }, unsubscribePage: string): { subject: string; body: MailBody } {
  const siteUrl = site.url;
  const footer = {
    text: translate(lines, 'You get this email because you asked for it in your notification settings.'),
    link: { label: translate(lines, 'Unsubscribe'), url: unsubscribePage },
  };
  const link = `${siteUrl}${n.link}`;
  // Shown 96 pixels wide: a stored poster is sent at 240 (sharp on 2x screens), not as uploaded.
  const poster = n.image ? absoluteUrl(imageAtWidth(n.image, 240), siteUrl) : null;
  const image = poster ? { image: { url: poster, alt: n.place } } : {};
  if (n.type === 'now_streaming') {
    return {
      subject: translate(lines, ':title is now streaming', { title: n.place }),
      body: {
        paragraphs: [translate(lines, ':title from your watchlist can now be watched on :site.', { title: n.place, site: site.name }), ...(n.excerpt ? [n.excerpt] : [])],
        action: { label: translate(lines, 'Watch now'), url: link },
        footer,
        ...image,
      },
    };
  }
  if (n.type === 'new_episode' && n.episode) {
    const e = n.episode;
    const code = translate(lines, 'S:season E:episode', { season: e.season_number, episode: e.episode_number });
    return {
      subject: e.count > 1 ? translate(lines, ':count new episodes of :title', { count: e.count, title: n.place }) : translate(lines, 'New episode of :title', { title: n.place }),
      body: {
        paragraphs: [`${code} · ${e.name}`, ...(n.excerpt ? [n.excerpt] : [])],
        action: { label: translate(lines, 'Watch now'), url: link },
        footer,
        ...image,
      },
    };
  }
  // A member without a name is "Member 52", as the site shows them.
  const name = n.actor ? n.actor.display_name || translate(lines, 'Member :id', { id: n.actor.id }) : translate(lines, 'Someone');
  return {
    subject: translate(lines, ':name replied to your comment on :place', { name, place: n.place }),
    // Who replied, in the body too: the subject line is not always in view where a mail is read.
    body: { paragraphs: [translate(lines, ':name wrote:', { name }), `“${n.excerpt}”`], action: { label: translate(lines, 'See the reply'), url: link }, footer },
  };
}
