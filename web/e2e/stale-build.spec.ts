import { expect, test } from '@playwright/test';

// A tab opened before an upgrade asks for the previous build's chunks, which the server no longer has (404).
test('a tab left open across an upgrade reloads into the current build when a route\'s code is gone, once', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('channel-view')).toBeVisible();
  let asked = 0;
  await page.route(/\/assets\/BrowsePage-[^/]+\.js$/, (route) => (asked++ === 0 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()));
  const reloaded = page.waitForEvent('load');
  await page.getByRole('banner').getByRole('link', { name: 'Movies' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/movies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Movies' })).toBeVisible();
  expect(asked).toBe(2);

  // Gone again right after that reload: the error page shows instead of a reload loop.
  await page.route(/\/assets\/Login-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.evaluate(() => sessionStorage.setItem('stale-build-reloaded-at', String(Date.now())));
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
});
