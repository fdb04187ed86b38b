import type { AppContext } from '../../context.ts';
import { hashPassword } from '../../lib/crypto.ts';

const FIRST = ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Ethan', 'Chloe', 'Lucas', 'Emma', 'Mason', 'Isla', 'Leo', 'Aria', 'Owen', 'Nora', 'Eli', 'Ruby', 'Jack', 'Lily', 'Finn', 'Maya', 'Hugo', 'Ivy', 'Theo', 'Elena'];
const LAST = ['Garcia', 'Smith', 'Nguyen', 'Johnson', 'Kowalski', 'Brown', 'Rossi', 'Müller', 'Dubois', 'Silva', 'Tanaka', 'Olsen', 'Novak', 'Evans', 'Ahmed', 'Costa', 'Schmidt', 'Walsh', 'Moreau', 'Lopez'];

const demoEmail = (i: number) => `${FIRST[i % FIRST.length]}.${LAST[(i * 7) % LAST.length]}${i}@example.com`.toLowerCase().replace('ü', 'u');

/**
 * Fifty believable accounts: spread over the last year, most confirmed, a few suspended, some subscribed. Answers their
 * ids in order; when a first start that died later already made them, answers theirs.
 */
export async function seedDemoUsers(ctx: AppContext, roles: { users: number; admin: number }): Promise<number[]> {
  const emails = Array.from({ length: 50 }, (_, i) => demoEmail(i));
  const existing = await ctx.db.selectFrom('users').select(['id', 'email']).where('email', 'in', emails).execute();
  if (existing.length) {
    const byEmail = new Map(existing.map((u) => [u.email, u.id]));
    return emails.flatMap((e) => (byEmail.has(e) ? [byEmail.get(e)!] : []));
  }
  const ids: number[] = [];
  const password = await hashPassword('password');
  const day = 24 * 3600 * 1000;
  await ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < 50; i++) {
      const first = FIRST[i % FIRST.length];
      const last = LAST[(i * 7) % LAST.length];
      const created = new Date(Date.now() - (365 - i * 7) * day).toISOString();
      const suspended = i % 12 === 5;
      const user = await trx.insertInto('users').values({
        email: emails[i],
        password, first_name: first, last_name: last, avatar: null, available_space: i % 10 === 0 ? 1024 ** 3 : null,
        email_verified_at: i % 4 === 3 ? null : created, banned_at: suspended ? created : null, created_at: created, updated_at: created,
      }).returning('id').executeTakeFirstOrThrow();
      ids.push(user.id);
      await trx.insertInto('user_role').values({ user_id: user.id, role_id: i === 7 ? roles.admin : roles.users, created_at: created }).execute();
      if (suspended) {
        await trx.insertInto('bans').values({ user_id: user.id, ban_until: null, comment: 'Repeated spam in comments.', created_by: null, created_at: created }).execute();
      }
      if (i % 5 === 1) {
        await trx.insertInto('subscriptions').values({
          user_id: user.id, product_id: null, price_id: null, gateway_name: 'stripe', gateway_id: null, description: null,
          renews_at: new Date(Date.now() + 20 * day).toISOString(), ends_at: null, created_at: created, updated_at: created,
        }).execute();
      }
    }
  });
  return ids;
}
