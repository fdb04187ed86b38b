import { useParams } from 'react-router';
import { useDocumentTitle } from '../../admin/PageTitle';
import { trans } from '../../lib/i18n';
import { ChannelView, useChannelPages } from './ChannelView';
import { PAGE_WIDTH } from '../ui/page-width';
import { cn } from '../../ui/cn';

/** `/channel/:slug`: any channel in its layout (the SEO tags come server-rendered from modules/channels/seo.ts). */
export function Component() {
  const { slug = '' } = useParams();
  // The same query ChannelView reads (one request): the tab follows the channel on in-app navigation too, with its SEO
  // title when it has one, as the server-rendered head (modules/channels/seo.ts) has it.
  const channel = useChannelPages(slug).data?.pages[0];
  useDocumentTitle(channel ? channel.config?.seoTitle || channel.name : trans('Loading'));
  return (
    <div className={cn(PAGE_WIDTH, 'py-6')}>
      <ChannelView key={slug} slug={slug} />
    </div>
  );
}
