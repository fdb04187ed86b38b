import { expect, test } from '@playwright/test';
import { scriptOf } from './chunks.ts';

// A tab opened before an upgrade asks for the previous build's chunks, which the server no longer has (404).
test('a tab left open across an upgrade reloads into the current build when a route\'s code is gone, once', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('channel-view')).toBeVisible();
  let asked = 0;
  await page.route(scriptOf('src/site/browse/BrowsePage.tsx'), (route) => (asked++ === 0 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()));
  const reloaded = page.waitForEvent('load');
  await page.getByRole('banner').getByRole('link', { name: 'Movies' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/movies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Movies' })).toBeVisible();
  expect(asked).toBe(2);

  // Gone again right after that reload: the error page shows instead of a reload loop.
  await page.route(scriptOf('src/site/auth/Login.tsx'), (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.evaluate(() => sessionStorage.setItem('stale-build-reloaded-at', String(Date.now())));
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
});

test('a part whose code is gone because the server has a new build says a new version is available and reloads on request', async ({ page }) => {
  let upgraded = true;
  await page.route(scriptOf('src/site/comments/CommentsSection.tsx'), (route) => (upgraded ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()));
  await page.goto('/titles/1#comments');
  // The server's page now names another build's entry script (asked for by the part, not the tab's navigation).
  await page.route((url) => url.pathname === '/', async (route) => {
    if (route.request().resourceType() !== 'fetch') return route.continue();
    const answer = await route.fetch();
    const body = (await answer.text()).replace(/\/assets\/index-[^"]+\.js/, '/assets/index-upgraded.js');
    return route.fulfill({ response: answer, body });
  });
  const comments = page.locator('[data-section="comments"]');
  await expect(comments.getByRole('alert')).toContainText('A new version is available.');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  upgraded = false;
  const reloaded = page.waitForEvent('load');
  await comments.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(comments.getByRole('link', { name: 'Sign in to comment.' })).toBeVisible();
});
