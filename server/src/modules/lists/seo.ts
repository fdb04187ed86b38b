import { LIST_ITEMS_PER_PAGE } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { registerSeoPage } from '../seo/index.ts';
import { absoluteUrl, callerOf, load, whereOf } from '../seo/page-loading.ts';
import { setPageImage, setPageNoindex, setPageStatus } from '../seo/page-state.ts';
import { seoTags } from '../seo/templates.ts';
import { SITEMAP_BATCH, keysetBatches, registerSitemapSource, type SitemapUrl } from '../settings/sitemap.ts';
import { loadListPage } from './service.ts';
import { ownerNotSuspended } from './repository.ts';
import { memberLabel } from '../users/repository.ts';

const clip = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * /lists/{id}: the shareable page of a list. The HTML carries the list's first page (as `GET lists/{id}` answers it to
 * the visitor asking), its name, description and an ItemList ld+json; a private list opened by anyone but its owner
 * answers 404 like the API, so its existence is not revealed, and opened by its owner it is marked noindex.
 */
registerSeoPage({
  key: 'user-list',
  pattern: '/lists/:id',
  template: `${seoTags('{{list.name}} - {{site_name}}', '{{list.description}}', '{{list.image}}', 'website', 'summary')}
<script type="application/ld+json">{{json list.ld}}</script>`,
  async resolve(ctx, m) {
    const id = /^[1-9]\d{0,9}$/.test(m.params.id) ? Number(m.params.id) : 0;
    const caller = await callerOf(ctx, m.req);
    if (!id || !caller.can('lists.view')) {
      setPageStatus(m.req, id ? 403 : 404);
      return null;
    }
    const data = await load(m.req, `lists/${id}`, () => loadListPage(ctx, { userId: caller.userId ?? null, canSeeAll: caller.can('lists.update') }, id, { perPage: LIST_ITEMS_PER_PAGE }));
    if (!data) return null;
    const { base, url } = await whereOf(ctx, m);
    const first = data.items.data[0];
    setPageImage(m.req, first?.poster, { slot: 'poster' });
    // A private list reaches only its owner (or a moderator): titled as the list, but no page for search engines.
    if (!data.list.public) setPageNoindex(m.req);
    const description = data.list.description || `A list by ${memberLabel(data.list.user)}: ${data.list.items_count} titles.`;
    return {
      list: {
        name: data.list.name, description: clip(description), image: absoluteUrl(base, first?.poster) ?? '',
        ld: {
          '@context': 'https://schema.org', '@type': 'ItemList', name: data.list.name, description, url,
          numberOfItems: data.list.items_count, dateModified: data.list.updated_at,
          itemListElement: data.items.data.slice(0, 10).map((t, i) => ({ '@type': 'ListItem', position: i + 1, url: `${base}/titles/${t.id}`, name: t.name })),
        },
      },
    };
  },
});

/** Public lists of members who are not suspended in the sitemap, in keyset batches by id. */
async function* publicLists(ctx: AppContext): AsyncGenerator<SitemapUrl> {
  const rows = keysetBatches((after) => ctx.db.selectFrom('channels').select(['id', 'updated_at'])
    .where('type', '=', 'list').where('public', '=', true as never).where(ownerNotSuspended).where('id', '>', after).orderBy('id').limit(SITEMAP_BATCH).execute());
  for await (const r of rows) yield { loc: `/lists/${r.id}`, lastmod: r.updated_at.slice(0, 10) };
}

export function listsSitemapSource(): void {
  registerSitemapSource('lists', publicLists, 'lists.view');
}
