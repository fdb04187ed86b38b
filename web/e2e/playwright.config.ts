import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8123);
export const baseURL = `http://127.0.0.1:${port}`;
export const ADMIN = { email: 'admin@e2e.local', password: 'e2e-admin-password' };
/** Local stand-in for the social login providers' OAuth endpoints (scripts/fake-oauth-provider.ts); social.spec.ts signs in through it. */
export const oauthURL = `http://127.0.0.1:${port + 1000}`;
/** Local stand-in for Stripe's API and hosted checkout (server/test/billing/fake-stripe.ts); it signs the webhooks it sends us. */
export const stripeURL = `http://127.0.0.1:${port + 2000}`;
export const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_fake_stripe';
const fakeStripeServer = { command: `npx tsx server/test/billing/fake-stripe.ts ${port + 2000} ${baseURL}/api/v1/billing/stripe/webhook ${STRIPE_WEBHOOK_SECRET}`, cwd: '../..', url: `${stripeURL}/health`, timeout: 60_000, reuseExistingServer: false };
/** Local stand-in for PayPal's REST API (server/test/billing/fake-paypal.ts); billing-paypal.spec.ts syncs plans through it. */
export const paypalURL = `http://127.0.0.1:${port + 1500}`;
const fakePaypalServer = { command: `npx tsx server/test/billing/fake-paypal.ts ${port + 1500} ${baseURL}/api/v1/billing/paypal/webhook`, cwd: '../..', url: `${paypalURL}/health`, timeout: 60_000, reuseExistingServer: false };
/** Local stand-in for TMDb's API and images (server/test/catalogue/tmdb-server.ts, key `test-key`); search.spec.ts searches it. */
export const tmdbURL = `http://127.0.0.1:${port + 2500}`;
const fakeTmdbServer = { command: `npx tsx server/test/catalogue/tmdb-server.ts ${port + 2500}`, cwd: '../..', url: `${tmdbURL}/health`, timeout: 60_000, reuseExistingServer: false };
const fakeOAuthServer = { command: `npx tsx scripts/fake-oauth-provider.ts ${port + 1000}`, cwd: '../..', url: `${oauthURL}/health`, timeout: 60_000, reuseExistingServer: false };

/**
 * Debian's chromium-headless-shell (the build Playwright itself uses for headless runs) when it is installed: it runs
 * the suite in about two thirds of the full browser's time on two cores. The full `chromium` otherwise.
 */
const chromiumPath = process.env.CHROMIUM_PATH
  ?? ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell'].find((path) => existsSync(path))
  ?? '/usr/bin/chromium';

/** End-to-end tests drive Debian's Chromium against the built app on a fresh SQLite database. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The accessibility sweep opens every route twice (about 10 s each): it runs on its own with `npm run test:a11y`.
  testIgnore: process.env.A11Y ? [] : ['**/a11y.spec.ts'],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: '../../test-results',
  use: {
    baseURL,
    // A trace records a screencast and DOM snapshots of every step of every test, and took a third of the suite's
    // time though it is kept only for failures. E2E_TRACE=1 turns it back on to look into one; a failure always
    // leaves its screenshot in test-results.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  webServer: [fakeOAuthServer, fakeStripeServer, fakePaypalServer, fakeTmdbServer, {
    command: 'rm -rf storage/e2e && node server/dist/main.js',
    cwd: '../..',
    url: `${baseURL}/api/v1/auth/me`,
    timeout: 60_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port), HOST: '127.0.0.1', STORAGE_PATH: 'storage/e2e', LOG_LEVEL: 'warn', APP_URL: baseURL,
      ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: '1', ALLOW_PRIVATE_NETWORKS: '1',
      // The browser is the only proxy: reports.spec.ts sends X-Forwarded-For to visit from a known place (no other spec sends it).
      TRUST_PROXY: '127.0.0.1',
      // The report's rollup runs at every scheduler tick: reports.spec.ts waits seconds for it, not a minute.
      SCHEDULER_TICK_SECONDS: '5',
      STRIPE_API_BASE_URL: stripeURL,
      PAYPAL_API_BASE_URL: paypalURL,
      TMDB_API_URL: tmdbURL, TMDB_IMAGE_URL: `${tmdbURL}/t/p`,
      ...Object.fromEntries(['google', 'facebook', 'twitter', 'envato'].map((p) => [`OAUTH_${p.toUpperCase()}_BASE_URL`, `${oauthURL}/${p}`])),
    },
  }],
});
