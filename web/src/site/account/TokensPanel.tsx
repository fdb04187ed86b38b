import { PERMISSIONS } from '@app/contracts/permissions';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, ExternalLink, Trash2 } from 'lucide-react';
import type { AccessToken } from '@app/contracts/account';
import { api, errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Modal } from '../../ui/Modal';
import { toast } from '../../ui/Toast';
import { CreateTokenDialog } from './CreateTokenDialog';
import { Panel } from './Panel';

/** Scopes show by the names the permission picker uses. */
const PERMISSION_NAMES = new Map(PERMISSIONS.map((p) => [p.name, p.display_name]));

const KEY = ['access-tokens', 'list', {}];

/** An expired token stays listed (its owner deletes it) but says so, since the API already refuses it. */
function TokenExpiry({ expiresAt }: { expiresAt: string | null }) {
  if (!expiresAt) return <>{trans('Never expires')}</>;
  const date = formatDate(expiresAt);
  return Date.parse(expiresAt) <= Date.now()
    ? <span className="font-medium text-danger">{trans('Expired :date', { date })}</span>
    : <>{trans('Expires :date', { date })}</>;
}

export function TokensPanel() {
  const qc = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [plain, setPlain] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AccessToken | null>(null);
  const query = useQuery({ queryKey: KEY, queryFn: () => api.get<{ tokens: AccessToken[]; docs_url: string | null }>('auth/access-tokens') });

  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`auth/access-tokens/${id}`),
    onSuccess: () => { setDeleting(null); toast(trans('Token deleted')); void qc.invalidateQueries({ queryKey: KEY }); },
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });

  const tokens = query.data?.tokens ?? [];
  const docsUrl = query.data?.docs_url;
  return (
    <Panel id="account-api" title={trans('API tokens')} description={trans('Tokens let other applications use the API on your behalf.')}>
      {tokens.length ? (
        <ul className="flex flex-col divide-y divide-border" aria-label={trans('API tokens')}>
          {tokens.map((t) => (
            <li key={t.id} className="flex items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <div className="truncate text-sm font-medium">{t.name}</div>
                <div className="text-xs text-text-muted">
                  {t.last_used_at ? trans('Last used :date', { date: formatDate(t.last_used_at) }) : trans('Never used')}
                  {' · '}{trans('Created :date', { date: formatDate(t.created_at) })}
                  {' · '}<TokenExpiry expiresAt={t.expires_at} />
                </div>
                <div className="mt-1 flex flex-wrap gap-1" aria-label={trans('Permissions')}>
                  {(t.scopes ?? [trans('All your permissions')]).map((s) => (
                    <span key={s} title={s} className="rounded bg-bg-alt px-1.5 py-0.5 text-xs">{PERMISSION_NAMES.has(s) ? trans(PERMISSION_NAMES.get(s)!) : s}</span>
                  ))}
                </div>
              </div>
              <Button variant="text" size="icon" aria-label={trans('Delete token :name', { name: t.name })} onClick={() => setDeleting(t)}>
                <Trash2 size="1rem" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        !query.isPending && <p className="text-sm text-text-muted">{trans('You have not created any API tokens yet.')}</p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Button onClick={() => setCreating(true)}>{trans('Create token')}</Button>
        {docsUrl && (
          <a href={docsUrl} target="_blank" rel="noopener" className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
            {trans('API documentation')}<ExternalLink size="0.875rem" aria-hidden />
          </a>
        )}
      </div>

      <CreateTokenDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(token) => { setCreating(false); setPlain(token); void qc.invalidateQueries({ queryKey: KEY }); }}
      />

      <Modal
        open={!!plain}
        onOpenChange={(o) => !o && setPlain(null)}
        title={trans('Token created')}
        description={trans('Copy your new token now. It will not be shown again.')}
        footer={<Button variant="primary" onClick={() => setPlain(null)}>{trans('Done')}</Button>}
      >
        <div className="flex items-center gap-2">
          <code data-testid="plain-text-token" className="min-w-0 flex-1 break-all rounded bg-bg-alt px-3 py-2 text-sm">{plain}</code>
          <Button
            variant="text"
            size="icon"
            aria-label={trans('Copy')}
            onClick={() => navigator.clipboard?.writeText(plain ?? '').then(() => toast(trans('Copied to clipboard')), () => undefined)}
          >
            <Copy size="1rem" aria-hidden />
          </Button>
        </div>
      </Modal>

      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={trans('Delete token')}
        body={trans('Applications using this token will no longer be able to use the API.')}
        confirm={trans('Delete')}
        danger
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Panel>
  );
}
