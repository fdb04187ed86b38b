import { nowIso, type Db } from '../../db/index.ts';

/** SQL for two-factor sign-in: the user's TOTP row and pending sign-in challenges. */

export const findTwoFactor = (db: Db, userId: number) =>
  db.selectFrom('two_factor').select(['secret', 'confirmed_at', 'recovery_codes', 'last_step']).where('user_id', '=', userId).executeTakeFirst();

/** Starts (or restarts) a set-up; never over a confirmed one. One statement, so two set-ups at once cannot collide. */
export async function saveUnconfirmed(db: Db, userId: number, secret: string): Promise<void> {
  const now = nowIso();
  await db.insertInto('two_factor').values({ user_id: userId, secret, confirmed_at: null, recovery_codes: '[]', last_step: null, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, recovery_codes: '[]', last_step: null, created_at: now }).where('two_factor.confirmed_at', 'is', null))
    .execute();
}

/**
 * Records `step` as used. The condition is the claim: of two requests with the same code only the one whose update
 * moved last_step forward goes on, so a code is accepted at most once.
 */
export async function claimStep(db: Db, userId: number, step: number): Promise<boolean> {
  const res = await db.updateTable('two_factor').set({ last_step: step }).where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)])).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function confirm(db: Db, userId: number, recoveryHashes: string[]): Promise<void> {
  await db.updateTable('two_factor').set({ confirmed_at: nowIso(), recovery_codes: JSON.stringify(recoveryHashes) }).where('user_id', '=', userId).execute();
}

/** Swaps the recovery code list only if nobody changed it meanwhile (a used code cannot be used twice in a race). */
export async function replaceRecoveryCodes(db: Db, userId: number, before: string, after: string[]): Promise<boolean> {
  const res = await db.updateTable('two_factor').set({ recovery_codes: JSON.stringify(after) })
    .where('user_id', '=', userId).where('recovery_codes', '=', before).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Answers whether 2FA was on (a set-up never confirmed goes too, but does not count). */
export async function removeTwoFactor(db: Db, userId: number): Promise<boolean> {
  const res = await db.deleteFrom('two_factor').where('user_id', '=', userId).returning('confirmed_at').execute();
  return res.some((r) => r.confirmed_at);
}

export async function createChallenge(db: Db, id: string, userId: number, expiresAt: string, remember: boolean): Promise<void> {
  await db.deleteFrom('two_factor_challenges').where('expires_at', '<', nowIso()).execute();
  await db.insertInto('two_factor_challenges').values({ id, user_id: userId, expires_at: expiresAt, created_at: nowIso(), remember }).execute();
}

export const findChallenge = (db: Db, id: string) =>
  db.selectFrom('two_factor_challenges').innerJoin('users', 'users.id', 'two_factor_challenges.user_id')
    .select(['two_factor_challenges.user_id', 'two_factor_challenges.expires_at', 'two_factor_challenges.remember', 'users.email']).where('two_factor_challenges.id', '=', id).executeTakeFirst();

/** Uses a challenge up; false when another request already did. */
export async function claimChallenge(db: Db, id: string): Promise<boolean> {
  const res = await db.deleteFrom('two_factor_challenges').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
