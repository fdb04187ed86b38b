import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mediaImportSchema } from '@app/contracts';
import { api, ApiError, errorMessage } from '../../lib/api';
import { trans, transMessage } from '../../lib/i18n';
import { Select, TextField } from '../../ui/fields';
import { FormDialog } from '../../ui/Modal';
import { toast } from '../../ui/Toast';

/** Import one title (movie or series) or one person by its movie-database ID. */
export function ImportMediaModal({ open, onOpenChange, kind }: { open: boolean; onOpenChange: (o: boolean) => void; kind: 'title' | 'person' }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [mediaType, setMediaType] = useState(kind === 'person' ? 'person' : 'movie');
  const [tmdbId, setTmdbId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: (payload: unknown) => api.post<{ id: number; media_type: string }>('media/import', payload),
    onSuccess: async (r) => {
      toast(trans('Item imported'));
      onOpenChange(false);
      await qc.invalidateQueries({ queryKey: [kind === 'person' ? 'people' : 'titles'] });
      navigate(kind === 'person' ? `/admin/people/${r.id}/edit` : `/admin/titles/${r.id}/edit`);
    },
    onError: (e) => {
      if (e instanceof ApiError && e.errors?.tmdb_id) setError(e.errors.tmdb_id[0]);
      else toast.danger(errorMessage(e, trans('There was an issue. Please try again.')));
    },
  });
  const submit = () => {
    const parsed = mediaImportSchema.safeParse({ media_type: mediaType, tmdb_id: tmdbId === '' ? undefined : Number(tmdbId) });
    if (!parsed.success) return setError(transMessage(parsed.error.issues[0].message));
    setError(undefined);
    mutation.mutate(parsed.data);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={kind === 'person' ? trans('Import person') : trans('Import title')}
      size="sm"
      onSubmit={submit}
      label={trans('Import')} pending={mutation.isPending}
    >
      {kind === 'title' && (
        <Select label={trans('Type')} value={mediaType} onChange={(e) => setMediaType(e.target.value)}
          options={[{ value: 'movie', label: trans('Movie') }, { value: 'series', label: trans('Series') }]} />
      )}
      <TextField label={trans('The movie database ID')} type="number" min={1} required value={tmdbId} error={error} onChange={(e) => setTmdbId(e.target.value)} />
    </FormDialog>
  );
}
