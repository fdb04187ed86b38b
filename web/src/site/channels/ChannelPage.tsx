import { useParams } from 'react-router';
import { ChannelView } from './ChannelView';

/** `/channel/:slug`: any channel in its layout (the SEO tags come server-rendered from modules/channels/seo.ts). */
export function Component() {
  const { slug = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-screen-2xl px-4 py-6 sm:px-6">
      <ChannelView key={slug} slug={slug} />
    </div>
  );
}
