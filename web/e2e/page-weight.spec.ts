import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import sharp from 'sharp';
import { api, login } from './helpers';

// What the browser downloads to show the public pages a visitor lands on most. zod (about 27 kB compressed, 100 kB
// of script to parse) belongs with the forms that validate input: a page that only shows the catalogue must not pull
// it in through a contracts module that keeps a constant beside its schemas (contracts/src/*-constants.ts).

/** zod's core names its schema class with this string; it survives minification. */
const ZOD_MARK = '"$ZodType"';

const PAGES = ['/', '/people/1', '/news', '/search?query=harbor', '/movies', '/people', '/pricing'];

for (const path of PAGES) {
  test(`${path} shows without downloading zod`, async ({ page }) => {
    const scripts: Response[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res);
    });
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('heading').first()).toBeVisible();
    const withZod: string[] = [];
    for (const res of [...scripts]) {
      if ((await res.text()).includes(ZOD_MARK)) withZod.push(new URL(res.url()).pathname);
    }
    expect(withZod).toEqual([]);
  });
}

/** Collects the paths of the scripts a page downloads that carry zod, from now on. */
function watchZod(page: Page): () => Promise<string[]> {
  // Each body is read as it arrives: a script of the page being left (the sign-in's redirect) has none later.
  const found: Promise<string | null>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    found.push(res.text().then((text) => (text.includes(ZOD_MARK) ? new URL(res.url()).pathname : null), () => null));
  });
  return async () => (await Promise.all(found)).filter((path): path is string => path !== null);
}

/** Scrolls to a section; a title page's placeholder section is swapped for the real one as it nears, so again if it went. */
async function scrollTo(section: Locator) {
  await expect(async () => section.scrollIntoViewIfNeeded({ timeout: 1000 })).toPass();
}

/** Scrolls to the comments section and waits until its thread has shown (a comment, or the line saying there is none). */
async function readComments(page: Page) {
  const section = page.locator('[data-section="comments"]');
  await scrollTo(section);
  await expect(section.getByTestId('comment').first().or(section.getByText('No comments yet'))).toBeVisible();
}

// Reading comments and reviews needs no validation library: the comment box checks only that it is not empty and its
// length (contracts/src/comments-constants.ts), and the review form with its schema loads when a member opens it.
for (const path of ['/news/1', '/titles/2/season/1/episode/1', '/titles/1']) {
  test(`${path} shows its comments (and reviews) to a guest without downloading zod`, async ({ page }) => {
    const zodScripts = watchZod(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path === '/titles/1') await readReviews(page);
    await readComments(page);
    expect(await zodScripts()).toEqual([]);
  });
}

/** Scrolls to the reviews section and waits until its list has shown (a review, or the line saying there is none). */
async function readReviews(page: Page) {
  const section = page.locator('[data-section="reviews"]');
  await scrollTo(section);
  await expect(section.getByTestId('review').first().or(section.getByText('No reviews yet'))).toBeVisible();
  return section;
}

test("a member reads a title's reviews and comments, comment box included, without zod; the review form brings it when opened", async ({ page }) => {
  await login(page);
  const zodScripts = watchZod(page);
  await page.goto('/titles/1');
  const reviews = await readReviews(page);
  await readComments(page);
  await expect(page.getByRole('textbox', { name: 'Write a comment' })).toBeVisible();
  expect(await zodScripts()).toEqual([]);

  // Whether or not another spec left the admin a review here: writing one, or editing it, opens the form on demand.
  const open = reviews.getByRole('button', { name: 'Write a review' }).or(reviews.locator('[data-edit]'));
  await open.click();
  const form = reviews.getByRole('form');
  const title = form.getByRole('textbox', { name: 'Review title' });
  await title.fill('');
  await form.getByRole('button', { name: /^(Publish review|Save)$/ }).click();
  // The schema checks before sending: an empty title is refused in the browser.
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  expect((await zodScripts()).length).toBeGreaterThan(0);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(open).toBeFocused();
});

// A title page's reviews section brings its form (and zod) as it nears the viewport; what the page needs for its
// first render is what its HTML names: the entry and the route chunks the server preloads (modules/seo/preload.ts).
test("a title page's first scripts (those its HTML names) carry no zod", async ({ page }) => {
  const html = await (await page.request.get('/titles/1')).text();
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  expect(files.length).toBeGreaterThan(1);
  const withZod: string[] = [];
  for (const file of files) {
    if ((await (await page.request.get(file)).text()).includes(ZOD_MARK)) withZod.push(file);
  }
  expect(withZod).toEqual([]);
});

// The images a page shows at once load at once; the largest is asked for first. A lazy image in the first view waits
// for layout before it is fetched: the browse, search and person pages' largest paint is a poster of the first row.
test('the first row of a poster grid loads its images at once, the rows below lazily; the featured article first', async ({ page }) => {
  await page.goto('/movies');
  const posters = page.getByRole('main').getByTestId('poster-card').locator('img');
  await expect(posters.nth(7)).toBeAttached();
  await expect(posters.first()).toHaveAttribute('loading', 'eager');
  await expect(posters.nth(7)).toHaveAttribute('loading', 'lazy');

  await page.goto('/news');
  const featured = page.getByTestId('news-card').first().locator('img');
  await expect(featured).toHaveAttribute('fetchpriority', 'high');
  await expect(page.getByTestId('news-card').nth(1).locator('img')).toHaveAttribute('loading', 'lazy');
});

// A photo as an editor uploads it (3000 pixels high, over 1 MB) reaches a phone at the width it shows there: the page
// lists the widths the server makes (srcset) and the server's preload names the same ones, so it is fetched once.
test('a large uploaded photo reaches a phone at the width it shows, once', async ({ page, browser }) => {
  await login(page);
  const stamp = Date.now();
  const { person } = await api(page, 'POST', 'people', { name: `Large Photo ${stamp}` });
  // Noise, not a flat colour: it compresses like a photograph.
  const noise = Buffer.alloc(2000 * 3000 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const photo = await sharp(noise, { raw: { width: 2000, height: 3000, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
  expect(photo.length).toBeGreaterThan(1_000_000);
  await page.goto(`/admin/people/${person.id}/edit`);
  await page.getByLabel('Upload poster').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByLabel('Poster URL')).toHaveValue(/^\/storage\/.+\.jpg$/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Person updated')).toBeVisible();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });
  try {
    const visitor = await phone.newPage();
    const fetched: { url: string; body: Promise<Buffer> }[] = [];
    visitor.on('response', (res) => {
      if (res.request().resourceType() === 'image' && res.url().includes('/storage/')) fetched.push({ url: res.url(), body: res.body() });
    });
    await visitor.goto(`/people/${person.id}`);
    const img = visitor.getByRole('img', { name: `Large Photo ${stamp}` });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    const shown = await img.evaluate((el: HTMLImageElement) => ({ src: el.currentSrc, box: el.getBoundingClientRect().width }));
    expect(shown.src).toMatch(/\?w=\d+$/);
    const photoFetches = fetched.filter((f) => f.url.split('?')[0].endsWith('.jpg'));
    expect(photoFetches.map((f) => f.url)).toEqual([shown.src]);
    const body = await photoFetches[0].body;
    const { width } = await sharp(body).metadata();
    // Sharp on a 3x screen, and not the 2000-pixel original.
    expect(width).toBeGreaterThanOrEqual(shown.box * 3);
    expect(width).toBeLessThanOrEqual(640);
    expect(body.length).toBeLessThan(photo.length / 10);
  } finally {
    await phone.close();
  }
});
