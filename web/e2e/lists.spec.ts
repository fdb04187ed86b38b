import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers.ts';

// A seeded demo account (password "password") no other spec signs in as.
const USER = 'emma.schmidt8@example.com';

async function titleName(page: Page, id: number): Promise<string> {
  const res = await page.request.get(`/api/v1/titles/${id}/page`);
  return (await res.json()).title.name as string;
}

test('a guest who clicks "Add to list" or a card\'s watchlist button is sent to sign in', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/titles/2');
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Ftitles%2F2/);
  await page.goto('/movies');
  const card = page.getByTestId('poster-card').first();
  await card.hover();
  await page.getByTestId('watchlist-toggle').first().click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmovies/);
});

test('a user keeps a watchlist and a public list, reorders and shares it; a private list stays hidden', async ({ page, browser, context }) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const first = await titleName(page, 2);
  const second = await titleName(page, 3);
  await login(page, USER, 'password');

  // Watchlist: one click on a card, then remove it from the watchlist page, which then shows its empty state.
  await page.goto('/movies');
  const card = page.getByTestId('poster-card').first();
  const cardName = (await card.locator('span.truncate').textContent())!;
  await card.hover();
  await page.getByRole('button', { name: `Add ${cardName} to watchlist` }).click();
  await expect(page.getByText('Added to watchlist')).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove ${cardName} from watchlist` })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Watchlist' }).click();
  await expect(page).toHaveURL(/\/watchlist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Watchlist' })).toBeVisible();
  const items = page.getByTestId('list-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(cardName);
  await page.getByRole('button', { name: `Remove ${cardName}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Your watchlist is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse movies' })).toHaveAttribute('href', '/movies');

  // A public list made from the title page's menu ("New list…" adds the title to it), then a second title.
  await page.goto('/titles/2');
  await page.getByRole('button', { name: 'Add to list' }).click();
  await page.getByRole('menuitem', { name: 'New list…' }).click();
  const dialog = page.getByRole('dialog', { name: 'New list' });
  await dialog.getByLabel('Name').fill('Weekend picks');
  // Two lines: the list's page keeps the line break the member typed.
  await dialog.getByLabel('Description').fill('For rainy Saturdays\nand slow Sundays');
  await dialog.getByRole('switch', { name: 'Public' }).check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Added to Weekend picks')).toBeVisible();

  await page.goto('/titles/3');
  await page.getByRole('button', { name: 'Add to list' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Weekend picks' }).click();
  await expect(page.getByText('Added to Weekend picks')).toBeVisible();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Weekend picks' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitemcheckbox', { name: 'Watchlist' }).click();
  await expect(page.getByText('Added to watchlist')).toBeVisible();
  await page.keyboard.press('Escape');

  // Your lists → the list's page, in the order added; move the second title first with the keyboard.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Your lists' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your lists' })).toBeVisible();
  // The card's size reads on one line ("2 titles", not "2" over "titles"), the date going below when the card is narrow.
  const count = page.getByTestId('list-card').filter({ hasText: 'Weekend picks' }).getByText('2 titles', { exact: true });
  await expect(count).toBeVisible();
  expect((await count.boundingBox())!.height).toBeLessThan(24);
  // Like the poster grids, a grid of cards is one Tab stop: only the first card's link and buttons are in the Tab order.
  const onlyFirstCardTabbable = (ul: Element) => {
    const tabbable = [...ul.querySelectorAll('a, button')].filter((c) => (c as HTMLElement).tabIndex >= 0);
    return tabbable.length > 0 && tabbable.every((c) => ul.firstElementChild!.contains(c));
  };
  await page.getByTestId('list-card').filter({ hasText: 'Weekend picks' }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Weekend picks' })).toBeVisible();
  const description = page.locator('header p', { hasText: 'For rainy Saturdays' });
  await expect(description).toBeVisible();
  expect(await description.innerText()).toBe('For rainy Saturdays\nand slow Sundays');
  await expect(page.getByTestId('list-item')).toHaveCount(2);
  await expect(page.getByTestId('list-item').first()).toContainText(first);

  // Each key waits for what a screen reader hears: keys pressed before dnd-kit has measured the cards are lost.
  const announced = page.locator('[id^="DndLiveRegion"]');
  const handle = page.getByRole('button', { name: `Move ${second}`, exact: true });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(announced).toHaveText(`${second} moved to place 2 of 2.`);
  // dnd-kit drops an arrow key that arrives while it re-measures the cards after the lift (seen once in CI on a
  // loaded machine); a person would press again, and so does the test, a bounded number of times.
  await expect(async () => {
    await page.keyboard.press('ArrowLeft');
    await expect(announced).toHaveText(`${second} moved to place 1 of 2.`, { timeout: 1_500 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('Space');
  await expect(announced).toHaveText(`${second} dropped at place 1 of 2.`);
  await expect(page.getByTestId('list-item').first()).toContainText(second);
  await page.reload();
  await expect(page.getByTestId('list-item').first()).toContainText(second);
  // The items too; the arrow keys move between the cards (on a lifted handle they were the drag's, above).
  const cards = page.getByTestId('list-item');
  expect(await cards.first().locator('..').evaluate(onlyFirstCardTabbable)).toBe(true);
  await cards.first().getByTestId('poster-card').focus();
  await page.keyboard.press('ArrowRight');
  await expect(cards.nth(1).getByTestId('poster-card')).toBeFocused();

  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Link copied to clipboard')).toBeVisible();
  const shared = await page.evaluate(() => navigator.clipboard.readText());
  expect(shared).toMatch(/\/lists\/\d+$/);

  // A private list.
  await page.goto('/lists');
  await page.getByRole('button', { name: 'New list' }).first().click();
  const privateDialog = page.getByRole('dialog', { name: 'New list' });
  await privateDialog.getByLabel('Name').fill('Secret plans');
  await privateDialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('List created')).toBeVisible();
  await expect(page.getByTestId('list-card')).toHaveCount(2);
  expect(await page.getByRole('list', { name: 'Your lists' }).evaluate(onlyFirstCardTabbable)).toBe(true);
  await page.getByTestId('list-card').filter({ hasText: 'Secret plans' }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Secret plans' })).toBeVisible();
  // Its link would open for nobody else: no Share, but a word on how to share it.
  await expect(page.getByText('Only you can see this list. Make it public to share it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0);
  const privateUrl = page.url();

  // A guest in a second browser opens the shared list (server-rendered title), and not the private one.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const res = await guest.goto(shared);
  expect(res?.status()).toBe(200);
  expect(await res!.text()).toContain('<title>Weekend picks - ');
  await expect(guest).toHaveTitle(/Weekend picks/);
  await expect(guest.getByRole('heading', { level: 1, name: 'Weekend picks' })).toBeVisible();
  await expect(guest.getByTestId('list-item')).toHaveCount(2);
  await expect(guest.getByRole('button', { name: `Move ${second}`, exact: true })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: `Remove ${second}`, exact: true })).toHaveCount(0);
  const hidden = await guest.goto(privateUrl);
  expect(hidden?.status()).toBe(404);
  await expect(guest.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(guest.getByText('Secret plans')).toHaveCount(0);
  await guestContext.close();

  // Clean up: the lists go, the watchlist is emptied (other specs share this database).
  await page.goto('/lists');
  for (const name of ['Secret plans', 'Weekend picks']) {
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('list-card').filter({ hasText: name })).toHaveCount(0);
  }
  await page.goto('/watchlist');
  await page.getByRole('button', { name: `Remove ${second}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Your watchlist is empty' })).toBeVisible();
});
