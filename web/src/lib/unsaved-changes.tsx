import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useBlocker, type Blocker } from 'react-router';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { trans } from './i18n';

/**
 * Asks before leaving a form with unsaved changes: in-app navigation gets a dialog, closing or reloading
 * the tab gets the browser's own prompt. `scope` keeps navigation inside one form's pages (the appearance
 * editor's sections) free. Call `release()` right before a navigation that follows a successful save.
 * For an admin page's one form; the public site's pages, which can hold several (a review, comments, a reply),
 * mark drafts with `useDraftGuard` and its layout holds the one blocker (a router consults only its last).
 */
export function useUnsavedChanges(dirty: boolean, scope?: string) {
  const released = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (!dirty || released.current) return false;
    if (scope) return !nextLocation.pathname.startsWith(scope);
    return currentLocation.pathname !== nextLocation.pathname;
  });
  useEffect(() => {
    if (!dirty) released.current = false;
  }, [dirty]);
  useWarnOnUnload(dirty);
  return { dialog: <LeaveDialog blocker={blocker} />, release: () => { released.current = true; } };
}

function useWarnOnUnload(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => { e.preventDefault(); };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

function LeaveDialog({ blocker }: { blocker: Blocker }) {
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => { if (!open && blocker.state === 'blocked') blocker.reset(); }}
      title={trans('Leave without saving?')}
      body={trans('You have unsaved changes. They will be lost if you leave this page.')}
      confirm={trans('Leave')}
      danger
      onConfirm={() => blocker.proceed?.()}
    />
  );
}

/** The public site's forms holding text not sent yet, by a React id each. */
const drafts = new Set<string>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => { listeners.add(l); return () => { listeners.delete(l); }; };
const hasDrafts = () => drafts.size > 0;

/** Marks a form of a public page as holding unsent text while `dirty`: DraftGuard asks before the page is left. */
export function useDraftGuard(dirty: boolean) {
  const id = useId();
  useEffect(() => {
    if (!dirty) return;
    drafts.add(id);
    changed();
    return () => { drafts.delete(id); changed(); };
  }, [dirty, id]);
}

/** The public site's one blocker: leaving a page (not changing its query) with a draft on it asks first. */
export function DraftGuard() {
  const dirty = useSyncExternalStore(subscribe, hasDrafts);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => hasDrafts() && currentLocation.pathname !== nextLocation.pathname);
  useWarnOnUnload(dirty);
  return <LeaveDialog blocker={blocker} />;
}
