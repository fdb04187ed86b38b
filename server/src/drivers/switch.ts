import type { SettingKey, SettingValue } from '@app/contracts';

/** What a driver facade needs from the settings service: one cached read per key. */
export interface SettingsReader {
  get<K extends SettingKey>(key: K): Promise<SettingValue<K>>;
}

/**
 * Holds the driver the settings currently select. Every operation asks for it; when the settings it
 * depends on changed (a save through the settings service), the next call builds a new driver and
 * closes the old one, so a change takes effect without a restart.
 */
export class DriverSwitch<C, T> {
  private current: { sig: string; driver: T } | null = null;

  constructor(
    private read: () => Promise<C>,
    private build: (config: C) => T,
    private dispose: (driver: T) => Promise<void> | void = () => {},
  ) {}

  async get(): Promise<T> {
    const config = await this.read();
    const sig = JSON.stringify(config);
    if (this.current?.sig !== sig) {
      const old = this.current;
      this.current = { sig, driver: this.build(config) };
      if (old) void Promise.resolve(this.dispose(old.driver)).catch(() => {});
    }
    return this.current.driver;
  }

  async close(): Promise<void> {
    const old = this.current;
    this.current = null;
    if (old) await this.dispose(old.driver);
  }
}

/**
 * Base URLs of hosted-only APIs. Production uses the documented hosts; tests point them at a local
 * server that answers as the API documents.
 */
export const API_ENDPOINTS = {
  postmark: 'https://api.postmarkapp.com',
  gmail: 'https://gmail.googleapis.com',
  googleOauth: 'https://oauth2.googleapis.com',
  googleAnalyticsData: 'https://analyticsdata.googleapis.com',
  dropboxApi: 'https://api.dropboxapi.com',
  dropboxContent: 'https://content.dropboxapi.com',
  /** Empty: derived from the app id as Algolia documents ({appId}-dsn.algolia.net / {appId}.algolia.net). */
  algolia: '',
  /** Not an API but the same kind of outside dependency: the local sendmail program the sendmail driver pipes to. */
  sendmail: '/usr/sbin/sendmail',
};

/** Answers a short reason a connection check failed, for the settings page's group error. */
export function reason(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: string }).code;
    return code && !err.message.includes(code) ? `${err.message} (${code})` : err.message || String(code ?? err.name);
  }
  return String(err);
}

/** Rejects with `message` when `p` takes longer than `ms` (a backend that does not answer must not hold a request). */
export function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<T>((_, reject) => { timer = setTimeout(() => reject(new Error(message)), ms); })]).finally(() => clearTimeout(timer));
}
