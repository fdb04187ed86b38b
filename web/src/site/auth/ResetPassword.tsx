import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { passwordResetSchema } from '@app/contracts/auth';
import { api } from '../../lib/api';
import { forgetMailedLink, mailedLink } from '../../lib/mailed-link';
import { trans } from '../../lib/i18n';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/fields';
import { toast } from '../../ui/Toast';
import { AuthCard, FormError } from './AuthCard';

interface Values { token: string; email: string; password: string; password_confirmation: string }

const PAGE = '/password/reset';

export function Component() {
  // The mailed link's token and address (/password/reset/:token?email=…), kept off the page's address.
  const [params] = useState(() => mailedLink(PAGE));
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<Values>({
    defaultValues: { token: params.get('token') ?? '', email: params.get('email') ?? '', password: '', password_confirmation: '' },
    resolver: zodFormResolver(passwordResetSchema) as any,
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const res = await api.post<{ message?: string }>('auth/password/reset', values);
      forgetMailedLink(PAGE);
      toast(res?.message || trans('Your password has been reset.'));
      navigate('/login', { replace: true });
    } catch (e) {
      showFormError(e, setError, { show: setFormError });
    }
  });
  return (
    <AuthCard title={trans('Reset password')} footer={<Link replace className="text-primary underline hover:no-underline" to="/login">{trans('Back to sign in')}</Link>}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormError message={formError ?? errors.token?.message} />
        <TextField label={trans('Email')} type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
        <TextField label={trans('New password')} type="password" autoComplete="new-password" required error={errors.password?.message} {...register('password')} />
        <TextField label={trans('Confirm password')} type="password" autoComplete="new-password" required error={errors.password_confirmation?.message} {...register('password_confirmation')} />
        <Button type="submit" variant="primary" disabled={isSubmitting}>{trans('Reset password')}</Button>
      </form>
    </AuthCard>
  );
}
