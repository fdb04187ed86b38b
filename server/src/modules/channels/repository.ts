import { channelConfigSchema, type Channel, type ChannelConfig, type ChannelOwner } from '@app/contracts';
import { toBool, type Db } from '../../db/index.ts';
import type { ChannelsTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import { displayName } from '../users/repository.ts';

export const CHANNEL_COLUMNS = [
  'channels.id', 'channels.name', 'channels.slug', 'channels.description', 'channels.type', 'channels.user_id',
  'channels.public', 'channels.internal', 'channels.config', 'channels.items_count', 'channels.version',
  'channels.auto_updated_at', 'channels.auto_update_error', 'channels.created_at', 'channels.updated_at',
] as const;

export type ChannelRow = Selectable<ChannelsTable>;

/** A stored config read back through the schema, so a key added later gets its default. */
export function parseConfig(raw: string): ChannelConfig {
  let json: unknown;
  try { json = JSON.parse(raw); } catch { json = {}; }
  const res = channelConfigSchema.safeParse(json);
  return res.success ? res.data : channelConfigSchema.parse({});
}

export function toChannel(row: ChannelRow): Channel {
  return {
    id: Number(row.id), name: row.name, slug: row.slug, description: row.description, type: row.type,
    public: toBool(row.public), internal: toBool(row.internal), user_id: row.user_id === null ? null : Number(row.user_id),
    config: parseConfig(row.config), items_count: Number(row.items_count), version: Number(row.version),
    auto_updated_at: row.auto_updated_at, auto_update_error: row.auto_update_error, created_at: row.created_at, updated_at: row.updated_at,
  };
}

/** By numeric id or by slug (slugs may be all digits only when no channel has that id). */
export async function findChannel(db: Db, slugOrId: string | number): Promise<Channel | null> {
  const key = String(slugOrId);
  const id = /^\d{1,12}$/.test(key) ? Number(key) : null;
  if (id !== null) {
    const byId = await db.selectFrom('channels').select(CHANNEL_COLUMNS).where('id', '=', id).executeTakeFirst();
    if (byId) return toChannel(byId);
  }
  if (key.length > 100) return null;
  const bySlug = await db.selectFrom('channels').select(CHANNEL_COLUMNS).where('slug', '=', key).executeTakeFirst();
  return bySlug ? toChannel(bySlug) : null;
}

export async function findChannels(db: Db, ids: number[]): Promise<Map<number, Channel>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('channels').select(CHANNEL_COLUMNS).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), toChannel(r)]));
}

export async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('channels').select('id').where('slug', '=', slug);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

const OWNER_COLUMNS = ['id', 'email', 'first_name', 'last_name', 'avatar'] as const;

/** Adds each channel's owner (`with=user`) with one query for the page. */
export async function attachOwners<T extends { user_id: number | null }>(db: Db, rows: T[]): Promise<(T & { user: ChannelOwner | null })[]> {
  const ids = [...new Set(rows.map((p) => p.user_id).filter((id): id is number => id !== null))];
  const users = ids.length ? await db.selectFrom('users').select(OWNER_COLUMNS).where('id', 'in', ids).execute() : [];
  const byId = new Map(users.map((u) => [u.id, { id: u.id, email: u.email, avatar: u.avatar, display_name: displayName(u) }]));
  return rows.map((p) => ({ ...p, user: p.user_id === null ? null : byId.get(p.user_id) ?? null }));
}

/** Channel ids a channel nests directly. */
export async function nestedChannelIds(db: Db, channelId: number): Promise<number[]> {
  const rows = await db.selectFrom('channelables').select('channelable_id')
    .where('channel_id', '=', channelId).where('channelable_type', '=', 'channel').execute();
  return rows.map((r) => Number(r.channelable_id));
}
