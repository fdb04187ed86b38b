import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { passwordEmailSchema } from '@app/contracts/auth';
import { api } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/fields';
import { AuthCard, FormError } from './AuthCard';

export function Component() {
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<{ email: string }>({
    defaultValues: { email: '' },
    resolver: zodFormResolver(passwordEmailSchema) as any,
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const res = await api.post<{ message?: string }>('auth/password/email', values);
      setSent(res?.message || trans('We have emailed your password reset link.'));
    } catch (e) {
      showFormError(e, setError, { show: setFormError });
    }
  });
  return (
    <AuthCard title={trans('Forgot your password?')} footer={<Link className="text-primary underline hover:no-underline" to="/login">{trans('Back to sign in')}</Link>}>
      {sent ? (
        <p role="status" className="text-sm">{sent}</p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-text-muted">{trans('Enter your email address below and we will send you a link to reset your password.')}</p>
          <FormError message={formError} />
          <TextField label={trans('Email')} type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
          <Button type="submit" variant="primary" disabled={isSubmitting}>{trans('Send reset link')}</Button>
        </form>
      )}
    </AuthCard>
  );
}
