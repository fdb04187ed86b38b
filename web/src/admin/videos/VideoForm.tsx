import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2, Upload } from 'lucide-react';
import {
  CAPTION_MAX_BYTES, VIDEO_CATEGORIES, VIDEO_QUALITIES, VIDEO_TYPES, videoCreateSchema, videoUpdateSchema,
  type TitleAutocompleteItem, type Video, type VideoCaption,
} from '@app/contracts';
import { api, ApiError, errorMessage } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { videoCategoryLabel, videoTypeLabel } from '../../lib/video-labels';
import { queryKeys } from '../../lib/query-client';
import { showFormError, zodFormResolver } from '../../lib/zod-resolver';
import { Autocomplete } from '../../ui/Autocomplete';
import { Button } from '../../ui/Button';
import { Select, Switch, TextField } from '../../ui/fields';
import { LookupSelect } from '../../ui/LookupSelect';
import { FileDropZone } from '../../ui/FileDropZone';
import { toast } from '../../ui/Toast';
import { searchTitles } from '../titles/api';
import { TranscodePanel, UploadProgress, useVideoFileError, VIDEO_FILE_ACCEPT } from './TranscodePanel';
import { uploadFile } from '../../lib/uploads';
import { embedUrl } from '../../site/watch/embeds';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { changedOnly } from '../../lib/changed-fields';
import { retryableLazy } from '../../lib/retryable-lazy';
import { LazyPart } from '../../ui/LazyPart';

// The site's player (Vidstack, hls.js for streams), loaded only when a file or stream is previewed.
const Player = retryableLazy(() => import('../../site/watch/Player'));

interface Values {
  name: string; title_id: number | undefined; season_num: string; episode_num: string; thumbnail: string; type: string; src: string;
  quality: string; language: string; category: string; approved: boolean;
}
const n = (s: string) => (s.trim() === '' ? null : Number(s));
const toPayload = (v: Values) => ({ ...v, season_num: n(v.season_num), episode_num: n(v.episode_num) });

/** Fields the server checks together go together: where the video hangs, and its type with its source. */
const TOGETHER: (keyof Values)[][] = [['title_id', 'season_num', 'episode_num'], ['type', 'src']];

/** The edited fields, with the rest of any group one of them belongs to. */
function changedFields(dirty: Partial<Record<keyof Values, unknown>>): Partial<Record<keyof Values, boolean>> {
  const out: Partial<Record<keyof Values, boolean>> = {};
  for (const [key, value] of Object.entries(dirty)) if (value) out[key as keyof Values] = true;
  for (const group of TOGETHER) if (group.some((f) => out[f])) for (const f of group) out[f] = true;
  return out;
}


export interface VideoFormProps {
  video?: Video;
  /** Fixed parent when created from a title, season or episode page. */
  target?: { titleId: number; titleName: string; season?: number; episode?: number };
  /** `transcoding`: the video was created from an uploaded file, now being transcoded. */
  onSaved: (video: Video, how: { transcoding: boolean }) => void;
}

export function VideoForm({ video, target, onSaved }: VideoFormProps) {
  const qc = useQueryClient();
  const isEdit = !!video;
  // The "new video" screen may take a video file instead of a source address: it is uploaded on Create.
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const upload = useRef<File | null>(null);
  upload.current = file;
  const videoFileError = useVideoFileError();
  const [titleName, setTitleName] = useState(video?.title?.name ?? target?.titleName ?? '');
  const { register, handleSubmit, setValue, setError, clearErrors, watch, reset, formState: { errors, isDirty, dirtyFields } } = useForm<Values>({
    defaultValues: {
      name: video?.name ?? '', title_id: video?.title_id ?? target?.titleId, season_num: String(video?.season_num ?? target?.season ?? ''),
      episode_num: String(video?.episode_num ?? target?.episode ?? ''), thumbnail: video?.thumbnail ?? '', type: video?.type ?? 'embed',
      src: video?.src ?? '', quality: video?.quality ?? 'hd', language: video?.language ?? 'en', category: video?.category ?? 'trailer',
      approved: video?.approved ?? true,
    },
    // A new video with a file to upload has no source to check: the upload fills it (the id is known once sent).
    resolver: zodFormResolver(isEdit ? videoUpdateSchema : videoCreateSchema, (v: Values) => (upload.current ? { ...toPayload(v), src: undefined, file_id: 1 } : toPayload(v))) as any,
  });
  const type = watch('type');
  // Changing the type clears the source: a YouTube URL is no use as a stream.
  const firstType = useRef(type);
  useEffect(() => {
    if (type !== firstType.current) {
      setValue('src', '', { shouldDirty: true });
      setFile(null);
      setFileError(null);
    }
    firstType.current = type;
  }, [type, setValue]);

  const unsaved = useUnsavedChanges(isDirty);
  const save = useMutation({
    mutationFn: async (payload: Record<string, unknown>) => {
      if (isEdit) return api.put<{ video: Video }>(`videos/${video!.id}`, payload);
      if (!file) return api.post<{ video: Video }>('videos', payload);
      setSent(0);
      try {
        const entry = await uploadFile(file, { onProgress: (done, total) => setSent(total ? Math.floor((done / total) * 100) : 100) });
        return await api.post<{ video: Video }>('videos', { ...payload, src: undefined, file_id: entry.id });
      } finally {
        setSent(null);
      }
    },
    onSuccess: async (r) => {
      qc.setQueryData(queryKeys.detail('videos', r.video.id), r.video);
      await qc.invalidateQueries({ queryKey: queryKeys.lists('videos') });
      toast(isEdit ? trans('Video updated') : trans('Video created'));
      // Saved: what the form holds is no longer a change to lose.
      unsaved.release();
      reset(undefined, { keepValues: true });
      onSaved(r.video, { transcoding: !isEdit && !!file });
    },
    onError: (e) => {
      const refused = e instanceof ApiError ? e.errors?.file_id?.[0] ?? (file ? e.errors?.file?.[0] : undefined) : undefined;
      if (refused) setFileError(refused);
      else showFormError(e, setError);
    },
  });
  const pickFile = (picked: File | undefined) => {
    const refused = picked ? videoFileError(picked) : null;
    setFileError(refused);
    setFile(picked && !refused ? picked : null);
    if (picked && !refused) clearErrors('src');
  };

  const srcLabel = type === 'embed' ? trans('Embed URL') : type === 'external' ? trans('URL') : type === 'stream' ? trans('Stream URL') : trans('Video URL');
  return (
    // An edit sends only what the editor changed, so a field another editor saved meanwhile keeps their value.
    <form noValidate className="flex flex-col gap-5" onSubmit={handleSubmit((p) => save.mutate(isEdit ? changedOnly(p, changedFields(dirtyFields)) : p))}>
      <TextField label={trans('Name')} required error={errors.name?.message} {...register('name')} />
      {target ? null : (
        <Autocomplete<TitleAutocompleteItem>
          label={trans('Title')}
          resource="titles"
          search={searchTitles}
          itemKey={(t) => t.id}
          itemLabel={(t) => t.name}
          renderItem={(t) => <span>{t.name} <span className="text-text-muted">{t.year ?? ''}</span></span>}
          value={titleName}
          onSelect={(t) => { setTitleName(t.name); setValue('title_id', t.id, { shouldValidate: true, shouldDirty: true }); }}
          error={errors.title_id?.message}
        />
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={trans('Season')} type="number" min={1} disabled={!!target} error={errors.season_num?.message} {...register('season_num')} />
        <TextField label={trans('Episode')} type="number" min={1} disabled={!!target} error={errors.episode_num?.message} {...register('episode_num')} />
        <Select label={trans('Type')} options={VIDEO_TYPES.map((t) => ({ value: t, label: videoTypeLabel(t) }))} error={errors.type?.message} {...register('type')} />
        <Select label={trans('Category')} options={VIDEO_CATEGORIES.map((c) => ({ value: c, label: videoCategoryLabel(c) }))} error={errors.category?.message} {...register('category')} />
      </div>
      <TextField label={srcLabel} required={!file} disabled={!!file} error={file ? undefined : errors.src?.message} {...register('src')} />
      {!isEdit && type === 'video' && (
        <div className="flex flex-col gap-2">
          <FileDropZone id="new-video-file" label={trans('Or upload a video file')} accept={VIDEO_FILE_ACCEPT} error={fileError ?? undefined}
            description={trans('The file is transcoded into an adaptive stream (240p to 1080p, never above the original) with a poster and scrubbing thumbnails. The video then becomes a stream.')}
            refusedMessage={trans('Upload a video file: mp4, mov, mkv or webm.')} disabled={save.isPending}
            selected={file} onClear={() => pickFile(undefined)} onFiles={(files) => pickFile(files[0])} />
          {sent !== null && file && <UploadProgress name={file.name} percent={sent} />}
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-3">
        <Select label={trans('Quality')} options={VIDEO_QUALITIES.map((q) => ({ value: q, label: q }))} {...register('quality')} />
        <LookupSelect list="tmdbLanguages" current={video ? video.language ?? undefined : 'en'} label={trans('Language')} error={errors.language?.message} {...register('language')} />
        <TextField label={trans('Thumbnail URL')} error={errors.thumbnail?.message} {...register('thumbnail')} />
      </div>
      <Switch label={trans('Approved')} {...register('approved')} />
      {isEdit && <TranscodePanel video={video!} />}
      {isEdit && <Preview video={video!} />}
      {isEdit && <Captions video={video!} currentType={type} />}
      <div><Button type="submit" variant="primary" disabled={save.isPending}>{isEdit ? trans('Save') : trans('Create')}</Button></div>
      {unsaved.dialog}
    </form>
  );
}

/** Captions exist only for type video; streams carry their own and other types have none. */
function Captions({ video, currentType }: { video: Video; currentType: string }) {
  const qc = useQueryClient();
  const [captions, setCaptions] = useState<VideoCaption[]>(video.captions);
  const [name, setName] = useState('');
  const [language, setLanguage] = useState('en');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.append('name', name);
      form.append('language', language);
      if (file) form.append('file', file);
      return api.post<{ caption: VideoCaption }>(`videos/${video.id}/captions`, form);
    },
    onSuccess: (r) => { setCaptions((c) => [...c, r.caption]); setName(''); setFile(null); qc.invalidateQueries({ queryKey: ['videos'] }); },
    onError: (e) => {
      if (e instanceof ApiError && e.errors) setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0]])));
      else toast.danger(errorMessage(e, trans('There was an issue. Please try again.')));
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`videos/${video.id}/captions/${id}`),
    onSuccess: (_r, id) => setCaptions((c) => c.filter((x) => x.id !== id)),
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  if (currentType !== 'video' || video.type !== 'video') {
    return <p className="text-sm text-text-muted">{currentType === 'stream' ? trans('Stream captions are embedded in the stream.') : trans('This video type does not support captions.')}</p>;
  }
  const submit = () => {
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = trans('Name is required.');
    if (!file) next.file = trans('Please select a file.');
    else if (!/\.(vtt|srt)$/i.test(file.name)) next.file = trans('The caption file must be a .vtt or .srt file.');
    else if (file.size > CAPTION_MAX_BYTES) next.file = trans('The caption file may not be greater than 1 MB.');
    setErrors(next);
    if (!Object.keys(next).length) add.mutate();
  };
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-medium">{trans('Captions')}</legend>
      {captions.length === 0 && <p className="text-sm text-text-muted">{trans('No captions have been added yet')}</p>}
      <ul className="flex flex-col gap-1">
        {captions.map((c) => (
          <li key={c.id} className="flex items-center justify-between gap-2 text-sm">
            <span>{c.name} {c.language && <span className="text-text-muted">({c.language})</span>}</span>
            <Button size="icon" variant="text" aria-label={trans('Delete :name', { name: c.name })} onClick={() => remove.mutate(c.id)}><Trash2 size={16} aria-hidden /></Button>
          </li>
        ))}
      </ul>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label={trans('Caption name')} value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
        <LookupSelect list="tmdbLanguages" label={trans('Caption language')} value={language} onChange={(e) => setLanguage(e.target.value)} />
        {/* The zone shows the file the form holds; after an upload it holds none and shows none. */}
        <FileDropZone id="caption-file" label={trans('Caption file (.vtt or .srt)')} accept=".vtt,.srt,text/vtt" error={errors.file}
          selected={file} onClear={() => setFile(null)} onFiles={(files) => setFile(files[0] ?? null)} />
      </div>
      <div><Button onClick={submit} disabled={add.isPending}><Upload size={16} aria-hidden />{trans('Add caption')}</Button></div>
    </fieldset>
  );
}

/** The saved video as viewers get it: the site's player for files and streams (HLS included), the embed for embeds. */
function Preview({ video }: { video: Video }) {
  if (video.type === 'external') return null;
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-medium">{trans('Preview')}</figcaption>
      {video.type === 'embed' ? (
        <iframe title={video.name} src={embedUrl(video.src)} className="aspect-video w-full max-w-xl rounded-md border border-border" allowFullScreen />
      ) : (
        <div className="w-full max-w-xl" data-testid="video-preview">
          <LazyPart fallback={<div className="skeleton aspect-video w-full rounded-md" aria-busy="true" aria-label={trans('Loading')} />}>
            <Player key={video.src} video={video} title={video.name} poster={video.thumbnail} pageShortcuts={false} />
          </LazyPart>
        </div>
      )}
    </figure>
  );
}
