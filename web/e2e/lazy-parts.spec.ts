import { expect, test } from '@playwright/test';
import { scriptOf } from './chunks.ts';
import { login } from './helpers.ts';

// A part of a page whose code loads later (a section below the fold, a dialog) may fail to arrive: offline for a
// moment, or a chunk gone after an upgrade. Only that part says so; the page, and what its forms hold, stays.

test('a title page section whose code fails to load says so in place and comes back on "Try again"', async ({ page }) => {
  let blocked = true;
  await page.route(scriptOf('src/site/comments/CommentsSection.tsx'), (route) => (blocked ? route.abort('internetdisconnected') : route.continue()));
  await page.goto('/titles/1#comments');
  const comments = page.locator('[data-section="comments"]');
  await expect(comments.getByRole('alert')).toContainText('This part of the page could not be loaded.');
  // The rest of the page is still there: the header, the title's heading, the other sections.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(comments.getByRole('heading', { name: 'Comments' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);

  blocked = false;
  await comments.getByRole('button', { name: 'Try again' }).click();
  await expect(comments.getByRole('alert')).toHaveCount(0);
  await expect(comments.getByRole('link', { name: 'Sign in to comment.' })).toBeVisible();
});

test('when the sign-in dialog cannot be loaded, the form keeps what was typed and the failed save is said', async ({ page }) => {
  await login(page);
  // A member's page: the admin area has already loaded the script the dialog was merged into.
  await page.goto('/account-settings');
  await page.getByLabel('First name').fill('Typed before the session ended');
  // The session ended elsewhere, and the dialog's code cannot be fetched (a dropped connection, or an upgrade).
  let refused = 0;
  await page.route(scriptOf('src/ui/SignInAgainDialog.tsx'), (route) => { refused++; return route.abort('internetdisconnected'); });
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Update profile' }).click();
  await expect(page.getByText('Your session has ended. Sign in again in another tab, then save once more.')).toBeVisible();
  expect(refused).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await expect(page.getByLabel('First name')).toHaveValue('Typed before the session ended');
});
