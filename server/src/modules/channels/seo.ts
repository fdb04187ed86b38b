import { ITEM_TYPE_OF_MODEL, can, type ChannelWithContent } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { registerSeoPage } from '../seo/index.ts';
import { registerSitemapSource, type SitemapUrl } from '../settings/sitemap.ts';
import { findChannel } from './repository.ts';
import { channelHasContent } from './content.ts';
import { setPageRedirect, setPageStatus } from '../seo/page-state.ts';
import { canSeeChannel, mayViewItems } from './access.ts';
import { loadPermissions } from '../roles/permissions.ts';
import { absoluteUrl, callerOf, siteImage } from '../seo/page-loading.ts';
import { embedChannelPage } from './page-data.ts';
import { seoTags } from '../seo/templates.ts';

// A channel page's tags: its SEO title and description when set, else its name and description.
registerSeoPage({
  key: 'channel',
  pattern: '/channel/:slug',
  template: `${seoTags('{{channel.title}} - {{site_name}}', '{{channel.description}}', '{{channel.image}}', 'website', '{{channel.card}}')}
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
    const shown = await embedChannelPage(ctx, req, caller, params.slug);
    // Its share preview shows its first picture (as the visitor may see it), else the site's image on a small card.
    const base = await ctx.settings.siteUrl(ctx.config.appUrl);
    const picture = absoluteUrl(base, shown && firstPicture(shown));
    return {
      channel: {
        image: picture ?? await siteImage(ctx, base),
        card: picture ? 'summary_large_image' : 'summary',
        title: channel.config.seoTitle || channel.name,
        description: channel.config.seoDescription || channel.description || channel.name,
        updated_at: channel.updated_at,
      },
    };
  },
});

/** The backdrop (else poster) of the first item that has one; in a channel of channels, of its rows' items. */
function firstPicture(channel: ChannelWithContent): string | null {
  const items = channel.content.data.flatMap((item) => (item.model_type === 'channel' ? item.content?.data ?? [] : [item]));
  const item = items.find((i) => i.backdrop || i.poster);
  return item ? (item.backdrop || item.poster) ?? null : null;
}

async function* channels(ctx: AppContext): AsyncGenerator<SitemapUrl> {
  const rows = await ctx.db.selectFrom('channels').select(['slug', 'updated_at'])
    .where('type', '=', 'channel').where('public', '=', true as any).orderBy('id').limit(50_000).execute();
  // The home page's channel is the site's root, which the sitemap already lists: its /channel/ address would be a duplicate.
  const home = (await ctx.settings.get('client.homepage.type')) === 'channel' ? await ctx.settings.get('client.homepage.channel') : null;
  // Crawlers come as guests: a channel of titles is empty to them when guests may not view titles.
  const guests = await loadPermissions(ctx.db, null);
  const guest = { can: (name: string) => can(guests, name) };
  for (const r of rows) {
    if (r.slug === home) continue;
    // A channel with nothing in it ("Nothing to show here yet.") is no page for a search engine.
    const channel = await findChannel(ctx.db, r.slug);
    const type = channel && ITEM_TYPE_OF_MODEL.get(channel.config.contentModel);
    if (type && !mayViewItems(guest, type)) continue;
    if (channel && await channelHasContent(ctx, channel)) yield { loc: `/channel/${r.slug}`, lastmod: r.updated_at ? String(r.updated_at).slice(0, 10) : null };
  }
}
registerSitemapSource('channels', channels, 'channels.view');
