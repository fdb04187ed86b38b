import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { trans } from './i18n';

/**
 * Asks before leaving a form with unsaved changes: in-app navigation gets a dialog, closing or reloading
 * the tab gets the browser's own prompt. `scope` keeps navigation inside one form's pages (the appearance
 * editor's sections) free. Call `release()` right before a navigation that follows a successful save.
 */
export function useUnsavedChanges(dirty: boolean, scope?: string) {
  const released = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (!dirty || released.current) return false;
    if (scope) return !nextLocation.pathname.startsWith(scope);
    return currentLocation.pathname !== nextLocation.pathname;
  });
  useEffect(() => {
    if (!dirty) {
      released.current = false;
      return;
    }
    const warn = (e: BeforeUnloadEvent) => { e.preventDefault(); };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const dialog = (
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
  return { dialog, release: () => { released.current = true; } };
}
