import { registerSeoPage } from '../seo/index.ts';
import { loadWatch } from './watch.ts';

const absolute = (base: string, u: string | null) => (u && u.startsWith('/') ? `${base}${u}` : u ?? '');

/**
 * /watch/{id}: the player page's tags with a schema.org VideoObject. Only approved videos are described;
 * the content URL is left out (the page is where it plays).
 */
registerSeoPage({
  key: 'watch',
  pattern: '/watch/:id',
  template: `<title>Watch {{video.name}} - {{site_name}}</title>
<meta name="description" content="{{video.description}}">
<link rel="canonical" href="{{url}}">
<meta property="og:site_name" content="{{site_name}}">
<meta property="og:url" content="{{url}}">
<meta property="og:title" content="Watch {{video.name}} - {{site_name}}">
<meta property="og:description" content="{{video.description}}">
<meta property="og:type" content="video.other">
<meta property="og:image" content="{{video.image}}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="Watch {{video.name}} - {{site_name}}">
<meta name="twitter:description" content="{{video.description}}">
<meta name="twitter:image" content="{{video.image}}">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"VideoObject","name":{{json video.name}},"description":{{json video.description}},"thumbnailUrl":{{json video.image}},"uploadDate":{{json video.created_at}},"embedUrl":{{json url}},"interactionStatistic":{"@type":"InteractionCounter","interactionType":{"@type":"WatchAction"},"userInteractionCount":{{json video.plays_count}}}}</script>`,
  async resolve(ctx, match) {
    const id = /^\d{1,10}$/.test(match.params.id) ? Number(match.params.id) : 0;
    if (!id) return null;
    const data = await loadWatch(ctx.db, id, { canEdit: false, userId: null });
    if (!data) return null;
    const created = await ctx.db.selectFrom('videos').select('created_at').where('id', '=', id).executeTakeFirst();
    const base = ((await ctx.settings.get('server.app_url')) || ctx.config.appUrl).replace(/\/+$/, '');
    const description = data.episode?.description || data.title.description || data.title.name;
    return {
      video: {
        name: data.video.name, description, image: absolute(base, data.video.thumbnail ?? data.title.backdrop ?? data.title.poster),
        created_at: created?.created_at ?? '', plays_count: data.video.plays_count,
      },
    };
  },
});
