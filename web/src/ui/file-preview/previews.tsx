import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type { FileEntry } from '@app/contracts/files';
import { api } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { buttonClass } from '../Button';
import { FileTypeIcon } from './FileTypeIcon';
import { previewKind, type PreviewKind } from './preview-kind';

/** Where the previewer loads a file from: the download URL with a short-lived preview token, so no cookie is needed. */
export function usePreviewUrl(entry: FileEntry) {
  return useQuery({
    queryKey: ['file-entries', 'preview-token', entry.id],
    queryFn: () => api.post<{ preview_token: string }>(`file-entries/${entry.id}/add-preview-token`)
      .then((r) => `${entry.url}?preview_token=${encodeURIComponent(r.preview_token)}`),
    // Tokens live 30 minutes; take a fresh one well before that.
    staleTime: 20 * 60_000,
    gcTime: 20 * 60_000,
    retry: false,
  });
}

export const downloadHref = (entry: FileEntry) => `${entry.url}?download=1`;

function Message({ entry, children }: { entry: FileEntry; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg bg-bg-elevated p-8 text-center text-text shadow" role="status">
      <FileTypeIcon type={entry.type} size="3rem" />
      <p className="text-base font-medium">{children}</p>
      <a href={downloadHref(entry)} className={buttonClass('primary')} download>
        <Download size="1rem" aria-hidden />
        {trans('Download')}
      </a>
    </div>
  );
}

export const NoPreview = ({ entry }: { entry: FileEntry }) => <Message entry={entry}>{trans('No file preview available')}</Message>;
export const PreviewError = ({ entry }: { entry: FileEntry }) => <Message entry={entry}>{trans('There was an issue previewing this file')}</Message>;
export const TooLarge = ({ entry }: { entry: FileEntry }) => <Message entry={entry}>{trans('This file is too large to preview')}</Message>;

function TextPreview({ entry, src }: { entry: FileEntry; src: string }) {
  const text = useQuery({
    queryKey: ['file-entries', 'preview-text', entry.id],
    queryFn: async ({ signal }) => {
      const res = await fetch(src, { signal, credentials: 'omit' });
      if (!res.ok) throw new Error(res.statusText);
      return res.text();
    },
    retry: false,
  });
  if (text.isError) return <PreviewError entry={entry} />;
  if (text.isPending) return <Spinner />;
  return (
    <pre className="max-h-full w-full max-w-4xl overflow-auto whitespace-pre-wrap rounded-lg bg-bg-elevated p-6 font-mono text-sm text-text shadow" data-testid="text-preview">
      {text.data}
    </pre>
  );
}

export function Spinner() {
  return (
    <div role="status" aria-label={trans('Loading')} className="h-10 w-10 animate-spin rounded-full border-2 border-white/30 border-t-white" />
  );
}

/** Media elements report failure through onError; show the error state instead of a broken player. */
function MediaPreview({ entry, src }: { entry: FileEntry; src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <PreviewError entry={entry} />;
  if (entry.type === 'image') return <img src={src} alt={entry.name} onError={() => setFailed(true)} className="max-h-full max-w-full object-contain shadow" />;
  if (entry.type === 'video') {
    return <video src={src} controls autoPlay={false} onError={() => setFailed(true)} className="max-h-full max-w-full bg-black shadow" aria-label={entry.name} />;
  }
  return (
    <div className="flex w-full max-w-xl flex-col items-center gap-4 rounded-lg bg-bg-elevated p-8 text-text shadow">
      <FileTypeIcon type="audio" size="3rem" />
      <p className="font-medium">{entry.name}</p>
      <audio src={src} controls onError={() => setFailed(true)} className="w-full" aria-label={entry.name} />
    </div>
  );
}

/**
 * The server sends a PDF only as a sandboxed download, so framing its URL started a download and showed a blank
 * page. The bytes are fetched and framed as a PDF blob instead, which the browser's own viewer draws.
 */
function PdfPreview({ entry, src }: { entry: FileEntry; src: string }) {
  const pdf = useQuery({
    queryKey: ['file-entries', 'preview-pdf', entry.id],
    queryFn: async ({ signal }) => {
      const res = await fetch(src, { signal, credentials: 'omit' });
      if (!res.ok) throw new Error(res.statusText);
      return new Blob([await res.arrayBuffer()], { type: 'application/pdf' });
    },
    retry: false,
    gcTime: 0,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pdf.data) return;
    const objectUrl = URL.createObjectURL(pdf.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [pdf.data]);
  if (pdf.isError) return <PreviewError entry={entry} />;
  if (!url) return <Spinner />;
  return <iframe src={url} title={entry.name} className="h-full w-full max-w-5xl rounded bg-white shadow" />;
}

/** Picks the preview for a file's type. */
export function FilePreviewBody({ entry }: { entry: FileEntry }) {
  const kind = previewKind(entry);
  if (kind === 'too-large') return <TooLarge entry={entry} />;
  if (kind === 'none') return <NoPreview entry={entry} />;
  return <WithPreviewUrl entry={entry} kind={kind} />;
}

function WithPreviewUrl({ entry, kind }: { entry: FileEntry; kind: PreviewKind }) {
  const url = usePreviewUrl(entry);
  if (url.isError) return <PreviewError entry={entry} />;
  if (!url.data) return <Spinner />;
  if (kind === 'text') return <TextPreview entry={entry} src={url.data} />;
  if (kind === 'pdf') return <PdfPreview entry={entry} src={url.data} />;
  return <MediaPreview key={url.data} entry={entry} src={url.data} />;
}

/** Keyboard: left and right arrows move between files. */
export function useArrowKeys(onPrev: () => void, onNext: () => void, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'VIDEO', 'AUDIO'].includes(target.tagName)) return;
      if (e.key === 'ArrowLeft') onPrev();
      if (e.key === 'ArrowRight') onNext();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onPrev, onNext, enabled]);
}
