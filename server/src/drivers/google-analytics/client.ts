import crypto from 'node:crypto';
import { outboundFetch } from '../../lib/outbound.ts';
import { API_ENDPOINTS } from '../switch.ts';

/**
 * A Google Analytics 4 property read through the Analytics Data API (v1beta), signed in as a service account: the
 * account's key signs a JWT that the OAuth token endpoint exchanges for an hour's access token (Google's
 * "service account" flow), and reports are asked for five at a time (`batchRunReports`).
 */

export interface ServiceAccount { client_email: string; private_key: string; private_key_id?: string }

/** The fields of a service-account key file the client needs, or null when the JSON is not one. */
export function parseServiceAccount(json: unknown): ServiceAccount | null {
  if (!json || typeof json !== 'object') return null;
  const { client_email: email, private_key: key, private_key_id: keyId } = json as Record<string, unknown>;
  if (typeof email !== 'string' || !email.includes('@') || typeof key !== 'string') return null;
  try {
    crypto.createPrivateKey(key);
  } catch {
    return null;
  }
  return { client_email: email, private_key: key, private_key_id: typeof keyId === 'string' ? keyId : undefined };
}

export interface GaRequest {
  dateRanges: { startDate: string; endDate: string }[];
  dimensions?: { name: string }[];
  metrics: { name: string }[];
  orderBys?: { metric: { metricName: string }; desc: boolean }[];
  limit?: number;
}
export interface GaRow { dimensions: string[]; metrics: number[] }
export interface GaReport { rows: GaRow[]; timeZone: string }

const SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';
/** batchRunReports takes at most five requests. */
const BATCH = 5;
const TIMEOUT_MS = 10_000;
const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

/** Access tokens by account and key: an hour each, reused until a minute before they lapse. */
const tokens = new Map<string, { token: string; expiresAt: number }>();
const tokenKey = (account: ServiceAccount) => `${account.client_email}:${account.private_key_id ?? ''}`;

async function errorOf(res: Response): Promise<Error> {
  const body = await res.json().catch(() => null) as { error?: { message?: string } | string; error_description?: string } | null;
  const message = typeof body?.error === 'object' ? body.error.message : body?.error_description ?? body?.error;
  return new Error(message ? String(message).slice(0, 300) : `HTTP ${res.status}`);
}

async function accessToken(account: ServiceAccount): Promise<string> {
  const held = tokens.get(tokenKey(account));
  if (held && held.expiresAt > Date.now() + 60_000) return held.token;
  const url = `${API_ENDPOINTS.googleOauth}/token`;
  const iat = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', ...(account.private_key_id ? { kid: account.private_key_id } : {}) }));
  const claims = b64url(JSON.stringify({ iss: account.client_email, scope: SCOPE, aud: url, iat, exp: iat + 3600 }));
  const signature = crypto.sign('RSA-SHA256', Buffer.from(`${header}.${claims}`), account.private_key);
  const res = await outboundFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${header}.${claims}.${b64url(signature)}` }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw await errorOf(res);
  const body = await res.json() as { access_token?: string; expires_in?: number };
  if (!body.access_token) throw new Error('The token endpoint answered without an access token.');
  tokens.set(tokenKey(account), { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 });
  return body.access_token;
}

interface RawReport {
  rows?: { dimensionValues?: { value?: string }[]; metricValues?: { value?: string }[] }[];
  metadata?: { timeZone?: string };
}

export class GoogleAnalyticsClient {
  readonly propertyId: string;

  /** `propertyId` as the admin pasted it: `123456789` or `properties/123456789`. */
  constructor(private readonly account: ServiceAccount, propertyId: string) {
    this.propertyId = propertyId.trim().replace(/^properties\//, '');
    if (!/^\d{1,20}$/.test(this.propertyId)) throw new Error('The analytics property ID must be the number Google Analytics shows for the property.');
  }

  /** Which property, read as which account: a failure remembered for one does not stand for another. */
  get signature(): string {
    return `${this.propertyId}:${tokenKey(this.account)}`;
  }

  /** The reports in the order asked, each row's metrics as numbers; the property's timezone comes with each. */
  async reports(requests: GaRequest[]): Promise<GaReport[]> {
    const batches: GaRequest[][] = [];
    for (let i = 0; i < requests.length; i += BATCH) batches.push(requests.slice(i, i + BATCH));
    const token = await accessToken(this.account);
    const answers = await Promise.all(batches.map(async (batch) => {
      const res = await outboundFetch(`${API_ENDPOINTS.googleAnalyticsData}/v1beta/properties/${this.propertyId}:batchRunReports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ requests: batch }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) {
        if (res.status === 401) tokens.delete(tokenKey(this.account));
        throw await errorOf(res);
      }
      const body = await res.json() as { reports?: RawReport[] };
      return batch.map((_, i) => body.reports?.[i] ?? {});
    }));
    return answers.flat().map((r) => ({
      timeZone: r.metadata?.timeZone || 'UTC',
      rows: (r.rows ?? []).map((row) => ({
        dimensions: (row.dimensionValues ?? []).map((d) => String(d.value ?? '')),
        metrics: (row.metricValues ?? []).map((m) => Number(m.value) || 0),
      })),
    }));
  }
}
