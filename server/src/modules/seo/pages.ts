import { registerSeoPage } from './registry.ts';
import { SEARCH_QUERY_MAX, translate } from '@app/contracts';
import { seoTags } from './templates.ts';
import { linesOf } from '../localizations/service.ts';
import { embedChannelPage } from '../channels/page-data.ts';
import { callerOf } from './page-loading.ts';

/**
 * SEO pages of the appearance slice. Other features register theirs the same way from their own
 * module (e.g. registerSeoPage({ key: 'title', pattern: '/titles/:id', resolve: loadTitleVars })).
 */
// The home page shows the home channel (unless the site chose the marketing landing): its first page comes embedded.
registerSeoPage({
  key: 'landing',
  pattern: '/',
  async resolve(ctx, m) {
    if ((await ctx.settings.get('client.homepage.type')) === 'channel') {
      await embedChannelPage(ctx, m.req, await callerOf(ctx, m.req), (await ctx.settings.get('client.homepage.channel')) || 'home');
    }
    return {};
  },
});

/** The public shell's own pages: generic tags with the page's name, as the page's heading reads, in the page's language. */
const shellPage = (key: string, pattern: string, title: string) => registerSeoPage({
  key, pattern,
  resolve: async (ctx, m) => ({ page_title: translate(await linesOf(ctx, m.language), title) }),
  template: seoTags('{{page_title}} - {{site_name}}', '{{site_description}}', '{{site_image}}', 'website', 'summary'),
});
shellPage('contact', '/contact', 'Contact us');
shellPage('people', '/people', 'People');
shellPage('login', '/login', 'Sign in to your account');
shellPage('register', '/register', 'Create a new account');
shellPage('movies', '/movies', 'Movies');
shellPage('series', '/series', 'Series');
shellPage('pricing', '/pricing', 'Pricing');

/**
 * /search names its query as the page's heading does. Its results are the site's own search, not pages for search
 * engines to list (they follow its links to the titles and people instead).
 */
registerSeoPage({
  key: 'search',
  pattern: '/search',
  async resolve(ctx, m) {
    const lines = await linesOf(ctx, m.language);
    const query = (m.query.get('query') ?? '').trim().slice(0, SEARCH_QUERY_MAX);
    return { page_title: query ? translate(lines, 'Search results for ":query"', { query }) : translate(lines, 'Search') };
  },
  template: `${seoTags('{{page_title}} - {{site_name}}', '{{site_description}}', '{{site_image}}', 'website', 'summary')}
<meta name="robots" content="noindex, follow">`,
});
