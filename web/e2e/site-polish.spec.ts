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
