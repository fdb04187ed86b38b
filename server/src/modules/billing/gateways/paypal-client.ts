import { HttpError } from '../../../http/errors.ts';

/**
 * A small client for PayPal's REST API (no SDK: PayPal's Node SDKs are deprecated or cover checkout only). Calls
 * carry an OAuth2 access token from the client-credentials grant, cached per credentials until shortly before
 * it expires. Every call has a short timeout so a stuck gateway fails a sync or a webhook instead of hanging it.
 */
export interface PaypalCredentials { clientId: string; secret: string }

/**
 * A failed PayPal call; 502 to our callers, with PayPal's own reason where it gave one. paypalStatus is unset when
 * PayPal never answered; issue is the first detail's issue code (PLAN_STATUS_INVALID, ...) when it gave one.
 */
export class PaypalError extends HttpError {
  constructor(message: string, public paypalStatus?: number, public issue?: string) {
    super(502, message);
    this.name = 'PaypalError';
  }
}

const tokens = new Map<string, { token: string; expiresAt: number }>();

export class PaypalClient {
  constructor(readonly apiUrl: string, private creds: PaypalCredentials, private timeoutMs: number) {}

  private async send(method: string, path: string, init: { headers: Record<string, string>; body?: string }): Promise<Response> {
    try {
      return await fetch(`${this.apiUrl}${path}`, { method, headers: init.headers, body: init.body, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new PaypalError('PayPal did not answer in time.');
      const code = (err as { cause?: { code?: string } }).cause?.code ?? name;
      throw new PaypalError(`Could not connect to PayPal (${String(code)}).`);
    }
  }

  /** The client-credentials token (POST /v1/oauth2/token), reused until a minute before PayPal says it expires. */
  async token(): Promise<string> {
    const key = `${this.apiUrl}|${this.creds.clientId}|${this.creds.secret}`;
    const cached = tokens.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const basic = Buffer.from(`${this.creds.clientId}:${this.creds.secret}`).toString('base64');
    const res = await this.send('POST', '/v1/oauth2/token', {
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    const json = await readJson(res);
    if (res.status === 401 || res.status === 403) throw new PaypalError('PayPal refused the client ID and secret.', res.status);
    if (!res.ok || typeof json.access_token !== 'string') throw new PaypalError(errorText(res.status, json), res.status);
    const ttl = Number(json.expires_in) > 0 ? Number(json.expires_in) * 1000 : 0;
    tokens.set(key, { token: json.access_token, expiresAt: Date.now() + Math.max(0, ttl - 60_000) });
    return json.access_token;
  }

  /** One JSON call; a 401 means the cached token was revoked early: it is dropped and the call tried once more. */
  async request<T = Record<string, unknown>>(method: string, path: string, body?: unknown, retried = false): Promise<T> {
    const res = await this.send(method, path, {
      headers: { authorization: `Bearer ${await this.token()}`, 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const json = await readJson(res);
    if (res.status === 401 && !retried) {
      tokens.delete(`${this.apiUrl}|${this.creds.clientId}|${this.creds.secret}`);
      return this.request<T>(method, path, body, true);
    }
    if (!res.ok) throw new PaypalError(errorText(res.status, json), res.status, Array.isArray(json.details) ? json.details[0]?.issue : undefined);
    return json as T;
  }
}

/** PayPal answers 204 with no body for actions such as cancel and suspend. */
async function readJson(res: Response): Promise<Record<string, any>> {
  const text = await res.text().catch(() => '');
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, any>) : {};
  } catch {
    return {};
  }
}

/** PayPal's error shape: { name, message, details: [{ issue, description }] } (OAuth: { error, error_description }). */
function errorText(status: number, json: Record<string, any>): string {
  const detail = Array.isArray(json.details) && json.details[0] ? `: ${String(json.details[0].issue ?? '')} ${String(json.details[0].description ?? '')}`.trimEnd() : '';
  const reason = json.message ?? json.error_description ?? json.name ?? json.error;
  return `PayPal answered with an error (HTTP ${status})${reason ? `: ${String(reason)}` : ''}${detail}`.slice(0, 400);
}
