import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type { AccountExportStatus } from '@app/contracts/account';
import { api, errorMessage, fieldMessages } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { signedOut } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { Button, buttonClass } from '../../ui/Button';
import { TextField } from '../../ui/fields';
import { DialogActions, FormDialog, Modal } from '../../ui/Modal';
import { toast } from '../../ui/Toast';
import { OwnerProofFields, useOwnerProof } from './OwnerProof';
import { Panel } from './Panel';

/**
 * What the member may take away (a file of their data) and closing the account for good. `exportable`: false while
 * the address awaits confirmation (the export is refused until then; closing the account is not).
 */
export function YourDataPanel({ hasPassword, exportable = true }: { hasPassword: boolean; exportable?: boolean }) {
  const [closing, setClosing] = useState(false);
  return (
    <Panel
      id="account-data"
      title={exportable ? trans('Your data') : trans('Delete account')}
      description={exportable ? trans('Take a copy of what this site keeps about you, or close your account.') : undefined}
    >
      <div className="flex flex-col gap-6">
        {exportable && (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-text-muted">{trans('A file with your profile, reviews, comments, ratings and votes, lists, watch history, notifications, sign-ins and subscriptions.')}</p>
            <DataExport />
          </div>
        )}
        <div className={exportable ? 'flex flex-col gap-2 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between' : 'flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between'}>
          <p className="text-sm text-text-muted">{trans('Deleting your account removes your profile, reviews, comments, ratings and lists, and ends any subscription at once. This cannot be undone.')}</p>
          <Button variant="danger" className="shrink-0" onClick={() => setClosing(true)}>{trans('Delete account')}</Button>
        </div>
      </div>
      <CloseAccountDialog open={closing} onOpenChange={setClosing} hasPassword={hasPassword} />
    </Panel>
  );
}

const EXPORT_KEY = ['account-export'];

/**
 * The member's data file is built in the background (a large account takes a while): asking starts it, the panel
 * checks every few seconds until it is ready (a mail says so too), then offers it until it is removed a week later.
 */
function DataExport() {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: EXPORT_KEY,
    queryFn: () => api.get<{ export: AccountExportStatus | null }>('account/export').then((r) => r.export),
    refetchInterval: (q) => (q.state.data?.status === 'preparing' ? 3000 : false),
  });
  const ask = useMutation({
    mutationFn: () => api.post<{ export: AccountExportStatus; message: string }>('account/export'),
    onSuccess: (r) => { toast(trans("We're preparing your data. We'll email you when the file is ready to download.")); qc.setQueryData(EXPORT_KEY, r.export); },
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  const file = query.data;
  if (file?.status === 'preparing') {
    return <p role="status" className="shrink-0 text-sm text-text-muted sm:max-w-56 sm:text-right">{trans('Preparing your file. We will email you when it is ready.')}</p>;
  }
  return (
    <div className="flex shrink-0 flex-col items-start gap-1 sm:items-end">
      {file?.status === 'ready' && file.download_path ? (
        <>
          {/* A plain link: the browser saves the file the server names. */}
          <a href={file.download_path} download className={buttonClass('outline', 'md')}><Download size="1rem" aria-hidden />{trans('Download your data')}</a>
          <span className="text-xs text-text-muted">
            {trans('Available until :date', { date: formatDate(file.expires_at!) })}
            {' · '}
            <button type="button" className="underline" disabled={ask.isPending} onClick={() => ask.mutate()}>{trans('Prepare a new file')}</button>
          </span>
        </>
      ) : (
        <Button variant="outline" disabled={query.isPending || ask.isPending} onClick={() => ask.mutate()}><Download size="1rem" aria-hidden />{trans('Prepare your data')}</Button>
      )}
    </div>
  );
}

function CloseAccountDialog({ open, onOpenChange, hasPassword }: { open: boolean; onOpenChange: (open: boolean) => void; hasPassword: boolean }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const proof = useOwnerProof();
  const submit = async () => {
    setPending(true);
    setError(undefined);
    try {
      await api.delete('account', hasPassword ? { password } : proof.body);
      signedOut();
      toast(trans('Your account has been deleted.'));
      navigate('/', { replace: true });
    } catch (err) {
      if (hasPassword || !proof.caught(err)) {
        const messages = fieldMessages(err, ['password', 'code'], 'password', trans('There was an issue. Please try again.'));
        setError(messages.password ?? messages.code);
      }
      setPending(false);
    }
  };
  const dialog = {
    open,
    onOpenChange: (next: boolean) => { onOpenChange(next); if (!next) { setPassword(''); setError(undefined); proof.reset(); } },
    title: trans('Delete your account?'),
    description: trans('Your profile, reviews, comments, ratings and lists will be removed for good, and any subscription ends at once.'),
    size: 'sm',
  } as const;
  const label = trans('Delete my account');
  // Without a password and without 2FA there is no field to submit from, so no form (it would leave an empty body):
  // the button deletes (the server may ask to sign in again through the provider first).
  if (!hasPassword && !proof.needsCode) {
    return (
      <Modal {...dialog} footer={<DialogActions onCancel={() => dialog.onOpenChange(false)} onClick={() => void submit()} label={label} pending={pending} variant="danger" />}>
        {error ? <p role="alert" className="text-sm text-danger">{error}</p> : null}
        <OwnerProofFields proof={proof} />
      </Modal>
    );
  }
  if (!hasPassword) {
    return (
      <FormDialog {...dialog} onSubmit={submit} label={label} pending={pending} variant="danger">
        <OwnerProofFields proof={proof} error={error} />
      </FormDialog>
    );
  }
  return (
    <FormDialog {...dialog} onSubmit={submit} label={label} pending={pending} variant="danger">
      <TextField label={trans('Password')} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={error} autoFocus />
    </FormDialog>
  );
}
