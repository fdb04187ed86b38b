import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { registerSchema } from '@app/contracts/auth';
import type { CurrentUser } from '@app/contracts/users';
import { api } from '../../lib/api';
import { keepRedirect, safeRedirect } from '../../lib/guards';
import type { RegistrationPolicy } from '@app/contracts/settings';
import { invalidateBootstrap, setBootstrapUser, useSetting } from '../../lib/auth';
import { recaptchaToken } from '../../lib/recaptcha';
import { trans } from '../../lib/i18n';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { Button } from '../../ui/Button';
import { Checkbox, TextField } from '../../ui/fields';
import { AuthCard, FormError } from './AuthCard';
import { SocialButtons } from './SocialButtons';
import { toast } from '../../ui/Toast';

interface Values { email: string; password: string; password_confirmation: string; first_name: string; last_name: string }
/** `POST auth/register`: signed in at once, or an account waiting for its address to be confirmed. */
type RegisterResponse = { status: 'success'; user: CurrentUser | null } | { status: 'needs_email_verification'; message: string };

/** After registering when the site requires a confirmed address: nothing to sign in to yet, so say where to look. */
function CheckInbox({ email }: { email: string }) {
  return (
    <AuthCard title={trans('Check your inbox')} footer={<Link className="text-primary underline" to="/login">{trans('Back to sign in')}</Link>}>
      <p role="status" className="text-sm">
        {trans('We have sent a confirmation link to :email. Open it to activate your account.', { email })}
      </p>
    </AuthCard>
  );
}

/** GDPR registration policies (client.registration.policies): each must be ticked. */
function usePolicies(): RegistrationPolicy[] {
  const json = useSetting<string>('client.registration.policies', '[]');
  try {
    const list = JSON.parse(json);
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function PolicyLabel({ policy }: { policy: RegistrationPolicy }) {
  const label = policy.action
    ? policy.type === 'route'
      ? <Link className="text-primary underline hover:no-underline" to={policy.action} target={policy.target}>{trans(policy.label)}</Link>
      : <a className="text-primary underline hover:no-underline" href={policy.action} target={policy.target ?? '_blank'} rel="noreferrer">{trans(policy.label)}</a>
    : trans(policy.label);
  // One sentence with the policy in its place, so a language that puts the policy first (Turkish, Japanese) can.
  const [before, after] = splitAt(trans('I accept the :label'), ':label');
  return <>{before}{label}{after}</>;
}

/** The text before and after a placeholder; a translation that left it out gets the policy at its end. */
function splitAt(text: string, placeholder: string): [string, string] {
  const at = text.indexOf(placeholder);
  return at < 0 ? [`${text} `, ''] : [text.slice(0, at), text.slice(at + placeholder.length)];
}

export function Component() {
  const registrationOff = useSetting<boolean>('client.registration.disable', false);
  return registrationOff ? <RegistrationClosed /> : <RegisterForm />;
}

/** Nothing to fill in while registration is off: a form that cannot be sent only wastes the visitor's time. */
function RegistrationClosed() {
  const [params] = useSearchParams();
  return (
    <AuthCard title={trans('Create a new account')} footer={<Link className="text-primary underline hover:no-underline" to={keepRedirect('/login', params)}>{trans('Back to sign in')}</Link>}>
      <p role="status" className="text-sm">{trans('Registration is currently disabled.')}</p>
    </AuthCard>
  );
}

function RegisterForm() {
  const navigate = useNavigate();
  // Sent here from sign in (?redirect=): the new member goes on to the page they were on.
  const [params] = useSearchParams();
  const back = safeRedirect(params.get('redirect'));
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const policies = usePolicies();
  const [accepted, setAccepted] = useState<Record<string, boolean>>({});
  const [policyError, setPolicyError] = useState<string | null>(null);
  const captchaOn = useSetting<boolean>('client.recaptcha.enable.register', false);
  const siteKey = useSetting<string>('client.recaptcha.site_key', '');
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<Values>({
    defaultValues: { email: '', password: '', password_confirmation: '', first_name: '', last_name: '' },
    resolver: zodFormResolver(registerSchema) as any,
  });
  // Every policy ticked (an account made through a social provider too), or the message under them and false.
  const policiesAccepted = () => {
    const missing = policies.find((p) => !accepted[p.id]);
    setPolicyError(missing ? trans('You must accept ":label".', { label: missing.label }) : null);
    return !missing;
  };
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (!policiesAccepted()) return;
    try {
      const recaptcha_token = captchaOn && siteKey ? await recaptchaToken(siteKey, 'register') : undefined;
      const res = await api.post<RegisterResponse>('auth/register', { ...values, accepted_policies: policies.map((p) => p.id), recaptcha_token });
      if (res.status === 'needs_email_verification') { setSentTo(values.email); return; }
      setBootstrapUser(res.user ?? null);
      toast(trans('Welcome! Your account has been created.'));
      navigate(back, { replace: true });
      void invalidateBootstrap();
    } catch (e) {
      const errs = (e as { errors?: Record<string, string[]> }).errors;
      if (errs?.accepted_policies) setPolicyError(errs.accepted_policies[0]);
      else if (errs?.recaptcha) setFormError(errs.recaptcha[0]);
      else showFormError(e, setError, { show: setFormError });
    }
  });
  if (sentTo) return <CheckInbox email={sentTo} />;
  return (
    <AuthCard
      title={trans('Create a new account')}
      footer={<>{trans('Already have an account?')} <Link className="text-primary underline hover:no-underline" to={keepRedirect('/login', params)}>{trans('Sign in.')}</Link></>}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormError message={formError} />
        <TextField label={trans('Email')} type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
        <TextField label={trans('Password')} type="password" autoComplete="new-password" required error={errors.password?.message} {...register('password')} />
        <TextField label={trans('Confirm password')} type="password" autoComplete="new-password" required error={errors.password_confirmation?.message} {...register('password_confirmation')} />
        {/* Optional: members without a name appear as "Member 42" on their reviews and comments. */}
        <fieldset className="grid gap-x-3 gap-y-2 sm:grid-cols-2" aria-describedby="register-name-hint">
          <legend className="sr-only">{trans('Your name')}</legend>
          <TextField label={trans('First name')} autoComplete="given-name" error={errors.first_name?.message} {...register('first_name')} />
          <TextField label={trans('Last name')} autoComplete="family-name" error={errors.last_name?.message} {...register('last_name')} />
          <p id="register-name-hint" className="text-xs text-text-muted sm:col-span-2">{trans('Optional. Shown with your reviews, comments and public lists.')}</p>
        </fieldset>
        {policies.map((p) => (
          <Checkbox
            key={p.id}
            label={<PolicyLabel policy={p} />}
            required
            checked={!!accepted[p.id]}
            onChange={(e) => setAccepted((a) => ({ ...a, [p.id]: e.target.checked }))}
          />
        ))}
        {policyError && <p role="alert" className="text-xs text-danger">{policyError}</p>}
        <Button type="submit" variant="primary" disabled={isSubmitting}>{trans('Create account')}</Button>
      </form>
      <SocialButtons
        onSignedIn={() => void invalidateBootstrap().then(() => navigate(back, { replace: true }))}
        onError={(m) => setFormError(m || null)}
        policies={() => (policiesAccepted() ? policies.map((p) => p.id) : null)}
      />
    </AuthCard>
  );
}
