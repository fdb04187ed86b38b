import { generateKeyPairSync } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { api, login } from './helpers.ts';

// [path, menu label, page title]
const PAGES: [string, string, string][] = [
  ['general', 'General', 'General'], ['search', 'Search', 'Search'], ['content', 'Content', 'Content'], ['videos', 'Videos', 'Videos'],
  ['subscriptions', 'Subscriptions', 'Subscriptions'], ['localization', 'Localization', 'Localization'], ['authentication', 'Authentication', 'Authentication'],
  ['uploading', 'Uploading', 'Uploading'], ['mail', 'Mail', 'Mail'], ['cache', 'Cache', 'Cache'], ['analytics', 'Analytics', 'Analytics'],
  ['logging', 'Logging', 'Error logging'], ['queue', 'Queue', 'Queue'], ['recaptcha', 'Recaptcha', 'Recaptcha'], ['gdpr', 'GDPR', 'GDPR'],
];

async function update(page: Page) {
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Settings updated').last()).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await login(page);
});

test('settings redirects to general; every page opens from the side menu and ends with Update', async ({ page }) => {
  await page.goto('/admin/settings');
  await expect(page).toHaveURL(/\/admin\/settings\/general$/);
  const menu = page.getByRole('navigation', { name: 'Settings menu' });
  for (const link of ['Menus', 'SEO settings', 'Themes']) await expect(menu.getByRole('link', { name: link })).toBeVisible();
  for (const [path, label, title] of PAGES) {
    await menu.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/settings/${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
  }
});

test('small screens pick the page from a dropdown', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin/settings/general');
  await page.getByLabel('Settings page').selectOption({ label: 'Mail' });
  await expect(page).toHaveURL(/\/admin\/settings\/mail$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();
});

test('changes on several pages are saved and shown after a reload', async ({ page }) => {
  // Six settings pages, each saved and reloaded: a long flow, not a slow one.
  test.slow();
  // Dates are set in one place, and every date the admin shows follows them.
  await page.goto('/admin/settings/general');
  await expect(page.getByLabel('Default timezone')).toHaveCount(0);
  await page.getByRole('link', { name: 'Localization settings page' }).click();
  await page.getByLabel('Date verbosity').selectOption('full');
  await page.getByLabel('Default timezone').selectOption('UTC');
  await update(page);
  await page.reload();
  await expect(page.getByLabel('Date verbosity')).toHaveValue('full');
  await expect(page.getByLabel('Default timezone')).toHaveValue('UTC');
  await page.goto('/admin/users');
  await expect(page.locator('tbody tr').first()).toContainText(/(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), /);
  await page.goto('/admin/settings/localization');
  await page.getByLabel('Date verbosity').selectOption('auto');
  await page.getByLabel('Default timezone').selectOption('auto');
  await update(page);

  await page.goto('/admin/settings/mail');
  await page.getByLabel('From name').fill('Film Club');
  await update(page);
  await page.reload();
  await expect(page.getByLabel('From name')).toHaveValue('Film Club');

  await page.goto('/admin/settings/authentication');
  await page.getByLabel('Domain blacklist').fill('spam.test');
  await page.getByLabel('Require email confirmation').check();
  // Mail still uses the log driver: the page warns and links to the mail page's outgoing section.
  await expect(page.getByRole('link', { name: 'Set up outgoing emails' })).toHaveAttribute('href', '/admin/settings/mail#outgoing-emails');
  await page.getByLabel('Require email confirmation').uncheck();
  await update(page);
  await page.reload();
  await expect(page.getByLabel('Domain blacklist')).toHaveValue('spam.test');

  await page.goto('/admin/settings/uploading');
  await page.getByLabel('Maximum file size').fill('2');
  await page.getByLabel('Unit').nth(1).selectOption('GB');
  await update(page);
  await page.reload();
  await expect(page.getByLabel('Maximum file size')).toHaveValue('2');
  await expect(page.getByLabel('Unit').nth(1)).toHaveValue('GB');
});

test('the uploading page says the server\'s limit is one request\'s, not a file\'s', async ({ page }) => {
  await page.goto('/admin/settings/uploading');
  await expect(page.getByText('The server takes up to 100 MB in one request; larger files are uploaded in chunks, so it sets no limit on a file\'s size.')).toBeVisible();
  await expect(page.getByText('Leave empty to accept files of any size; each user\'s available space still applies.')).toBeVisible();
  await expect(page.getByText(/accepts files up to/)).toHaveCount(0);
});

test('secrets come back masked and conditional sections follow their switches', async ({ page }) => {
  await page.goto('/admin/settings/subscriptions');
  await expect(page.getByLabel('Stripe secret key')).toHaveCount(0);
  await page.getByLabel('Enable Stripe').check();
  await page.getByLabel('Stripe publishable key').fill('pk_test_123');
  await page.getByLabel('Stripe secret key').fill('sk_test_secret');
  await update(page);
  await page.reload();
  await expect(page.getByLabel('Stripe secret key')).toHaveValue('********');
  // Saving another field keeps the stored secret.
  await page.getByLabel('Stripe webhook signing secret').fill('whsec_1');
  await update(page);
  await page.getByLabel('Enable Stripe').uncheck();
  await update(page);
});

test('validation errors show on the field and nothing is saved', async ({ page }) => {
  await page.goto('/admin/settings/cache');
  await page.getByLabel('Cache method').selectOption('memcached');
  await page.getByLabel('Memcached host').fill('');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Required for Memcached.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Cache method')).toHaveValue('file');

  await page.goto('/admin/settings/logging');
  await page.getByLabel('Sentry DSN').fill('https://short.io');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('The DSN must be a URL of at least 30 characters.')).toBeVisible();
});

test('a credential check refuses under its group, in view, and clears on resubmit', async ({ page }) => {
  await page.goto('/admin/settings/content');
  await page.getByLabel('Title provider').selectOption('tmdb');
  await page.getByLabel('TMDb API key').fill('not-a-real-key');
  await page.getByRole('button', { name: 'Update' }).click();
  // TMDb is unreachable here (or refuses the key where it is reachable): either way the group shows why.
  const group = page.locator('[data-group-error="tmdb_group"]');
  await expect(group).toContainText('TMDb');
  await expect(group).toBeInViewport();
  // A validator's message is text, never markup (issue 17 item 12).
  await expect(group.locator('b')).toHaveCount(0);
  await page.getByLabel('TMDb API key').fill('');
  // The group's error goes as soon as an input changes.
  await expect(group).toHaveCount(0);
  await page.getByLabel('Title provider').selectOption('local');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(group).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Title provider')).toHaveValue('local');
});

test('the analytics certificate is uploaded with the form; other files are refused', async ({ page }) => {
  await page.goto('/admin/settings/analytics');
  const file = page.getByLabel('Service account certificate');
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('The certificate must be a .json file.')).toBeVisible();
  // JSON, but not a service account's key: refused on Update.
  await file.setInputFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ type: 'service_account', client_email: 'x@y.iam.gserviceaccount.com' })) });
  await page.getByLabel('Analytics property ID').fill('123456789');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('The certificate must be the key file of a Google service account, with its client_email and private_key.')).toBeVisible();
  const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const key = { type: 'service_account', client_email: 'x@y.iam.gserviceaccount.com', private_key_id: 'k1', private_key: privateKey };
  await file.setInputFiles({ name: 'service-account.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(key)) });
  await expect(page.getByText('Selected: service-account.json (saved on Update)')).toBeVisible();
  await update(page);
  await page.reload();
  await expect(page.getByText('A certificate is uploaded. Choose a file to replace it.')).toBeVisible();
  await expect(page.getByLabel('Analytics property ID')).toHaveValue('123456789');
  // Without a property ID the reports stay on the site's own visits (the shared e2e site must not call Google).
  await page.getByLabel('Analytics property ID').fill('');
  await update(page);
});

test('clear cache and generate the sitemap', async ({ page }) => {
  await page.goto('/admin/settings/cache');
  await page.getByRole('button', { name: 'Clear cache' }).click();
  await expect(page.getByText('Cache cleared')).toBeVisible();
  await page.goto('/admin/settings/general');
  await page.getByRole('button', { name: 'Generate sitemap' }).click();
  await expect(page.getByText('Sitemap generated')).toBeVisible();
  await expect.poll(async () => (await page.request.get('/sitemap.xml')).status()).toBe(200);
  // Crawlers find it from robots.txt.
  expect(await (await page.request.get('/robots.txt')).text()).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
});

test('GDPR: the cookie notice and required registration policies reach the public site', async ({ page, browser }) => {
  // A long flow across the admin and the public site (about 15 s idle): room for a loaded CI machine.
  test.slow();
  await page.goto('/admin/settings/gdpr');
  await page.getByLabel('Enable cookie notice').check();
  await page.getByLabel('Position').selectOption('top');
  await page.locator('#cookie-button-label').fill('Privacy policy');
  await page.locator('#cookie-button-action').fill('https://example.com/privacy');
  await page.getByRole('button', { name: 'Add policy' }).click();
  await page.locator('[id^="policy-"][id$="-label"]').fill('Terms of service');
  await page.locator('[id^="policy-"][id$="-action"]').fill('https://example.com/terms');
  await update(page);

  const guest = await browser.newPage();
  await guest.goto('/');
  const notice = guest.getByTestId('cookie-notice');
  await expect(notice).toHaveAttribute('data-position', 'top');
  // At the top it pushes the header down: the site's Register button stays visible and clickable (issue 16 #22).
  const noticeBox = (await notice.boundingBox())!;
  const registerBox = (await guest.getByRole('link', { name: 'Register' }).first().boundingBox())!;
  expect(registerBox.y).toBeGreaterThanOrEqual(noticeBox.y + noticeBox.height - 1);
  await expect(notice.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', 'https://example.com/privacy');
  await notice.getByRole('button', { name: 'Accept' }).click();
  await expect(notice).toHaveCount(0);
  await guest.reload();
  await expect(guest.getByTestId('cookie-notice')).toHaveCount(0);

  await guest.goto('/register');
  await guest.getByLabel('Email').fill('gdpr.person@e2e.local');
  await guest.getByLabel('Password', { exact: true }).fill('a-good-password');
  await guest.getByLabel('Confirm password').fill('a-good-password');
  await guest.getByRole('button', { name: 'Create account' }).click();
  await expect(guest.getByText('You must accept "Terms of service".')).toBeVisible();
  await guest.getByRole('checkbox', { name: /Terms of service/ }).check();
  await guest.getByRole('button', { name: 'Create account' }).click();
  await expect(guest).toHaveURL(/\/$/);
  await guest.close();

  // Leave the user count as the other specs expect it.
  const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value);
  const found = await (await page.request.get('/api/v1/users?query=gdpr.person')).json();
  const id = found.pagination.data[0].id;
  expect((await page.request.delete(`/api/v1/users/${id}`, { headers: { 'x-xsrf-token': xsrf } })).ok()).toBe(true);

  await page.goto('/admin/settings/gdpr');
  await page.getByRole('button', { name: 'Remove policy' }).click();
  await page.getByLabel('Enable cookie notice').uncheck();
  await update(page);
});

test('GDPR: a policy without a label is marked at its own Label field, without a setting name in a toast', async ({ page }) => {
  await page.goto('/admin/settings/gdpr');
  await page.getByRole('button', { name: 'Add policy' }).click();
  await page.getByRole('button', { name: 'Update' }).click();
  const label = page.locator('[id^="policy-"][id$="-label"]').last();
  await expect(label).toHaveAttribute('aria-invalid', 'true');
  await expect(label).toBeFocused();
  const labelError = page.locator(`#${await label.getAttribute('id')}-error`);
  await expect(labelError).toHaveText('Label is required.');
  await expect(page.getByText('client.registration.policies')).toHaveCount(0);
  await expect(page.getByText('Label is required.')).toHaveCount(1);
  await label.fill('Terms');
  await page.getByRole('button', { name: 'Remove policy' }).last().click();
});

test('fields hidden by a driver choice are neither validated nor saved', async ({ page }) => {
  await page.goto('/admin/settings/cache');
  await page.getByLabel('Cache method').selectOption('memcached');
  await page.getByLabel('Memcached host').fill('');
  await page.getByLabel('Memcached port').fill('');
  // Switching back hides them: the page saves without their (invalid) emptied values.
  await page.getByLabel('Cache method').selectOption('array');
  await update(page);
  await page.reload();
  await expect(page.getByLabel('Cache method')).toHaveValue('array');
  await page.getByLabel('Cache method').selectOption('memcached');
  await expect(page.getByLabel('Memcached host')).toHaveValue('127.0.0.1');
  await expect(page.getByLabel('Memcached port')).toHaveValue('11211');
  await page.getByLabel('Cache method').selectOption('file');
  await update(page);
});

test('the rating column decides which rating title pages show', async ({ page }) => {
  // A seeded title the admin rates: its hero shows the service's figure until the setting says otherwise.
  const titleId = 9;
  const { summary } = await api(page, 'PUT', `ratings/title/${titleId}`, { score: 1 });
  const { title } = await (await page.request.get(`/api/v1/titles/${titleId}/page`)).json();
  expect(summary.average).not.toBe(title.rating);
  const hero = (rating: number) => page.locator('main').getByText(`Rating ${rating.toFixed(1)}`, { exact: true }).first();
  try {
    await page.goto('/admin/settings/content');
    await page.getByLabel('Rating column').selectOption('local_vote_average');
    await update(page);
    await page.goto(`/titles/${titleId}`);
    await expect(hero(summary.average)).toBeVisible();
    await expect(page.getByTestId('rating-widget')).toContainText(summary.average.toFixed(1));
  } finally {
    await page.goto('/admin/settings/content');
    await page.getByLabel('Rating column').selectOption('tmdb_vote_average');
    await update(page);
  }
  await page.goto(`/titles/${titleId}`);
  await expect(hero(title.rating)).toBeVisible();
});

test('the analytics tracking code loads Google\'s tag on the public site, once the cookie notice is accepted', async ({ page, browser }) => {
  try {
    await page.goto('/admin/settings/analytics');
    await page.getByLabel('Tracking code').fill('G-E2ETEST1');
    await update(page);
    await api(page, 'POST', 'settings', { client: { 'cookie_notice.enable': true } });
    const visitor = await browser.newPage();
    // Google is out of reach here: the tag's address answers with a stand-in that says it ran.
    await visitor.route('https://www.googletagmanager.com/**', (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__tagRan = true;' }));
    await visitor.goto('/movies');
    const notice = visitor.getByTestId('cookie-notice');
    await expect(notice).toBeVisible();
    await expect(visitor.locator('#google-tag')).toHaveCount(0);
    // Declining is as easy as accepting: the notice goes for good and the tag stays off.
    const declining = await browser.newPage();
    await declining.goto('/movies');
    await declining.getByTestId('cookie-notice').getByRole('button', { name: 'Decline' }).click();
    await expect(declining.getByTestId('cookie-notice')).toHaveCount(0);
    await declining.goto('/series');
    await expect(declining.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(declining.getByTestId('cookie-notice')).toHaveCount(0);
    await expect(declining.locator('#google-tag')).toHaveCount(0);
    await declining.close();
    await notice.getByRole('button', { name: 'Accept' }).click();
    await expect(visitor.locator('#google-tag')).toHaveAttribute('src', 'https://www.googletagmanager.com/gtag/js?id=G-E2ETEST1');
    // The page's CSP let it run, and the configuration reached the data layer.
    await expect.poll(() => visitor.evaluate(() => (window as unknown as { __tagRan?: boolean }).__tagRan)).toBe(true);
    expect(await visitor.evaluate(() => JSON.stringify((window as unknown as { dataLayer: unknown[] }).dataLayer))).toContain('G-E2ETEST1');
    await visitor.close();
    // The admin area is not measured: not when served for it, nor when an operator follows the menu from the site.
    await page.goto('/admin');
    await expect(page.locator('#google-tag')).toHaveCount(0);
    await page.route('https://www.googletagmanager.com/**', (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__tagRan = true;' }));
    const tagRan = () => page.evaluate(() => (window as unknown as { __tagRan?: boolean }).__tagRan ?? false);
    const toAdmin = async () => {
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Admin area' }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('#google-tag')).toHaveCount(0);
      expect(await tagRan()).toBe(false);
    };
    await page.goto('/movies');
    await page.getByTestId('cookie-notice').getByRole('button', { name: 'Accept' }).click();
    await expect.poll(tagRan).toBe(true);
    await toAdmin();
    // A document first served for the admin that loaded the tag on the site leaves it behind too.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Site home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(tagRan).toBe(true);
    await toAdmin();
  } finally {
    await api(page, 'POST', 'settings', { client: { 'analytics.tracking_code': '', 'cookie_notice.enable': false } });
  }
});

test("Google's tag never loads on a mailed link's page (a password reset link's token and email would reach Google), only on the next page", async ({ page, browser }) => {
  const customCode = (html: string) => api(page, 'POST', 'settings', { client: JSON.stringify({ 'client.custom_code.html': html }), server: '{}' });
  try {
    await api(page, 'POST', 'settings', { client: { 'analytics.tracking_code': 'G-E2ETEST2', 'cookie_notice.enable': false } });
    // An operator's tracking pixel in the custom code sends the address it runs on.
    await customCode('<script>(window.__pixelSaw ||= []).push(location.href)</script>');
    const visitor = await browser.newPage();
    const tagAsked: string[] = [];
    await visitor.route('https://www.googletagmanager.com/**', (r) => {
      tagAsked.push(visitor.url());
      return r.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__tagSaw = location.href;' });
    });
    const secretPages = ['/password/reset/e2e-reset-secret?email=someone%40e2e.local', '/email/verify/e2e-verify-secret', '/unsubscribe?token=e2e-unsubscribe-secret'];
    for (const path of secretPages.slice(1)) {
      await visitor.goto(path);
      await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await visitor.goto(secretPages[0]);
    await expect(visitor.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    await expect(visitor.getByLabel('Email')).toHaveValue('someone@e2e.local');
    // The secret is off the address before the custom code runs, and out of the tab's history.
    await expect(visitor).toHaveURL(/\/password\/reset$/);
    expect(await visitor.evaluate(() => (window as unknown as { __pixelSaw: string[] }).__pixelSaw)).toEqual([expect.stringMatching(/\/password\/reset$/)]);
    await visitor.waitForTimeout(500);
    await expect(visitor.locator('#google-tag')).toHaveCount(0);
    expect(tagAsked).toEqual([]);
    // Leaving for another page of the site starts the tag there, and the reset address is not left behind to go back to.
    await visitor.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(visitor).toHaveURL(/\/login$/);
    await expect.poll(() => visitor.evaluate(() => (window as unknown as { __tagSaw?: string }).__tagSaw ?? '')).toMatch(/\/login$/);
    expect(JSON.stringify(await visitor.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer))).not.toContain('secret');
    await visitor.close();
  } finally {
    await api(page, 'POST', 'settings', { client: { 'analytics.tracking_code': '' } });
    await customCode('');
  }
});

test("the mail page's Send test mail: sent to the signed-in admin, or the mail server's own refusal on the page", async ({ page }) => {
  // A mail server that lets the site sign in but refuses every recipient.
  const { SMTPServer } = await import('smtp-server');
  const server = new SMTPServer({
    authOptional: true, allowInsecureAuth: true, disabledCommands: ['STARTTLS'], logger: false,
    onAuth: (auth, _s, cb) => cb(null, { user: auth.username }),
    onRcptTo: (_a, _s, cb) => cb(Object.assign(new Error('5.7.1 Relaying denied'), { responseCode: 550 })),
  });
  const port = Number(process.env.E2E_SMTP_PORT ?? 8513);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  try {
    await page.goto('/admin/settings/mail');
    await expect(page.getByText('Sends a mail to admin@e2e.local with the saved settings.')).toBeVisible();
    await page.getByRole('button', { name: 'Send test mail' }).click();
    await expect(page.getByText('Test mail sent to admin@e2e.local').last()).toBeVisible();

    await page.getByLabel('Outgoing mail method').selectOption('smtp');
    await expect(page.getByRole('button', { name: 'Send test mail' })).toBeDisabled();
    await expect(page.getByText('Save your changes first: the test mail goes out with the saved settings.')).toBeVisible();
    await page.getByLabel('SMTP host').fill('127.0.0.1');
    await page.getByLabel('SMTP username').fill('mailer');
    await page.getByLabel('SMTP password').fill('secret');
    await page.getByLabel('SMTP port').fill(String(port));
    await page.getByLabel('SMTP encryption').selectOption('none');
    await update(page);
    await page.getByRole('button', { name: 'Send test mail' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Could not send the test mail:' })).toContainText('Relaying denied');
  } finally {
    await api(page, 'POST', 'settings', { client: {}, server: { 'server.mail_driver': 'log' } });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('turning subscriptions or registration off takes their pages out of the site menus and the landing page', async ({ page, browser }) => {
  test.slow();
  const values = await (await page.request.get('/api/v1/admin/appearance/values')).json();
  const menus = values.values['client.menus'];
  const before = (await (await page.request.get('/api/v1/settings')).json()).client as Record<string, unknown>;
  const menu = {
    id: 'e2eswitchd', name: 'Switched pages', positions: ['footer', 'landing-page-footer'],
    items: [
      { id: 'e2esw1', label: 'E2E plans', type: 'route', action: '/billing/pricing', target: '_self', roles: [], permissions: [] },
      { id: 'e2esw2', label: 'E2E join', type: 'route', action: '/register', target: '_self', roles: [], permissions: [] },
      { id: 'e2esw3', label: 'E2E contact', type: 'route', action: '/contact', target: '_self', roles: [], permissions: [] },
    ],
  };
  const settings = (client: Record<string, unknown>) => api(page, 'POST', 'settings', { client: JSON.stringify(client), server: '{}' });
  await api(page, 'POST', 'admin/appearance', { changes: { 'client.menus': [...menus, menu] } });
  const guest = await browser.newPage();
  try {
    await settings({ 'client.billing.enable': true, 'client.registration.disable': false });
    await guest.goto('/contact');
    const footer = guest.locator('[data-menu-position="footer"]');
    await expect(footer.getByRole('link', { name: 'E2E plans' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'E2E join' })).toBeVisible();

    await settings({ 'client.billing.enable': false, 'client.registration.disable': true });
    await guest.reload();
    await expect(footer.getByRole('link', { name: 'E2E contact' })).toBeVisible();
    // Both pages are gone (a 404 and 'Registration is currently disabled.'): their links go with them.
    await expect(footer.getByRole('link', { name: 'E2E plans' })).toHaveCount(0);
    await expect(footer.getByRole('link', { name: 'E2E join' })).toHaveCount(0);

    // The landing page's pricing section lists plans, which exist only while subscriptions are on.
    await settings({ 'client.homepage.type': 'landing', 'client.homepage.pricing': true });
    await guest.goto('/');
    await expect(guest.locator('[data-menu-position="landing-page-footer"]').getByRole('link', { name: 'E2E contact' })).toBeVisible();
    await expect(guest.locator('#landing-pricing')).toHaveCount(0);
    await settings({ 'client.billing.enable': true });
    await guest.reload();
    await expect(guest.locator('#landing-pricing')).toBeVisible();
  } finally {
    await guest.close();
    await api(page, 'POST', 'admin/appearance', { changes: { 'client.menus': menus } });
    await settings({
      'client.billing.enable': before['client.billing.enable'], 'client.registration.disable': before['client.registration.disable'],
      'client.homepage.type': before['client.homepage.type'], 'client.homepage.pricing': before['client.homepage.pricing'],
    });
  }
});

test('the general page holds the switch the private-network refusal names, and it saves', async ({ page }) => {
  const before = (await (await page.request.get('/api/v1/settings')).json()).server as Record<string, unknown>;
  await page.goto('/admin/settings/general');
  const allow = page.getByLabel('Allow private networks');
  await expect(allow).toBeChecked({ checked: before['server.allow_private_networks'] === true });
  await allow.setChecked(!before['server.allow_private_networks']);
  await update(page);
  try {
    await page.reload();
    await expect(page.getByLabel('Allow private networks')).toBeChecked({ checked: !before['server.allow_private_networks'] });
    await expect(page.getByLabel('API reference')).toBeChecked({ checked: before['server.api_docs.enable'] !== false });
  } finally {
    await api(page, 'POST', 'settings', { client: '{}', server: JSON.stringify({ 'server.allow_private_networks': before['server.allow_private_networks'] }) });
  }
});
