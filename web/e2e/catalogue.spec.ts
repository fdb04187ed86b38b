import { expect, test } from '@playwright/test';
import { api, login } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await login(page);
});

test('create a person, then a series with a genre, a cast credit and a season with an episode', async ({ page }) => {
  // A person first, so the cast picker can find them.
  await page.goto('/admin/people');
  await page.getByRole('link', { name: 'Add new person' }).click();
  await expect(page.getByRole('heading', { name: 'New person' })).toBeVisible();
  await expect(page.getByLabel('Known for')).toHaveValue('Acting');
  await expect(page.getByLabel('Gender')).toHaveValue('female');
  await expect(page.getByLabel('Popularity')).toHaveValue('3');
  await page.getByLabel('Name', { exact: true }).fill('Imogen Quartermaine');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Person created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/people\/\d+\/edit\/primary-facts$/);
  await expect(page.getByRole('heading', { name: 'Edit “Imogen Quartermaine“' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Person sections' }).getByRole('link', { name: 'Credits' }).click();
  await expect(page.getByText('No credits have been added yet')).toBeVisible();

  // The title.
  await page.goto('/admin/titles');
  await page.getByRole('link', { name: 'Add new title' }).click();
  await expect(page.getByText('Images', { exact: true })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('The Quartermaine Files');
  await page.getByLabel('Type').selectOption('series');
  await page.getByLabel('Runtime').fill('0');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Runtime must be at least 1.')).toBeVisible();
  await page.getByLabel('Runtime').fill('42');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Title created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/titles\/\d+\/edit\/primary-facts$/);
  const editUrl = page.url().replace(/\/primary-facts$/, '');

  // A genre, typed as free text.
  await page.getByRole('navigation', { name: 'Title sections' }).getByRole('link', { name: 'Genres' }).click();
  await expect(page.getByText('No genres have been attached yet')).toBeVisible();
  await page.getByRole('combobox', { name: 'Add genre' }).fill('Mystery Noir');
  await page.getByRole('combobox', { name: 'Add genre' }).press('Enter');
  await expect(page.getByText('Tag attached')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Detach Mystery Noir' })).toBeVisible();

  // A cast credit.
  await page.getByRole('navigation', { name: 'Title sections' }).getByRole('link', { name: 'Cast' }).click();
  await expect(page.getByText('No credits have been added yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add cast member' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Person' }).fill('Quarterm');
  // Escape closes the open suggestions only; the dialog and what was typed stay.
  await expect(dialog.getByRole('option', { name: 'Imogen Quartermaine' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('listbox')).toBeHidden();
  await expect(dialog.getByRole('combobox', { name: 'Person' })).toHaveValue('Quarterm');
  await dialog.getByRole('combobox', { name: 'Person' }).press('ArrowDown');
  await dialog.getByRole('option', { name: 'Imogen Quartermaine' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Character is required for actors.')).toBeVisible();
  await dialog.getByLabel('Character').fill('Detective Vale');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Credit added')).toBeVisible();
  await expect(page.getByTestId('credit-row')).toContainText('Detective Vale');


  // A season with an episode.
  await page.getByRole('navigation', { name: 'Title sections' }).getByRole('link', { name: 'Seasons' }).click();
  await page.getByRole('button', { name: 'Add season' }).click();
  await expect(page.getByText('Season 1 created')).toBeVisible();
  await page.getByRole('link', { name: 'Season 1', exact: true }).click();
  await expect(page).toHaveURL(/\/seasons\/1\/episodes$/);
  await page.getByRole('button', { name: 'Add episode' }).click();
  await page.getByLabel('Name', { exact: true }).fill('The Locked Room');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Episode created')).toBeVisible();
  await expect(page).toHaveURL(/\/seasons\/1\/episodes\/1\/primary-facts$/);
  // Its still is uploaded from the episode's own form: the address fills in and shows, and saves with the episode.
  const still = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  await page.getByLabel('Upload still').setInputFiles({ name: 'still.png', mimeType: 'image/png', buffer: still });
  await expect(page.getByLabel('Poster URL')).toHaveValue(/^\/storage\/title-images\/.+\.png$/);
  const stillUrl = await page.getByLabel('Poster URL').inputValue();
  await expect(page.locator(`img[src="${stillUrl}"]`)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Episode updated')).toBeVisible();
  await page.getByRole('link', { name: 'Season 1' }).click();
  await expect(page.getByRole('link', { name: 'The Locked Room', exact: true })).toBeVisible();

  // A series with seasons stays one: the Type field says why.
  await page.getByRole('navigation', { name: 'Title sections' }).getByRole('link', { name: 'Primary facts' }).click();
  await page.getByLabel('Type').selectOption('movie');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Delete the seasons of this series before making it a movie.')).toBeVisible();
  await expect(page.getByLabel('Type')).toHaveAccessibleDescription(/Delete the seasons of this series/);
  await page.getByLabel('Type').selectOption('series');
  // A save sends only what was changed: another editor's runtime, saved meanwhile, stays.
  await page.getByLabel('Tagline').fill('Every room hides a door.');
  const sent = page.waitForRequest((r) => r.method() === 'PUT' && /\/api\/v1\/titles\/\d+$/.test(r.url()));
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await sent).postDataJSON()).toEqual({ tagline: 'Every room hides a door.' });
  await expect(page.getByText('Title updated')).toBeVisible();

  // The person's credits tab shows the series.
  await page.goto('/admin/people');
  await page.getByPlaceholder('Search people').fill('Quartermaine');
  // Clicked at once, while the search is still debouncing: the link wins over the list's URL update.
  await page.getByRole('link', { name: 'Imogen Quartermaine' }).first().click();
  await page.getByRole('navigation', { name: 'Person sections' }).getByRole('link', { name: 'Credits' }).click();
  await expect(page.getByRole('row', { name: /The Quartermaine Files/ })).toContainText('Series');
  await expect(page.getByRole('row', { name: /The Quartermaine Files/ })).toContainText('Detective Vale');

  // Each goes again from its own row, behind a confirmation: the episode, the season, the credit.
  const confirmDelete = async (button: string, title: string, done: string) => {
    await page.getByRole('button', { name: button }).click();
    const confirm = page.getByRole('alertdialog', { name: title });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(done)).toBeVisible();
    await expect(confirm).toBeHidden();
  };
  await page.goto(`${editUrl}/seasons/1/episodes`);
  await confirmDelete('Delete The Locked Room', 'Delete episode', 'Episode deleted');
  await expect(page.getByRole('link', { name: 'The Locked Room', exact: true })).toHaveCount(0);
  await page.goto(`${editUrl}/seasons`);
  await confirmDelete('Delete Season 1', 'Delete season', 'Season deleted');
  await expect(page.getByRole('link', { name: 'Season 1', exact: true })).toHaveCount(0);
  await page.goto(`${editUrl}/cast`);
  await confirmDelete('Delete Imogen Quartermaine', 'Delete credit', 'Credit deleted');
  await expect(page.getByText('No credits have been added yet')).toBeVisible();
});

test('a crew credit’s job is chosen among its department’s jobs (tmdbDepartments lookup), not typed', async ({ page }) => {
  // Title 7 of the demo seed has crew and no other spec edits it.
  await page.goto('/admin/titles/7/edit/crew');
  const row = page.getByTestId('credit-row').first();
  const name = (await row.locator('.font-medium').first().textContent())!;
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog');
  const job = dialog.getByRole('combobox', { name: 'Job' });
  await expect(job).not.toHaveValue('');
  // Another department: the old job goes, and only that department's jobs are offered.
  await dialog.getByLabel('Department').selectOption('Writing');
  await expect(job).toHaveValue('');
  await expect(job.getByRole('option', { name: 'Screenplay' })).toHaveCount(1);
  await expect(job.getByRole('option', { name: 'Director', exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Job is required.')).toBeVisible();
  await job.selectOption('Screenplay');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Credit updated')).toBeVisible();
  await expect(page.getByTestId('credit-row').filter({ hasText: name }).first()).toContainText('Writing · Screenplay');
});

test('genres table: add, edit, and its empty states', async ({ page }) => {
  await page.goto('/admin/genres');
  await page.getByPlaceholder('Search').fill('zzz-none');
  await expect(page.getByText('No matching genres')).toBeVisible();
  await page.getByPlaceholder('Search').fill('');
  await page.getByRole('button', { name: 'Add new genre' }).click();
  await page.getByRole('dialog').getByLabel('Name', { exact: true }).fill('Solarpunk');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Genre created')).toBeVisible();
  await page.getByRole('button', { name: 'Edit solarpunk' }).click();
  await page.getByRole('dialog').getByLabel('Display name').fill('Solar punk');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Genre updated')).toBeVisible();
});

test('a title video: embed URL rules, the type change clears the source; an image upload', async ({ page }) => {
  await page.goto('/admin/titles');
  await page.getByPlaceholder('Search titles').fill('Silent Harbor');
  await page.getByRole('link', { name: 'Silent Harbor', exact: true }).click();
  const tabs = page.getByRole('navigation', { name: 'Title sections' });
  await tabs.getByRole('link', { name: 'Videos' }).click();
  await expect(page.getByRole('row', { name: /Silent Harbor \(full\)/ })).toBeVisible();
  await page.getByRole('link', { name: 'Add video' }).click();
  // Unique per attempt: a retry runs against the data the first attempt left.
  const videoName = `Behind the scenes ${Date.now() % 100000}`;
  await page.getByLabel('Name', { exact: true }).fill(videoName);
  await page.getByLabel('Category').selectOption('featurette');
  await page.getByLabel('Embed URL').fill('not a url');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Embed URL must be a valid URL.')).toBeVisible();
  await page.getByLabel('Embed URL').fill('https://www.youtube.com/embed/abc123');
  await page.getByLabel('Type').selectOption('video');
  await expect(page.getByLabel('Video URL')).toHaveValue('');
  await page.getByLabel('Type').selectOption('embed');
  await page.getByLabel('Embed URL').fill('https://www.youtube.com/embed/abc123');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Video created')).toBeVisible();
  await expect(page.getByRole('link', { name: videoName, exact: true })).toBeVisible();
  // An edit sends only what was changed (and what the server checks with it).
  await page.getByRole('link', { name: videoName, exact: true }).click();
  await page.getByLabel('Category').selectOption('clip');
  const sent = page.waitForRequest((r) => r.method() === 'PUT' && /\/api\/v1\/videos\/\d+$/.test(r.url()));
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await sent).postDataJSON()).toEqual({ category: 'clip' });
  await expect(page.getByText('Video updated')).toBeVisible();

  await tabs.getByRole('link', { name: 'Images' }).click();
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  // Count what the server holds (the tab may first render a cached title), then expect one more on screen.
  const titleId = /\/admin\/titles\/(\d+)\//.exec(page.url())![1];
  const before = (await (await page.request.get(`/api/v1/titles/${titleId}`)).json()).title.images.length as number;
  await page.getByLabel('Upload image').setInputFiles({ name: 'still.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Image uploaded')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete image' })).toHaveCount(before + 1);
});

test.describe('west of UTC', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('release and birth dates in the admin tables are formatted like the other dates, on their own day', async ({ page }) => {
    const stamp = Date.now();
    const { title } = await api(page, 'POST', 'titles', { name: `Dated Series ${stamp}`, is_series: true, release_date: '2021-05-03' });
    await api(page, 'POST', `titles/${title.id}/seasons`, { release_date: '2021-05-03' });
    await api(page, 'POST', `titles/${title.id}/seasons/1/episodes`, { name: `Dated Episode ${stamp}`, release_date: '2021-05-03' });
    const { person } = await api(page, 'POST', 'people', { name: `Dated Person ${stamp}`, birth_date: '2021-05-03' });
    // Formatted in the site's date setting: not the raw value, and May 3 (not May 2, as a UTC-midnight instant would be here).
    const onTheDay = async (text: string | null) => {
      expect(text).not.toContain('2021-05-03');
      expect(text).toMatch(/21/);
      expect(text).toMatch(/(^|\D)3(\D|$)/);
      expect(text).not.toMatch(/(^|\D)0?2(\D|$)/);
    };

    await page.goto(`/admin/titles?query=${encodeURIComponent(`Dated Series ${stamp}`)}`);
    const row = page.getByRole('row').filter({ hasText: `Dated Series ${stamp}` });
    await expect(row).toBeVisible();
    const releaseColumn = await page.getByRole('columnheader').allTextContents().then((h) => h.findIndex((t) => t.includes('Release date')));
    await onTheDay(await row.getByRole('cell').nth(releaseColumn).textContent());

    await page.goto(`/admin/titles/${title.id}/edit/seasons`);
    await expect(page.getByText(/ · /).first()).toBeVisible();
    await onTheDay((await page.getByText(/ · /).first().textContent())!.split(' · ')[1]);
    await page.goto(`/admin/titles/${title.id}/edit/seasons/1`);
    const episode = page.getByRole('list', { name: 'Episodes' }).getByRole('listitem').filter({ hasText: `Dated Episode ${stamp}` });
    await onTheDay(await episode.locator('.text-xs').textContent());

    await page.goto(`/admin/people?query=${encodeURIComponent(`Dated Person ${stamp}`)}`);
    const personRow = page.getByRole('row').filter({ hasText: `Dated Person ${stamp}` });
    await expect(personRow).toBeVisible();
    const birthColumn = await page.getByRole('columnheader').allTextContents().then((h) => h.findIndex((t) => t.includes('Birth date')));
    await onTheDay(await personRow.getByRole('cell').nth(birthColumn).textContent());

    await api(page, 'DELETE', `titles/${title.id}`);
    await api(page, 'DELETE', `people/${person.id}`);
  });
});
