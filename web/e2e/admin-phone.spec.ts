import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers.ts';

/** An operator at work in /admin on a small phone (375×667, touch). */
test.use({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ page }) => { await login(page); });

async function viewportWidth(page: Page) {
  return page.evaluate(() => window.visualViewport?.width ?? window.innerWidth);
}

test('a wide table keeps its row actions on screen and fades the edge its other columns hide under', async ({ page }) => {
  await page.goto('/admin/users');
  const more = page.getByRole('button', { name: /^More actions for / }).first();
  await expect(more).toBeVisible({ timeout: 20_000 });
  const width = await viewportWidth(page);
  // The row's actions are in view without scrolling the table sideways…
  const box = (await more.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  await expect(more).toBeInViewport({ ratio: 1 });
  // …which does scroll, and says so.
  const scroller = page.locator('[data-scroll-more]');
  await expect(scroller).toHaveCount(1);
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await more.tap();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await page.keyboard.press('Escape');
  // Scrolled to its end, the table no longer says more columns wait there; the actions stay where they were.
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(page.locator('[data-scroll-more]')).toHaveCount(0);
  expect((await more.boundingBox())!.x).toBeCloseTo(box.x, 0);
});

test("a row's checkbox and a sort header are thumb-sized targets", async ({ page }) => {
  await page.goto('/admin/genres');
  const checkbox = page.getByRole('checkbox', { name: /^Select (?!all)/ }).first();
  await expect(checkbox).toBeVisible({ timeout: 20_000 });
  const box = (await checkbox.boundingBox())!;
  // A tap 10 px beside the 16 px box still ticks it.
  await page.touchscreen.tap(box.x + box.width / 2 + 10, box.y + box.height / 2);
  await expect(checkbox).toBeChecked();
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2 - 10);
  await expect(checkbox).not.toBeChecked();
  const sort = page.getByRole('button', { name: 'Name', exact: true });
  expect((await sort.boundingBox())!.height).toBeGreaterThanOrEqual(24);
});

test('fields are at least 16 px on a phone, so focusing one does not zoom the page', async ({ page }) => {
  const small: string[] = [];
  for (const path of ['/admin/comments', '/admin/ads', '/admin/settings']) {
    await page.goto(path);
    await expect(page.locator('main input, main select, main textarea').first()).toBeVisible({ timeout: 20_000 });
    if (path === '/admin/comments') await page.getByRole('button', { name: 'Filters' }).click();
    small.push(...await page.locator('main').evaluate((main) => [...main.querySelectorAll('input, select, textarea')]
      .filter((el) => !['checkbox', 'radio', 'range', 'color', 'file', 'hidden'].includes((el as HTMLInputElement).type))
      .filter((el) => (el as HTMLElement).offsetParent && parseFloat(getComputedStyle(el).fontSize) < 16)
      .map((el) => `${location.pathname} ${el.tagName} ${el.getAttribute('aria-label') ?? el.id} ${getComputedStyle(el).fontSize}`)));
  }
  expect(small).toEqual([]);
});
