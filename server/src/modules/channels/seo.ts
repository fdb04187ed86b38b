import type { AppContext } from '../../context.ts';
import { registerSeoPage } from '../seo/index.ts';
import { registerSitemapSource, type SitemapUrl } from '../settings/sitemap.ts';
import { findChannel } from './repository.ts';
import { channelHasContent } from './content.ts';
import { setPageRedirect, setPageStatus } from '../seo/page-state.ts';
import { canSeeChannel } from './access.ts';
import { callerOf } from '../seo/page-loading.ts';
import { embedChannelPage } from './page-data.ts';
import { seoTags } from '../seo/templates.ts';

// A channel page's tags: its SEO title and description when set, else its name and description.
registerSeoPage({
  key: 'channel',
  pattern: '/channel/:slug',
  template: `${seoTags('{{channel.title}} - {{site_name}}', '{{channel.description}}', '{{site_image}}', 'website', 'summary')}
<script type="application/ld+json">{"@context":"https://schema.org","@type":"CollectionPage","name":{{json channel.title}},"description":{{json channel.description}},"url":{{json url}},"dateModified":{{json channel.updated_at}}}</script>`,
  async resolve(ctx, { params, req }) {
    // The permissions GET channel/{slug} asks for: without them the head names nothing of the channel.
    const caller = await callerOf(ctx, req);
    if (!['channels.view', 'lists.view', 'channels.update'].some((p) => caller.can(p))) {
      setPageStatus(req, 403);
      return null;
    }
    const channel = await findChannel(ctx.db, params.slug);
    // A member's list has its own page: a shared /channel/ link to one the visitor may read moves there for good.
    if (channel?.type === 'list' && await canSeeChannel(ctx.db, caller, channel)) {
      setPageRedirect(req, `/lists/${channel.id}`);
      return null;
    }
    if (!channel || channel.type !== 'channel') {
      setPageStatus(req, 404);
      return null;
    }
    // Like the API: a private channel is a 404 to all but channel managers, who see it with the generic tags.
    if (!channel.public) {
      if (!caller.can('channels.update')) setPageStatus(req, 404);
      return null;
    }
    await embedChannelPage(ctx, req, caller, params.slug);
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
  // The home page's channel is the site's root, which the sitemap already lists: its /channel/ address would be a duplicate.
  const home = (await ctx.settings.get('client.homepage.type')) === 'channel' ? await ctx.settings.get('client.homepage.channel') : null;
  for (const r of rows) {
    if (r.slug === home) continue;
    // A channel with nothing in it ("Nothing to show here yet.") is no page for a search engine.
    const channel = await findChannel(ctx.db, r.slug);
    if (channel && await channelHasContent(ctx, channel)) yield { loc: `/channel/${r.slug}`, lastmod: r.updated_at ? String(r.updated_at).slice(0, 10) : null };
  }
}
registerSitemapSource('channels', channels, 'channels.view');
