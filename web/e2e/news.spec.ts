import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { api, login, signInAsDelegate } from './helpers.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const FIXTURE = path.join(import.meta.dirname, '..', '..', 'server', 'test', 'fixtures', 'news', 'rss2.xml');

// A feed host for the import: serves the API tests' RSS 2.0 fixture and its images (the e2e server allows private networks).
const feedHost = http.createServer((req, res) => {
  if (req.url === '/rss.xml') res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(fs.readFileSync(FIXTURE, 'utf8').replaceAll('{{BASE}}', feedBase()));
  else if (req.url?.startsWith('/images/') && req.url !== '/images/missing.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  else res.writeHead(404).end();
});
const feedBase = () => `http://127.0.0.1:${(feedHost.address() as AddressInfo).port}`;
test.beforeAll(() => new Promise<void>((resolve) => feedHost.listen(0, '127.0.0.1', resolve)));
test.afterAll(() => new Promise<void>((resolve) => feedHost.close(() => resolve())));

// Each test is a whole editorial flow (sign in, write or import, read as a visitor): longer than the default budget.
test.describe.configure({ timeout: 180_000 });

const editorBody = (page: Page) => page.getByRole('textbox', { name: 'Content' });

test('an admin writes an article with an image, edits it, a visitor reads it on /news, then the admin deletes it', async ({ page, browser }) => {
  await login(page);
  await page.goto('/admin/news');
  await page.getByRole('link', { name: 'Add new article' }).click();
  await expect(page).toHaveURL(/\/admin\/news\/add$/);

  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await page.getByLabel('Title', { exact: true }).fill('Premiere night recap');
  await expect(page.getByLabel('Slug')).toHaveValue('premiere-night-recap');
  await editorBody(page).click();
  await page.keyboard.insertText('The red carpet was longer than ever. Stars arrived early and stayed late.');

  // The article image: a text file is refused before it is sent, a PNG goes to news_images.
  const image = page.getByTestId('news-image-input');
  await image.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('The file must be an image (png, jpeg, gif or webp).')).toBeVisible();
  await image.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Article image' })).toHaveAttribute('src', /^\/storage\/news_images\/.+\.png$/);

  await save.click();
  await expect(page.getByText('Article created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/news\/\d+\/edit$/);

  // Edit: a new title, saved in place.
  await page.getByRole('button', { name: /^Title: / }).click();
  await page.getByLabel('Title', { exact: true }).fill('Premiere night: the full recap');
  await save.click();
  await expect(page.getByText('Article updated')).toBeVisible();

  // The list shows it with its excerpt.
  await page.goto('/admin/news');
  const row = page.getByRole('row').filter({ hasText: 'Premiere night: the full recap' });
  await expect(row.getByTestId('news-excerpt')).toHaveText('The red carpet was longer than ever. Stars arrived early and stayed late.');

  // A visitor reads it.
  const visitor = await browser.newPage();
  await visitor.goto('/news');
  await expect(visitor.getByRole('heading', { name: 'News', level: 1 })).toBeVisible();
  const card = visitor.getByTestId('news-card').filter({ hasText: 'Premiere night: the full recap' });
  await expect(card.locator('img')).toHaveAttribute('src', /\/storage\/news_images\//);
  await card.click();
  await expect(visitor).toHaveURL(/\/news\/\d+\/premiere-night-recap$/);
  await expect(visitor.getByRole('heading', { name: 'Premiere night: the full recap', level: 1 })).toBeVisible();
  await expect(visitor.getByText('The red carpet was longer than ever.')).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'More news' })).toBeVisible();
  // The news page links its feed, which carries the article.
  await visitor.goto('/news');
  const feed = await visitor.request.get(await visitor.getByRole('link', { name: 'RSS feed' }).getAttribute('href') ?? '');
  expect(feed.headers()['content-type']).toMatch(/^application\/rss\+xml/);
  expect(await feed.text()).toContain('<title>Premiere night: the full recap</title>');
  await visitor.close();

  // Delete.
  await row.getByRole('button', { name: 'Delete article Premiere night: the full recap' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Article deleted')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Premiere night: the full recap' })).toHaveCount(0);
});

test('an admin imports articles from a feed listed in the content settings, and a visitor reads one', async ({ page, browser }) => {
  await login(page);
  await page.goto('/admin/settings/content');
  await page.getByLabel('News feeds').fill(`${feedBase()}/rss.xml`);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/settings') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Update' }).click();
  expect((await saved).status()).toBe(200);

  await page.goto('/admin/news');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Imported news articles')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Festival line-up announced' });
  await expect(row).toHaveCount(1);
  await expect(row.locator('img')).toHaveAttribute('src', /^\/storage\/news_images\//);

  // Importing again adds nothing twice.
  const again = page.waitForResponse((r) => r.url().endsWith('/news/import-from-remote-provider'));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  expect(await (await again).json()).toMatchObject({ message: 'Imported news articles', imported: 0 });
  await expect(page.getByRole('row').filter({ hasText: 'Festival line-up announced' })).toHaveCount(1);

  const visitor = await browser.newPage();
  await visitor.goto('/news');
  await visitor.getByTestId('news-card').filter({ hasText: 'Festival line-up announced' }).click();
  await expect(visitor.getByRole('heading', { name: 'Festival line-up announced: 42 premieres & a surprise closer', level: 1 })).toBeVisible();
  await expect(visitor.getByText('42 world premieres')).toBeVisible();
  // The feed's script was dropped on import.
  await expect(visitor.locator('article script')).toHaveCount(0);
  // It credits the page it came from.
  await expect(visitor.getByRole('link', { name: 'wire.example.com' })).toHaveAttribute('href', 'https://wire.example.com/2025/06/festival-line-up/');
  await visitor.close();
});

test('an editor holding only the news permission deletes several articles at once', async ({ page }) => {
  const tag = `Bulk ${Date.now()}`;
  await signInAsDelegate(page, `news-desk-${Date.now()}@example.com`, ['news.update']);
  for (const n of [1, 2]) await api(page, 'POST', 'news', { title: `${tag} story ${n}`, body: '<p>Short.</p>' });
  await page.goto('/admin/news');
  await page.getByPlaceholder('Search articles').fill(tag);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all rows' }).check();
  await page.getByRole('button', { name: 'Delete (2)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted 2 records')).toBeVisible();
  await expect(page.getByText('No matching articles')).toBeVisible();
});

test('on a phone, a right-to-left article with a wide table reads without the page scrolling sideways', async ({ page, browser }) => {
  await login(page);
  const cells = (tag: string, text: string) => Array.from({ length: 10 }, (_, i) => `<${tag}>${text}${i}</${tag}>`).join('');
  const body = `<p>مهرجان الأفلام يبدأ اليوم مع برنامج طويل.</p><ul><li>العرض الأول</li><li>العرض الثاني</li></ul><blockquote><p>اقتباس من المخرج</p></blockquote>`
    + `<table><thead><tr>${cells('th', 'عمود_طويل_جدا_')}</tr></thead><tbody><tr>${cells('td', 'قيمة_طويلة_جدا_')}</tr></tbody></table>`;
  const { article } = await api(page, 'POST', 'news', { title: 'برنامج المهرجان', body });

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(`/news/${article.id}`);
  await expect(phone.getByRole('heading', { name: 'برنامج المهرجان', level: 1 })).toBeVisible();
  const layout = await phone.evaluate(() => {
    const table = document.querySelector('article .rich-text table') as HTMLElement;
    const style = (sel: string) => getComputedStyle(document.querySelector(`article .rich-text ${sel}`)!);
    return {
      page: document.documentElement.scrollWidth,
      tableScrolls: table.scrollWidth > table.clientWidth,
      // Right to left: the bullets get their room, and the quote its bar, on the right where the lines start.
      listRight: style('ul').paddingRight, listLeft: style('ul').paddingLeft, quoteBar: style('blockquote').borderRightWidth,
    };
  });
  expect(layout.page).toBeLessThanOrEqual(390);
  expect(layout.tableScrolls).toBe(true);
  expect(layout).toMatchObject({ listLeft: '0px', quoteBar: '3px' });
  expect(layout.listRight).not.toBe('0px');
  await phone.close();
  await api(page, 'DELETE', `news/${article.id}`);
});

test('a table pasted from a word processor stays a table in the editor, on save and on the article page', async ({ page }) => {
  await login(page);
  await page.goto('/admin/news/add');
  await page.getByLabel('Title', { exact: true }).fill('Screening timetable');
  await editorBody(page).click();
  const pasted = '<html xmlns:o="urn:schemas-microsoft-com:office:office"><body><!--StartFragment--><p class=MsoNormal>Friday:</p>'
    + '<table class=MsoTableGrid border=1><tr><td><p class=MsoNormal>Hall A</p></td><td><p class=MsoNormal>18:00</p></td></tr></table><!--EndFragment--></body></html>';
  await editorBody(page).evaluate((el, html) => {
    const data = new DataTransfer();
    data.setData('text/html', html);
    data.setData('text/plain', 'Friday: Hall A 18:00');
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, pasted);
  await expect(editorBody(page).locator('td')).toHaveText(['Hall A', '18:00']);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Article created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/news\/\d+\/edit$/);
  const id = page.url().match(/news\/(\d+)\/edit/)![1];

  // Opened again, the editor shows the table, not its cells glued into one line.
  await page.reload();
  await expect(editorBody(page).locator('td')).toHaveText(['Hall A', '18:00']);
  await page.goto(`/news/${id}`);
  await expect(page.locator('article table td')).toHaveText(['Hall A', '18:00']);
  await api(page, 'DELETE', `news/${id}`);
});
