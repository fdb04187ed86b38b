import crypto from 'node:crypto';
import { startHttp, type Recorded } from './http.ts';

/**
 * A local Google: the OAuth token endpoint's service-account grant (a JWT signed with the account's key) and the
 * Analytics Data API's `batchRunReports` over page views held in memory, grouped and counted as the API documents
 * (dates and hours in the property's timezone, `(not set)` for missing values, metric values as strings).
 */
export interface GaEvent { at: string; user: string; device: string; browser?: string; os?: string; country?: string; region?: string; city?: string }

export const GA_SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';

const b64json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
const apiError = (status: number, code: string, message: string) => ({ status, json: { error: { code: status, message, status: code } } });

function wall(iso: string, tz: string): Record<string, string> {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit' }).formatToParts(new Date(iso));
  return Object.fromEntries(parts.map((p) => [p.type, p.value]));
}

export async function startFakeGoogleAnalytics(opts: { timeZone: string }) {
  const keys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const account = {
    type: 'service_account', project_id: 'demo', private_key_id: 'key-1', client_email: 'reports@demo.iam.gserviceaccount.com', client_id: '1',
    private_key: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), token_uri: 'https://oauth2.googleapis.com/token',
  };
  const state = { events: [] as GaEvent[], properties: new Set<string>(), tokens: new Set<string>(), grants: [] as Record<string, unknown>[] };

  const dimension = (e: GaEvent, name: string): string | null => {
    const w = wall(e.at, opts.timeZone);
    const map = new Map<string, string | undefined>([
      ['date', `${w.year}${w.month}${w.day}`], ['dateHour', `${w.year}${w.month}${w.day}${w.hour}`],
      ['deviceCategory', e.device], ['browser', e.browser], ['operatingSystem', e.os], ['countryId', e.country], ['region', e.region], ['city', e.city],
    ]);
    return map.has(name) ? map.get(name) ?? '(not set)' : null;
  };

  function runReport(q: any): { error?: ReturnType<typeof apiError>; report?: unknown } {
    const ranges = q.dateRanges ?? [];
    if (ranges.length !== 1 || !ranges.every((r: any) => /^\d{4}-\d{2}-\d{2}$/.test(r.startDate) && /^\d{4}-\d{2}-\d{2}$/.test(r.endDate))) {
      return { error: apiError(400, 'INVALID_ARGUMENT', 'This fake answers one dateRange of YYYY-MM-DD dates.') };
    }
    const [{ startDate, endDate }] = ranges;
    const dims: string[] = (q.dimensions ?? []).map((d: any) => d.name);
    const metrics: string[] = (q.metrics ?? []).map((m: any) => m.name);
    const probe = { at: new Date().toISOString(), user: '', device: '' };
    const badDim = dims.find((d) => dimension(probe, d) === null);
    if (badDim) return { error: apiError(400, 'INVALID_ARGUMENT', `Field ${badDim} is not a valid dimension.`) };
    const badMetric = metrics.find((m) => m !== 'screenPageViews' && m !== 'activeUsers');
    if (badMetric) return { error: apiError(400, 'INVALID_ARGUMENT', `Field ${badMetric} is not a valid metric.`) };
    const groups = new Map<string, GaEvent[]>();
    for (const e of state.events) {
      const date = dimension(e, 'date')!;
      const day = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}`;
      if (day < startDate || day > endDate) continue;
      const key = JSON.stringify(dims.map((d) => dimension(e, d)));
      groups.set(key, [...(groups.get(key) ?? []), e]);
    }
    const value = (m: string, es: GaEvent[]) => (m === 'screenPageViews' ? es.length : new Set(es.map((e) => e.user)).size);
    let rows = [...groups].map(([key, es]) => ({
      dimensionValues: (JSON.parse(key) as string[]).map((v) => ({ value: v })),
      metricValues: metrics.map((m) => ({ value: String(value(m, es)) })),
    }));
    const order = q.orderBys?.[0]?.metric?.metricName;
    if (order) {
      const i = metrics.indexOf(order);
      rows.sort((a, b) => (Number(b.metricValues[i].value) - Number(a.metricValues[i].value)) * (q.orderBys[0].desc ? 1 : -1));
    }
    const rowCount = rows.length;
    rows = rows.slice(0, Number(q.limit ?? 10_000));
    return {
      report: {
        dimensionHeaders: dims.map((name) => ({ name })), metricHeaders: metrics.map((name) => ({ name, type: 'TYPE_INTEGER' })),
        ...(rows.length ? { rows } : {}), rowCount, metadata: { currencyCode: 'USD', timeZone: opts.timeZone }, kind: 'analyticsData#runReport',
      },
    };
  }

  function token(r: Recorded, tokenUrl: string) {
    const form = r.form ?? new URLSearchParams();
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return { status: 400, json: { error: 'unsupported_grant_type' } };
    const [h = '', c = '', s = ''] = String(form.get('assertion') ?? '').split('.');
    const claims = (() => {
      try {
        return { header: b64json(h), claims: b64json(c) };
      } catch {
        return null;
      }
    })();
    const now = Date.now() / 1000;
    const valid = claims && claims.header.alg === 'RS256' && claims.claims.iss === account.client_email && claims.claims.aud === tokenUrl
      && claims.claims.exp > now && claims.claims.iat <= now + 60 && crypto.verify('RSA-SHA256', Buffer.from(`${h}.${c}`), keys.publicKey, Buffer.from(s, 'base64url'));
    if (!valid) return { status: 400, json: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
    state.grants.push(claims.claims);
    const access = crypto.randomBytes(16).toString('hex');
    if (String(claims.claims.scope).split(' ').includes(GA_SCOPE)) state.tokens.add(access);
    return { json: { access_token: access, expires_in: 3599, token_type: 'Bearer' } };
  }

  const server = await startHttp((r) => {
    if (r.method === 'POST' && r.path === '/token') return token(r, `${server.url}/token`);
    const m = /^\/v1beta\/properties\/(\d+):batchRunReports$/.exec(r.path);
    if (r.method !== 'POST' || !m) return apiError(404, 'NOT_FOUND', 'Not found.');
    if (!state.tokens.has(String(r.headers.authorization ?? '').replace(/^Bearer /, ''))) {
      return apiError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token.');
    }
    if (!state.properties.has(m[1])) return apiError(403, 'PERMISSION_DENIED', 'User does not have sufficient permissions for this property.');
    const requests = r.json?.requests ?? [];
    if (!Array.isArray(requests) || !requests.length || requests.length > 5) return apiError(400, 'INVALID_ARGUMENT', 'Between 1 and 5 requests are allowed.');
    const answers = requests.map(runReport);
    const failed = answers.find((a) => a.error);
    return failed?.error ?? { json: { reports: answers.map((a) => a.report), kind: 'analyticsData#batchRunReports' } };
  });
  return { ...server, account, state };
}
