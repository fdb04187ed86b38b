import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default('0.0.0.0'),
  /** `postgres://…` selects PostgreSQL; anything else is a SQLite file path. */
  DATABASE_URL: z.string().optional(),
  STORAGE_PATH: z.string().optional(),
  /** Mailed links and the site's own host come from it: a typo would only show in a mailed link, so it is checked here. */
  APP_URL: z.string().refine(isHttpUrl, 'Must be the address visitors open, starting with http:// or https:// (https://videos.example.com).').optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  /** Who may set X-Forwarded-For: unset/false (nobody: the socket address counts), true, a hop count, or IPs/CIDRs. */
  TRUST_PROXY: z.string().optional(),
  /** 1 lets the server contact private and loopback addresses an admin configures (tests and local fakes). */
  ALLOW_PRIVATE_NETWORKS: z.enum(['0', '1']).default('0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent']).default('info'),
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** TMDb's API root (the client adds /3) and image root. Only the environment sets them (tests point them at a local
   * server): a setting would let an admin aim the server's requests at any address. */
  TMDB_API_URL: z.string().url().default('https://api.themoviedb.org'),
  TMDB_IMAGE_URL: z.string().url().default('https://image.tmdb.org/t/p'),
  /** Social login providers' endpoint roots, for tests only (a local server speaking each provider's OAuth API). */
  OAUTH_GOOGLE_BASE_URL: z.string().url().optional(),
  OAUTH_FACEBOOK_BASE_URL: z.string().url().optional(),
  OAUTH_TWITTER_BASE_URL: z.string().url().optional(),
  OAUTH_ENVATO_BASE_URL: z.string().url().optional(),
  /** Stripe's API root, for tests only (a local server speaking Stripe's API). */
  STRIPE_API_BASE_URL: z.string().url().optional(),
  /** PayPal's REST root: live by default; https://api-m.sandbox.paypal.com for sandbox credentials, a local fake in tests. */
  PAYPAL_API_BASE_URL: z.string().url().default('https://api-m.paypal.com'),
  /** How often the scheduler looks for due tasks (the e2e server shortens it so the report's rollup runs within seconds). */
  SCHEDULER_TICK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Calls one access token may make a minute, counted per app process (http/rate-limit.ts); 0 turns the limit off. */
  API_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(0).default(1000),
  /** Other sites whose pages may call the API with an access token (http/cors.ts): origins, comma-separated, or `*`. */
  API_CORS_ORIGINS: z.string().default('').transform((v) => v.split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean))
    .refine((list) => list.every((o) => o === '*' || isOrigin(o)), 'List origins like https://app.example.com, separated by commas, or *.'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  storagePath: string;
  appUrl: string;
  admin: { email?: string; password?: string };
  seedDemo: boolean;
  logLevel: string;
  /** Outbound requests may reach private networks (see lib/outbound.ts); the setting can also allow it. */
  allowPrivateNetworks: boolean;
  trustProxy: boolean | number | string[];
  /** Google's reCAPTCHA siteverify endpoint (tests point it at a local server speaking the same API). */
  recaptchaVerifyUrl: string;
  /** TMDb's API root (the API key check; tests point it at a local server). */
  tmdbApiUrl: string;
  tmdbImageUrl: string;
  /** Replaces the origin of every OAuth endpoint of a social login provider (tests point it at a local server). */
  oauthBaseUrls: Partial<Record<'google' | 'facebook' | 'twitter' | 'envato', string>>;
  /** Stripe's API root (tests point it at a local server). */
  stripeApiBaseUrl?: string;
  /** PayPal's REST API root and how long one call may take (tests shorten it to see a timeout fail a sync). */
  paypal: { apiUrl: string; timeoutMs: number };
  /** The scheduler's tick; tasks that run "every tick" (the report rollup) follow it. */
  schedulerTickMs: number;
  /** Calls one access token may make a minute in this process (0: no limit). */
  tokenRequestsPerMinute: number;
  /** Origins allowed cross-origin API calls with a token (`*`: any); empty: none. */
  corsOrigins: string[];
  /** Where the built web app lives; absent in API tests. */
  webDist?: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = envSchema.parse(env);
  const storagePath = path.resolve(e.STORAGE_PATH ?? 'storage');
  const url = e.DATABASE_URL;
  const database: Config['database'] = url && /^postgres(ql)?:\/\//.test(url)
    ? { kind: 'postgres', url }
    : { kind: 'sqlite', file: url ? url.replace(/^sqlite:\/\//, '') : path.join(storagePath, 'database.sqlite') };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database,
    storagePath,
    appUrl: e.APP_URL ?? `http://localhost:${e.PORT}`,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    seedDemo: e.SEED_DEMO === '1',
    logLevel: e.LOG_LEVEL,
    allowPrivateNetworks: e.ALLOW_PRIVATE_NETWORKS === '1',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL,
    tmdbApiUrl: e.TMDB_API_URL,
    oauthBaseUrls: {
      google: e.OAUTH_GOOGLE_BASE_URL, facebook: e.OAUTH_FACEBOOK_BASE_URL, twitter: e.OAUTH_TWITTER_BASE_URL, envato: e.OAUTH_ENVATO_BASE_URL,
    },
    tmdbImageUrl: e.TMDB_IMAGE_URL,
    stripeApiBaseUrl: e.STRIPE_API_BASE_URL,
    paypal: { apiUrl: e.PAYPAL_API_BASE_URL.replace(/\/+$/, ''), timeoutMs: 10_000 },
    schedulerTickMs: e.SCHEDULER_TICK_SECONDS * 1000,
    tokenRequestsPerMinute: e.API_TOKEN_REQUESTS_PER_MINUTE,
    corsOrigins: e.API_CORS_ORIGINS,
    ...overrides,
  };
}

/** `scheme://host[:port]` and nothing more, as browsers send it in the Origin header. */
function isOrigin(value: string): boolean {
  return isHttpUrl(value) && new URL(value).origin === value;
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Off by default: trusting X-Forwarded-For from anyone would let a client pick its own address (and dodge per-IP limits). */
function parseTrustProxy(raw: string | undefined): boolean | number | string[] {
  const v = raw?.trim().toLowerCase() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}
