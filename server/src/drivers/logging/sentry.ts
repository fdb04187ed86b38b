import crypto from 'node:crypto';
import os from 'node:os';
import type { SettingsReader } from '../switch.ts';
import { outboundFetch } from '../../lib/outbound.ts';

export interface ErrorContext {
  /** The request that failed, or the job. */
  request?: { method: string; url: string };
  job?: string;
  tags?: Record<string, string>;
  /** The log line's message (the error's own message when absent). */
  message?: string;
}

interface Dsn { envelopeUrl: string; publicKey: string; dsn: string }

/** `https://<key>@<host>[/<path>]/<project>` → the project's envelope endpoint, as Sentry documents it. */
export function parseDsn(dsn: string): Dsn | null {
  try {
    const u = new URL(dsn);
    const parts = u.pathname.split('/').filter(Boolean);
    const project = parts.pop();
    if (!u.username || !project) return null;
    const prefix = parts.length ? `/${parts.join('/')}` : '';
    return { envelopeUrl: `${u.protocol}//${u.host}${prefix}/api/${project}/envelope/`, publicKey: u.username, dsn };
  } catch {
    return null;
  }
}

/** Stack frames in Sentry's shape, innermost last as it expects. */
function frames(stack: string | undefined) {
  return (stack ?? '').split('\n').slice(1).map((line) => {
    const m = /at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line.trim());
    return m ? { function: m[1] ?? '?', filename: m[2], abs_path: m[2], lineno: Number(m[3]), colno: Number(m[4]), in_app: !m[2].includes('node_modules') && !m[2].startsWith('node:') } : null;
  }).filter(Boolean).reverse();
}

/**
 * Errors always go to the structured log; when `server.sentry_dsn` is set (read at each error, so a
 * saved DSN applies to the next one) they are also sent to Sentry through its envelope endpoint.
 */
export class ErrorReporter {
  constructor(
    private settings: SettingsReader,
    private log: (obj: Record<string, unknown>, msg: string) => void,
    private release: string,
    private environment: string,
  ) {}

  /** Logs (unless the caller already did) and forwards to Sentry; never throws. */
  async capture(err: unknown, context: ErrorContext = {}, opts: { logged?: boolean } = {}): Promise<void> {
    const { message, ...rest } = context;
    if (!opts.logged) this.log({ err, ...rest }, message ?? (err instanceof Error ? err.message : String(err)));
    const dsn = parseDsn(await this.settings.get('server.sentry_dsn').catch(() => ''));
    if (!dsn) return;
    try {
      await this.send(dsn, err, context);
    } catch (sendErr) {
      this.log({ err: sendErr }, 'Could not send the error to Sentry');
    }
  }

  private async send(dsn: Dsn, err: unknown, context: ErrorContext): Promise<void> {
    const e = err instanceof Error ? err : new Error(String(err));
    const eventId = crypto.randomUUID().replace(/-/g, '');
    const event = {
      event_id: eventId,
      timestamp: Date.now() / 1000,
      platform: 'node',
      level: 'error',
      logger: 'streamsite',
      server_name: os.hostname(),
      release: this.release,
      environment: this.environment,
      exception: { values: [{ type: e.name, value: e.message, stacktrace: { frames: frames(e.stack) } }] },
      ...(context.request ? { request: context.request } : {}),
      tags: { ...context.tags, ...(context.job ? { job: context.job } : {}) },
    };
    const body = [
      JSON.stringify({ event_id: eventId, dsn: dsn.dsn, sent_at: new Date().toISOString() }),
      JSON.stringify({ type: 'event', content_type: 'application/json' }),
      JSON.stringify(event),
    ].join('\n');
    const res = await outboundFetch(dsn.envelopeUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-sentry-envelope',
        'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${dsn.publicKey}, sentry_client=streamsite/${this.release}`,
      },
      body,
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`Sentry answered ${res.status}: ${await res.text()}`);
  }
}

/** The logging page's check: the DSN names a Sentry project (its shape; Sentry has no read-only call for a DSN). */
export async function checkSentry(values: Record<string, unknown>): Promise<string | null> {
  const dsn = String(values['server.sentry_dsn'] ?? '');
  if (!dsn) return null;
  return parseDsn(dsn) ? null : 'The Sentry DSN should look like https://<key>@<host>/<project>';
}
