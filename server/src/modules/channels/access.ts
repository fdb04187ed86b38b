import type { Channel, ChannelItemType, ChannelWithContent } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { notFound } from '../../http/errors.ts';
import { channelWithContent } from './content.ts';
import { findChannel } from './repository.ts';
import { listOpenToAll } from '../lists/service.ts';

/** Who is asking: the request's auth, or the visitor a server-rendered page is for. */
export interface ChannelCaller { can(name: string): boolean; userId?: number | null }

/**
 * The permissions a caller needs to see items of a type in a channel, as their own pages and search ask for them
 * (an episode needs titles.view and episodes.view); nested channels are the channel's own business.
 */
const ITEM_PERMISSIONS: ReadonlyMap<ChannelItemType, readonly (readonly string[])[]> = new Map([
  ['title', [['titles.view', 'titles.update']]],
  ['person', [['people.view', 'people.update']]],
  ['episode', [['titles.view', 'titles.update'], ['episodes.view', 'episodes.update']]],
  ['news_article', [['news.view', 'news.update']]],
  ['channel', []],
]);

/** Whether `caller` may see items of `type` inside a channel: every group needs one of its permissions. */
export function mayViewItems(caller: ChannelCaller, type: ChannelItemType): boolean {
  const groups = ITEM_PERMISSIONS.get(type);
  return groups !== undefined && groups.every((any) => any.some((p) => caller.can(p)));
}

/**
 * A list is seen by its owner and list managers; a private one, or a suspended member's, is a 404 to anybody else
 * (as `GET lists/{id}` answers: not revealing it exists).
 */
export async function canSeeChannel(db: Db, caller: ChannelCaller, channel: Channel): Promise<boolean> {
  if (channel.type === 'channel') return channel.public || caller.can('channels.update');
  return channel.user_id === caller.userId || caller.can('lists.update') || listOpenToAll(db, channel);
}

export function canWriteChannel(caller: ChannelCaller, channel: Pick<Channel, 'type' | 'user_id'>): boolean {
  if (channel.type === 'channel') return caller.can('channels.update');
  return caller.can('lists.update') || (channel.user_id !== null && channel.user_id === caller.userId);
}

/**
 * `GET channel/{slugOrId}` as `caller` sees it: the route answers it, and the server-rendered home and channel pages
 * embed its first page, so the first render needs no round trip and shows exactly what the call would.
 */
export async function loadChannelPage(ctx: AppContext, caller: ChannelCaller, slugOrId: string, page: number, perPage: number): Promise<{ channel: ChannelWithContent }> {
  const channel = await findChannel(ctx.db, slugOrId);
  if (!channel || !(await canSeeChannel(ctx.db, caller, channel))) throw notFound('Channel not found');
  const full = await channelWithContent(ctx, channel, page, perPage, caller.can('channels.update'), (type) => mayViewItems(caller, type));
  return { channel: canWriteChannel(caller, channel) ? full : { ...full, auto_update_error: null } };
}
