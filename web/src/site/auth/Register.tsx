import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { registerSchema } from '@app/contracts/auth';
import type { CurrentUser } from '@app/contracts/users';
import { api, errorMessage } from '../../lib/api';
import { invalidateBootstrap, setBootstrapUser } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { applyServerErrors, zodFormResolver } from '../../lib/zod-resolver';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/fields';
import { AuthCard, FormError } from './AuthCard';

interface Values { email: string; password: string; password_confirmation: string }

export function Component() {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<Values>({
    defaultValues: { email: '', password: '', password_confirmation: '' },
    resolver: zodFormResolver(registerSchema) as any,
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const res = await api.post<{ user: CurrentUser | null }>('auth/register', values);
      setBootstrapUser(res.user ?? null);
      await invalidateBootstrap();
      navigate('/', { replace: true });
    } catch (e) {
      if (!applyServerErrors(e, setError)) setFormError(errorMessage(e, trans('There was an issue. Please try again.')));
    }
  });
  return (
    <AuthCard
      title={trans('Create a new account')}
      footer={<>{trans('Already have an account?')} <Link className="text-primary hover:underline" to="/login">{trans('Sign in.')}</Link></>}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormError message={formError} />
        <TextField label={trans('Email')} type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
        <TextField label={trans('Password')} type="password" autoComplete="new-password" required error={errors.password?.message} {...register('password')} />
        <TextField label={trans('Confirm password')} type="password" autoComplete="new-password" required error={errors.password_confirmation?.message} {...register('password_confirmation')} />
        <Button type="submit" variant="primary" disabled={isSubmitting}>{trans('Create account')}</Button>
      </form>
    </AuthCard>
  );
}
