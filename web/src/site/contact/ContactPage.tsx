import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CheckCircle2 } from 'lucide-react';
import { contactSchema, type ContactInput } from '@app/contracts/custom-pages';
import { useDocumentTitle } from '../../admin/PageTitle';
import { api } from '../../lib/api';
import { useAuth, useSetting } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { recaptchaToken } from '../../lib/recaptcha';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { Button } from '../../ui/Button';
import { TextArea, TextField } from '../../ui/fields';
import { MenuPosition } from '../appearance/MenuPosition';
import { FormError } from '../auth/AuthCard';
import { useDraftGuard } from '../../lib/unsaved-changes';

/** /contact: the message is mailed to the operator's contact address. */
export function Component() {
  useDocumentTitle(trans('Contact us'));
  const { user } = useAuth();
  const [sent, setSent] = useState(false);
  const captchaOn = useSetting<boolean>('client.recaptcha.enable.contact', false);
  const siteKey = useSetting<string>('client.recaptcha.site_key', '');
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState: { errors, isSubmitting, isDirty } } = useForm<ContactInput>({
    defaultValues: { name: user?.display_name ?? '', email: user?.email ?? '', message: '' },
    resolver: zodFormResolver(contactSchema) as any,
  });
  useDraftGuard(isDirty);
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const recaptcha_token = captchaOn && siteKey ? await recaptchaToken(siteKey, 'contact') : undefined;
      await api.post('contact', { ...values, recaptcha_token });
      reset({ ...values, message: '' });
      setSent(true);
    } catch (e) {
      showFormError(e, setError, { show: setFormError });
    }
  });

  return (
    <div className="flex flex-col items-center gap-4 px-4 py-12">
      <div className="w-full max-w-xl rounded-lg border border-border bg-bg-elevated p-6 shadow-sm sm:p-8">
        <h1 className="mb-2 text-2xl font-semibold">{trans('Contact us')}</h1>
        <p className="mb-6 text-sm text-text-muted">{trans('Send us a message and we will get back to you as soon as possible.')}</p>
        {sent ? (
          <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
            <CheckCircle2 size="2.5rem" className="text-success" aria-hidden />
            <p className="text-lg font-medium">{trans('Thank you for your message!')}</p>
            <p className="text-sm text-text-muted">{trans('Your message has been submitted. We will reply to you by email.')}</p>
            <Button onClick={() => setSent(false)}>{trans('Send another message')}</Button>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <FormError message={formError} />
            <TextField label={trans('Name')} autoComplete="name" required error={errors.name?.message} {...register('name')} />
            <TextField label={trans('Email')} type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
            <TextArea label={trans('Message')} rows={6} required error={errors.message?.message} {...register('message')} />
            <Button type="submit" variant="primary" disabled={isSubmitting}>{trans('Send')}</Button>
          </form>
        )}
      </div>
      <MenuPosition position="contact-us-page" label={trans('Contact links')} className="w-full max-w-xl" itemClassName="text-text-muted" />
    </div>
  );
}
