import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { User } from '@app/contracts/users';
import { api, errorMessage } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { FileField } from '../../ui/fields';
import { FileDropZone } from '../../ui/FileDropZone';
import { toast } from '../../ui/Toast';
import { useUsersInvalidator } from './api';

/** Profile image: uploaded and removed immediately through the avatar calls. */
export function AvatarSection({ user }: { user: User }) {
  const invalidate = useUsersInvalidator();
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<{ user: User }>(`users/${user.id}/avatar`, body);
    },
    onSuccess: (r) => { invalidate(r?.user); toast(trans('Uploaded image')); },
    onError: (e) => toast.danger(errorMessage(e, trans('Could not upload image'))),
  });
  const remove = useMutation({
    mutationFn: () => api.delete<{ user: User }>(`users/${user.id}/avatar`),
    onSuccess: (r) => { invalidate(r?.user); toast(trans('Removed image')); },
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  return (
    <section className="flex flex-wrap items-center gap-4" aria-label={trans('Profile image')}>
      <Avatar src={user.avatar} label={user.display_name || user.email} size={72} />
      <div className="flex flex-col gap-2">
        <FileField label={trans('Profile image')} accept="image/*" disabled={upload.isPending} onFile={(f) => upload.mutate(f)} />
        {user.avatar && (
          <div><Button size="sm" variant="text" onClick={() => remove.mutate()} disabled={remove.isPending}>{trans('Remove image')}</Button></div>
        )}
      </div>
    </section>
  );
}

/** The create form's profile image: chosen now, previewed, uploaded after the user is created. */
export function NewAvatar({ file, onChange }: { file: File | null; onChange: (file: File | null) => void }) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <section className="flex flex-wrap items-center gap-4" aria-label={trans('Profile image')}>
      <Avatar src={preview} label={file?.name ?? trans('Profile image')} size={72} />
      <FileDropZone label={trans('Profile image')} accept="image/png,image/jpeg,image/gif,image/webp" selected={file}
        onClear={() => onChange(null)} onFiles={(files) => onChange(files[0] ?? null)} />
    </section>
  );
}
