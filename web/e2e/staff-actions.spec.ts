import { expect, test } from '@playwright/test';
import { api, login, signInAsDelegate } from './helpers.ts';

test('a staff member who may only view and edit titles is offered no create, delete, upload, season or video actions', async ({ page }) => {
  await signInAsDelegate(page, `titles.viewer.${Date.now()}@e2e.local`, ['titles.view', 'titles.update']);
  await page.goto('/admin/titles');
  const rows = page.locator('tbody tr');
  await expect(rows.first().getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add new title' })).toHaveCount(0);
  await expect(page.locator('tbody').getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete \(/ })).toHaveCount(0);

  await page.goto('/admin/titles/new');
  await expect(page.getByText('You do not have access to this page')).toBeVisible();

  const { pagination } = await (await page.request.get('/api/v1/titles?perPage=10')).json();
  const base = `/admin/titles/${pagination.data[0].id}/edit`;
  await page.goto(`${base}/images`);
  await expect(page.getByRole('button', { name: /^(Use as poster|Poster)$/ }).or(page.getByText('No images have been uploaded yet')).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload image' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete image' })).toHaveCount(0);

  // A refused seasons call (a role without seasons.view) is an error, not an empty list.
  const seasonsCall = /\/api\/v1\/titles\/\d+\/seasons(\?|$)/;
  await page.route(seasonsCall, (route) => route.fulfill({ status: 403, json: { message: 'You do not have permission to do this.' } }));
  await page.goto(`${base}/seasons`);
  await expect(page.getByText('There was an issue loading this list.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('No seasons have been added yet')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add season' })).toHaveCount(0);
  await page.unroute(seasonsCall);

  await page.goto(`${base}/videos`);
  await expect(page.getByTestId('pagination-range').or(page.getByText('No videos have been added yet')).or(page.getByText('There was an issue loading this list.')).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add video' })).toHaveCount(0);
});

test("a title editor sees no Reviews, Comments or Insights of a title they may not read; the sections they may read stay", async ({ page }) => {
  await login(page);
  const { title } = await api(page, 'POST', 'titles', { name: `Tabs by permission ${Date.now()}`, is_series: true });
  // Everyday permissions (seasons, episodes, videos, people: the users role's) come with the account; moderation and reports do not.
  await signInAsDelegate(page, `titles.tabs.${Date.now()}@e2e.local`, ['titles.view', 'titles.update']);
  const base = `/admin/titles/${title.id}/edit`;
  await page.goto(`${base}/primary-facts`);
  const tabs = page.getByRole('navigation', { name: 'Title sections' });
  for (const name of ['Primary facts', 'Images', 'Genres', 'Cast', 'Crew', 'Videos', 'Seasons']) await expect(tabs.getByRole('link', { name, exact: true })).toBeVisible();
  for (const name of ['Reviews', 'Comments']) await expect(tabs.getByRole('link', { name, exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Insights' })).toHaveCount(0);
  // Typed in by hand, a section they may not read is the no-access page, not a list that fails to load.
  for (const path of ['reviews', 'comments']) {
    await page.goto(`${base}/${path}`);
    await expect(page.getByText('You do not have access to this page')).toBeVisible();
    await expect(page.getByText('There was an issue loading this list.')).toHaveCount(0);
  }
});

test('a title editor whose people search is refused is told why in the Add cast dialog, not "No results"', async ({ page }) => {
  await login(page);
  const { title } = await api(page, 'POST', 'titles', { name: `Cast by permission ${Date.now()}` });
  // A role with titles.update but without people.view: the people search answers 403.
  const peopleCall = /\/api\/v1\/people(\?|$)/;
  await page.route(peopleCall, (route) => route.fulfill({ status: 403, json: { message: 'You are not allowed to do that.' } }));
  await page.goto(`/admin/titles/${title.id}/edit/cast`);
  await page.getByRole('button', { name: 'Add cast member' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Person' }).fill('Anyone');
  await expect(dialog.getByRole('alert').filter({ hasText: 'Your role cannot search people: it needs the "people.view" permission.' })).toBeVisible();
  await expect(dialog.getByText('No results')).toHaveCount(0);
  await page.unroute(peopleCall);
  await api(page, 'DELETE', `titles/${title.id}`);
});
