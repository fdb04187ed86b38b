import { channelConfigSchema, type Channel, type ChannelConfig, type ChannelOwner, type Pagination } from '@app/contracts';
import { toBool, whereStartsWith, type Db } from '../../db/index.ts';
import type { ChannelsTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import { displayName } from '../users/repository.ts';
import { ownerNotSuspended } from '../lists/repository.ts';
import { paginate, type ListDefinition, invalidFilter } from '../../http/list-query.ts';

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
  if (res.success) return res.data;
  // One unknown value (an old or hand-edited one) falls back to its own default, not the whole config: a manual
  // channel read as "List all content" would be saved back that way and lose its items.
  if (json && typeof json === 'object' && !Array.isArray(json)) {
    const bad = new Set(res.error.issues.map((i) => String(i.path[0])));
    const again = channelConfigSchema.safeParse(Object.fromEntries(Object.entries(json).filter(([k]) => !bad.has(k))));
    if (again.success) return again.data;
  }
  return channelConfigSchema.parse({});
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

/**
 * Adds each channel's owner (`with=user`) with one query for the page. The owner's email is for managers only
 * (the admin lists table shows it): anyone else reading public lists gets the name and avatar a profile shows.
 */
export async function attachOwners<T extends { user_id: number | null }>(db: Db, rows: T[], audience: { email: boolean }): Promise<(T & { user: ChannelOwner | null })[]> {
  const ids = [...new Set(rows.map((p) => p.user_id).filter((id): id is number => id !== null))];
  const users = ids.length ? await db.selectFrom('users').select(OWNER_COLUMNS).where('id', 'in', ids).execute() : [];
  const byId = new Map(users.map((u): [number, ChannelOwner] => [u.id, {
    id: u.id, avatar: u.avatar, display_name: displayName(u), ...(audience.email ? { email: u.email } : {}),
  }]));
  return rows.map((p) => ({ ...p, user: p.user_id === null ? null : byId.get(p.user_id) ?? null }));
}

/** Channel ids a channel nests directly. */
export async function nestedChannelIds(db: Db, channelId: number): Promise<number[]> {
  const rows = await db.selectFrom('channelables').select('channelable_id')
    .where('channel_id', '=', channelId).where('channelable_type', '=', 'channel').execute();
  return rows.map((r) => Number(r.channelable_id));
}

const bool = (column: string) => (qb: any, f: { key: string; value: unknown }) => {
  if (typeof f.value !== 'boolean' && f.value !== 'true' && f.value !== 'false') throw invalidFilter(f.key);
  return qb.where(column, '=', f.value === true || f.value === 'true');
};

const listDefinition = (db: Db): ListDefinition => ({
  sorts: {
    name: 'channels.name', updated_at: 'channels.updated_at', created_at: 'channels.created_at', items_count: 'channels.items_count',
    public: 'channels.public', id: 'channels.id',
  },
  defaultSort: ['updated_at', 'desc'],
  tieBreaker: 'channels.id',
  filters: {
    user_id: (qb, f) => {
      const n = Number(f.value);
      if (!Number.isInteger(n)) throw invalidFilter(f.key);
      return qb.where('channels.user_id', f.operator === '!=' ? '!=' : '=', n);
    },
    public: bool('channels.public'),
  },
  // Names by prefix (channels and lists are named by people, so a prefix is what they type).
  search: (qb, query) => whereStartsWith(db, qb, 'channels.name', query),
});

export interface ChannelListScope {
  type: 'channel' | 'list';
  hideInternal: boolean;
  /** Not a manager of this type: public, non-internal rows only. */
  publicOnly: boolean;
}

/** `GET channel`: one page of channels or lists under the caller's scope. */
export async function listChannels(db: Db, scope: ChannelListScope, query: Record<string, unknown>): Promise<Pagination<Channel>> {
  let base = db.selectFrom('channels').select(CHANNEL_COLUMNS).where('channels.type', '=', scope.type);
  if (scope.hideInternal) base = base.where('channels.internal', '=', false as any);
  if (scope.publicOnly) base = base.where('channels.public', '=', true as any).where('channels.internal', '=', false as any);
  // A suspended member's lists answer 404 as their profile does, so they are not listed either.
  if (scope.publicOnly && scope.type === 'list') base = base.where(ownerNotSuspended);
  return paginate(base, query, listDefinition(db), toChannel);
}

/** What the write check needs of each channel a bulk delete names. */
export async function channelWriteRefs(db: Db, ids: number[]): Promise<Pick<Channel, 'type' | 'user_id'>[]> {
  const rows = await db.selectFrom('channels').select(['id', 'type', 'user_id']).where('id', 'in', ids).execute();
  return rows.map((r) => ({ type: r.type, user_id: r.user_id === null ? null : Number(r.user_id) }));
}

/** Names of the channels that show only the titles of one of these tags (config restrictionModelId); channels are few. */
export async function channelsRestrictedTo(db: Db, tagIds: number[]): Promise<string[]> {
  const ids = new Set(tagIds);
  const rows = await db.selectFrom('channels').select(['name', 'config']).where('type', '=', 'channel').orderBy('name').execute();
  return rows.filter((r) => {
    const config = parseConfig(r.config);
    return Boolean(config.restriction) && config.restrictionModelId != null && ids.has(Number(config.restrictionModelId));
  }).map((r) => r.name);
}
