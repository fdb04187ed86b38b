import { Lock } from 'lucide-react';
import { trans } from '../lib/i18n';

/** The red 'Suspended' badge beside a user's name (the users table, the moderation lists' authors). */
export function SuspendedBadge() {
  return <span className="shrink-0 rounded bg-danger/10 px-1.5 py-0.5 text-xs font-medium text-danger">{trans('Suspended')}</span>;
}

/** In place of a row's actions the caller may not take: a lock that says why (hover and screen readers). */
export function LockedActions({ reason }: { reason: string }) {
  return (
    <span role="img" className="inline-flex text-text-muted" title={reason} aria-label={reason}>
      <Lock size="1rem" aria-hidden />
    </span>
  );
}
