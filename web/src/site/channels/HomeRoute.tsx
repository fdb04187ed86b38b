import { lazy, Suspense } from 'react';
import { useHomeTitle } from '../../admin/PageTitle';
import { useSetting } from '../../lib/auth';
import { ApiError } from '../../lib/api';
import { SiteChrome } from '../SiteLayout';
import { isAppearancePreview } from '../appearance/is-preview';
import { BecauseYouWatchedRow } from '../titles/BecauseYouWatched';
import { ContinueWatchingRow } from '../watch/ContinueWatching';
import { ChannelView, useChannelPages } from './ChannelView';
import { PAGE_WIDTH } from '../ui/page-width';
import { cn } from '../../ui/cn';

const Landing = lazy(() => import('../Landing').then((m) => ({ default: m.Component })));

function LandingPage() {
  return <Suspense fallback={null}><Landing /></Suspense>;
}

/** The home channel in the site chrome; the landing (which draws its own header) when that channel is gone. */
function HomeChannel({ slug }: { slug: string }) {
  const query = useChannelPages(slug);
  useHomeTitle();
  if (query.error instanceof ApiError && query.error.status === 404) return <LandingPage />;
  return (
    <SiteChrome>
      <div className={cn(PAGE_WIDTH, 'py-6')}><ChannelView slug={slug} afterFirstRow={<><ContinueWatchingRow /><BecauseYouWatchedRow /></>} /></div>
    </SiteChrome>
  );
}

/**
 * `/`: the home channel (the default), or the marketing landing when the site chose it (`client.homepage.type`).
 * The appearance editor's preview always shows the landing: that is the page its landing-page section and its
 * landing menus shape, and an operator prepares it there before making it the home page.
 */
export function Component() {
  const type = useSetting<string>('client.homepage.type', 'channel');
  const slug = useSetting<string>('client.homepage.channel', 'home');
  if (type !== 'channel' || isAppearancePreview) return <LandingPage />;
  return <HomeChannel slug={slug || 'home'} />;
}
