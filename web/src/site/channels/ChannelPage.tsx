import { useParams } from 'react-router';
import { useDocumentTitle } from '../../admin/PageTitle';
import { trans } from '../../lib/i18n';
import { ChannelView, useChannelPages } from './ChannelView';

/** `/channel/:slug`: any channel in its layout (the SEO tags come server-rendered from modules/channels/seo.ts). */
export function Component() {
  const { slug = '' } = useParams();
  // The same query ChannelView reads (one request): the tab follows the channel on in-app navigation too, with its SEO
  // title when it has one, as the server-rendered head (modules/channels/seo.ts) has it.
  const channel = useChannelPages(slug).data?.pages[0];
  useDocumentTitle(channel ? channel.config?.seoTitle || channel.name : trans('Loading'));
  return (
    <div className="mx-auto w-full max-w-screen-2xl px-4 py-6 sm:px-6">
      <ChannelView key={slug} slug={slug} />
    </div>
  );
}
