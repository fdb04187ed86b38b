import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorSetup, TwoFactorStatus } from '@app/contracts/account';
import { ApiError, api } from '../../lib/api';
import { invalidateBootstrap } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/fields';
import { FormDialog, Modal } from '../../ui/Modal';
import { toast } from '../../ui/Toast';
import { Panel } from './Panel';
import { TwoFactorVerifyDialog } from './TwoFactorVerifyDialog';
import { useConfirmOwner } from './OwnerProof';

const KEY = ['account', 'two-factor'];

/** Turns two-factor sign-in on (QR code, then a code to confirm), off, and renews recovery codes. */
export function TwoFactorPanel({ hasPassword }: { hasPassword: boolean }) {
  const qc = useQueryClient();
  const status = useQuery({ queryKey: KEY, queryFn: () => api.get<TwoFactorStatus>('account/two-factor') });
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [verify, setVerify] = useState<'disable' | 'regenerate' | null>(null);
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: KEY }), invalidateBootstrap()]);
  // Turning it on proves the owner first (the password, or a recent social sign-in for an account without one).
  const turnOn = useConfirmOwner({
    hasPassword,
    why: trans('Two-factor authentication guards your account, so only you may turn it on.'),
    send: (proof) => api.post<TwoFactorSetup>('account/two-factor', hasPassword ? { password: proof.password } : {}),
    done: (started) => { setSetup(started); setCode(''); setCodeError(undefined); },
  });
  const confirm = async () => {
    try {
      const r = await api.post<{ recovery_codes: string[] }>('account/two-factor/confirm', { code: code.trim() });
      setSetup(null);
      setCodes(r.recovery_codes);
      await refresh();
    } catch (err) {
      setCodeError(err instanceof ApiError ? err.errors?.code?.[0] ?? err.message : trans('There was an issue. Please try again.'));
    }
  };

  const s = status.data;
  return (
    <Panel id="account-two-factor" title={trans('Two-factor authentication')} description={trans('Ask for a code from an authenticator app when you sign in.')}>
      {s?.required && !s.enabled && (
        <p role="alert" className="mb-4 rounded bg-warning/15 px-3 py-2 text-sm">{trans('Your account needs two-factor authentication before you can use the admin area.')}</p>
      )}
      {s?.enabled ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm" data-testid="two-factor-status">
            {trans('Two-factor authentication is on.')} {trans(':count recovery codes left.', { count: s.recovery_codes_left })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setVerify('regenerate')}>{trans('New recovery codes')}</Button>
            <Button variant="danger" onClick={() => setVerify('disable')}>{trans('Turn off')}</Button>
          </div>
        </div>
      ) : (
        s && <Button variant="primary" onClick={() => turnOn.begin()}>{trans('Turn on')}</Button>
      )}
      {turnOn.dialog}

      <FormDialog
        open={!!setup}
        onOpenChange={(o) => !o && setSetup(null)}
        title={trans('Turn on two-factor authentication')}
        size="sm"
        onSubmit={confirm}
        label={trans('Confirm')}
      >
        {setup && (
          <>
            <p className="text-sm text-text-muted">{trans('Scan this QR code with your authenticator app, or enter the key, then enter the code it shows.')}</p>
            {/* The SVG is made by the server's qrcode library from our own otpauth URL, never from user input. */}
            <div className="mx-auto w-48 rounded bg-white p-2" aria-label={trans('QR code')} role="img" dangerouslySetInnerHTML={{ __html: setup.qr_svg }} />
            <code data-testid="two-factor-secret" className="break-all rounded bg-bg-alt px-3 py-2 text-center text-sm">{setup.secret}</code>
            <TextField label={trans('Code')} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => { setCode(e.target.value); setCodeError(undefined); }} error={codeError} autoFocus />
          </>
        )}
      </FormDialog>

      <Modal
        open={!!codes}
        onOpenChange={(o) => !o && setCodes(null)}
        title={trans('Recovery codes')}
        description={trans('Keep these codes somewhere safe. Each one signs you in once if you lose your authenticator app. They will not be shown again.')}
        footer={<Button variant="primary" onClick={() => setCodes(null)}>{trans('Done')}</Button>}
      >
        <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
          {codes?.map((c) => <li key={c} className="rounded bg-bg-alt px-2 py-1 text-center">{c}</li>)}
        </ul>
      </Modal>

      <TwoFactorVerifyDialog
        open={!!verify}
        onOpenChange={(o) => !o && setVerify(null)}
        title={verify === 'disable' ? trans('Turn off two-factor authentication') : trans('New recovery codes')}
        confirm={verify === 'disable' ? trans('Turn off') : trans('Continue')}
        hasPassword={hasPassword}
        onSubmit={async (input) => {
          if (verify === 'disable') {
            await api.delete('account/two-factor', input);
            toast(trans('Two-factor authentication is off.'));
          } else {
            setCodes((await api.post<{ recovery_codes: string[] }>('account/two-factor/recovery-codes', input)).recovery_codes);
          }
          setVerify(null);
          await refresh();
        }}
      />
    </Panel>
  );
}
