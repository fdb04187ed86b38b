import { registerSeoPage } from '../seo/index.ts';
import { loadWatch } from './watch.ts';
import { seoTags } from '../seo/templates.ts';
import { absoluteUrl, callerOf, whereOf } from '../seo/page-loading.ts';
import { setPageStatus } from '../seo/page-state.ts';
import { linesOf } from '../localizations/service.ts';
import { translate } from '@app/contracts';

/**
 * /watch/{id}: the player page's tags with a schema.org VideoObject. Only approved videos are described;
 * the content URL is left out (the page is where it plays).
 */
registerSeoPage({
  key: 'watch',
  pattern: '/watch/:id',
  template: `${seoTags('{{video.heading}} - {{site_name}}', '{{video.description}}', '{{video.image}}', 'video.other')}
<script type="application/ld+json">{"@context":"https://schema.org","@type":"VideoObject","name":{{json video.name}},"description":{{json video.description}},"thumbnailUrl":{{json video.image}},"uploadDate":{{json video.created_at}},"embedUrl":{{json url}},"interactionStatistic":{"@type":"InteractionCounter","interactionType":{"@type":"WatchAction"},"userInteractionCount":{{json video.plays_count}}}}</script>`,
  async resolve(ctx, match) {
    const id = /^\d{1,10}$/.test(match.params.id) ? Number(match.params.id) : 0;
    const caller = await callerOf(ctx, match.req);
    if (id && !caller.can('videos.view')) {
      setPageStatus(match.req, 403);
      return null;
    }
    // Like the API: an unapproved video is a 404 to all but those who may edit videos (who get the generic tags).
    const data = id ? await loadWatch(ctx.db, id, { canEdit: caller.can('videos.update'), userId: null }) : null;
    if (!data) setPageStatus(match.req, 404);
    if (!data?.video.approved) return null;
    const created = await ctx.db.selectFrom('videos').select('created_at').where('id', '=', id).executeTakeFirst();
    const { base } = await whereOf(ctx, match);
    const description = data.episode?.description || data.title.description || data.title.name;
    return {
      video: {
        name: data.video.name, heading: translate(await linesOf(ctx, match.language), 'Watch :name', { name: data.video.name }), description, image: absoluteUrl(base, data.video.thumbnail ?? data.title.backdrop ?? data.title.poster) ?? '',
        created_at: created?.created_at ?? '', plays_count: data.video.plays_count,
      },
    };
  },
});
