import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers.ts';

/** Issue 16 item 6: keyboard users skip the menus, land on each new page's heading, and keep their place in tables. */

async function skipLinkWorks(page: Page) {
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
}

test('the first Tab on a site page reaches a skip link that moves focus to the main content', async ({ page }) => {
  await page.goto('/movies');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await skipLinkWorks(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await skipLinkWorks(page);
});

test('after client-side navigation on the site, focus is on the new page’s heading and the page did not jump', async ({ page }) => {
  await page.goto('/movies');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Series' }).click();
  await expect(page).toHaveURL(/\/series$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  await expect(heading).toHaveText(/Series/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe('admin', () => {
  test.beforeEach(async ({ page }) => { await login(page); });

  test('the admin has a skip link and moves focus to each section’s heading', async ({ page }) => {
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await skipLinkWorks(page);
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Roles' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeFocused();
    // Changing only the query string (a search, a page) leaves focus where the user is typing.
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeFocused();
    const search = page.getByRole('searchbox');
    await search.fill('garcia');
    await expect(page).toHaveURL(/query=garcia/);
    await expect(search).toBeFocused();
  });

  test('ticking a row checkbox in a table keeps focus on it', async ({ page }) => {
    await page.goto('/admin/users');
    const first = page.locator('tbody').getByRole('checkbox').first();
    await first.focus();
    await page.keyboard.press('Space');
    await expect(first).toBeChecked();
    await expect(first).toBeFocused();
    // A mouse click unticks it and focus stays too.
    await first.click();
    await expect(first).not.toBeChecked();
    await expect(first).toBeFocused();
  });

  test('a new title’s sections that wait for the first save are reached by Tab and say why they cannot open', async ({ page }) => {
    await page.goto('/admin/titles/new');
    const sections = page.getByRole('navigation', { name: 'Title sections' });
    await sections.getByRole('link', { name: 'Primary facts' }).focus();
    await page.keyboard.press('Tab');
    const images = sections.getByRole('link', { name: 'Images' });
    const next = sections.getByRole('link').nth(1);
    await expect(next).toBeFocused();
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    // One focus ring (its own inset ring), not the site's outline around it as well.
    await expect(next).toHaveCSS('outline-style', 'none');
    expect(await next.evaluate((e) => getComputedStyle(e).boxShadow)).toMatch(/inset/);
    await expect(images).toHaveAttribute('aria-disabled', 'true');
    await expect(images).toHaveAccessibleDescription('Save the title first');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/titles\/new$/);
  });

  test('the rich-text editor’s toolbar is one Tab stop: the arrow keys, Home and End move along it, Tab goes on to the text', async ({ page }) => {
    await page.goto('/admin/custom-pages/new');
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    const style = toolbar.getByLabel('Text style');
    await style.focus();
    // Only one of its controls is in the Tab order.
    expect(await toolbar.evaluate((bar) => [...bar.querySelectorAll('button, select')].filter((c) => (c as HTMLElement).tabIndex >= 0).length)).toBe(1);
    await page.keyboard.press('ArrowRight');
    await expect(toolbar.getByRole('button', { name: 'Bold' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(toolbar.getByRole('button', { name: 'Embed' })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(style).toBeFocused();
    // Left and right on the text style move along the toolbar instead of changing the style.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(toolbar.getByRole('button', { name: 'Italic' })).toBeFocused();
    await expect(style).toHaveValue('p');
    await page.keyboard.press('Tab');
    await expect(page.locator('.ProseMirror')).toBeFocused();
    // Back into the toolbar lands on the control last used.
    await page.keyboard.press('Shift+Tab');
    await expect(toolbar.getByRole('button', { name: 'Italic' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toolbar.getByRole('button', { name: 'Italic' })).toHaveAttribute('aria-pressed', 'true');

    // While an image uploads its button is disabled: the toolbar still has its one Tab stop (the first control).
    let release = () => {};
    const held = new Promise<void>((r) => { release = r; });
    await page.route('**/api/v1/custom-pages/media', async (route) => { await held; await route.abort(); });
    await toolbar.getByRole('button', { name: 'Italic' }).focus();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    const upload = toolbar.getByRole('button', { name: 'Upload image' });
    await expect(upload).toBeFocused();
    await page.getByTestId('editor-image-input').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });
    await expect(upload).toBeDisabled();
    expect(await toolbar.evaluate((bar) => [...bar.querySelectorAll('button:enabled, select:enabled')].filter((c) => (c as HTMLElement).tabIndex >= 0).map((c) => c.getAttribute('data-roving-item')))).toEqual(['block-type']);
    release();
    await expect(upload).toBeEnabled();
    expect(await toolbar.evaluate((bar) => [...bar.querySelectorAll('button, select')].filter((c) => (c as HTMLElement).tabIndex >= 0).map((c) => c.getAttribute('data-roving-item')))).toEqual(['Upload image']);
  });
});

test.describe('dialogs', () => {
  test.beforeEach(async ({ page }) => { await login(page); });

  test('closing a dialog opened with a field that takes focus gives focus back to its button, or to the menu’s button', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/account-settings');
    for (const [name, close] of [['Change email', 'Escape'], ['Create token', 'Cancel'], ['Delete account', 'Escape']] as const) {
      const opener = page.getByRole('button', { name, exact: true });
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('textbox').first()).toBeFocused();
      if (close === 'Escape') await page.keyboard.press('Escape');
      else await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    }

    // A dialog opened as another closes ("Token created") goes back to what opened the first; with all of them gone
    // (the deleted token's button), to the page's main region rather than <body>.
    const create = page.getByRole('button', { name: 'Create token', exact: true });
    await create.focus();
    await page.keyboard.press('Enter');
    const tokenDialog = page.getByRole('dialog');
    await tokenDialog.getByRole('button', { name: /^titles/i }).and(tokenDialog.locator('[aria-expanded]')).click();
    await tokenDialog.getByLabel('View titles').check();
    await tokenDialog.getByLabel('Token name').fill('Keyboard token');
    await page.keyboard.press('Enter');
    const created = page.getByRole('dialog', { name: 'Token created' });
    await expect(created.getByRole('button', { name: 'Done' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(created).toBeHidden();
    await expect(create).toBeFocused();
    await page.getByRole('button', { name: 'Delete token Keyboard token' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(page.locator('#main-content')).toBeFocused();

    // A dialog opened from a menu item (gone once the menu closed) goes back to the menu's button.
    await page.goto('/titles/2');
    // The member's menu button (a guest's plain button is replaced once the session loads).
    const add = page.getByTestId('add-to-list');
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'New list…' })).toBeVisible();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'New list…' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New list' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();
  });

  test('the phone menu sheet keeps Tab inside, and Escape in a menu inside it closes only that menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/movies');
    const open = page.getByRole('button', { name: /^Open menu/ });
    await open.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    const close = sheet.getByRole('button', { name: 'Close menu' });
    await expect(close).toBeFocused();
    const focusInSheet = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    // Backwards from the first control wraps to the last one in the sheet, and forwards from there to the first.
    await page.keyboard.press('Shift+Tab');
    expect(await focusInSheet()).toBe(true);
    await expect(close).not.toBeFocused();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();

    for (const name of [/Account menu/, /^Notifications/]) {
      const trigger = sheet.getByRole('button', { name });
      await trigger.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menu')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
      await expect(sheet).toBeVisible();
      await expect(trigger).toBeFocused();
    }
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(open).toBeFocused();
  });
});

/** Holds matching requests until released: what a control shows while its save is in flight, without a fixed wait. */
async function holdRequests(page: Page, url: string | RegExp, method: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  let held = 0;
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    held += 1;
    await released;
    await route.fallback();
  });
  return { release, count: () => held };
}

test.describe('signed in', () => {
  test.beforeEach(async ({ page }) => { await login(page); });

  test('the rating is one Tab stop moved by arrow keys, saved once they rest, and keeps focus while it saves', async ({ page }) => {
    await page.goto('/titles/9');
    const group = page.getByRole('radiogroup', { name: 'Your rating' });
    await expect(group.getByRole('radio')).toHaveCount(10);
    await expect(group.locator('[tabindex="0"]')).toHaveCount(1);
    const rate = (n: number) => group.getByRole('radio', { name: `Rate ${n} out of 10`, exact: true });
    await rate(5).click();
    await expect(rate(5)).toHaveAttribute('aria-checked', 'true');
    await expect(rate(5)).toHaveAttribute('tabindex', '0');
    await expect(rate(4)).toHaveAttribute('tabindex', '-1');

    const hold = await holdRequests(page, /\/api\/v1\/ratings\//, 'PUT');
    const saved = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/v1/ratings/'));
    await rate(5).focus();
    // The keys pass over 6 and 7 on the way to 8: shown at once, saved once, when they rest.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(rate(8)).toBeFocused();
    await expect(rate(8)).toHaveAttribute('aria-checked', 'true');
    expect((await saved).postDataJSON()).toEqual({ score: 8 });
    await expect(group).toHaveAttribute('aria-disabled', 'true');
    // A press while it saves does nothing, and focus stays on the option (a disabled one lost it).
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(rate(8)).toBeFocused();
    hold.release();
    await expect(group).not.toHaveAttribute('aria-disabled');
    await expect(rate(8)).toHaveAttribute('aria-checked', 'true');
    expect(hold.count()).toBe(1);
    await page.unroute(/\/api\/v1\/ratings\//);
    await expect(group).not.toHaveAttribute('aria-disabled');
    await page.keyboard.press('Home');
    await expect(rate(1)).toHaveAttribute('aria-checked', 'true');
    await expect(rate(1)).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(rate(10)).toHaveAttribute('aria-checked', 'true');
    await expect(rate(10)).toBeFocused();
    // Tabbing away saves the score the keys rest on without waiting.
    const left = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/v1/ratings/'));
    await page.keyboard.press('Tab');
    expect((await left).request().postDataJSON()).toEqual({ score: 10 });
    expect((await (await left).json()).my_score).toBe(10);
    await expect(rate(10)).toHaveAttribute('aria-checked', 'true');

    // "Remove rating" goes with the rating: focus moves to the options, not to <body>.
    await page.getByRole('button', { name: 'Remove rating' }).focus();
    await page.keyboard.press('Enter');
    await expect(rate(1)).toBeFocused();
    await expect(group.locator('[aria-checked="true"]')).toHaveCount(0);
  });

  test('posting a comment keeps focus in the box; a reply box takes focus and Escape gives it back to Reply', async ({ page }) => {
    // The comments load when near: the address asks for them at once.
    await page.goto('/titles/9#comments');
    const comments = page.locator('[data-section="comments"]');
    const box = comments.getByPlaceholder('Write a comment');
    await box.fill(`Keyboard comment ${Date.now()}`);
    const hold = await holdRequests(page, /\/api\/v1\/comment$/, 'POST');
    const post = comments.getByRole('button', { name: 'Post comment' });
    await post.focus();
    await page.keyboard.press('Enter');
    await expect(post).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Enter');
    await expect(post).toBeFocused();
    hold.release();
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('');
    expect(hold.count()).toBe(1);

    const mine = comments.getByTestId('comment').filter({ hasText: 'Keyboard comment' }).first();
    const reply = mine.getByRole('button', { name: 'Reply', exact: true });
    await reply.focus();
    await page.keyboard.press('Enter');
    await expect(mine.getByPlaceholder('Write a reply')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(mine.getByPlaceholder('Write a reply')).toBeHidden();
    await expect(reply).toBeFocused();
  });

  test('a notification setting keeps focus while it saves', async ({ page }) => {
    await page.goto('/account-settings');
    const replies = page.getByRole('switch', { name: 'Replies to my comments' });
    const before = await replies.isChecked();
    const hold = await holdRequests(page, /\/api\/v1\/notifications\/settings$/, 'PUT');
    await replies.focus();
    await page.keyboard.press('Space');
    await expect(replies).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Space');
    await expect(replies).toBeFocused();
    hold.release();
    await expect(replies).not.toHaveAttribute('aria-disabled');
    await expect(replies).toBeChecked({ checked: !before });
    expect(hold.count()).toBe(1);
    await page.unroute(/\/api\/v1\/notifications\/settings$/);
    await page.keyboard.press('Space');
    await expect(replies).toBeChecked({ checked: before });
    await expect(replies).toBeFocused();
  });

  test('the bell opened by keyboard while loading lands on the first notification, not on "Mark all as read"', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const notification = {
      id: 1, type: 'comment_reply', actor: null, place: 'Keyboard Title', link: '/titles/9', excerpt: 'A keyboard reply',
      image: null, episode: null, read_at: null, created_at: new Date().toISOString(),
    };
    await page.route(/\/api\/v1\/notifications\/unread$/, (route) => route.fulfill({ json: { unread: 1 } }));
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    await page.route(/\/api\/v1\/notifications\?/, async (route) => {
      await released;
      await route.fulfill({ json: { unread: 1, pagination: { current_page: 1, per_page: 10, from: 1, to: 1, total: 1, last_page: 1, data: [notification] } } });
    });
    await page.goto('/movies');
    const bell = page.getByRole('button', { name: 'Notifications (1 unread)' });
    await bell.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeFocused();
    await expect(menu.getByRole('menuitem', { name: 'Mark all as read' })).toHaveCount(0);
    release();
    await expect(menu.getByRole('menuitem').first()).toContainText('A keyboard reply');
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(bell).toBeFocused();
  });

  test('publishing a review moves focus to it', async ({ page }) => {
    await page.goto('/titles/9');
    const reviews = page.locator('[data-section="reviews"]');
    await reviews.getByRole('button', { name: 'Write a review' }).click();
    await reviews.getByLabel('Review title').fill('Keyboard review title');
    await reviews.getByLabel('Review', { exact: true }).fill('A review written to check where focus goes once it is published, long enough for the rules of the form.');
    await reviews.getByRole('button', { name: 'Publish review' }).focus();
    await page.keyboard.press('Enter');
    const mine = reviews.getByTestId('review').filter({ hasText: 'Keyboard review title' });
    await expect(mine).toBeFocused();
    // Put things back: the review goes (and the rating it gave).
    await mine.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(mine).toBeHidden();
    await page.getByRole('button', { name: 'Remove rating' }).click();
    await expect(page.getByRole('button', { name: 'Remove rating' })).toBeHidden();
  });
});

test('the pricing page’s billing cycle is one Tab stop moved by arrow keys', async ({ page }) => {
  await page.goto('/pricing');
  const cycle = page.getByRole('radiogroup', { name: 'Billing cycle' });
  const monthly = cycle.getByRole('radio', { name: 'Monthly' });
  const yearly = cycle.getByRole('radio', { name: 'Yearly' });
  await expect(monthly).toHaveAttribute('tabindex', '0');
  await expect(yearly).toHaveAttribute('tabindex', '-1');
  await monthly.focus();
  await page.keyboard.press('ArrowRight');
  await expect(yearly).toBeFocused();
  await expect(yearly).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(monthly).toBeFocused();
  await expect(monthly).toHaveAttribute('aria-checked', 'true');
});

test('on a phone the header’s search button opens the search page with its box focused', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/movies');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('searchbox')).toBeFocused();
  await page.goto('/search');
  await expect(page.getByRole('searchbox')).toBeFocused();
});

test('the header is one "Main" navigation landmark, without the menus as landmarks nested in it', async ({ page }) => {
  await page.goto('/movies');
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'Movies', exact: true }).first()).toBeVisible();
  await expect(main.getByRole('navigation')).toHaveCount(0);
});

test('search suggestions are read in named groups: “Titles” is announced with its titles', async ({ page }) => {
  await page.goto('/movies');
  await page.getByRole('combobox', { name: 'Search movies, series and people' }).focus();
  await page.keyboard.type('the');
  const titles = page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('group', { name: 'Titles' });
  await expect(titles.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(titles.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  // The group's heading is its name, not an option of its own.
  await expect(titles.getByRole('option', { name: 'Titles', exact: true })).toHaveCount(0);
});

test('a row of posters is one Tab stop: the arrow keys move along it, Tab leaves it, and each poster is read by its name first', async ({ page }) => {
  await page.goto('/');
  // The first row of at least three posters (a row's cards are links in its list; the hero slider has none).
  const row = page.getByTestId('channel-row').filter({ has: page.getByRole('list').getByTestId('poster-card').nth(2) }).first();
  const list = row.getByRole('list');
  const cards = list.getByTestId('poster-card');
  await expect(cards.nth(2)).toBeVisible();
  const count = await cards.count();
  // A poster's name is its title's name, then year and type, not its overview read before the name.
  const name = (await cards.first().locator('.truncate').first().textContent()) ?? '';
  await expect(cards.first()).toHaveAccessibleName(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`));

  await row.getByRole('link', { name: 'See all' }).focus();
  await page.keyboard.press('Tab');
  await expect(cards.first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(cards.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(cards.nth(count - 1)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(cards.nth(count - 1)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(cards.first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  // Tab passes the poster's own button (if it has one) and then leaves the row, whatever its length.
  for (let i = 0; i < 2; i += 1) {
    await page.keyboard.press('Tab');
    if (!(await list.evaluate((el) => el.contains(document.activeElement)))) break;
  }
  expect(await list.evaluate((el) => el.contains(document.activeElement)), 'Tab left the row').toBe(false);
  // Coming back with Shift+Tab lands on the poster last focused, not the first.
  await page.keyboard.press('Shift+Tab');
  if (await list.getByTestId('watchlist-toggle').count()) await page.keyboard.press('Shift+Tab');
  await expect(cards.nth(1)).toBeFocused();
});

for (const width of [1280, 390]) {
  test(`at ${width} px a grid of posters is one Tab stop: Left and Right move along it, Up and Down a line, Tab leaves it`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/movies');
    const list = page.getByRole('main').getByRole('list').filter({ has: page.getByTestId('poster-card') }).first();
    const cards = list.getByTestId('poster-card');
    await expect(cards.nth(3)).toBeVisible();
    // The columns the layout shows now: the cards on the first line.
    const columns = await list.evaluate((ul) => Array.from(ul.children).filter((li) => li.getBoundingClientRect().top === ul.children[0].getBoundingClientRect().top).length);
    expect(await cards.count()).toBeGreaterThan(columns);
    expect(await cards.evaluateAll((all) => all.filter((c) => (c as HTMLElement).tabIndex >= 0).length)).toBe(1);

    await page.getByRole('heading', { level: 1 }).focus();
    while (!(await cards.first().evaluate((c) => c === document.activeElement))) await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    await expect(cards.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(cards.nth(1 + columns)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(cards.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(cards.nth(1)).toBeFocused();
    // Tab passes the poster's own button and leaves the grid.
    for (let i = 0; i < 2; i += 1) {
      await page.keyboard.press('Tab');
      if (!(await list.evaluate((el) => el.contains(document.activeElement)))) break;
    }
    expect(await list.evaluate((el) => el.contains(document.activeElement)), 'Tab left the grid').toBe(false);
  });
}

test('the people page\'s portraits are one Tab stop too: the arrow keys move between them', async ({ page }) => {
  await page.goto('/people');
  const cards = page.getByRole('main').getByTestId('poster-card');
  await expect(cards.nth(1)).toBeVisible();
  expect(await cards.evaluateAll((all) => all.filter((c) => (c as HTMLElement).tabIndex >= 0).length)).toBe(1);
  await cards.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(cards.nth(1)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(cards.first()).toBeFocused();
});

test('the hero slider’s dots are one Tab stop: the arrow keys choose a slide', async ({ page }) => {
  await page.goto('/');
  const slider = page.getByTestId('hero-slider');
  const dots = slider.getByRole('radiogroup', { name: 'Slides' }).getByRole('radio');
  // The slider is one landmark named after its channel, not one inside another of the same name.
  await expect(slider).toHaveAttribute('aria-label', /./);
  await expect(page.getByRole('region').filter({ has: slider })).toHaveCount(0);
  await expect(dots.nth(1)).toBeVisible();
  const first = await slider.getByRole('heading', { level: 2 }).textContent();
  await dots.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(dots.nth(1)).toBeFocused();
  await expect(dots.nth(1)).toHaveAttribute('aria-checked', 'true');
  await expect(slider.getByRole('heading', { level: 2 })).not.toHaveText(first ?? '');
  await page.keyboard.press('Tab');
  expect(await slider.evaluate((el) => el.contains(document.activeElement)), 'Tab left the dots and the slider').toBe(false);
  await page.keyboard.press('Shift+Tab');
  await expect(dots.nth(1)).toBeFocused();
});

test('screen readers hear a video’s likes and a title’s rating in words, not bare numbers', async ({ page, request }) => {
  const home = (await (await request.get('/api/v1/channel/home')).json()).channel;
  const slide = (home.content.data[0].content.data as { id: number; play_video_id?: number | null; rating?: number | null }[]).find((s) => s.play_video_id && s.rating);
  expect(slide, 'a featured title with a video and a rating in the demo catalogue').toBeTruthy();
  await page.goto(`/watch/${slide!.play_video_id}`);
  expect(await page.getByTestId('video-votes').ariaSnapshot()).toMatch(/\d+ likes?\b[\s\S]*\d+ dislikes?\b/);
  await page.goto(`/titles/${slide!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.locator('main article').first().ariaSnapshot()).toMatch(/Rating \d+\.\d/);
});

test('a date field’s calendar closes when Tab or Shift+Tab leaves it, instead of covering the fields focus goes on to', async ({ page }) => {
  await login(page);
  await page.goto('/admin/titles/new');
  const field = page.getByRole('button', { name: /^Release date/ });
  const calendar = page.getByRole('dialog', { name: 'Choose a date' });
  for (const key of ['Tab', 'Shift+Tab']) {
    await field.focus();
    await page.keyboard.press('Enter');
    await expect(calendar).toBeVisible();
    for (let i = 0; i < 10 && (await calendar.isVisible()); i += 1) await page.keyboard.press(key);
    await expect(calendar, `closed by ${key}`).toBeHidden();
    expect(await page.evaluate(() => document.activeElement?.tagName), `focus went on with ${key}`).not.toBe('BODY');
  }
  // Escape still closes it and gives focus back to the field.
  await field.focus();
  await page.keyboard.press('Enter');
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(field).toBeFocused();
});
