import type { AppContext } from '../../context.ts';
import { resetToDefault } from '../../modules/channels/defaults.ts';

/** The default channels (home page rows, movies, series, people) on a site that has none yet. */
export async function seedChannels(ctx: AppContext): Promise<void> {
  const any = await ctx.db.selectFrom('channels').select('id').where('type', '=', 'channel').limit(1).executeTakeFirst();
  if (!any) await resetToDefault(ctx);
}
