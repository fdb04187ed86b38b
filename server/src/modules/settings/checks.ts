import { SETTINGS, translate, type SettingKey } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { CREDENTIAL_CHECKS } from '../../drivers/checks.ts';
import { registerSettingsValidator } from './validators.ts';
import { refusedHost } from './check-hosts.ts';
import { HttpError } from '../../http/errors.ts';
import { outboundFetch } from '../../lib/outbound.ts';
import { registerPaypalCheck } from '../billing/paypal-check.ts';

/**
 * Credential checks owned by the settings pages themselves (backends register theirs in src/drivers):
 * tmdb_group tries a new TMDb API key against the v3 API before it is saved. The backends' credential checks
 * (src/drivers/checks.ts) are registered here too: each tries the values as they would be after the save.
 */
export function registerSettingsChecks(ctx: AppContext): void {
  const serverKeys = Object.keys(SETTINGS).filter((k) => k.startsWith('server.'));
  for (const c of CREDENTIAL_CHECKS) {
    registerSettingsValidator(c.group, serverKeys.filter((k) => c.watches(k)), async (read) => {
      // The checks read dotted keys off a plain object; this one reads the merged values on demand.
      const values = new Proxy({} as Record<string, unknown>, { get: (_t, k) => (typeof k === 'string' && k in SETTINGS ? read(k as SettingKey) : undefined) });
      const error = (await refusedHost(c.group, (k) => read(k as SettingKey))) ?? await c.check(values);
      // Driver messages echo hosts, buckets and server replies: plain text, which the form renders as text.
      return error || null;
    });
  }
  registerPaypalCheck(ctx);
  registerSettingsValidator('tmdb_group', ['server.tmdb_api_key'], async (v) => {
    const key = v('server.tmdb_api_key');
    if (!key) return;
    const url = `${ctx.config.tmdbApiUrl.replace(/\/+$/, '')}/3/configuration?api_key=${encodeURIComponent(key)}`;
    let res: Response;
    try {
      res = await outboundFetch(url, { signal: AbortSignal.timeout(8000) });
    } catch (err) {
      // The outbound guard's refusal (a private address, an unknown host) says why; the group names the service.
      if (err instanceof HttpError) return translate(undefined, 'Could not connect to TMDb to check the API key: :reason', { reason: err.message });
      const reason = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
      return translate(undefined, 'Could not connect to TMDb to check the API key (:reason).', { reason: String(reason) });
    }
    if (res.status === 401) return 'TMDb refused the API key: invalid API key.';
    if (!res.ok) return translate(undefined, 'TMDb answered with an error (HTTP :status) when checking the API key.', { status: res.status });
  });
}
