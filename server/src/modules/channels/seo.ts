import type { AppContext } from '../../context.ts';
import { registerSeoPage } from '../seo/index.ts';
import { registerSitemapSource, type SitemapUrl } from '../settings/sitemap.ts';
import { findChannel } from './repository.ts';

// A channel page's tags: its SEO title and description when set, else its name and description.
registerSeoPage({
  key: 'channel',
  pattern: '/channel/:slug',
  template: `<title>{{channel.title}} - {{site_name}}</title>
<meta name="description" content="{{channel.description}}">
<link rel="canonical" href="{{url}}">
<meta property="og:site_name" content="{{site_name}}">
<meta property="og:url" content="{{url}}">
<meta property="og:title" content="{{channel.title}}">
<meta property="og:description" content="{{channel.description}}">
<meta property="og:type" content="website">
<meta property="og:image" content="{{site_image}}">
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="{{channel.title}}">
<meta name="twitter:description" content="{{channel.description}}">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"CollectionPage","name":{{json channel.title}},"description":{{json channel.description}},"url":{{json url}},"dateModified":{{json channel.updated_at}}}</script>`,
  async resolve(ctx, { params }) {
    const channel = await findChannel(ctx.db, params.slug);
    if (!channel || channel.type !== 'channel' || !channel.public) return null;
    return {
      channel: {
        title: channel.config.seoTitle || channel.name,
        description: channel.config.seoDescription || channel.description || channel.name,
        updated_at: channel.updated_at,
      },
    };
  },
});

async function* channels(ctx: AppContext): AsyncGenerator<SitemapUrl> {
  const rows = await ctx.db.selectFrom('channels').select(['slug', 'updated_at'])
    .where('type', '=', 'channel').where('public', '=', true as any).orderBy('id').limit(50_000).execute();
  for (const r of rows) yield { loc: `/channel/${r.slug}`, lastmod: r.updated_at ? String(r.updated_at).slice(0, 10) : null };
}
registerSitemapSource('channels', channels);
