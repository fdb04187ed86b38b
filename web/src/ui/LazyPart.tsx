import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { trans } from '../lib/i18n';
import { retryFailedParts } from '../lib/retryable-lazy';
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
 * the whole page or reloaded it.
 */
export class LazyPart extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('failed') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
    this.props.onError?.(error);
  }

  override render() {
    if (this.state.error === null) return <Suspense fallback={this.props.fallback}>{this.props.children}</Suspense>;
    if (this.props.failed !== undefined) return this.props.failed;
    const notice = <PartFailed compact={this.props.compact} retry={() => { retryFailedParts(); this.setState({ error: null }); }} />;
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
