import { expect, test } from '@playwright/test';
import { api, login, signInAsDelegate } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await login(page);
});

// The Tags page lists every tag of the catalogue (the demo's genres and keywords too): this spec's own are named e2e-….
test('create, update, refuse a duplicate, filter and bulk delete tags', async ({ page }) => {
  await page.goto('/admin/tags');
  const search = page.getByPlaceholder('Search tags');
  // The catalogue's genres are listed beside custom tags.
  await search.fill('drama');
  await expect(page.getByRole('row', { name: /drama/ })).toContainText('Genre');

  const add = async (name: string, display: string) => {
    await page.getByRole('button', { name: 'Add new tag' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Display name').fill(display);
    await dialog.getByRole('button', { name: 'Create' }).click();
  };

  // Name is required.
  await page.getByRole('button', { name: 'Add new tag' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('dialog').getByText('The name field is required.')).toBeVisible();
  // System types are not offered.
  await expect(page.getByRole('dialog').getByLabel('Type').locator('option')).toHaveText(['Custom']);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await add('e2e-staff-pick', 'Staff pick');
  await expect(page.getByText('Tag created')).toBeVisible();

  await add('e2e-staff-pick', 'Again');
  await expect(page.getByRole('dialog').getByText('A tag with this name already exists.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await add('e2e-hidden-gem', 'Hidden gem');
  await expect(page.getByText('Tag created').first()).toBeVisible();
  await add('e2e-classic', 'Classic');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await search.fill('e2e-');
  await expect(page.locator('tbody tr')).toHaveCount(3);
  await expect(page.getByRole('row', { name: /e2e-staff-pick/ })).toContainText('Staff pick');

  await page.getByRole('button', { name: 'Edit tag e2e-hidden-gem' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('e2e-hidden-gem');
  await dialog.getByLabel('Display name').fill('Hidden gems');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tag updated')).toBeVisible();
  await expect(page.getByRole('row', { name: /e2e-hidden-gem/ })).toContainText('Hidden gems');

  await search.fill('e2e-hidden');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await search.fill('e2e-');
  await expect(page.locator('tbody tr')).toHaveCount(3);
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Genre' });
  await expect(page.getByText('No matching tags')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await search.fill('e2e-');
  await expect(page.locator('tbody tr')).toHaveCount(3);

  await page.getByRole('row', { name: /e2e-staff-pick/ }).getByRole('checkbox').check();
  await page.getByRole('row', { name: /e2e-classic/ }).getByRole('checkbox').check();
  await page.getByRole('button', { name: /Delete \(2\)/ }).click();
  await expect(page.getByText('This will permanently remove the items and cannot be undone.')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted 2 records')).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr').first()).toContainText('e2e-hidden-gem');
});

test('a custom tag put on a title in its editor shows on the title page and opens the titles that share it', async ({ page }) => {
  const movie = (await (await page.request.get('/api/v1/titles?perPage=10&orderBy=popularity&filters=' + encodeURIComponent(JSON.stringify([{ key: 'type', value: 'movie' }])))).json()).pagination.data[0];
  await page.goto(`/admin/titles/${movie.id}/edit/tags`);
  await page.getByRole('combobox', { name: 'Add tag' }).fill('Festival winner');
  await page.getByRole('combobox', { name: 'Add tag' }).press('Enter');
  await expect(page.getByText('Tag attached')).toBeVisible();
  const attached = page.getByRole('list', { name: 'Add tag' });
  await expect(attached).toContainText('Festival winner');

  try {
    await page.goto(`/titles/${movie.id}`);
    await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'Festival winner' }).click();
    await expect(page).toHaveURL(/\/movies\?tag=\d+$/);
    await expect(page.getByText('Tag: Festival winner')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Movies' })).toBeVisible();
    await expect(page.getByTestId('poster-card')).toHaveCount(1);
    await expect(page.getByTestId('poster-card')).toContainText(movie.name);
    await page.getByRole('button', { name: 'Remove the tag filter' }).click();
    await expect(page).toHaveURL(/\/movies$/);
    await expect(page.getByText('Tag: Festival winner')).toHaveCount(0);
  } finally {
    const tag = (await (await page.request.get(`/api/v1/titles/${movie.id}`)).json()).title.tags.find((t: { name: string }) => t.name === 'festival winner');
    if (tag) await api(page, 'DELETE', `tags/${tag.id}`);
  }
});

test('without the title tags permissions the Tags page offers no edit or delete on genres, only on custom tags', async ({ page }) => {
  await signInAsDelegate(page, `tags.manager.${Date.now()}@e2e.local`, ['tags.view', 'tags.update', 'tags.delete']);
  await page.goto('/admin/tags');
  await page.getByPlaceholder('Search tags').fill('drama');
  const genre = page.getByRole('row', { name: /drama/ });
  await expect(genre).toContainText('Genre');
  await expect(genre.getByRole('checkbox')).toHaveCount(0);
  await expect(genre.getByRole('button', { name: /^Edit tag/ })).toHaveCount(0);

  await page.getByPlaceholder('Search tags').fill('staff pick');
  const custom = page.getByRole('row', { name: /staff pick/ });
  await expect(custom).toContainText('Custom');
  await expect(custom.getByRole('checkbox')).toBeVisible();
  await expect(custom.getByRole('button', { name: 'Edit tag staff pick' })).toBeVisible();
});

test('a list whose refresh fails keeps its rows and says they may be out of date, with "Try again"', async ({ page }) => {
  const name = `e2e-stale-${Date.now()}`;
  await api(page, 'POST', 'tags', { name, display_name: 'Stale list' });
  await page.goto(`/admin/tags?query=${name}`);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  let failing = true;
  await page.route(/\/api\/v1\/tags(\?|$)/, (route) => (failing && route.request().method() === 'GET'
    ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The database is busy.' }) })
    : route.continue()));
  // Saving a tag refreshes the list: that refresh fails.
  await page.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: /Edit/ }).click();
  await page.getByRole('dialog').getByLabel('Display name').fill('Stale list, renamed');
  await page.getByRole('dialog').getByRole('button', { name: /Save|Update/ }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'The list could not be refreshed: it may be out of date.' });
  await expect(notice).toContainText('The database is busy.', { timeout: 15_000 });
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  failing = false;
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Stale list, renamed');
});
