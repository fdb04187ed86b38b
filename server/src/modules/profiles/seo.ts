import { profileParamsSchema } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { registerSeoPage } from '../seo/index.ts';
import { absoluteUrl, callerOf, load, paramsOr404, whereOf } from '../seo/page-loading.ts';
import { seoTags } from '../seo/templates.ts';
import { setPageImage } from '../seo/page-state.ts';
import { SITEMAP_BATCH, keysetBatches, registerSitemapSource, type SitemapUrl } from '../settings/sitemap.ts';
import { loadProfilePage } from './service.ts';
import { memberLabel } from '../users/repository.ts';

/**
 * /users/{id}: a member's profile. The HTML carries `GET users/{id}/profile` as the visitor asking gets it, and a
 * ProfilePage ld+json; no permission answers 403, a hidden or unknown member 404 (as the API).
 */
registerSeoPage({
  key: 'user-profile',
  pattern: '/users/:id',
  template: `${seoTags('{{profile.name}} - {{site_name}}', '{{profile.description}}', '{{profile.image}}', 'profile')}
<script type="application/ld+json">{{json ld}}</script>`,
  async resolve(ctx, m) {
    const id = paramsOr404(m, profileParamsSchema, 'User')?.id;
    if (!id) return null;
    const data = await load(m.req, `users/${id}/profile`, async () => loadProfilePage(ctx, await callerOf(ctx, m.req), id));
    if (!data) return null;
    setPageImage(m.req, data.user.avatar);
    const { base, url } = await whereOf(ctx, m);
    const image = absoluteUrl(base, data.user.avatar) ?? '';
    const u = data.user;
    const name = memberLabel(u);
    return {
      profile: {
        name, image, description: `${name}: ${u.reviews_count} reviews, ${u.lists_count} public lists.`,
      },
      ld: {
        '@context': 'https://schema.org', '@type': 'ProfilePage', url, dateCreated: u.created_at,
        mainEntity: { '@type': 'Person', name, image: image || undefined, identifier: String(u.id) },
      },
    };
  },
});

/**
 * Profiles in the sitemap only when signed-out visitors (and so crawlers) may open them: the default guests role does
 * not hold users.view. Members who published a review or a public list, not suspended, in keyset batches by id.
 */
async function* profiles(ctx: AppContext): AsyncGenerator<SitemapUrl> {
  const rows = keysetBatches((after) => ctx.db.selectFrom('users').select('id').where('id', '>', after).where('banned_at', 'is', null)
    .where((eb) => eb.or([
      eb.exists(eb.selectFrom('reviews').select('reviews.id').whereRef('reviews.user_id', '=', 'users.id')),
      eb.exists(eb.selectFrom('channels').select('channels.id').whereRef('channels.user_id', '=', 'users.id')
        .where('channels.type', '=', 'list').where('channels.public', '=', true as never).where('channels.internal', '=', false as never)),
    ]))
    .orderBy('id').limit(SITEMAP_BATCH).execute());
  for await (const r of rows) yield { loc: `/users/${r.id}` };
}

export function profilesSitemapSource(): void {
  registerSitemapSource('profiles', profiles, 'users.view');
}
