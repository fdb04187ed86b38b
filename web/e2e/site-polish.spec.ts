import { expect, test, type Page } from '@playwright/test';

/*
 * The public site's shared frame and cards, measured rather than eyeballed: edges that line up, headings level across
 * a row, nothing below a section moving when it loads, the first screen of a page on a phone. The data comes from
 * the API (any title with related titles, any person with a few known-for titles), not from names or menus.
 */

async function left(page: Page, selector: string): Promise<number> {
  return page.locator(selector).first().evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return range.getBoundingClientRect().left;
  });
}

test('the footer lines up with the page: its links with the copyright line, its edge with the catalogue pages', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 900 });
  await page.goto('/movies');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  const footer = page.locator('footer');
  const copyright = footer.locator('p span').filter({ hasText: '©' });
  await expect(copyright).toBeVisible();
  // The catalogue page's content and the footer's start at the same x (they were 24 px apart at 1920 px).
  expect(Math.abs((await left(page, 'footer p span')) - (await heading.boundingBox())!.x)).toBeLessThanOrEqual(1);
  // A footer link's text starts where the copyright does (its hover padding stuck 12 px out of line).
  const links = footer.locator('[data-menu-position] a span');
  if (await links.count()) expect(Math.abs((await left(page, 'footer [data-menu-position] a span')) - (await left(page, 'footer p span')))).toBeLessThanOrEqual(1);
});

test('the plans on the pricing page keep their names level when one carries a badge', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/pricing');
  const names = page.locator('main ul > li h2');
  await expect(names.first()).toBeVisible();
  const tops = await names.evaluateAll((hs) => hs.map((h) => Math.round(h.getBoundingClientRect().top)));
  // Three to a row at this width: each row's names share one line (the "Most popular" badge pushed one down 36 px).
  for (let i = 0; i < tops.length; i += 3) expect(new Set(tops.slice(i, i + 3)).size).toBe(1);
});

test('the related titles take their final room before their code loads: nothing below them moves', async ({ page }) => {
  const list = await (await page.request.get('/api/v1/titles?perPage=20')).json();
  let id = 0;
  for (const t of list.pagination.data as { id: number }[]) {
    const data = await (await page.request.get(`/api/v1/titles/${t.id}/page`)).json();
    if (data.related?.length) { id = t.id; break; }
  }
  expect(id, 'a title with related titles').toBeGreaterThan(0);
  // A short window: the section starts far enough below it to be the stand-in at first.
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto(`/titles/${id}`);
  const related = page.locator('[data-section="related"]');
  await expect(related).toHaveAttribute('aria-busy', 'true');
  const before = (await related.boundingBox())!.height;
  await related.scrollIntoViewIfNeeded();
  await expect(related.getByTestId('poster-card').first()).toBeVisible();
  await expect(related).not.toHaveAttribute('aria-busy', 'true');
  const after = (await related.boundingBox())!.height;
  // The stand-in was a 128 px bar: the grid of cards below it grew the section by hundreds of pixels.
  expect(Math.abs(after - before)).toBeLessThanOrEqual(2);
});

test("on a phone a person's photo and facts are on the first screen, not under their known-for titles", async ({ page }) => {
  const list = await (await page.request.get('/api/v1/people?perPage=20')).json();
  let id = 0;
  for (const p of list.pagination.data as { id: number }[]) {
    const data = await (await page.request.get(`/api/v1/people/${p.id}/page`)).json();
    if (data.known_for?.length >= 4) { id = p.id; break; }
  }
  expect(id, 'a person known for a few titles').toBeGreaterThan(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/people/${id}`);
  const facts = page.locator('main aside');
  await expect(facts).toBeVisible();
  const knownFor = page.getByRole('heading', { name: 'Known for', exact: true });
  await expect(knownFor).toBeVisible();
  const box = (await facts.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  expect(box.y).toBeLessThan((await knownFor.boundingBox())!.y);
});

test('on a phone the browse grid shows three posters a line and a channel of episodes two cards a line', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const columns = (list: ReturnType<Page['locator']>) => list.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  await page.goto('/movies');
  const grid = page.locator('main ul').filter({ has: page.getByTestId('poster-card') }).first();
  await expect(grid.getByTestId('poster-card').first()).toBeVisible();
  expect(await columns(grid)).toBe(3);
  // The default "new episodes" channel lists landscape cards: one a line made its page thousands of pixels tall.
  await page.goto('/channel/new-episodes');
  const episodes = page.locator('main ul[aria-label]').first();
  await expect(episodes.locator('li').first()).toBeVisible();
  expect(await columns(episodes)).toBe(2);
});

test("an episode page shows the episode's landscape still beside its heading, not the series' portrait poster", async ({ page }) => {
  const filters = encodeURIComponent(JSON.stringify([{ key: 'type', value: 'series' }]));
  const list = await (await page.request.get(`/api/v1/titles?perPage=20&filters=${filters}`)).json();
  const series = (list.pagination.data as { id: number; seasons_count: number; backdrop: string | null }[]).find((t) => t.seasons_count > 0 && t.backdrop);
  expect(series, 'a series with a season and a backdrop').toBeTruthy();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/titles/${series!.id}/season/1/episode/1`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const still = page.getByTestId('hero-still');
  await expect(still).toBeVisible();
  const box = (await still.boundingBox())!;
  expect(box.width).toBeGreaterThan(box.height * 1.5);
});

test('the comments section never shrinks when it loads, and the "More news" rule spans only its column', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto('/titles/1');
  const comments = page.locator('[data-section="comments"]');
  await expect(comments).toHaveAttribute('aria-busy', 'true');
  const before = (await comments.boundingBox())!.height;
  await comments.scrollIntoViewIfNeeded();
  await expect(comments.getByRole('link', { name: 'Sign in to comment.' })).toBeVisible();
  await expect(comments.locator('.skeleton')).toHaveCount(0);
  // A guest's section: the sign-in line and a line of comments. The 128 px stand-in shrank it by 72 px.
  expect((await comments.boundingBox())!.height).toBeGreaterThanOrEqual(before - 1);

  const news = await (await page.request.get('/api/v1/news?perPage=10')).json();
  let id = 0;
  for (const a of news.pagination.data as { id: number }[]) {
    if ((await (await page.request.get(`/api/v1/news/${a.id}/page`)).json()).related?.length) { id = a.id; break; }
  }
  expect(id, 'an article with related news').toBeGreaterThan(0);
  await page.goto(`/news/${id}`);
  const heading = page.getByRole('heading', { name: 'More news' });
  await heading.scrollIntoViewIfNeeded();
  const rule = await heading.evaluate((h) => {
    let el: Element | null = h;
    while (el && getComputedStyle(el).borderTopWidth === '0px') el = el.parentElement;
    return el ? el.getBoundingClientRect() : null;
  });
  const text = (await heading.boundingBox())!;
  expect(rule, 'the rule above "More news"').not.toBeNull();
  expect(Math.abs(rule!.left - text.x)).toBeLessThanOrEqual(1);
});
