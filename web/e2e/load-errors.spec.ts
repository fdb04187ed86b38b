import { expect, test } from '@playwright/test';
import { api, login } from './helpers.ts';

// A page whose data could not be loaded says what went wrong and offers to try again; a refusal shows the same
// no-access page the routes show, and a server out of reach says so instead of "500 Something went wrong".

test('an admin page whose data failed to load offers "Try again", which loads it', async ({ page }) => {
  await login(page);
  let failing = true;
  await page.route(/\/api\/v1\/users\/1(\?|$)/, (route) => (failing && route.request().method() === 'GET'
    ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The database is busy.' }) })
    : route.continue()));
  await page.goto('/admin/users/1/edit');
  const alert = page.getByRole('alert').filter({ hasText: 'The database is busy.' });
  await expect(alert.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({ timeout: 15_000 });
  failing = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(/@/);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
});

test('an admin page whose data is refused shows the no-access page, not a bare "Forbidden"', async ({ page }) => {
  await login(page);
  await page.route(/\/api\/v1\/titles\/1(\?|$)/, (route) => (route.request().method() === 'GET'
    ? route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ message: 'Forbidden' }) })
    : route.continue()));
  await page.goto('/admin/titles/1/edit/primary-facts');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
});

test('a public page whose data cannot be fetched says the server is out of reach, and "Try again" loads it', async ({ page }) => {
  await page.goto('/');
  let offline = true;
  await page.route(/\/api\/v1\/titles\/1\/page/, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
  // Moves within the app (its data is asked for then, not sent with the page).
  await page.evaluate(() => { history.pushState(null, '', '/titles/1'); dispatchEvent(new PopStateEvent('popstate')); });
  await expect(page.getByRole('heading', { name: 'Could not reach the server' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Could not reach the server. Check your connection and try again.')).toBeVisible();
  await expect(page.getByText('500')).toHaveCount(0);
  offline = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('h1')).not.toHaveText('Could not reach the server');
  await expect(page.getByRole('heading', { name: 'Could not reach the server' })).toHaveCount(0);
});

test('a signed-in page whose route cannot check the session while offline says so instead of "500"', async ({ page, context }) => {
  await login(page);
  await page.goto('/');
  await context.setOffline(true);
  await page.evaluate(() => { history.pushState(null, '', '/notifications'); dispatchEvent(new PopStateEvent('popstate')); });
  await expect(page.getByRole('heading', { name: 'Could not reach the server' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Could not reach the server' })).toHaveCount(0);
});

test('a tab whose data failed to load says so under the page\'s own heading, and a failing retry is no unhandled rejection', async ({ page }) => {
  const unhandled: string[] = [];
  page.on('pageerror', (e) => unhandled.push(e.message));
  await login(page);
  const series = (await api(page, 'POST', 'titles', { name: `Tab error ${Date.now()}`, is_series: true })).title;
  await page.route(new RegExp(`/api/v1/titles/${series.id}/seasons/1(\\?|$)`), (route) => (route.request().method() === 'GET'
    ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The database is busy.' }) })
    : route.continue()));
  await page.goto(`/admin/titles/${series.id}/edit/seasons/1`);
  const alert = page.getByRole('alert').filter({ hasText: 'The database is busy.' });
  await expect(alert.getByRole('heading', { level: 2, name: 'Something went wrong' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('h1')).toHaveCount(1);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(alert.getByRole('button', { name: 'Try again' })).not.toHaveAttribute('aria-disabled', 'true');
  expect(unhandled).toEqual([]);
});

test('a part of an admin page whose data failed to load offers "Try again" in place, which loads it', async ({ page }) => {
  await login(page);
  let failing = true;
  const busy = { status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The database is busy.' }) };
  await page.route(/\/api\/v1\/admin\/appearance\/seo-tags\//, (route) => (failing ? route.fulfill(busy) : route.continue()));
  await page.goto('/admin/appearance/seo-settings');
  const seo = page.getByRole('alert').filter({ hasText: 'The database is busy.' });
  await expect(seo).toBeVisible({ timeout: 15_000 });
  failing = false;
  await seo.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByLabel('Landing page')).toContainText('<title>');
  await expect(seo).toHaveCount(0);

  failing = true;
  await page.route(/\/api\/v1\/admin\/reports(\?|$)/, (route) => (failing ? route.fulfill(busy) : route.continue()));
  await page.goto('/admin/plays');
  const report = page.getByRole('alert').filter({ hasText: 'The report could not be loaded.' });
  await expect(report).toBeVisible({ timeout: 15_000 });
  failing = false;
  await report.getByRole('button', { name: 'Try again' }).click();
  await expect(report).toHaveCount(0);
});
