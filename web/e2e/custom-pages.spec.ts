import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test.beforeEach(async ({ page }) => {
  await login(page);
});

const editorBody = (page: Page) => page.getByRole('textbox', { name: 'Content' });

test('create a page with a heading, a link and an image in the editor, and see it at /pages/{slug}', async ({ page }) => {
  await page.goto('/admin/custom-pages');
  await expect(page.getByText('No pages have been created yet')).toBeVisible();
  await page.getByRole('link', { name: 'Add new page' }).click();
  await expect(page).toHaveURL(/\/admin\/custom-pages\/new$/);

  // Save stays disabled until there is a title; the slug follows the title.
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await page.getByLabel('Title', { exact: true }).fill('Our Story');
  await expect(page.getByLabel('Slug')).toHaveValue('our-story');
  await expect(save).toBeEnabled();

  // A heading.
  await editorBody(page).click();
  await page.getByLabel('Text style').selectOption({ label: 'Heading 2' });
  await page.keyboard.type('Where we began');
  await page.keyboard.press('Enter');
  await page.keyboard.type('We started small. ');

  // A link through the dialog: with nothing selected, text and URL insert a new link.
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Insert link' });
  await dialog.getByLabel('URL').fill('not a url');
  await dialog.getByLabel('Text').fill('Read more');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a valid URL.')).toBeVisible();
  await dialog.getByLabel('URL').fill('https://example.com/story');
  await dialog.getByLabel('Open in new window').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(editorBody(page).getByRole('link', { name: 'Read more' })).toHaveAttribute('href', 'https://example.com/story');

  // An image upload: a file that is not an image is refused before it is sent.
  await page.getByTestId('editor-image-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('The file must be an image (png, jpeg, gif or webp).')).toBeVisible();
  await page.getByTestId('editor-image-input').setInputFiles({ name: 'team.png', mimeType: 'image/png', buffer: PNG });
  await expect(editorBody(page).locator('img[src^="/storage/page_media/"]')).toHaveCount(1);

  // Undo and redo work from the top bar.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(editorBody(page).locator('img')).toHaveCount(0);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(editorBody(page).locator('img')).toHaveCount(1);

  await save.click();
  await expect(page.getByText('Page created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/custom-pages\/\d+\/edit$/);

  // The source-HTML modal shows what will be saved; editing it changes the page.
  await page.getByRole('button', { name: 'Source code' }).click();
  const source = page.getByRole('dialog', { name: 'Source code' }).getByLabel('HTML');
  await expect(source).toHaveValue(/<h2>Where we began<\/h2>/);
  await source.fill(`${await source.inputValue()}<p>Added from source.</p>`);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(editorBody(page).getByText('Added from source.')).toBeVisible();
  await save.click();
  await expect(page.getByText('Page updated')).toBeVisible();

  await page.goto('/pages/our-story');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Story' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Where we began' })).toBeVisible();
  const link = page.getByRole('link', { name: 'Read more' });
  await expect(link).toHaveAttribute('href', 'https://example.com/story');
  await expect(link).toHaveAttribute('target', '_blank');
  const img = page.locator('article img');
  await expect(img).toHaveAttribute('src', /^\/storage\/page_media\/.+\.png$/);
  expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
  await expect(page.getByText('Added from source.')).toBeVisible();
});

test('slug rules: hand-edited slugs stop following the title; duplicates and spaces are refused', async ({ page }) => {
  await page.goto('/admin/custom-pages/new');
  await page.getByLabel('Title', { exact: true }).fill('Privacy');
  await expect(page.getByLabel('Slug')).toHaveValue('privacy');
  await page.getByLabel('Slug').fill('our-story');
  // Away from the title it shows as text; a click makes it an input again.
  await page.getByRole('button', { name: 'Title: Privacy' }).click();
  await page.getByLabel('Title', { exact: true }).fill('Privacy policy');
  await expect(page.getByLabel('Slug')).toHaveValue('our-story');

  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.click();
  await expect(page.getByRole('alert').filter({ hasText: 'This slug is already in use.' })).toBeVisible();
  await page.getByLabel('Slug').fill('privacy policy');
  await save.click();
  await expect(page.getByRole('alert').filter({ hasText: 'The slug may not contain spaces.' })).toBeVisible();
  await expect(page).toHaveURL(/\/new$/);

  await page.getByLabel('Slug').fill('-');
  await save.click();
  await expect(page.getByRole('alert').filter({ hasText: 'The slug must contain a letter or a number.' })).toBeVisible();

  await page.getByLabel('Slug').fill('privacy-policy');
  await save.click();
  await expect(page.getByText('Page created')).toBeVisible();
  // Typed in capitals, the slug shows as the server keeps it (lower-case) once saved, with nothing left unsaved.
  await expect(page).toHaveURL(/\/edit$/);
  await page.getByLabel('Slug').fill('Privacy-Policy');
  await save.click();
  await expect(page.getByText('Page updated')).toBeVisible();
  await expect(page.getByLabel('Slug')).toHaveValue('privacy-policy');

  // The table: columns, search, empty result and bulk delete.
  await page.getByRole('link', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/admin\/custom-pages$/);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('link', { name: /^privacy-policy\b/ })).toHaveAttribute('href', '/pages/privacy-policy');
  await expect(rows.first()).toContainText('Site Admin');
  await page.getByPlaceholder('Search pages').fill('zzzz-nothing');
  await expect(page.getByText('No matching pages')).toBeVisible();
  await page.getByPlaceholder('Search pages').fill('Privacy');
  await expect(rows).toHaveCount(1);
  await page.locator('tbody').getByRole('checkbox').first().check();
  await page.getByRole('button', { name: /Delete \(1\)/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted 1 record')).toBeVisible();
  await page.goto('/pages/privacy-policy');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('alignments, code blocks and embeds reach the published page', async ({ page }) => {
  await page.goto('/admin/custom-pages/new');
  await page.getByLabel('Title', { exact: true }).fill('Toolbar tour');
  await editorBody(page).click();
  await page.keyboard.type('Centered line');
  await page.getByRole('button', { name: 'Align center' }).click();
  await expect(page.getByRole('button', { name: 'Align center' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Align left' }).click();
  await page.getByRole('button', { name: 'Code block' }).click();
  await page.getByRole('menuitem', { name: 'Python' }).click();
  await page.keyboard.type('print("hi")');

  await page.getByRole('button', { name: 'Embed', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed' });
  await dialog.getByLabel('Embed URL').fill('http://insecure.example/video');
  await dialog.getByRole('button', { name: 'Insert' }).click();
  await expect(dialog.getByText('Enter a valid URL that starts with https://.')).toBeVisible();
  await dialog.getByLabel('Embed URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await dialog.getByRole('button', { name: 'Insert' }).click();
  await expect(editorBody(page).locator('iframe')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Page created')).toBeVisible();
  await page.goto('/pages/toolbar-tour');
  await expect(page.locator('article p', { hasText: 'Centered line' })).toHaveCSS('text-align', 'center');
  await expect(page.locator('article pre code.language-python')).toHaveText('print("hi")');
  await expect(page.locator('article iframe')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
});

test('the contact page validates and thanks the visitor', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('The message is required.')).toBeVisible();
  await page.getByLabel('Name').fill('Vera Visitor');
  await page.getByLabel('Email').fill('vera@example.com');
  await page.getByLabel('Message').fill('Hello from the contact page.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you for your message!')).toBeVisible();
});
