import type { Config } from './config.ts';
import type { Db, DbHandle, Dialect } from './db/index.ts';
import type { SettingsService } from './modules/settings/service.ts';
import type { MailManager } from './drivers/mail/manager.ts';
import type { QueueManager } from './drivers/queue/manager.ts';
import type { CacheManager } from './drivers/cache/manager.ts';
import type { SearchManager } from './drivers/search/manager.ts';
import type { ErrorReporter } from './drivers/logging/sentry.ts';
import type { AppStorage } from './drivers/storage/manager.ts';

/** Everything a service needs, built once per app instance (tests build one per file). */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  handle: DbHandle;
  settings: SettingsService;
  mailer: MailManager;
  queue: QueueManager;
  /** Private uploads and the public disk (keys under public/), each switched by its setting. */
  storage: AppStorage;
  cache: CacheManager;
  search: SearchManager;
  /** Errors to the structured log, and to Sentry when server.sentry_dsn is set. */
  errors: ErrorReporter;
  version: string;
  /** Every /api/v1 route with its declared permission (the guard test walks them). */
  routes: { method: string; url: string; permission: import('./http/auth.ts').RoutePermission }[];
}
