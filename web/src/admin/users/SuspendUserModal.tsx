import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { BAN_COMMENT_MAX, banSchema, type User } from '@app/contracts/users';
import { api } from '../../lib/api';
import { fromZonedInput, toZonedInput } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { Checkbox, DateField, TextArea } from '../../ui/fields';
import { FormDialog } from '../../ui/Modal';
import { toast } from '../../ui/Toast';
import { useUsersInvalidator } from './api';

interface Values { ban_until: string; permanent: boolean; comment: string }

function prepare(v: Values) {
  return {
    permanent: v.permanent,
    ban_until: v.permanent || !v.ban_until ? null : fromZonedInput(v.ban_until),
    comment: v.comment || null,
  };
}

/** This time tomorrow on the wall clock of the zone the users table shows dates in (the site's, else the browser's). */
const tomorrow = (): string => toZonedInput(new Date(Date.now() + 86_400_000).toISOString());

export function SuspendUserModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const invalidate = useUsersInvalidator();
  const { register, handleSubmit, watch, setError, reset, formState: { errors } } = useForm<Values>({
    defaultValues: { ban_until: '', permanent: true, comment: '' },
    resolver: zodFormResolver(banSchema, prepare) as any,
  });
  const permanent = watch('permanent');
  const comment = watch('comment') ?? '';
  const mutation = useMutation({
    mutationFn: (body: unknown) => api.post<{ user: User }>(`users/${user!.id}/ban`, body),
    onSuccess: (r) => {
      toast(trans('User suspended'));
      invalidate(r?.user);
      reset();
      onClose();
    },
    onError: (e) => showFormError(e, setError),
  });
  const onSubmit = handleSubmit((data) => mutation.mutate(data));
  return (
    <FormDialog
      open={!!user}
      onOpenChange={(o) => { if (!o) { reset(); onClose(); } }}
      title={trans('Suspend “:name”', { name: user?.display_name || user?.email || '' })}
      onSubmit={onSubmit}
      label={trans('Suspend')} pending={mutation.isPending}
    >
      <DateField
        withTime
        label={trans('Suspend until')}
        disabled={permanent}
        min={tomorrow()}
        error={errors.ban_until?.message}
        {...register('ban_until')}
      />
      <Checkbox label={trans('Permanent')} {...register('permanent')} />
      <TextArea
        label={trans('Reason')}
        maxLength={BAN_COMMENT_MAX}
        rows={3}
        error={errors.comment?.message}
        description={`${comment.length}/${BAN_COMMENT_MAX}`}
        {...register('comment')}
      />
    </FormDialog>
  );
}
