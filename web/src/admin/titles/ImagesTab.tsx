import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ImageOff, Trash2, Upload } from 'lucide-react';
import { TITLE_IMAGE_MAX_BYTES, type Title, type TitleImage } from '@app/contracts';
import { api, ApiError, errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/DataTable';
import { toast } from '../../ui/Toast';
import { useTitle, useTitleCache } from './api';
import { useTitleContext } from './TitleLayout';
import { responsiveImage } from '@app/contracts/image-sizes';

export function Component() {
  const { title } = useTitleContext();
  const { can } = useAuth();
  const refresh = useTitle(title.id).refetch;
  const input = useRef<HTMLInputElement>(null);
  const [deleting, setDeleting] = useState<TitleImage | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('titleId', String(title.id));
      form.append('file', file);
      return api.post<{ image: TitleImage }>('images', form);
    },
    onSuccess: async () => { toast(trans('Image uploaded')); await refresh(); },
    onError: (e) => toast.danger(e instanceof ApiError && e.errors?.file ? e.errors.file[0] : errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`images/${id}`),
    onSuccess: async () => { toast(trans('Image deleted')); setDeleting(null); await refresh(); },
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  const cache = useTitleCache();
  const setArt = useMutation({
    mutationFn: (values: { poster?: string; backdrop?: string }) => api.put<{ title: Title }>(`titles/${title.id}`, values),
    onSuccess: async (r) => { await cache(r.title); toast(trans('Title updated')); },
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  const images = title.images ?? [];
  return (
    <div className="flex flex-col gap-4">
      {can('images.create') && <div>
        <input ref={input} type="file" accept="image/png,image/jpeg,image/gif,image/webp" className="sr-only" aria-label={trans('Upload image')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return toast.danger(trans('Please select a file.'));
            // Checked again on the server; this spares a useless upload.
            if (file.size > TITLE_IMAGE_MAX_BYTES) return toast.danger(trans('The image may not be greater than 5 MB.'));
            upload.mutate(file);
          }} />
        <Button variant="primary" onClick={() => input.current?.click()} disabled={upload.isPending}>
          <Upload size={16} aria-hidden />{trans('Upload image')}
        </Button>
      </div>}
      {images.length === 0 ? (
        <div className="rounded-md border border-border py-12"><EmptyState title={trans('No images have been uploaded yet')} icon={<ImageOff size={40} />} /></div>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {images.map((img) => (
            <li key={img.id} className="group relative overflow-hidden rounded-md border border-border">
              <img {...responsiveImage(img.url, 'landscape')} alt="" className="aspect-video w-full object-cover" loading="lazy" />
              <div className="flex flex-wrap gap-1 p-2">
                <Button size="sm" variant="text" disabled={title.poster === img.url || !can('titles.update')} onClick={() => setArt.mutate({ poster: img.url })}>
                  {title.poster === img.url ? trans('Poster') : trans('Use as poster')}
                </Button>
                <Button size="sm" variant="text" disabled={title.backdrop === img.url || !can('titles.update')} onClick={() => setArt.mutate({ backdrop: img.url })}>
                  {title.backdrop === img.url ? trans('Backdrop') : trans('Use as backdrop')}
                </Button>
              </div>
              {can('images.delete') && (
                <Button size="icon" variant="danger" className="absolute end-2 top-2" aria-label={trans('Delete image')} onClick={() => setDeleting(img)}>
                  <Trash2 size={16} aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog open={!!deleting} onOpenChange={(o) => !o && setDeleting(null)} title={trans('Delete image')}
        body={trans('This will permanently remove the items and cannot be undone.')} confirm={trans('Delete')} danger
        pending={remove.isPending} onConfirm={() => remove.mutate(deleting!.id)} />
    </div>
  );
}
