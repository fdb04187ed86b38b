import { PAYMENT_DUE_STATUSES, grantsAccess, translate, type Lines } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { toBool, type Db } from '../../db/index.ts';
import { composeMail, type MailBody } from '../../drivers/mail/compose.ts';
import { linesOf, mailLanguage } from '../localizations/service.ts';
import { EVERY_TICK, registerRecurring } from '../scheduler/index.ts';

/**
 * Members hear about their subscription by mail: when it starts, moves to another plan, is cancelled (and until when
 * they keep access), resumed, ends, or when a payment fails. Many paths write subscriptions (gateway webhooks and
 * syncs, checkout returns, the admin, the member's own cancel and resume), so none of them mails: a job compares each
 * changed subscription with what its member was last told (`subscription_notices`) and mails the difference. It reads
 * only what changed since its last pass (by `updated_at`) and what ended since (by `ends_at`), and mails outside any
 * transaction, once: a redelivered webhook that changes nothing is not news.
 */

export type Notice = 'started' | 'planChanged' | 'paymentFailed' | 'cancelled' | 'resumed' | 'ended';

export interface NoticeState {
  product_id: number | null;
  ends_at: string | null;
  gateway_status: string | null;
  ended: boolean;
}


/** What to tell a member whose subscription was `told` and now is `now` (told undefined: never mailed). */
export function noticeOf(told: NoticeState | undefined, now: NoticeState): Notice | null {
  if (now.ended) return told && !told.ended ? 'ended' : null;
  if (!told || told.ended) return 'started';
  const due = (s: NoticeState) => s.gateway_status !== null && PAYMENT_DUE_STATUSES.includes(s.gateway_status);
  // Ahead of the end date it may bring: a suspended PayPal subscription is a payment to make, not a goodbye.
  if (due(now) && !due(told)) return 'paymentFailed';
  if (now.ends_at && !told.ends_at) return 'cancelled';
  if (!now.ends_at && told.ends_at) return 'resumed';
  if (now.product_id !== told.product_id) return 'planChanged';
  return null;
}

/** Changes read after the mark, to catch a write whose transaction committed after later ones. */
const MARGIN_MS = 10 * 60_000;
/** Ends older than this when first seen are stale news (the server was down that long). */
const LAPSE_WINDOW_MS = 7 * 24 * 3600_000;
const BATCH = 500;

function candidates(db: Db) {
  return db.selectFrom('subscriptions as s')
    .leftJoin('subscription_notices as n', 'n.subscription_id', 's.id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('products as p', 'p.id', 's.product_id')
    .select(['s.id', 's.user_id', 's.product_id', 's.ends_at', 's.renews_at', 's.gateway_status', 's.updated_at', 'u.email', 'p.name as plan',
      'n.subscription_id as told_id', 'n.product_id as told_product_id', 'n.ends_at as told_ends_at', 'n.gateway_status as told_status', 'n.ended as told_ended']);
}
type Candidate = Awaited<ReturnType<ReturnType<typeof candidates>['execute']>>[number];

/** One pass: mails what changed and records what was told. Answers the number of mails sent. */
export async function sendSubscriptionNotices(ctx: AppContext, at = new Date()): Promise<number> {
  const now = at.toISOString();
  const mark = await ctx.db.selectFrom('subscription_notices').select((eb) => eb.fn.max('seen_at').as('seen')).executeTakeFirst();
  const since = mark?.seen ? new Date(Date.parse(String(mark.seen)) - MARGIN_MS).toISOString() : null;
  const changed = await candidates(ctx.db)
    .$if(since !== null, (q) => q.where('s.updated_at', '>', since!))
    .where((eb) => eb.or([eb('n.seen_at', 'is', null), eb('s.updated_at', '>', eb.ref('n.seen_at'))]))
    .orderBy('s.updated_at').orderBy('s.id').limit(BATCH).execute();
  const lapsed = await candidates(ctx.db)
    .where('s.ends_at', '>', new Date(at.getTime() - LAPSE_WINDOW_MS).toISOString()).where('s.ends_at', '<=', now)
    .where('n.subscription_id', 'is not', null).where('n.ended', '=', false)
    .orderBy('s.ends_at').limit(BATCH).execute();
  const rows = new Map([...changed, ...lapsed].map((r) => [r.id, r]));
  const mailing = await ctx.settings.get('server.billing_notices');
  let sent = 0;
  let setting: Awaited<ReturnType<typeof mailSetting>> | undefined;
  for (const r of rows.values()) {
    const state = stateOf(r, now);
    const told = r.told_id === null ? undefined : { product_id: r.told_product_id, ends_at: r.told_ends_at, gateway_status: r.told_status, ended: toBool(r.told_ended) };
    // Nothing has started while the first payment is still due (Stripe's incomplete): left untold, so the payment
    // that gives access is the start.
    if (!told && !state.ended && !grantsAccess(state.gateway_status)) continue;
    const notice = noticeOf(told, state);
    // Recorded before the mail is queued: a crash in between loses one mail rather than sending it twice.
    await recordTold(ctx.db, r.id, state, r.updated_at);
    if (!notice || !mailing) continue;
    try {
      setting ??= await mailSetting(ctx);
      await ctx.mailer.send(await noticeMail(ctx, setting, notice, r));
      sent++;
    } catch (err) {
      // One member's mail that cannot be queued does not hold up the others'.
      await ctx.errors.capture(err, { tags: { source: 'billing:notices' } }).catch(() => undefined);
    }
  }
  return sent;
}

/** The subscriptions as they are now count as told (demo data seeded with a history nobody needs mailing about). */
export async function markSubscriptionsTold(db: Db, at = new Date()): Promise<void> {
  const now = at.toISOString();
  const rows = await db.selectFrom('subscriptions').select(['id', 'product_id', 'ends_at', 'gateway_status', 'updated_at']).execute();
  for (const r of rows) await recordTold(db, r.id, stateOf(r, now), r.updated_at);
}

type SubscriptionState = Pick<NoticeState, 'product_id' | 'ends_at' | 'gateway_status'>;
const stateOf = (r: SubscriptionState, now: string): NoticeState =>
  ({ product_id: r.product_id, ends_at: r.ends_at, gateway_status: r.gateway_status, ended: r.ends_at !== null && r.ends_at <= now });

async function recordTold(db: Db, subscriptionId: number, state: NoticeState, seenAt: string): Promise<void> {
  await db.insertInto('subscription_notices').values({ subscription_id: subscriptionId, ...state, seen_at: seenAt })
    .onConflict((oc) => oc.column('subscription_id').doUpdateSet({ ...state, seen_at: seenAt })).execute();
}

/** What every mail of a pass shares, read once per pass. */
async function mailSetting(ctx: AppContext) {
  return { site: await ctx.settings.mailSite(ctx.config.appUrl), zone: await ctx.settings.timezone() };
}

async function noticeMail(ctx: AppContext, { site, zone }: Awaited<ReturnType<typeof mailSetting>>, notice: Notice, r: Candidate) {
  const language = await mailLanguage(ctx, r.user_id);
  const lines = await linesOf(ctx, language);
  const date = (iso: string) => formatDay(iso, language, zone);
  const plan = r.plan ?? translate(lines, 'your plan');
  const manage = { label: translate(lines, 'Manage your subscription'), url: `${site.url}/account-settings#account-billing` };
  const renewal = r.renews_at && !r.ends_at ? [translate(lines, 'It renews on :date.', { date: date(r.renews_at) })] : [];
  const { subject, body } = noticeText(notice, { lines, plan, date, renewal, manage, r, siteUrl: site.url });
  return composeMail(site, r.email, subject, { ...body, language });
}

interface TextParts {
  lines: Lines | undefined;
  plan: string;
  date: (iso: string) => string;
  renewal: string[];
  manage: { label: string; url: string };
  r: Candidate;
  siteUrl: string;
}

function noticeText(notice: Notice, { lines, plan, date, renewal, manage, r, siteUrl }: TextParts): { subject: string; body: MailBody } {
  switch (notice) {
    case 'started':
      return {
        subject: translate(lines, 'Your :plan subscription has started', { plan }),
        body: { paragraphs: [translate(lines, 'Thank you for subscribing. Everything :plan includes is yours to watch now.', { plan }), ...renewal], action: { label: translate(lines, 'Start watching'), url: siteUrl } },
      };
    case 'planChanged':
      return { subject: translate(lines, 'Your plan is now :plan', { plan }), body: { paragraphs: [translate(lines, 'Your subscription moved to :plan.', { plan }), ...renewal], action: manage } };
    case 'paymentFailed':
      return {
        subject: translate(lines, 'Your payment for :plan did not go through', { plan }),
        body: {
          paragraphs: [translate(lines, 'We could not take the payment for your :plan subscription.', { plan }),
            r.ends_at ? translate(lines, 'Unless it is paid, your access ends on :date.', { date: date(r.ends_at) }) : translate(lines, 'The payment will be tried again: please check that your payment details are up to date.')],
          action: manage,
        },
      };
    case 'cancelled':
      return {
        subject: translate(lines, 'Your :plan subscription is cancelled', { plan }),
        body: { paragraphs: [translate(lines, 'You keep access until :date.', { date: date(r.ends_at!) }), translate(lines, 'Changed your mind? You can resume it from your account until then.')], action: manage },
      };
    case 'resumed':
      return { subject: translate(lines, 'Your :plan subscription continues', { plan }), body: { paragraphs: [translate(lines, 'Your subscription will not end.'), ...renewal], action: manage } };
    case 'ended':
      return {
        subject: translate(lines, 'Your :plan subscription has ended', { plan }),
        body: { paragraphs: [translate(lines, 'Thank you for watching with us. You can subscribe again at any time.')], action: { label: translate(lines, 'See plans'), url: `${siteUrl}/pricing` } },
      };
  }
}

/** A day as the member's language writes it ("March 5, 2031"); a language Intl does not know falls back to English. */
export function formatDay(iso: string, language: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeZone };
  try {
    return new Intl.DateTimeFormat(language, options).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en', options).format(new Date(iso));
  }
}

registerRecurring('billing:notices', EVERY_TICK, (ctx) => sendSubscriptionNotices(ctx));
