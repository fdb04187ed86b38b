import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { accountProfileSchema } from '@app/contracts/account';
import type { CurrentUser } from '@app/contracts/users';
import { api, errorMessage } from '../../lib/api';
import { setBootstrapUser } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { FileField, TextField } from '../../ui/fields';
import { toast } from '../../ui/Toast';
import { ChangeEmail } from './ChangeEmail';
import { Panel } from './Panel';
import { memberName } from '../profiles/AuthorLink';
import { useDraftGuard } from '../../lib/unsaved-changes';

interface Values { first_name: string; last_name: string }

export function ProfilePanel({ user }: { user: CurrentUser }) {
  const { register, handleSubmit, setError, reset, formState: { errors, isSubmitting, isDirty } } = useForm<Values>({
    defaultValues: { first_name: user.first_name ?? '', last_name: user.last_name ?? '' },
    resolver: zodFormResolver(accountProfileSchema) as any,
  });
  useDraftGuard(isDirty);
  const onSubmit = handleSubmit(async (values) => {
    try {
      const r = await api.put<{ user: CurrentUser }>('account/profile', values);
      setBootstrapUser(r.user);
      reset({ first_name: r.user.first_name ?? '', last_name: r.user.last_name ?? '' });
      toast(trans('Profile updated'));
    } catch (e) {
      showFormError(e, setError);
    }
  });

  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<{ user: CurrentUser }>('account/avatar', body);
    },
    onSuccess: (r) => { setBootstrapUser(r.user); toast(trans('Uploaded image')); },
    onError: (e) => toast.danger(errorMessage(e, trans('Could not upload image'))),
  });
  const remove = useMutation({
    mutationFn: () => api.delete<{ user: CurrentUser }>('account/avatar'),
    onSuccess: (r) => { setBootstrapUser(r.user); toast(trans('Removed image')); },
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });

  return (
    <Panel id="account-profile" title={trans('Profile')}>
      <div className="flex flex-col gap-6">
        <ChangeEmail email={user.email} hasPassword={user.has_password} />
        <div className="flex flex-wrap items-center gap-4">
          <Avatar src={user.avatar} label={user.display_name || user.email} size={72} />
          <div className="flex flex-col gap-2">
            <FileField label={trans('Profile image')} accept="image/*" disabled={upload.isPending} onFile={(f) => upload.mutate(f)} />
            {user.avatar && (
              <div><Button size="sm" variant="text" onClick={() => remove.mutate()} disabled={remove.isPending}>{trans('Remove image')}</Button></div>
            )}
          </div>
        </div>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <TextField label={trans('First name')} autoComplete="given-name" error={errors.first_name?.message} {...register('first_name')} />
          <TextField label={trans('Last name')} autoComplete="family-name" error={errors.last_name?.message} {...register('last_name')} />
          <p className="text-sm text-text-muted sm:col-span-2">
            {trans('Your name is shown with your reviews, comments and public lists. Without one, you appear as ":name".', { name: memberName({ id: user.id }) })}
          </p>
          <div className="sm:col-span-2">
            <Button type="submit" variant="primary" disabled={isSubmitting || !isDirty}>{trans('Update profile')}</Button>
          </div>
        </form>
      </div>
    </Panel>
  );
}
