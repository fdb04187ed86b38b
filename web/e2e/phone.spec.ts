import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, login } from './helpers.ts';

/** Issue 16 item 16: a phone (390×844, touch, mobile viewport) sees row menus and dialogs whole. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ page }) => { await login(page); });

/** The box lies inside the visible viewport (no part cut off on either side). */
async function expectOnScreen(page: Page, box: { x: number; y: number; width: number; height: number } | null) {
  expect(box).not.toBeNull();
  const width = await page.evaluate(() => window.visualViewport?.width ?? window.innerWidth);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5);
}

test('opening a users row’s "⋮" menu shows the menu over the page, which stays in place', async ({ page }) => {
  await page.goto('/admin/users');
  const trigger = page.getByRole('button', { name: /^More actions for / }).first();
  // The list loads after the page's frame; give it the time a slow phone needs.
  await expect(trigger).toBeVisible({ timeout: 20_000 });
  const heading = page.getByRole('heading', { level: 1, name: 'Users' });
  const before = await heading.boundingBox();
  await trigger.click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expectOnScreen(page, await menu.boundingBox());
  // The page behind did not scroll sideways or away: its heading is still where it was.
  await expect(heading).toBeInViewport();
  expect(await heading.boundingBox()).toEqual(before);
  expect(await page.evaluate(() => [window.scrollX, document.documentElement.scrollLeft])).toEqual([0, 0]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('the "Add new genre" dialog fits the phone’s width', async ({ page }) => {
  await page.goto('/admin/genres');
  await page.getByRole('button', { name: 'Add new genre' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectOnScreen(page, await dialog.boundingBox());
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeInViewport({ ratio: 1 });
  await expect(dialog.locator('input').first()).toBeInViewport({ ratio: 1 });
});

test('a dialog taller than the phone scrolls its body; its title and buttons stay in view', async ({ page }) => {
  await page.goto('/account-settings');
  await page.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create token' });
  await expect(dialog).toBeVisible();
  // The permissions list is longer than the screen.
  const body = dialog.locator('form').locator('..');
  expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expect(dialog.getByRole('heading', { name: 'Create token' })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: 'Create', exact: true })).toBeInViewport({ ratio: 1 });
  await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(dialog.getByRole('heading', { name: 'Create token' })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
});

/**
 * Brings a title page's Comments into view until `comment` shows: the section loads when near the viewport, and its
 * frame (same heading) is replaced by the real section then, so a scroll can land on the frame just as it goes.
 */
async function showComments(page: Page, comment: Locator) {
  await expect(async () => {
    await page.locator('[data-section="comments"]').scrollIntoViewIfNeeded({ timeout: 1000 });
    await expect(comment).toBeVisible({ timeout: 1000 });
  }).toPass();
}

test('names and links with no spaces wrap on the title, person and profile pages instead of widening them', async ({ page }) => {
  const word = `Unbroken${Date.now()}${'x'.repeat(60)}`;
  const title = (await api(page, 'POST', 'titles', { name: `${word} movie`, is_series: false, description: `https://example.com/${'a'.repeat(150)}` })).title;
  const person = (await api(page, 'POST', 'people', { name: `Person-${word}` })).person;
  const email = `long-${Date.now()}@example.com`;
  await api(page, 'POST', 'users', { email, password: 'long-name-password', email_verified_at: true, first_name: word.slice(0, 90) });
  await page.context().clearCookies();
  await login(page, email, 'long-name-password');
  await api(page, 'POST', 'reviews', { reviewable_id: title.id, score: 6, title: `Review ${word}`, body: `${word} https://example.com/${'b'.repeat(150)}` });
  const { comment } = await api(page, 'POST', 'comment', { commentable_type: 'title', commentable_id: title.id, content: `https://example.com/${'c'.repeat(200)}` });
  const me = comment.user_id as number;
  for (const [path, text] of [[`/titles/${title.id}`, `Review ${word}`], [`/people/${person.id}`, `Person-${word}`], [`/users/${me}`, `Review ${word}`]]) {
    await page.goto(path);
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    if (path.startsWith('/titles/')) await showComments(page, page.getByRole('link', { name: /example\.com\/c{200}/ }));
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: path }).toBeLessThanOrEqual(390);
  }
});

test('a description or a comment written right to left reads right to left', async ({ page }) => {
  const arabic = 'فيلم عن عائلة تعود إلى البحر بعد سنوات طويلة من الغياب';
  const title = (await api(page, 'POST', 'titles', { name: `RTL ${Date.now()}`, is_series: false, description: arabic })).title;
  await api(page, 'POST', 'comment', { commentable_type: 'title', commentable_id: title.id, content: arabic });
  const headline = 'عائلة تعود إلى البحر';
  await api(page, 'POST', 'reviews', { reviewable_id: title.id, score: 8, title: headline, body: `${arabic} ${arabic}` });
  await page.goto(`/titles/${title.id}`);
  // A review's title reads right to left too.
  await expect.poll(() => page.getByRole('heading', { name: headline }).evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  const direction = (text: string) => page.getByText(text, { exact: true }).first().evaluate((el) => getComputedStyle(el).direction);
  await expect.poll(() => direction(arabic)).toBe('rtl');
  await showComments(page, page.getByText(arabic, { exact: true }).nth(1));
  expect(await page.getByText(arabic, { exact: true }).nth(1).evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  // The page around them stays left to right.
  expect(await page.getByRole('heading', { name: 'Comments' }).evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  // So do they in the moderation tables.
  await page.goto('/admin/comments');
  await expect.poll(() => direction(arabic)).toBe('rtl');
  await page.goto('/admin/reviews');
  await expect.poll(() => direction(headline)).toBe('rtl');
});

test("a title's cast names and a person's credits table fit a phone", async ({ page }) => {
  const titles = (await (await page.request.get('/api/v1/titles?perPage=10')).json()).pagination.data as { id: number }[];
  let castOf: { titleId: number; personId: number } | null = null;
  for (const t of titles) {
    const cast = (await (await page.request.get(`/api/v1/titles/${t.id}/credits?crewType=cast`)).json()).pagination.data as { id: number }[];
    if (cast.length) { castOf = { titleId: t.id, personId: cast[0].id }; break; }
  }
  expect(castOf).not.toBeNull();
  await page.goto(`/admin/titles/${castOf!.titleId}/edit/cast`);
  const name = page.getByTestId('credit-row').first().locator('div.truncate').first();
  await expect(name).toBeVisible();
  // The row's buttons no longer squeeze the name down to a few letters.
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  await page.goto(`/admin/people/${castOf!.personId}/edit/credits`);
  await expect(page.getByRole('table')).toBeVisible();
  // The table scrolls inside its box; the page itself is no wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a long reply thread stops indenting after four levels and says whom each deeper reply answers', async ({ page }) => {
  const title = (await api(page, 'POST', 'titles', { name: `Thread ${Date.now()}`, is_series: false })).title;
  let parent: number | undefined;
  for (let level = 1; level <= 8; level++) {
    parent = (await api(page, 'POST', 'comment', {
      commentable_type: 'title', commentable_id: title.id, content: `Thread level ${level} says a few words`, ...(parent ? { parent_id: parent } : {}),
    })).comment.id;
  }
  await page.goto(`/titles/${title.id}`);
  const section = page.locator('[data-section="comments"]');
  await showComments(page, section.getByText('Thread level 1 says', { exact: false }));
  for (let level = 1; level < 8; level++) {
    await section.getByRole('button', { name: 'Show 1 reply' }).click();
    await expect(section.getByText(`Thread level ${level + 1} says`)).toBeVisible();
  }
  const left = async (level: number) => (await section.getByText(`Thread level ${level} says`).boundingBox())!.x;
  // Levels 1-4 step in; from there replies line up, so the deepest keeps the width of the fourth.
  expect(await left(2)).toBeGreaterThan(await left(1));
  expect(await left(4)).toBeGreaterThan(await left(3));
  expect(await left(8)).toBe(await left(4));
  const deepest = section.getByRole('article').filter({ hasText: 'Thread level 8 says' }).last();
  await expect(deepest).toContainText('Replying to');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a filter whose options are long stays inside the filters panel', async ({ page }) => {
  const name = `Regional-content-moderators-for-the-northern-hemisphere-${Date.now()}`;
  const { role } = await api(page, 'POST', 'roles', { name, permissions: [] });
  try {
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Filters' }).click();
    const panel = page.locator('#users-filters');
    const select = panel.getByLabel('Role', { exact: true });
    await expect(select.locator('option', { hasText: name })).toHaveCount(1);
    const [box, outer] = [await select.boundingBox(), await panel.boundingBox()];
    // Sized by its longest option, the select ran past the panel and the screen's edge.
    expect(box!.x + box!.width).toBeLessThanOrEqual(outer!.x + outer!.width);
    await expectOnScreen(page, box);
  } finally {
    await api(page, 'DELETE', `roles/${role.id}`);
  }
});

test("the report's line chart keeps its labels readable", async ({ page }) => {
  await page.goto('/admin/plays');
  const chart = page.getByTestId('line-chart').first();
  await expect(chart).toBeVisible({ timeout: 20_000 });
  // Drawn 640 wide and scaled into the card, its 11px axis labels shrank to about 5px on a phone.
  const heights = await chart.locator('text').evaluateAll((texts) => texts.map((t) => t.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(0);
  expect(Math.min(...heights)).toBeGreaterThanOrEqual(10);
  // And the dates along the bottom do not run into each other.
  const dates = await chart.locator('text[text-anchor]').filter({ hasNotText: /^\d/ }).evaluateAll((texts) => texts.map((t) => t.getBoundingClientRect()).map((r) => [r.left, r.right]));
  for (let i = 1; i < dates.length; i++) expect(dates[i][0]).toBeGreaterThan(dates[i - 1][1]);
});

test('the selected rows’ Delete stays in view when a row far down the list is ticked', async ({ page }) => {
  await page.goto('/admin/users');
  const last = page.getByRole('checkbox', { name: /^Select / }).last();
  await expect(last).toBeVisible({ timeout: 20_000 });
  await page.locator('#main-content').evaluate((main) => main.scrollTo(0, main.scrollHeight));
  await last.check();
  // It sat in the toolbar at the top of the list, scrolled out of sight.
  await expect(page.getByRole('button', { name: 'Delete (1)' })).toBeInViewport({ ratio: 1 });
  await expect(last).toBeInViewport();
  await last.uncheck();
  await expect(page.getByRole('button', { name: 'Delete (1)' })).toBeHidden();
});

test('a user with a very long name and email keeps the users table’s other columns near', async ({ page }) => {
  const stamp = Date.now();
  const email = `averyveryveryverylongemailaddress${stamp}@some-extremely-long-domain-name-example.com`;
  await api(page, 'POST', 'users', { email, password: 'long-name-password', first_name: 'Supercalifragilisticexpialidocious'.repeat(2), last_name: 'Wolfeschlegelsteinhausenbergerdorff' });
  await page.goto(`/admin/users?query=${stamp}`);
  const name = page.getByRole('link', { name: /^Supercalifragilistic/ });
  await expect(name).toBeVisible({ timeout: 20_000 });
  // The cell grew to the whole name and email (about 900px), pushing Roles and Created at far off a phone's screen.
  expect((await page.getByRole('columnheader', { name: 'User' }).boundingBox())!.width).toBeLessThanOrEqual(330);
  await expect(name).toHaveAttribute('title', /Wolfeschlegelsteinhausenbergerdorff$/);
  // So are the First name and Last name columns, each cut short with its whole text on hover.
  for (const column of ['First name', 'Last name']) expect((await page.getByRole('columnheader', { name: column }).boundingBox())!.width, column).toBeLessThanOrEqual(200);
  await expect(page.getByTitle('Supercalifragilisticexpialidocious'.repeat(2), { exact: true })).toBeVisible();
});

test('a comment is deleted from its own row, and its text keeps a readable width', async ({ page }) => {
  const title = (await api(page, 'POST', 'titles', { name: `Moderated ${Date.now()}`, is_series: false })).title;
  const text = 'A perfectly ordinary comment that a moderator wants to read in one glance before removing it';
  await api(page, 'POST', 'comment', { commentable_type: 'title', commentable_id: title.id, content: text });
  try {
    await page.goto(`/admin/comments?filters=${encodeURIComponent(JSON.stringify([{ key: 'title_id', value: title.id, operator: '=' }]))}`);
    const row = page.getByRole('row').filter({ hasText: text });
    await expect(row).toBeVisible({ timeout: 20_000 });
    // Squeezed by the other columns, the text ran about 80px wide, a word or two a line.
    expect((await page.getByRole('columnheader', { name: 'Comment' }).boundingBox())!.width).toBeGreaterThanOrEqual(200);
    // Deleting one comment took ticking it and the bulk Delete; each row has its own now, behind the usual confirmation.
    await row.getByRole('button', { name: 'Delete comment' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete comment' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Deleted', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Delete comment' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Restore comment' })).toBeVisible();
  } finally {
    await api(page, 'DELETE', `titles/${title.id}`);
  }
});

test("the filters panel's date range fits a narrow phone", async ({ page }) => {
  await page.setViewportSize({ width: 340, height: 740 });
  await page.goto('/admin/comments');
  await page.getByRole('button', { name: 'Filters' }).click();
  const panel = page.locator('#comment-filters');
  const to = panel.getByRole('group', { name: 'Date' }).getByLabel('Date to', { exact: true });
  await expect(to).toBeVisible({ timeout: 20_000 });
  // Two fixed 160px pickers side by side ran past the panel and the screen's edge below about 370px.
  const [box, outer] = [await to.boundingBox(), await panel.boundingBox()];
  expect(box!.x + box!.width).toBeLessThanOrEqual(outer!.x + outer!.width);
  await expectOnScreen(page, box);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(340);
});
