import { useCallback, useEffect, useRef, useState } from 'react';
import { type FileEntry, type UploadSession } from '@app/contracts/files';
import { formatFileSize } from './format';
import { API_ROOT, ApiError, api, failedAnswerMessage, networkError } from './api';
import { useBootstrap } from './auth';
import { trans } from './i18n';

/**
 * The chunked, resumable uploader every screen uses. The server keeps the chunks it has received under an upload
 * id tied to a fingerprint of the file, so a failed chunk, a dropped connection or a reload picks up where it left off.
 */

export interface UploadOptions {
  parentId?: number | null;
  /** Bytes sent so far out of the file's size. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  /** Attempts per chunk before giving up (with a growing pause between them). */
  retries?: number;
}

/** Same file (name, size, last modified) → same fingerprint → the server resumes it. */
export function fileFingerprint(file: File): string {
  // FNV-1a, two seeds: works without a secure context (crypto.subtle is missing on plain http).
  const text = `${file.name}|${file.size}|${file.lastModified}|${file.type}`;
  const hash = (seed: number) => {
    let h = seed;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16).padStart(8, '0');
  };
  return `f-${file.size}-${hash(0x811c9dc5)}${hash(0x01000193)}`;
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/** One chunk over XHR: fetch cannot report upload progress. */
function sendChunk(uploadId: string, index: number, blob: Blob, onProgress: (loaded: number) => void, signal?: AbortSignal): Promise<UploadSession> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `${API_ROOT}/uploads/${uploadId}/chunks/${index}`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readCookie('XSRF-TOKEN');
    if (token) xhr.setRequestHeader('X-XSRF-TOKEN', token);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      let body: { upload?: UploadSession; message?: string; errors?: Record<string, string[]> } = {};
      try { body = JSON.parse(xhr.responseText); } catch { /* not JSON */ }
      if (xhr.status >= 200 && xhr.status < 300 && body.upload) resolve(body.upload);
      else reject(new ApiError(xhr.status, body.message || failedAnswerMessage(), body.errors));
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(blob);
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** 4xx other than a lost chunk race means the server refused for good; 0/5xx may pass on retry. */
const retryable = (e: unknown) => !(e instanceof ApiError) || e.status === 0 || e.status >= 500 || e.status === 408 || e.status === 429;

export async function uploadFile(file: File, opts: UploadOptions = {}): Promise<FileEntry> {
  const retries = opts.retries ?? 4;
  const start = () => api.post<{ upload: UploadSession }>('uploads', {
    fingerprint: fileFingerprint(file), name: file.name, size: file.size, mime: file.type || undefined, parent_id: opts.parentId ?? null,
  }).then((r) => r.upload);

  let session = await start();
  const sizeOf = (i: number) => Math.min(session.chunk_size, file.size - i * session.chunk_size);
  let done = new Set(session.uploaded_chunks);
  const doneBytes = () => [...done].reduce((n, i) => n + sizeOf(i), 0);
  opts.onProgress?.(doneBytes(), file.size);

  for (let i = 0; i < session.total_chunks; i++) {
    if (done.has(i)) continue;
    const blob = file.slice(i * session.chunk_size, i * session.chunk_size + sizeOf(i));
    for (let attempt = 0; ; attempt++) {
      if (opts.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      try {
        const base = doneBytes();
        session = await sendChunk(session.id, i, blob, (loaded) => opts.onProgress?.(base + loaded, file.size), opts.signal);
        done = new Set(session.uploaded_chunks);
        break;
      } catch (e) {
        if ((e as Error).name === 'AbortError') throw e;
        // The server may have stored the chunk before the answer was lost: ask what it has, then carry on.
        const resumed = await start().catch(() => null);
        if (resumed) {
          session = resumed;
          done = new Set(session.uploaded_chunks);
          if (done.has(i)) break;
        }
        if (attempt >= retries || !retryable(e)) throw e;
        await pause(500 * 2 ** attempt);
      }
    }
    opts.onProgress?.(doneBytes(), file.size);
  }
  const res = await api.post<{ fileEntry: FileEntry }>(`uploads/${session.id}/complete`);
  opts.onProgress?.(file.size, file.size);
  return res.fileEntry;
}

export interface ClientUploadLimits {
  maxSize: number | null;
  allowed: string[];
  blocked: string[];
}

/** The checks the server will make anyway, done first so a refused file fails at once without sending a byte. */
export function localUploadError(file: File, limits: ClientUploadLimits): string | null {
  const m = /\.([^.]+)$/.exec(file.name);
  const ext = m && m.index > 0 ? m[1].toLowerCase() : '';
  if (file.size === 0) return trans('The file is empty.');
  if (limits.blocked.includes(ext) || (limits.allowed.length && !limits.allowed.includes(ext))) {
    return ext ? trans('Files with the .:extension extension are not allowed.', { extension: ext }) : trans('Files without an extension are not allowed.');
  }
  if (limits.maxSize !== null && file.size > limits.maxSize) return trans('The file may not be greater than :size.', { size: formatFileSize(limits.maxSize) });
  return null;
}

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  sent: number;
  status: 'uploading' | 'done' | 'error';
  error?: string;
  entry?: FileEntry;
}

/** A queue of uploads with progress for a screen's upload button and status list; files go one at a time. */
export function useUploads(opts: { parentId?: number | null; onUploaded?: (entry: FileEntry) => void } = {}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef(Promise.resolve());
  const optsRef = useRef(opts);
  useEffect(() => { optsRef.current = opts; });

  const patch = (key: string, changes: Partial<UploadItem>) =>
    setItems((list) => list.map((it) => (it.key === key ? { ...it, ...changes } : it)));

  const { settings } = useBootstrap();
  const limitsRef = useRef<ClientUploadLimits>({ maxSize: null, allowed: [], blocked: [] });
  useEffect(() => {
    const list = (v: unknown) => (Array.isArray(v) ? v.map((e) => String(e).replace(/^\./, '').toLowerCase()) : []);
    limitsRef.current = {
      maxSize: typeof settings['client.uploads.max_size'] === 'number' ? settings['client.uploads.max_size'] : null,
      allowed: list(settings['client.uploads.allowed_extensions']),
      blocked: list(settings['client.uploads.blocked_extensions']),
    };
  }, [settings]);

  const upload = useCallback((files: Iterable<File>) => {
    for (const file of files) {
      const key = `${fileFingerprint(file)}-${Math.random().toString(36).slice(2)}`;
      const refused = localUploadError(file, limitsRef.current);
      if (refused) {
        setItems((list) => [...list, { key, name: file.name, size: file.size, sent: 0, status: 'error', error: refused }]);
        continue;
      }
      setItems((list) => [...list, { key, name: file.name, size: file.size, sent: 0, status: 'uploading' }]);
      queue.current = queue.current.then(async () => {
        try {
          const entry = await uploadFile(file, { parentId: optsRef.current.parentId, onProgress: (sent) => patch(key, { sent }) });
          patch(key, { status: 'done', sent: file.size, entry });
          optsRef.current.onUploaded?.(entry);
        } catch (e) {
          patch(key, { status: 'error', error: e instanceof Error ? e.message : String(e) });
        }
      });
    }
  }, []);

  const clear = useCallback(() => setItems((list) => list.filter((it) => it.status === 'uploading')), []);
  return { items, upload, clear };
}
