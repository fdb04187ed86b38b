import { expect, test } from '@playwright/test';
import { api, login } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await login(page);
});

const leaveDialog = (page: import('@playwright/test').Page) => page.getByRole('alertdialog', { name: 'Leave without saving?' });

test('a settings page with unsaved changes asks before another page opens', async ({ page }) => {
  await page.goto('/admin/settings/mail');
  await page.getByLabel('From name').fill('Unsaved name');
  await page.getByRole('navigation', { name: 'Settings menu' }).getByRole('link', { name: 'Cache' }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/mail$/);
  await expect(page.getByLabel('From name')).toHaveValue('Unsaved name');
  await page.getByRole('navigation', { name: 'Settings menu' }).getByRole('link', { name: 'Cache' }).click();
  await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/cache$/);
  // Nothing changed: moving on does not ask.
  await page.getByRole('navigation', { name: 'Settings menu' }).getByRole('link', { name: 'Mail' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/mail$/);
  await expect(leaveDialog(page)).toHaveCount(0);
});

test('a person form asks before leaving; saving does not', async ({ page }) => {
  await page.goto('/admin/people/new');
  await page.getByLabel('Name').fill('Draft Person');
  await page.getByRole('link', { name: 'Titles', exact: true }).first().click();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('Draft Person');
});

test('the appearance editor keeps changes across its sections and asks before leaving it', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto('/admin/appearance/landing-page');
  await page.getByLabel('Header title').fill('Not saved yet');
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('link', { name: /^Themes/ }).click();
  await expect(page).toHaveURL(/\/admin\/appearance\/themes$/);
  await expect(leaveDialog(page)).toHaveCount(0);
  // Reached inside the app, so going back is the router's navigation.
  await page.goto('/admin/users');
  await page.getByRole('link', { name: 'Appearance', exact: true }).first().click();
  await page.getByRole('link', { name: /^Landing page/ }).click();
  await page.getByLabel('Header title').fill('Not saved either');
  await page.evaluate(() => window.history.go(-2));
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
});

test("an episode's form and a video's form ask before leaving with unsaved changes", async ({ page }) => {
  await page.goto('/admin/titles/2/edit/seasons/1/episodes/1/primary-facts');
  await page.getByLabel('Overview').fill('An unsaved overview');
  await page.getByRole('link', { name: 'Cast', exact: true }).first().click();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Overview')).toHaveValue('An unsaved overview');

  await page.goto('/admin/videos');
  await page.getByRole('link', { name: 'Edit' }).first().click();
  await page.getByLabel('Name', { exact: true }).fill('An unsaved name');
  await page.getByRole('link', { name: 'Videos', exact: true }).first().click();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/admin\/videos$/);
});

test('the translation editor asks before another page opens with unsaved lines', async ({ page }) => {
  await page.goto('/admin/localizations');
  await page.getByRole('link', { name: 'Translate', exact: true }).first().click();
  const line = page.getByTestId('translation-lines').locator('textarea').first();
  await line.fill('An unsaved translation');
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Localizations' }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/translate$/);
  await expect(line).toHaveValue('An unsaved translation');
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Localizations' }).click();
  await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/admin\/localizations$/);
});

test('the channel editor asks before leaving with unsaved changes', async ({ page }) => {
  await page.goto('/admin/channels/new');
  await page.getByLabel('Name', { exact: true }).fill('An unsaved channel');
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/channels\/new$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('An unsaved channel');
  await page.getByRole('link', { name: 'Back' }).click();
  await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/admin\/channels$/);
});

test('the article editor asks before leaving a text not saved; after Save it does not', async ({ page }) => {
  await page.goto('/admin/news/add');
  await page.getByLabel('Title', { exact: true }).fill('An unsaved draft');
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.insertText('A long text nobody wants to lose.');
  await page.getByRole('link', { name: 'Go back' }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/news\/add$/);
  await expect(page.getByRole('textbox', { name: 'Content' })).toContainText('A long text nobody wants to lose.');

  // Saving moves on to the article's edit page without asking, and leaving it then does not ask either.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/news\/\d+\/edit$/);
  const id = /\/news\/(\d+)\/edit$/.exec(page.url())![1];
  await expect(leaveDialog(page)).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.insertText(' More.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Article updated')).toBeVisible();
  await page.getByRole('link', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/admin\/news$/);
  await expect(leaveDialog(page)).toHaveCount(0);
  await api(page, 'DELETE', `news/${id}`);
});

test('the user, role and plan forms ask before leaving with unsaved changes; creating one does not', async ({ page }) => {
  for (const [path, label, back] of [['/admin/users/new', 'Email', 'Users'], ['/admin/roles/new', 'Name', 'Roles'], ['/admin/plans/new', 'Name', 'Plans']] as const) {
    await page.goto(path);
    await page.getByLabel(label, { exact: true }).fill(label === 'Email' ? 'typed.not.saved@e2e.local' : 'Typed, not saved');
    await page.getByRole('main').getByRole('link', { name: back, exact: true }).first().click();
    await expect(leaveDialog(page), path).toBeVisible();
    await leaveDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByLabel(label, { exact: true })).not.toHaveValue('');
  }
  // Saved: the form moves on to the new role without asking.
  await page.goto('/admin/roles/new');
  await page.getByLabel('Name', { exact: true }).fill(`Unsaved guard ${Date.now()}`);
  await page.getByRole('button', { name: 'Create', exact: true }).or(page.getByRole('button', { name: 'Save', exact: true })).first().click();
  await expect(page).toHaveURL(/\/admin\/roles\/\d+\/edit$/);
  await expect(leaveDialog(page)).toHaveCount(0);
  const id = Number(/\/admin\/roles\/(\d+)\/edit/.exec(page.url())![1]);
  await api(page, 'DELETE', `roles/${id}`);
});

// The public pages can hold several drafts at once (a review, a comment, a reply): one blocker asks while any is unsent.
test('a comment, a review and a contact message being written ask before their page is left; sent ones do not', async ({ page }) => {
  const stamp = Date.now();
  const { title } = await api(page, 'POST', 'titles', { name: `Draft Guard ${stamp}`, is_series: false });
  await page.goto(`/titles/${title.id}`);
  const home = page.getByRole('banner').getByRole('link').first();
  const comments = page.locator('[data-section="comments"]');
  const reviews = page.locator('[data-section="reviews"]');
  // The sections below the fold load as they near the viewport.
  await expect(async () => {
    await page.mouse.wheel(0, 3000);
    await expect(comments.getByPlaceholder('Write a comment')).toBeVisible({ timeout: 1000 });
    await expect(reviews.getByRole('button', { name: 'Write a review' })).toBeVisible({ timeout: 1000 });
  }).toPass();
  await comments.getByPlaceholder('Write a comment').fill('Half a thought about the ending');
  await reviews.getByRole('button', { name: 'Write a review' }).click();
  await reviews.getByLabel('Review title').fill('A review in progress');

  await home.click();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/titles/${title.id}`));
  await expect(comments.getByPlaceholder('Write a comment')).toHaveValue('Half a thought about the ending');

  // The comment is sent; the review is still a draft, so leaving still asks.
  await comments.getByRole('button', { name: 'Post comment' }).click();
  await expect(comments.getByTestId('comment').filter({ hasText: 'Half a thought' })).toBeVisible();
  await home.click();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: 'Cancel' }).click();
  // Cancelled, the review is a draft no longer: the page is left without a question.
  await reviews.getByRole('button', { name: 'Cancel' }).click();
  await home.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(leaveDialog(page)).toHaveCount(0);

  await page.goto('/contact');
  await page.getByLabel('Message').fill('A long message about a missing subtitle track');
  await home.click();
  await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/$/);
});

// Two admins with the same user (or role) open: each save sends what its editor changed, so neither undoes the other.
test('two admins editing the same user and the same role both keep their change', async ({ page }) => {
  const stamp = Date.now();
  const { user } = await api(page, 'POST', 'users', { email: `two.editors.${stamp}@e2e.local`, password: 'password1', first_name: 'First', last_name: 'Last' });
  const { role } = await api(page, 'POST', 'roles', { name: `Two editors ${stamp}`, description: 'Before' });
  const other = await page.context().newPage();
  try {
    for (const [path, mine, theirs, saved] of [
      [`/admin/users/${user.id}/edit`, ['First name', 'Ada'], ['Last name', 'Lovelace'], 'User updated'],
      [`/admin/roles/${role.id}/edit`, ['Description', 'Edited here'], ['Name', `Renamed ${stamp}`], 'Role updated'],
    ] as const) {
      await page.goto(path);
      await other.goto(path);
      await expect(page.getByLabel(mine[0], { exact: true })).not.toHaveValue('');
      await expect(other.getByLabel(theirs[0], { exact: true })).not.toHaveValue('');
      await other.getByLabel(theirs[0], { exact: true }).fill(theirs[1]);
      await other.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(other.getByText(saved)).toBeVisible();
      // This page still shows the value from before the other save, and leaves it alone.
      await page.getByLabel(mine[0], { exact: true }).fill(mine[1]);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText(saved)).toBeVisible();
      await page.goto(path);
      await expect(page.getByLabel(mine[0], { exact: true })).toHaveValue(mine[1]);
      await expect(page.getByLabel(theirs[0], { exact: true })).toHaveValue(theirs[1]);
    }
  } finally {
    await other.close();
    await api(page, 'DELETE', `roles/${role.id}`);
  }
});

// A form dialog closes on a click outside while it is empty; once something is typed, only Cancel, × or Escape close it.
test('a form dialog with something typed stays open on a stray click outside it', async ({ page }) => {
  await page.goto('/admin/tags');
  const dialog = page.getByRole('dialog', { name: /tag/i });
  const outside = async () => { await page.mouse.click(5, 5); };
  await page.getByRole('button', { name: 'Add new tag' }).click();
  await expect(dialog).toBeVisible();
  await outside();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add new tag' }).click();
  await dialog.getByLabel('Display name').fill('Typed before a stray click');
  await outside();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Display name')).toHaveValue('Typed before a stray click');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Opened again, it starts empty and a click outside closes it again.
  await page.getByRole('button', { name: 'Add new tag' }).click();
  await expect(dialog.getByLabel('Display name')).toHaveValue('');
  await outside();
  await expect(dialog).toBeHidden();
});

test("two admins curating the same channel: a save that did not touch its items keeps the other's", async ({ page }) => {
  const stamp = Date.now();
  const titles = [(await api(page, 'POST', 'titles', { name: `Curated One ${stamp}`, is_series: false })).title, (await api(page, 'POST', 'titles', { name: `Curated Two ${stamp}`, is_series: false })).title] as { id: number; name: string }[];
  const { channel } = await api(page, 'POST', 'channel', {
    name: `Curated ${stamp}`, slug: `cur${stamp % 1e8}`, config: { contentType: 'manual', contentModel: 'titles' }, items: [{ id: titles[0].id, model_type: 'title' }],
  });
  const path = `/admin/channels/${channel.slug}/edit`;
  const other = await page.context().newPage();
  try {
    await page.goto(path);
    await other.goto(path);
    await expect(page.getByTestId('channel-item')).toHaveCount(1);
    const search = other.getByRole('combobox', { name: 'Add content' });
    await search.fill(titles[1].name);
    await other.getByRole('option', { name: new RegExp(`^${titles[1].name}`) }).first().click();
    await expect(other.getByTestId('channel-item')).toHaveCount(2);
    await other.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(other.getByText('Channel updated')).toBeVisible();

    await page.getByLabel('Description', { exact: true }).fill('Described in the other tab');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Channel updated')).toBeVisible();
    await page.goto(path);
    await expect(page.getByTestId('channel-item')).toHaveCount(2);
    await expect(page.getByLabel('Description', { exact: true })).toHaveValue('Described in the other tab');
  } finally {
    await other.close();
    await api(page, 'DELETE', `channel/${channel.id}`);
  }
});
