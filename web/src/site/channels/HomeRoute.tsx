import { lazy, Suspense } from 'react';
import { useSetting } from '../../lib/auth';
import { ChannelView } from './ChannelView';
import { ChannelSkeleton } from './ChannelLayouts';

const Landing = lazy(() => import('../Landing').then((m) => ({ default: m.Component })));

/**
 * `/`: the home channel (the default), or the marketing landing when the site chose it (`client.homepage.type`) or
 * its home channel was deleted.
 */
export function Component() {
  const type = useSetting<string>('client.homepage.type', 'channel');
  const slug = useSetting<string>('client.homepage.channel', 'home');
  if (type !== 'channel') return <Suspense fallback={null}><Landing /></Suspense>;
  return (
    <div className="mx-auto w-full max-w-screen-2xl px-4 py-6 sm:px-6">
      <Suspense fallback={<ChannelSkeleton />}><ChannelView slug={slug || 'home'} missing={<Suspense fallback={null}><Landing /></Suspense>} /></Suspense>
    </div>
  );
}
