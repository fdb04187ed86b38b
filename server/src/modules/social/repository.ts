import type { SocialProfile, SocialProvider } from '@app/contracts';
import { nowIso, type Db } from '../../db/index.ts';
import type { OAuthProfile } from './providers.ts';

export function findByServiceId(db: Db, provider: SocialProvider, serviceId: string) {
  return db.selectFrom('social_profiles').select(['id', 'user_id'])
    .where('service_name', '=', provider).where('user_service_id', '=', serviceId).executeTakeFirst();
}

/** Links (or re-links) the user's account at this provider; a user has one per provider. */
export async function saveProfile(db: Db, userId: number, provider: SocialProvider, profile: OAuthProfile): Promise<void> {
  const now = nowIso();
  await db.insertInto('social_profiles').values({
    user_id: userId, service_name: provider, user_service_id: profile.id, username: profile.username?.slice(0, 191) ?? null, created_at: now, updated_at: now,
  }).onConflict((oc) => oc.columns(['user_id', 'service_name']).doUpdateSet({
    user_service_id: profile.id, username: profile.username?.slice(0, 191) ?? null, updated_at: now,
  })).execute();
}

export async function deleteProfile(db: Db, userId: number, provider: SocialProvider): Promise<number> {
  const res = await db.deleteFrom('social_profiles').where('user_id', '=', userId).where('service_name', '=', provider).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export function countForUser(db: Db, userId: number): Promise<number> {
  return db.selectFrom('social_profiles').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId)
    .executeTakeFirstOrThrow().then((r) => Number(r.n));
}

export async function listForUser(db: Db, userId: number): Promise<SocialProfile[]> {
  const rows = await db.selectFrom('social_profiles').select(['id', 'service_name', 'username', 'created_at'])
    .where('user_id', '=', userId).orderBy('service_name').execute();
  return rows.map((r) => ({ ...r, service_name: r.service_name as SocialProvider }));
}
