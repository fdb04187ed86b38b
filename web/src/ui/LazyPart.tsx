import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { trans } from '../lib/i18n';
import { retryFailedParts } from '../lib/retryable-lazy';
import { isCodeLoadError, isOffline, newBuildDeployed, reloadForNewBuild } from '../lib/stale-build';
import { Button } from './Button';

interface Props {
  children: ReactNode;
  /** Shown while the part's code loads (Suspense). */
  fallback: ReactNode;
  /** Shown instead of the notice when the part failed (`null`: nothing). */
  failed?: ReactNode;
  /** Puts the failure notice in the part's own frame (a section keeps its heading). */
  frame?: (notice: ReactNode) => ReactNode;
  /** Only a "Try again" button, for a spot as small as the header's. */
  compact?: boolean;
  onError?: (error: unknown) => void;
}

/**
 * A lazily loaded part of a page (a section below the fold, an editor, a map, a dialog): when its code cannot be
 * loaded or it fails to render, only this part says so and offers to try again (see retryableLazy); the rest of the
 * page, and whatever its forms hold, stays. Without it the failure reached the route's error page, which replaced
 * the whole page or reloaded it. When the part's code is gone because the site was upgraded since the tab opened (the
 * server's page names another build), it says a new version is available and offers to reload, never on its own:
 * the page may hold unsaved work.
 */
export class LazyPart extends Component<Props, { error: unknown; newVersion: boolean }> {
  override state: { error: unknown; newVersion: boolean } = { error: null, newVersion: false };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('failed'), newVersion: false };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
    this.props.onError?.(error);
    // Gone after an upgrade, or the network: only the server's current page tells which.
    if (isCodeLoadError(error) && !isOffline()) {
      void newBuildDeployed().then((yes) => { if (yes && this.state.error === error) this.setState({ newVersion: true }); });
    }
  }

  override render() {
    if (this.state.error === null) return <Suspense fallback={this.props.fallback}>{this.props.children}</Suspense>;
    if (this.props.failed !== undefined) return this.props.failed;
    const notice = this.state.newVersion
      ? <NewVersion compact={this.props.compact} />
      : <PartFailed compact={this.props.compact} retry={() => { retryFailedParts(); this.setState({ error: null }); }} />;
    return this.props.frame ? this.props.frame(notice) : notice;
  }
}

function PartFailed({ compact, retry }: { compact?: boolean; retry: () => void }) {
  const message = trans('This part of the page could not be loaded.');
  if (compact) {
    return (
      <Button size="sm" variant="text" onClick={retry}>
        <span className="sr-only">{message}</span>{trans('Try again')}
      </Button>
    );
  }
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-bg-elevated p-3 text-sm">
      <span>{message}</span>
      <Button size="sm" onClick={retry}>{trans('Try again')}</Button>
    </div>
  );
}

/** The part's code is gone after an upgrade: only loading the page again brings the current build's. */
function NewVersion({ compact }: { compact?: boolean }) {
  const message = trans('A new version is available.');
  // Marks the reload (stale-build.ts), so that a route whose code is missing right after it shows its error page.
  const reload = () => { if (!reloadForNewBuild()) window.location.reload(); };
  if (compact) {
    return (
      <Button size="sm" variant="text" onClick={reload}>
        <span className="sr-only">{message}</span>{trans('Reload')}
      </Button>
    );
  }
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-bg-elevated p-3 text-sm">
      <span>{message}</span>
      <Button size="sm" onClick={reload}>{trans('Reload')}</Button>
    </div>
  );
}
