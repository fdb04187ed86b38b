import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCcw, Square, Upload } from 'lucide-react';
import { TRANSCODE_EXTENSIONS, type Transcode, type Video } from '@app/contracts';
import { api, errorMessage } from '../../lib/api';
import { useBootstrap } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';
import { localUploadError, uploadFile } from '../../lib/uploads';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/Toast';
import { transcodeKey, useTranscode } from './transcode-api';
import { TranscodeProgress } from './TranscodeStatus';

/** What the file inputs of video uploads accept. */
export const VIDEO_FILE_ACCEPT = TRANSCODE_EXTENSIONS.map((e) => `.${e}`).join(',');
const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);

/** A video file on its way up: its name, the share sent and a progress bar. */
export function UploadProgress({ name, percent }: { name: string; percent: number }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm">{trans('Uploading :name', { name })} <span className="tabular-nums">{percent}%</span></span>
      <progress className="h-1.5 w-full" max={100} value={percent} aria-label={trans('Upload progress for :name', { name })} />
    </div>
  );
}

/** Why a picked file cannot be transcoded (not a video file, or refused by the uploading settings), or null. */
export function useVideoFileError(): (file: File) => string | null {
  const { settings } = useBootstrap();
  return (file) => {
    const ext = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
    if (!(TRANSCODE_EXTENSIONS as readonly string[]).includes(ext)) return trans('Upload a video file: mp4, mov, mkv or webm.');
    return localUploadError(file, {
      maxSize: typeof settings['client.uploads.max_size'] === 'number' ? settings['client.uploads.max_size'] : null,
      allowed: list(settings['client.uploads.allowed_extensions']), blocked: list(settings['client.uploads.blocked_extensions']),
    });
  };
}

/**
 * Upload a video file for this video: it goes up through the chunked uploader, the server probes it and queues a
 * transcode into an HLS ladder; the job's progress, failure reason (with Retry) and Cancel show here.
 */
export function TranscodePanel({ video }: { video: Video }) {
  const qc = useQueryClient();
  const videoFileError = useVideoFileError();
  const status = useTranscode(video.id);
  const [sent, setSent] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const transcode = status.data?.transcode ?? null;
  const active = transcode && (transcode.state === 'queued' || transcode.state === 'probing' || transcode.state === 'running');

  const refresh = async (t: Transcode) => {
    qc.setQueryData(transcodeKey(video.id), { transcode: t, ffmpeg: true });
    await qc.invalidateQueries({ queryKey: ['transcodes', 'list'] });
  };
  // Once the job is done the video is a stream: reload it so the form shows the new source.
  const lastState = useRef(transcode?.state);
  if (transcode?.state !== lastState.current) {
    if (transcode?.state === 'done' && lastState.current && lastState.current !== 'done') {
      qc.invalidateQueries({ queryKey: queryKeys.detail('videos', video.id) }).catch(() => undefined);
      qc.invalidateQueries({ queryKey: queryKeys.lists('videos') }).catch(() => undefined);
    }
    lastState.current = transcode?.state;
  }

  const start = useMutation({
    mutationFn: async (file: File) => {
      setSent({ name: file.name, percent: 0 });
      const entry = await uploadFile(file, { onProgress: (done, total) => setSent({ name: file.name, percent: total ? Math.floor((done / total) * 100) : 100 }) });
      return api.post<{ transcode: Transcode }>(`videos/${video.id}/transcode`, { file_id: entry.id });
    },
    onSuccess: (r) => refresh(r.transcode),
    onError: (e) => setError(errorMessage(e, trans('There was an issue. Please try again.'))),
    onSettled: () => {
      setSent(null);
      if (inputRef.current) inputRef.current.value = '';
    },
  });
  const act = useMutation({
    mutationFn: (what: 'cancel' | 'retry') => api.post<{ transcode: Transcode }>(`videos/${video.id}/transcode/${what}`),
    onSuccess: (r) => refresh(r.transcode),
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });

  const pick = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    const refused = videoFileError(file);
    if (refused) setError(refused);
    else start.mutate(file);
  };

  if (status.isPending) return null;
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-medium">{trans('Upload a video file')}</legend>
      {status.data && !status.data.ffmpeg ? (
        <p className="text-sm text-text-muted" role="status">
          {trans('Transcoding needs ffmpeg, which is not installed on this server. Choose another video type: a video file URL, a stream, an embed or a link.')}
        </p>
      ) : (
        <>
          <p className="text-sm text-text-muted">{trans('The file is transcoded into an adaptive stream (240p to 1080p, never above the original) with a poster and scrubbing thumbnails. The video then becomes a stream.')}</p>
          {transcode && <TranscodeProgress transcode={transcode} />}
          {transcode?.state === 'failed' && transcode.error && (
            <pre className="max-h-40 overflow-auto whitespace-pre-wrap rounded bg-bg-alt p-2 text-xs text-danger" data-testid="transcode-error">{transcode.error}</pre>
          )}
          {sent && <UploadProgress name={sent.name} percent={sent.percent} />}
          {error && <p role="alert" className="text-sm text-danger">{error}</p>}
          <div className="flex flex-wrap items-center gap-2">
            {!active && (
              <>
                <input ref={inputRef} id={`transcode-file-${video.id}`} type="file" accept={VIDEO_FILE_ACCEPT} className="sr-only" disabled={start.isPending} onChange={(e) => pick(e.target.files?.[0])} />
                <label htmlFor={`transcode-file-${video.id}`} className={`inline-flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm font-medium hover:bg-hover ${start.isPending ? 'pointer-events-none opacity-50' : ''}`}>
                  <Upload size={16} aria-hidden />{trans('Choose a video file')}
                </label>
              </>
            )}
            {active && <Button onClick={() => act.mutate('cancel')} disabled={act.isPending}><Square size={16} aria-hidden />{trans('Cancel transcoding')}</Button>}
            {(transcode?.state === 'failed' || transcode?.state === 'cancelled') && (
              <Button onClick={() => act.mutate('retry')} disabled={act.isPending}><RotateCcw size={16} aria-hidden />{trans('Retry')}</Button>
            )}
          </div>
        </>
      )}
    </fieldset>
  );
}
