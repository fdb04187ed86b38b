import crypto from 'node:crypto';
import { startHttp, type Recorded } from './http.ts';

/**
 * A local server answering the Dropbox HTTP API calls the storage driver makes, as Dropbox
 * documents them: oauth2/token (refresh_token and authorization_code grants), upload sessions,
 * download (with Range), get_metadata, delete_v2, list_folder(/continue), get_current_account.
 */
export async function startDropboxServer(app: { key: string; secret: string; refreshToken: string; code?: string }) {
  const files = new Map<string, { body: Buffer; modified: Date }>();
  const sessions = new Map<string, Buffer[]>();
  const tokens = new Set<string>();
  const notFound = (summary: string) => ({ status: 409, json: { error_summary: summary, error: { '.tag': 'path_lookup', path_lookup: { '.tag': 'not_found' } } } });
  const meta = (path: string) => {
    const f = files.get(path.toLowerCase())!;
    return { '.tag': 'file', name: path.split('/').pop(), path_lower: path.toLowerCase(), path_display: path, size: f.body.length, server_modified: f.modified.toISOString().replace(/\.\d+Z$/, 'Z') };
  };
  const display = new Map<string, string>();

  const server = await startHttp((r: Recorded) => {
    if (r.path === '/oauth2/token') {
      const f = r.form!;
      if (f.get('client_id') !== app.key || f.get('client_secret') !== app.secret) return { status: 400, json: { error: 'invalid_client', error_description: 'Invalid client_id or client_secret' } };
      const ok = (f.get('grant_type') === 'refresh_token' && f.get('refresh_token') === app.refreshToken) || (f.get('grant_type') === 'authorization_code' && app.code && f.get('code') === app.code);
      if (!ok) return { status: 400, json: { error: 'invalid_grant', error_description: 'refresh token is malformed' } };
      const token = `sl.${crypto.randomBytes(8).toString('hex')}`;
      tokens.add(token);
      return { json: { access_token: token, token_type: 'bearer', expires_in: 14400, ...(f.get('grant_type') === 'authorization_code' ? { refresh_token: app.refreshToken } : {}) } };
    }
    if (!tokens.has(String(r.headers.authorization).replace('Bearer ', ''))) return { status: 401, json: { error_summary: 'invalid_access_token/', error: { '.tag': 'invalid_access_token' } } };
    const arg = r.headers['dropbox-api-arg'] ? JSON.parse(String(r.headers['dropbox-api-arg'])) : r.json;
    switch (r.path) {
      case '/2/users/get_current_account': return { json: { account_id: 'dbid:1', email: 'owner@example.com' } };
      case '/2/files/upload_session/start': {
        const id = crypto.randomUUID();
        sessions.set(id, [r.body]);
        return { json: { session_id: id } };
      }
      case '/2/files/upload_session/append_v2': {
        const parts = sessions.get(arg.cursor.session_id)!;
        const have = parts.reduce((n, b) => n + b.length, 0);
        if (have !== arg.cursor.offset) return { status: 409, json: { error_summary: 'incorrect_offset/' } };
        parts.push(r.body);
        return { json: null };
      }
      case '/2/files/upload_session/finish': {
        const parts = sessions.get(arg.cursor.session_id)!;
        parts.push(r.body);
        sessions.delete(arg.cursor.session_id);
        files.set(arg.commit.path.toLowerCase(), { body: Buffer.concat(parts), modified: new Date() });
        display.set(arg.commit.path.toLowerCase(), arg.commit.path);
        return { json: meta(arg.commit.path) };
      }
      case '/2/files/download': {
        const f = files.get(arg.path.toLowerCase());
        if (!f) return notFound('path/not_found/');
        const range = /^bytes=(\d+)-(\d*)$/.exec(String(r.headers.range ?? ''));
        if (range) {
          const end = range[2] ? Number(range[2]) : f.body.length - 1;
          return { status: 206, body: f.body.subarray(Number(range[1]), end + 1), headers: { 'dropbox-api-result': JSON.stringify(meta(arg.path)) } };
        }
        return { body: f.body, headers: { 'dropbox-api-result': JSON.stringify(meta(arg.path)) } };
      }
      case '/2/files/get_metadata':
        return files.has(arg.path.toLowerCase()) ? { json: meta(display.get(arg.path.toLowerCase())!) } : notFound('path/not_found/');
      case '/2/files/delete_v2':
        if (!files.delete(arg.path.toLowerCase())) return notFound('path_lookup/not_found/');
        return { json: { metadata: { '.tag': 'file', path_display: arg.path } } };
      case '/2/files/list_folder': case '/2/files/list_folder/continue': {
        const base = r.path.endsWith('continue') ? JSON.parse(Buffer.from(arg.cursor, 'base64url').toString()) : { path: arg.path.toLowerCase(), at: 0 };
        const all = [...files.keys()].filter((k) => k.startsWith(`${base.path}/`)).sort();
        if (!all.length && base.path) return notFound('path/not_found/');
        const page = all.slice(base.at, base.at + 2);
        const more = base.at + 2 < all.length;
        return { json: { entries: page.map((k) => meta(display.get(k)!)), cursor: Buffer.from(JSON.stringify({ path: base.path, at: base.at + 2 })).toString('base64url'), has_more: more } };
      }
      default: return { status: 404, body: 'Unknown API function' };
    }
  });
  return { ...server, files };
}
