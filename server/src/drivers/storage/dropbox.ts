import { PassThrough, Readable } from 'node:stream';
import { API_ENDPOINTS, reason } from '../switch.ts';
import { cleanKey, type ByteRange, type PutOptions, type StorageStat, type Storage } from './storage.ts';

export interface DropboxSettings {
  appKey: string;
  appSecret: string;
  refreshToken: string;
}

/** Upload session chunk: Dropbox asks for multiples of 4 MB; memory holds at most one chunk. */
const CHUNK = 8 * 1024 * 1024;

/** Dropbox answered and refused; `reason` is its own description (a failed connection is a plain error). */
export class DropboxRefused extends Error {
  constructor(readonly reason: string) { super(`Dropbox refused the credentials: ${reason}`); }
}

async function tokenCall(form: Record<string, string>): Promise<any> {
  const res = await fetch(`${API_ENDPOINTS.dropboxApi}/oauth2/token`, { method: 'POST', body: new URLSearchParams(form), signal: AbortSignal.timeout(15_000) });
  const body = await res.json().catch(() => ({})) as any;
  if (!res.ok) throw new DropboxRefused(String(body.error_description ?? body.error ?? `HTTP ${res.status}`));
  return body;
}

/** `POST settings/uploading/dropbox-refresh-token`: trades the access code the app console shows for a refresh token. */
export async function dropboxRefreshToken(appKey: string, appSecret: string, accessCode: string): Promise<string> {
  const body = await tokenCall({ grant_type: 'authorization_code', code: accessCode, client_id: appKey, client_secret: appSecret });
  if (!body.refresh_token) throw new DropboxRefused('no refresh token was returned');
  return body.refresh_token;
}

/** Dropbox's HTTP API with a short-lived access token refreshed from the stored refresh token. */
export class DropboxStorage implements Storage {
  private access: { token: string; expiresAt: number } | null = null;

  constructor(private s: DropboxSettings) {}

  private p(key: string) { return `/${cleanKey(key)}`; }

  private async token(): Promise<string> {
    if (!this.access || this.access.expiresAt <= Date.now()) {
      const body = await tokenCall({ grant_type: 'refresh_token', refresh_token: this.s.refreshToken, client_id: this.s.appKey, client_secret: this.s.appSecret });
      this.access = { token: body.access_token, expiresAt: Date.now() + ((body.expires_in ?? 14400) - 60) * 1000 };
    }
    return this.access.token;
  }

  /** An RPC endpoint: JSON in, JSON out; 409 carries a typed error (`path/not_found/...`). */
  private async rpc(route: string, arg: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(`${API_ENDPOINTS.dropboxApi}/2/${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await this.token()}`, 'content-type': 'application/json' },
      body: JSON.stringify(arg),
    });
    const body = await res.json().catch(() => ({}));
    if (res.status === 401) this.access = null;
    if (!res.ok && res.status !== 409) throw new Error(`Dropbox ${route} answered ${res.status}: ${JSON.stringify(body)}`);
    return { status: res.status, body };
  }

  /** A content-upload endpoint: the argument in the Dropbox-API-Arg header, bytes in the body. */
  private async upload(route: string, arg: unknown, bytes: Buffer): Promise<any> {
    const res = await fetch(`${API_ENDPOINTS.dropboxContent}/2/${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await this.token()}`, 'content-type': 'application/octet-stream', 'dropbox-api-arg': JSON.stringify(arg) },
      body: new Blob([new Uint8Array(bytes)]),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`Dropbox ${route} answered ${res.status}: ${text}`);
    return text ? JSON.parse(text) : {};
  }

  /** Upload session: start, append chunk by chunk, finish with a commit; nothing exists under the key until the commit. */
  async put(key: string, body: Readable | Buffer, _options: PutOptions = {}): Promise<void> {
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    let sessionId: string | null = null;
    let offset = 0;
    let pending: Buffer[] = [];
    let size = 0;
    const flush = async () => {
      const bytes = Buffer.concat(pending);
      pending = [];
      size = 0;
      if (sessionId === null) sessionId = (await this.upload('files/upload_session/start', { close: false }, bytes)).session_id;
      else await this.upload('files/upload_session/append_v2', { cursor: { session_id: sessionId, offset }, close: false }, bytes);
      offset += bytes.length;
    };
    for await (const chunk of source) {
      pending.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= CHUNK) await flush();
    }
    const last = Buffer.concat(pending);
    if (sessionId === null) sessionId = (await this.upload('files/upload_session/start', { close: false }, Buffer.alloc(0))).session_id;
    await this.upload('files/upload_session/finish', { cursor: { session_id: sessionId, offset }, commit: { path: this.p(key), mode: 'overwrite', mute: true } }, last);
  }

  read(key: string, range?: ByteRange): Readable {
    const out = new PassThrough();
    void (async () => {
      const headers: Record<string, string> = { authorization: `Bearer ${await this.token()}`, 'dropbox-api-arg': JSON.stringify({ path: this.p(key) }) };
      if (range) headers.range = `bytes=${range.start}-${range.end ?? ''}`;
      const res = await fetch(`${API_ENDPOINTS.dropboxContent}/2/files/download`, { method: 'POST', headers });
      if (!res.ok || !res.body) throw new Error(res.status === 409 ? `Not found: ${key}` : `Dropbox download answered ${res.status}`);
      const body = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream);
      body.on('error', (err) => out.destroy(err));
      body.pipe(out);
    })().catch((err) => out.destroy(err));
    return out;
  }

  async stat(key: string): Promise<StorageStat | null> {
    const { status, body } = await this.rpc('files/get_metadata', { path: this.p(key) });
    if (status === 409 || body['.tag'] !== 'file') return null;
    return { size: body.size, lastModified: body.server_modified ? new Date(body.server_modified) : null };
  }

  async exists(key: string) { return (await this.stat(key)) !== null; }

  async delete(key: string) {
    const { status, body } = await this.rpc('files/delete_v2', { path: this.p(key) });
    if (status === 409 && !String(body.error_summary ?? '').startsWith('path_lookup/not_found')) throw new Error(`Dropbox delete failed: ${body.error_summary}`);
  }

  async deleteMany(keys: string[]) {
    for (const key of keys) await this.delete(key);
  }

  /** The connected account (the credential check calls it). */
  async account(): Promise<{ email?: string }> {
    return (await this.rpc('users/get_current_account', null)).body;
  }

  async *list(prefix: string): AsyncIterable<string> {
    const dir = prefix.includes('/') ? `/${prefix.slice(0, prefix.lastIndexOf('/'))}` : '';
    let page = await this.rpc('files/list_folder', { path: dir, recursive: true });
    for (;;) {
      if (page.status === 409) return;
      for (const e of page.body.entries ?? []) {
        const k = String(e.path_display ?? '').replace(/^\//, '');
        if (e['.tag'] === 'file' && k.startsWith(prefix)) yield k;
      }
      if (!page.body.has_more) return;
      page = await this.rpc('files/list_folder/continue', { cursor: page.body.cursor });
    }
  }
}

/** The uploading page's check: the refresh token works and the account answers. */
export async function checkDropbox(s: DropboxSettings): Promise<string | null> {
  try {
    await new DropboxStorage(s).account();
    return null;
  } catch (err) {
    return reason(err);
  }
}
