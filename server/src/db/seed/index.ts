import type { AppContext } from '../../context.ts';
import { nowIso } from '../index.ts';
import { hashPassword, randomToken } from '../../lib/crypto.ts';
import { seedDefaultRoles } from './roles.ts';
import { seedDemoUsers } from './users.ts';
import { seedDefaultLocalization } from './localizations.ts';
import { seedDemoCatalogue } from './catalogue.ts';
import { seedDemoNews } from './news.ts';
import { seedChannels } from './channels.ts';
import { seedDemoBilling } from './billing.ts';
import { demoAuthors, seedDemoCommunity } from './community.ts';
import { seedDemoAnalytics } from './analytics.ts';

/**
 * Runs on every start and does work only on the first: default roles, the admin account and,
 * unless disabled, a demo catalogue, members' reviews and public lists, news, subscription plans (with subscriptions switched on)
 * and ninety days of visits and plays for the reports.
 * Answers the admin credentials when it created them.
 */
export async function seed(ctx: AppContext, opts: { demo: boolean }): Promise<{ email: string; password: string } | null> {
  const roles = await seedDefaultRoles(ctx.db);
  await seedDefaultLocalization(ctx.db);
  const anyUser = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return null;
  const email = (ctx.config.admin.email ?? 'admin@example.com').toLowerCase();
  const password = ctx.config.admin.password ?? randomToken(12);
  const now = nowIso();
  // Another server starting at the same moment may have created the admin since the check above: the unique e-mail
  // decides which one seeds, and the other starts as on any later run.
  const hash = await hashPassword(password);
  const admin = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('users').values({
      email, password: hash, first_name: 'Site', last_name: 'Admin', avatar: null, available_space: null,
      email_verified_at: now, banned_at: null, created_at: now, updated_at: now,
    }).onConflict((oc) => oc.column('email').doNothing()).returning('id').executeTakeFirst();
    if (row) await trx.insertInto('user_role').values({ user_id: row.id, role_id: roles.admin, created_at: now }).execute();
    return row;
  });
  if (!admin) return null;
  const members = opts.demo ? await seedDemoUsers(ctx, roles) : [];
  if (opts.demo) await seedDemoCatalogue(ctx);
  if (opts.demo) await seedDemoCommunity(ctx, members);
  if (opts.demo) await seedDemoNews(ctx);
  if (opts.demo) await seedDemoBilling(ctx, admin.id);
  // Before the channels: their first auto update ranks "Most watched this week" by these plays.
  if (opts.demo) await seedDemoAnalytics(ctx, demoAuthors(members));
  await seedChannels(ctx);
  return { email, password };
}
