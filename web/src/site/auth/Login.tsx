import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginSchema } from '@app/contracts/auth';
import type { CurrentUser } from '@app/contracts/users';
import { api } from '../../lib/api';
import { invalidateBootstrap, setBootstrapUser, useSetting } from '../../lib/auth';
import { keepRedirect, safeRedirect } from '../../lib/guards';
import { trans } from '../../lib/i18n';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { Button } from '../../ui/Button';
import { Checkbox, TextField } from '../../ui/fields';
import { AuthCard, FormError } from './AuthCard';
import { SocialButtons } from './SocialButtons';

interface Values { email: string; password: string; remember: boolean }

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const registrationOff = useSetting<boolean>('client.registration.disable', false);
  // A social login that could not use a popup comes back here with its error.
  const [formError, setFormError] = useState<string | null>(params.get('social_error'));
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<Values>({
    defaultValues: { email: '', password: '', remember: false },
    resolver: zodFormResolver(loginSchema) as any,
  });
  const onSocialLogin = async () => {
    await invalidateBootstrap();
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  };
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const res = await api.post<{ user: CurrentUser | null; two_factor?: boolean }>('auth/login', values);
      // The account has 2FA on: the code step follows, with the same place to go afterwards.
      if (res.two_factor) return navigate(`/login/two-factor${window.location.search}`);
      // The answer carries the user, so the next page can render at once; settings that depend on who is signed
      // in refresh behind it (awaiting them first kept the login page up for seconds on a busy server).
      setBootstrapUser(res.user);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
      void invalidateBootstrap();
    } catch (e) {
      showFormError(e, setError, { show: setFormError });
    }
  });
  return (
    <AuthCard
      title={trans('Sign in to your account')}
      footer={registrationOff ? undefined : <>{trans("Don't have an account?")} <Link className="text-primary underline hover:no-underline" to={keepRedirect('/register', params)}>{trans('Sign up.')}</Link></>}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormError message={formError} />
        <TextField label={trans('Email')} type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
        <TextField label={trans('Password')} type="password" autoComplete="current-password" required error={errors.password?.message} {...register('password')} />
        <div className="flex items-center justify-between">
          <Checkbox label={trans('Stay signed in for a month')} {...register('remember')} />
        </div>
        <Link to="/forgot-password" className="text-sm text-primary underline hover:no-underline">{trans('Forgot your password?')}</Link>
        <Button type="submit" variant="primary" disabled={isSubmitting}>{trans('Continue')}</Button>
      </form>
      <SocialButtons onSignedIn={() => void onSocialLogin()} onError={(m) => setFormError(m || null)} />
    </AuthCard>
  );
}
