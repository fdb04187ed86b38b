import { describe, expect, it } from 'vitest';
import { seed } from '../src/db/seed/index.ts';
import { seedDemoUsers } from '../src/db/seed/users.ts';
import { seedDemoCatalogue } from '../src/db/seed/catalogue.ts';
import { createTestApp } from './helper.ts';

/**
 * A first start that dies half-way (the process is killed while the demo data is written, or the disk fills up):
 * the roles, the admin account (createTestApp makes both), the demo members and the demo catalogue are there, the
 * rest is not. The next start completes the set-up without making twice what was already made, and a start after
 * that changes nothing, not even bringing back what an operator deleted.
 */
const t = await createTestApp();
const db = t.ctx.db;

const counts = async () => Object.fromEntries(await Promise.all((['users', 'titles', 'news_articles', 'products', 'reviews', 'comments', 'channels', 'page_views'] as const)
  .map(async (table) => [table, Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)])));

describe('first start after a crash during the first run', () => {
  it('shows the admin credentials as soon as the account exists, before the demo data', async () => {
    const app = await createTestApp();
    await app.ctx.db.deleteFrom('user_role').execute();
    await app.ctx.db.deleteFrom('users').execute();
    const shown: unknown[] = [];
    // The demo data fails (the process dies there): the password was shown all the same.
    app.ctx.db.selectFrom = new Proxy(app.ctx.db.selectFrom, { apply: (fn, self, args) => {
      if (args[0] === 'titles') throw new Error('killed');
      return Reflect.apply(fn, self, args);
    } });
    await expect(seed(app.ctx, { demo: true, onAdminCreated: (c) => shown.push(c) })).rejects.toThrow('killed');
    expect(shown).toEqual([{ email: 'admin@example.com', password: expect.any(String) }]);
  });

  it('completes the set-up, then leaves the site as the operators made it', async () => {
    await seedDemoUsers(t.ctx, t.roles);
    await seedDemoCatalogue(t.ctx);
    const crashed = await counts();
    expect(crashed.channels).toBe(0);

    // The admin account exists, so no credentials are printed again.
    expect(await seed(t.ctx, { demo: true })).toBeNull();
    const done = await counts();
    expect(done.users).toBe(crashed.users);
    expect(done.titles).toBe(crashed.titles);
    for (const table of ['news_articles', 'products', 'reviews', 'comments', 'page_views'] as const) expect(done[table], table).toBeGreaterThan(0);
    const home = await db.selectFrom('channels').select('slug').where('type', '=', 'channel').where('slug', 'in', ['home', 'movies', 'series', 'people']).execute();
    expect(home.map((c) => c.slug).sort()).toEqual(['home', 'movies', 'series', 'people'].sort());
    expect(await t.ctx.settings.get('client.billing.enable')).toBe(true);

    // A normal restart changes nothing.
    expect(await seed(t.ctx, { demo: true })).toBeNull();
    expect(await counts()).toEqual(done);

    // The operator deletes the news and every channel: a restart does not bring them back.
    await db.deleteFrom('news_articles').execute();
    await db.deleteFrom('channelables').execute();
    await db.deleteFrom('channels').where('type', '=', 'channel').execute();
    const edited = await counts();
    expect(await seed(t.ctx, { demo: true })).toBeNull();
    expect(await counts()).toEqual(edited);
  }, 120_000);
});
