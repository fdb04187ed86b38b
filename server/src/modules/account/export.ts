import type { AppContext } from '../../context.ts';
import { nowIso, toBool } from '../../db/index.ts';
import { stillThere } from '../../http/errors.ts';
import { notificationSettings } from '../notifications/service.ts';
import '../plays/schema.ts';
import { fromCents } from '../billing/repository.ts';

/**
 * Everything the site keeps about one member, as they may take it away (`GET account/export`): their account, what
 * they wrote and rated, their votes on reviews and videos, their lists, what they watched and how far, where they are
 * signed in, their API tokens (names, never secrets), linked social accounts, subscriptions (plan, price and status), the notifications they
 * received and which they want. Titles are named beside their ids so the file reads on its own. Other people's data
 * (a list's likes, replies by others) is not theirs to take: a reply notification names the reply by id only.
 */
export async function accountExport(ctx: AppContext, userId: number) {
  const { db } = ctx;
  const account = stillThere(await db.selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'avatar', 'language', 'email_verified_at', 'created_at', 'updated_at'])
    .where('id', '=', userId).executeTakeFirst(), 'User not found');
  const [roles, twoFactor, sessions, tokens, social, subscriptions, reviews, comments, ratings, votes, videoVotes, reports, lists, progress, plays, notifications, received] = await Promise.all([
    db.selectFrom('user_role').innerJoin('roles', 'roles.id', 'user_role.role_id').select('roles.name').where('user_role.user_id', '=', userId).orderBy('roles.name').execute(),
    db.selectFrom('two_factor').select('confirmed_at').where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('sessions').select(['ip', 'user_agent', 'last_active_at', 'created_at']).where('user_id', '=', userId).where('expires_at', '>', nowIso())
      .orderBy('last_active_at', 'desc').execute(),
    db.selectFrom('access_tokens').select(['name', 'scopes', 'last_used_at', 'expires_at', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('social_profiles').select(['service_name', 'username', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('subscriptions').leftJoin('products', 'products.id', 'subscriptions.product_id').leftJoin('prices', 'prices.id', 'subscriptions.price_id')
      .select([
        'products.name as plan', 'prices.amount', 'prices.currency', 'prices.interval', 'prices.interval_count', 'subscriptions.description',
        'subscriptions.gateway_name as gateway', 'subscriptions.gateway_status as status', 'subscriptions.renews_at', 'subscriptions.ends_at', 'subscriptions.created_at',
      ])
      .where('subscriptions.user_id', '=', userId).orderBy('subscriptions.id').execute(),
    db.selectFrom('reviews').leftJoin('titles', 'titles.id', 'reviews.reviewable_id')
      .select(['reviews.reviewable_id as title_id', 'titles.name as title', 'reviews.score', 'reviews.title as headline', 'reviews.body', 'reviews.created_at', 'reviews.updated_at'])
      .where('reviews.user_id', '=', userId).orderBy('reviews.id').execute(),
    db.selectFrom('comments').select(['commentable_type as on_type', 'commentable_id as on_id', 'parent_id as reply_to', 'content', 'deleted', 'created_at', 'updated_at'])
      .where('user_id', '=', userId).orderBy('id').execute(),
    // A rated episode is named by its series and numbers, a rated title by its name.
    db.selectFrom('ratings as r')
      .leftJoin('episodes as e', (j) => j.onRef('e.id', '=', 'r.ratable_id').on('r.ratable_type', '=', 'episode'))
      .leftJoin('titles as t', (j) => j.on((eb) => eb.or([
        eb.and([eb('r.ratable_type', '=', 'title'), eb('t.id', '=', eb.ref('r.ratable_id'))]),
        eb('t.id', '=', eb.ref('e.title_id')),
      ])))
      .select(['r.ratable_type as type', 'r.ratable_id as id', 't.id as title_id', 't.name as title', 'e.season_number as season', 'e.episode_number as episode', 'r.score', 'r.created_at', 'r.updated_at'])
      .where('r.user_id', '=', userId).orderBy('r.id').execute(),
    db.selectFrom('review_votes').select(['review_id', 'is_helpful', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute(),
    db.selectFrom('video_votes as vv').innerJoin('videos as v', 'v.id', 'vv.video_id').leftJoin('titles as t', 't.id', 'v.title_id')
      .select(['vv.video_id', 'v.name as video', 'v.title_id', 't.name as title', 'vv.is_upvote', 'vv.created_at'])
      .where('vv.user_id', '=', userId).orderBy('vv.created_at').orderBy('vv.video_id').execute(),
    db.selectFrom('content_reports').select(['reportable_type as type', 'reportable_id as id', 'reason', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('channels').select(['id', 'name', 'description', 'public', 'internal', 'created_at', 'updated_at'])
      .where('user_id', '=', userId).where('type', '=', 'list').orderBy('id').execute(),
    db.selectFrom('video_progress as p').innerJoin('videos as v', 'v.id', 'p.video_id').leftJoin('titles as t', 't.id', 'v.title_id')
      .select(['v.title_id', 't.name as title', 'v.season_num as season', 'v.episode_num as episode', 'v.name as video', 'p.position', 'p.duration', 'p.updated_at'])
      .where('p.user_id', '=', userId).orderBy('p.updated_at', 'desc').execute(),
    db.selectFrom('plays as p').leftJoin('titles as t', 't.id', 'p.title_id')
      .select(['p.title_id', 't.name as title', 'p.season_num as season', 'p.episode_num as episode', 'p.seconds_watched', 'p.device', 'p.browser', 'p.platform', 'p.country', 'p.city', 'p.created_at'])
      .where('p.user_id', '=', userId).orderBy('p.id').execute(),
    notificationSettings(db, userId),
    db.selectFrom('notifications').select(['type', 'subject_id', 'read_at', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
  ]);
  const items = lists.length
    ? await db.selectFrom('channelables').select(['channel_id', 'channelable_type as type', 'channelable_id as id', 'created_at'])
      .where('channel_id', 'in', lists.map((l) => l.id)).orderBy('order').orderBy('id').execute()
    : [];
  return {
    exported_at: nowIso(),
    account: { ...account, roles: roles.map((r) => r.name), two_factor: Boolean(twoFactor?.confirmed_at) },
    sessions,
    api_tokens: tokens,
    social_accounts: social,
    subscriptions: subscriptions.map((s) => ({ ...s, amount: s.amount === null ? null : fromCents(s.amount) })),
    reviews,
    comments: comments.map((c) => ({ ...c, deleted: toBool(c.deleted) })),
    ratings,
    review_votes: votes.map((v) => ({ ...v, is_helpful: toBool(v.is_helpful) })),
    video_votes: videoVotes.map((v) => ({ ...v, is_upvote: toBool(v.is_upvote) })),
    reports,
    lists: lists.map(({ id, ...l }) => ({
      ...l, public: toBool(l.public), internal: toBool(l.internal),
      items: items.filter((i) => i.channel_id === id).map(({ channel_id: _c, ...i }) => i),
    })),
    watch_progress: progress,
    plays,
    notifications: received,
    notification_settings: notifications,
  };
}
