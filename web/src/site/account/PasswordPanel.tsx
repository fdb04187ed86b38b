import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { accountPasswordSchema, type AccountPasswordInput } from '@app/contracts/account';
import { api, fieldMessages } from '../../lib/api';
import { invalidateBootstrap } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/fields';
import { toast } from '../../ui/Toast';
import { OwnerProofFields, useOwnerProof } from './OwnerProof';
import { Panel } from './Panel';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** `hasPassword` false: the account came from social login and sets its first password, with no current one to give. */
export function PasswordPanel({ hasPassword }: { hasPassword: boolean }) {
  const qc = useQueryClient();
  const { register, handleSubmit, setError, reset, formState: { errors, isSubmitting } } = useForm<AccountPasswordInput>({
    defaultValues: EMPTY,
    resolver: zodFormResolver(accountPasswordSchema) as any,
  });
  const proof = useOwnerProof();
  const [codeError, setCodeError] = useState<string>();
  const onSubmit = handleSubmit(async (values) => {
    setCodeError(undefined);
    try {
      await api.put('account/password', hasPassword ? values : { password: values.password, password_confirmation: values.password_confirmation, ...proof.body });
      reset(EMPTY);
      proof.reset();
      // The first password set: the form asks for the current one from now on.
      if (!hasPassword) void invalidateBootstrap();
      toast(trans('Password changed'));
      // Changing the password signs out the other browsers.
      void qc.invalidateQueries({ queryKey: ['account-sessions'] });
    } catch (e) {
      if (hasPassword || !proof.caught(e)) {
        setCodeError(fieldMessages(e, ['code'], 'code', '').code || undefined);
        showFormError(e, setError);
      }
    }
  });
  return (
    <Panel
      id="account-password"
      title={trans('Update password')}
      description={hasPassword ? trans('Changing your password signs you out on your other devices.') : trans('Your account has no password yet. Set one to also sign in with your email address.')}
    >
      <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4">
        {hasPassword && <TextField label={trans('Current password')} type="password" autoComplete="current-password" error={errors.current_password?.message} {...register('current_password')} />}
        <TextField label={trans('New password')} type="password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        <TextField label={trans('Confirm password')} type="password" autoComplete="new-password" error={errors.password_confirmation?.message} {...register('password_confirmation')} />
        {!hasPassword && <OwnerProofFields proof={proof} error={codeError} />}
        <div><Button type="submit" variant="primary" disabled={isSubmitting}>{trans('Update password')}</Button></div>
      </form>
    </Panel>
  );
}
