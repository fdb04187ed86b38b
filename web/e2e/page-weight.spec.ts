import { expect, test, type Response } from '@playwright/test';

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
