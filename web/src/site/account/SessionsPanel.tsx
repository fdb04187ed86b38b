import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import type { AccountSession } from '@app/contracts/account';
import { api, errorMessage } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/Toast';
import { Panel } from './Panel';

/**
 * A session as the log out button and its confirmation name it: the browser, where and when it signed in (two
 * sign-ins from one browser and address differ only by their time).
 */
const sessionName = (s: AccountSession) => [describeAgent(s.user_agent), s.ip, signedIn(s)].filter(Boolean).join(' · ');
const signedIn = (s: AccountSession) => trans('Signed in :date', { date: formatDateTime(s.created_at) });

/** A short, readable name for a browser from its user agent. */
function describeAgent(ua: string | null): string {
  if (!ua) return trans('Unknown device');
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : null;
  const os = /Windows/.test(ua) ? 'Windows' : /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS X/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : null;
  return [browser, os].filter(Boolean).join(' · ') || ua.slice(0, 60);
}

export function SessionsPanel() {
  const qc = useQueryClient();
  const [ending, setEnding] = useState<AccountSession | null>(null);
  const query = useQuery({
    queryKey: ['account-sessions'],
    queryFn: () => api.get<{ sessions: AccountSession[] }>('account/sessions').then((r) => r.sessions),
  });
  const logoutOthers = useMutation({
    mutationFn: () => api.post<{ count: number }>('account/sessions/logout-others'),
    onSuccess: () => { toast(trans('Logged out other sessions')); void qc.invalidateQueries({ queryKey: ['account-sessions'] }); },
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  const endOne = useMutation({
    mutationFn: (id: string) => api.delete(`account/sessions/${id}`),
    onSuccess: () => { setEnding(null); toast(trans('Session ended')); void qc.invalidateQueries({ queryKey: ['account-sessions'] }); },
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  const sessions = query.data ?? [];
  return (
    <Panel id="account-sessions" title={trans('Active sessions')} description={trans('Browsers and devices where you are signed in.')}>
      {query.isPending ? (
        <div className="skeleton h-12 w-full" aria-busy="true" />
      ) : (
        <ul className="flex flex-col divide-y divide-border" aria-label={trans('Active sessions')}>
          {sessions.map((s) => (
            <li key={s.id} className="flex items-center gap-3 py-3">
              {/Mobile|Android|iPhone/.test(s.user_agent ?? '') ? <Smartphone size="1.375rem" aria-hidden /> : <Monitor size="1.375rem" aria-hidden />}
              <div className="min-w-0 flex-1">
                <div className="truncate text-sm font-medium">{describeAgent(s.user_agent)}</div>
                <div className="text-xs text-text-muted">
                  {[s.ip, s.current ? trans('This device') : trans('Last active :date', { date: formatDate(s.last_active_at) }), signedIn(s)].filter(Boolean).join(' · ')}
                </div>
              </div>
              {s.current ? (
                <span className="rounded-full bg-success/10 px-2 py-0.5 text-xs font-medium text-success">{trans('Current')}</span>
              ) : (
                <Button variant="text" size="icon" aria-label={trans('Log out :device', { device: sessionName(s) })} title={trans('Log out')} onClick={() => setEnding(s)}>
                  <LogOut size="1rem" aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">
        <Button onClick={() => logoutOthers.mutate()} disabled={logoutOthers.isPending || sessions.length < 2}>{trans('Log out other sessions')}</Button>
      </div>
      <ConfirmDialog
        open={!!ending}
        onOpenChange={(o) => !o && setEnding(null)}
        title={trans('Log out this session?')}
        body={trans(':device will need to sign in again.', { device: ending ? sessionName(ending) : '' })}
        confirm={trans('Log out')}
        danger
        pending={endOne.isPending}
        onConfirm={() => ending && endOne.mutate(ending.id)}
      />
    </Panel>
  );
}
