import type { ApiError as ApiErrorBody } from '@app/contracts/list';
import { awaitSignIn } from './session-expired';
import { trans } from './i18n';

export const API_ROOT = '/api/v1';

export class ApiError extends Error {
  status: number;
  errors?: Record<string, string[]>;
  constructor(status: number, message: string, errors?: Record<string, string[]>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export function buildQuery(params?: QueryParams): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    search.set(k, String(v));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

interface RequestOptions {
  params?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
}

/** Any API read hands out the CSRF token bound to the current session (server/src/http/csrf.ts). */
async function refreshCsrfToken(): Promise<void> {
  await fetch(`${API_ROOT}/auth/me`, { headers: { Accept: 'application/json' }, credentials: 'same-origin' }).catch(() => undefined);
}

/**
 * What the visitor reads when the server could not be reached (offline, a dropped connection): never the browser's
 * own English wording.
 */
export const networkError = () => new ApiError(0, trans('Could not reach the server. Check your connection and try again.'));

/**
 * An answer without our `{ message }` body (a proxy's 502 page, a 503 while the site restarts) reads as the app's
 * generic failure in the visitor's language, not as the raw HTTP status text ("Bad Gateway").
 */
export const failedAnswerMessage = () => trans('There was an issue. Please try again.');

export async function apiRequest<T>(method: string, path: string, opts: RequestOptions = {}, retried = false, signedInAgain = false): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) {
    body = opts.body;
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  if (method !== 'GET' && method !== 'HEAD') {
    const token = readCookie('XSRF-TOKEN');
    if (token) headers['X-XSRF-TOKEN'] = token;
  }
  let res: Response;
  try {
    res = await fetch(`${API_ROOT}/${path.replace(/^\//, '')}${buildQuery(opts.params)}`, {
      method, headers, body, credentials: 'same-origin', signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw networkError();
  }
  // 419: the token belonged to another session (signed in or out in another tab): fetch the fresh one, retry once.
  if (res.status === 419 && !retried) {
    await res.body?.cancel().catch(() => undefined);
    await refreshCsrfToken();
    return apiRequest<T>(method, path, opts, true, signedInAgain);
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  // 401 on a write while signed in: the session ended under the form. Sign in again, then send it once more.
  if (res.status === 401 && method !== 'GET' && !signedInAgain && !/^\/?auth\//.test(path) && await awaitSignIn()) {
    return apiRequest<T>(method, path, opts, false, true);
  }
  if (!res.ok) {
    const err = (data ?? {}) as Partial<ApiErrorBody>;
    throw new ApiError(res.status, typeof err.message === 'string' && err.message ? err.message : failedAnswerMessage(), err.errors);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, params?: QueryParams, signal?: AbortSignal) => apiRequest<T>('GET', path, { params, signal }),
  post: <T>(path: string, body?: unknown, params?: QueryParams) => apiRequest<T>('POST', path, { body, params }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, { body }),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>('DELETE', path, { body }),
};

export function errorMessage(e: unknown, fallback: string): string {
  if (e instanceof ApiError && e.message) return e.message;
  return fallback;
}

/**
 * A small dialog's failed submit as messages under its fields: each field's own first error; when none of them has
 * one, the answer's message (else `fallback`) under `general`, the field the dialog is about.
 */
export function fieldMessages<K extends string>(e: unknown, fields: readonly K[], general: K, fallback: string): Partial<Record<K, string>> {
  const errors = e instanceof ApiError ? e.errors ?? {} : {};
  const out: Partial<Record<K, string>> = {};
  for (const f of fields) if (errors[f]?.[0]) out[f] = errors[f][0];
  if (!Object.keys(out).length) out[general] = errorMessage(e, fallback);
  return out;
}
