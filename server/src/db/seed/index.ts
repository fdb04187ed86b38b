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

/** Written last by the first-run seed: later starts leave the site as its operators made it. */
export const SEED_MARKER = 'seed.completed_at';

async function seedCompleted(ctx: AppContext): Promise<boolean> {
  return Boolean(await ctx.db.selectFrom('settings').select('name').where('name', '=', SEED_MARKER).executeTakeFirst());
}

async function markSeedCompleted(ctx: AppContext): Promise<void> {
  const now = nowIso();
  await ctx.db.insertInto('settings').values({ name: SEED_MARKER, value: JSON.stringify(now), updated_at: now })
    .onConflict((oc) => oc.column('name').doNothing()).execute();
}

/**
 * Runs on every start and does work only until the first run has completed: default roles, the admin account and,
 * unless disabled, a demo catalogue, members' reviews and public lists, news, subscription plans (with subscriptions switched on)
 * and ninety days of visits and plays for the reports, then the default channels. Each step adds only what is missing,
 * and a marker written last ends the set-up: a first start that died half-way (after the admin account, before the
 * channels) is completed by the next start, while on a completed site nothing the operators deleted comes back.
 * Answers the admin credentials when it created them, and hands them to `onAdminCreated` at once: a start that dies
 * during the demo data has still shown the password (a random one unless configured) the next start cannot show again.
 */
export async function seed(ctx: AppContext, opts: { demo: boolean; onAdminCreated?: (admin: { email: string; password: string }) => void }): Promise<{ email: string; password: string } | null> {
  const roles = await seedDefaultRoles(ctx.db);
  await seedDefaultLocalization(ctx.db);
  if (await seedCompleted(ctx)) return null;
  const anyUser = await ctx.db.selectFrom('users').select('id').where('id', 'in', ctx.db.selectFrom('user_role').select('user_id').where('role_id', '=', roles.admin)).orderBy('id').limit(1).executeTakeFirst();
  let created: { email: string; password: string } | null = null;
  let adminId = anyUser?.id;
  if (!adminId) {
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
    adminId = admin.id;
    created = { email, password };
    opts.onAdminCreated?.(created);
  }
  if (opts.demo) {
    const members = await seedDemoUsers(ctx, roles);
    await seedDemoCatalogue(ctx);
    await seedDemoCommunity(ctx, members);
    await seedDemoNews(ctx);
    await seedDemoBilling(ctx, adminId);
    // Before the channels: their first auto update ranks "Most watched this week" by these plays.
    await seedDemoAnalytics(ctx, demoAuthors(members));
  }
  await seedChannels(ctx);
  await markSeedCompleted(ctx);
  return created;
}
