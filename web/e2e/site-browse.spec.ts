import { expect as baseExpect, test, type Page } from '@playwright/test';

// The first load of a page after the server starts can take several seconds on a machine shared with other jobs.
const expect = baseExpect.configure({ timeout: 15_000 });

// Each test walks several pages of the built app; on a shared CI machine that takes longer than the default 30 s.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const cards = (page: Page) => page.getByTestId('poster-card');

// The demo catalogue is seeded as the server starts: wait until it is there before timing any page.
test.beforeAll(async ({ request }) => {
  await expect.poll(async () => {
    const res = await request.get('/api/v1/titles?perPage=10');
    return res.ok() ? ((await res.json()).pagination.total as number) : 0;
  }, { timeout: 60_000 }).toBeGreaterThan(100);
});

test('landing to Movies, genre and year filters in a shareable URL, and a clear message for an impossible range', async ({ page }) => {
  await page.goto('/');
  // The default menu links the catalogue's sections; the header adds its own only where the menu does not: each once.
  for (const name of ['Movies', 'Series']) await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true })).toHaveCount(1);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Movies' }).click();
  await expect(page).toHaveURL(/\/movies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Movies' })).toBeVisible();
  await expect(cards(page)).toHaveCount(24);
  // The tab names the page and the site, as the server-rendered page does, and follows in-app navigation
  // (other specs rename the site: its name and description come from the settings the app reads).
  const { settings } = await (await page.request.get('/api/v1/auth/me')).json();
  const site = settings['client.branding.site_name'];
  await expect(page).toHaveTitle(`Movies - ${site}`);
  // Back to the home page the test came from, and forward again, without a page load (menus vary with other specs).
  await page.goBack();
  await expect(page).toHaveTitle(`${site} - ${settings['client.branding.site_description']}`);
  await page.goForward();
  await expect(page).toHaveTitle(`Movies - ${site}`);

  await page.getByRole('button', { name: 'Drama', exact: true }).click();
  await expect(page).toHaveURL(/genres=\d+/);
  await page.getByLabel('Year from').fill('1990');
  await page.getByLabel('Year from').press('Enter');
  await page.getByLabel('Year to').fill('2010');
  await page.getByLabel('Year to').press('Enter');
  await expect(page).toHaveURL(/year_from=1990/);
  await expect(page).toHaveURL(/year_to=2010/);

  // What the page shows is what the API answers for the same filters.
  const genre = new URL(page.url()).searchParams.get('genres');
  const filters = [{ key: 'type', value: 'movie' }, { key: 'genres', value: genre }, { key: 'year', value: { start: '1990', end: '2010' }, operator: 'between' }];
  const api = await (await page.request.get(`/api/v1/titles?perPage=24&orderBy=popularity&orderDir=desc&filters=${encodeURIComponent(JSON.stringify(filters))}`)).json();
  const total = api.pagination.total as number;
  expect(total).toBeGreaterThan(0);
  await expect(page.getByText(total === 1 ? '1 title' : `${total} titles`, { exact: true })).toBeVisible();
  await expect(cards(page).first()).toContainText(api.pagination.data[0].name);

  // A shared link (a fresh page) opens with the same filters applied.
  const shared = page.url();
  await page.goto('about:blank');
  await page.goto(shared);
  await expect(page.getByRole('button', { name: 'Drama', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Year from')).toHaveValue('1990');
  await expect(page.getByLabel('Year to')).toHaveValue('2010');
  await expect(page.getByText(total === 1 ? '1 title' : `${total} titles`, { exact: true })).toBeVisible();
  await expect(cards(page).first()).toContainText(api.pagination.data[0].name);

  await page.getByLabel('Year from').fill('2015');
  await page.getByLabel('Year from').press('Enter');
  await expect(page.getByRole('alert')).toHaveText('The start year must not be after the end year.');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/movies$/);
  await expect(cards(page)).toHaveCount(24);
});

test('infinite scroll loads more, Load more works from the keyboard, and back returns to the same place', async ({ page }) => {
  await page.goto('/movies');
  await expect(cards(page)).toHaveCount(24);
  await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
  await expect(cards(page)).toHaveCount(48);

  await page.getByRole('button', { name: 'Load more' }).focus();
  await page.keyboard.press('Enter');
  await expect(cards(page)).toHaveCount(72);

  const target = cards(page).nth(60);
  await target.scrollIntoViewIfNeeded();
  // Scrolling there may have pulled in the next page: wait until it has settled, then remember what is shown.
  await expect(page.getByRole('button', { name: 'Load more' })).toBeEnabled();
  await page.waitForTimeout(300);
  const loaded = await cards(page).count();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(1000);
  const href = await target.getAttribute('href');
  await target.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await page.goBack();
  await expect(page).toHaveURL(/\/movies$/);
  await expect(cards(page)).toHaveCount(loaded);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
  expect(Math.abs(await page.evaluate(() => window.scrollY) - before)).toBeLessThan(50);
});

test('a title\'s genres, year, certificate, countries, language and keywords open the browse page filtered by them', async ({ page, request }) => {
  const { title } = await (await request.get('/api/v1/titles/2/page')).json();
  const genre = title.genres[0];
  await page.goto('/titles/2');
  await page.getByRole('list', { name: 'Genres' }).getByRole('link', { name: genre.display_name || genre.name }).click();
  await expect(page).toHaveURL(new RegExp(`/series\\?genres=${genre.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Series' })).toBeVisible();
  await expect(page.getByRole('button', { name: genre.display_name || genre.name, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page).filter({ hasText: title.name })).toHaveCount(1);
  await page.goBack();
  await page.getByRole('link', { name: String(title.year), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/series\\?year_from=${title.year}&year_to=${title.year}$`));
  await expect(page.getByLabel('Year from')).toHaveValue(String(title.year));
  await page.goBack();
  await page.getByRole('link', { name: title.certification, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/series\\?certification=${title.certification}$`));
  await expect(cards(page).filter({ hasText: title.name })).toHaveCount(1);
  await page.goBack();
  const facts = page.getByRole('complementary', { name: 'Facts' });
  const country = title.production_countries[0];
  await facts.getByRole('link', { name: country.display_name || country.name }).click();
  await expect(page).toHaveURL(new RegExp(`/series\\?country=${country.id}$`));
  await expect(cards(page).filter({ hasText: title.name })).toHaveCount(1);
  await page.goBack();
  await facts.locator('a[href*="language="]').click();
  await expect(page).toHaveURL(new RegExp(`/series\\?language=${title.language}$`));
  await expect(cards(page).filter({ hasText: title.name })).toHaveCount(1);
  await page.goBack();
  // A keyword opens the titles sharing it, named in a chip that removes the filter.
  const keyword = title.keywords[0];
  const keywordName = keyword.display_name || keyword.name;
  await facts.getByRole('link', { name: keywordName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/series\\?keyword=${keyword.id}$`));
  await expect(page.getByText(`Keyword: ${keywordName}`)).toBeVisible();
  await expect(cards(page).filter({ hasText: title.name })).toHaveCount(1);
  const filters = encodeURIComponent(JSON.stringify([{ key: 'type', value: 'series' }, { key: 'keywords', value: String(keyword.id) }]));
  const total = (await (await request.get(`/api/v1/titles?perPage=10&filters=${filters}`)).json()).pagination.total;
  await expect(page.getByText(total === 1 ? '1 title' : `${total} titles`, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Remove the keyword filter' }).click();
  await expect(page).toHaveURL(/\/series$/);
  await expect(page.getByText(`Keyword: ${keywordName}`)).toHaveCount(0);
});

test('People: the most popular first, narrowed by what they are known for, each card opening the person', async ({ page }) => {
  const people = async (query: string) => (await (await page.request.get(`/api/v1/people?perPage=48&${query}`)).json()).pagination;
  await page.goto('/people');
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await expect(page).toHaveTitle(/^People - /);
  const popular = await people('orderBy=popularity&orderDir=desc');
  await expect(page.getByText(`${popular.total} people`, { exact: true })).toBeVisible();
  // Portraits are small: the first page may already have brought the next one in view.
  await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(48);
  await expect(cards(page).first()).toContainText(popular.data[0].name);

  await page.getByLabel('Known for').selectOption('Directing');
  await expect(page).toHaveURL(/known_for=Directing/);
  const directors = await people(`orderBy=popularity&orderDir=desc&filters=${encodeURIComponent(JSON.stringify([{ key: 'known_for', value: 'Directing', operator: '=' }]))}`);
  expect(directors.total).toBeGreaterThan(0);
  await expect(page.getByText(directors.total === 1 ? '1 person' : `${directors.total} people`, { exact: true })).toBeVisible();
  await expect(cards(page).first()).toContainText(directors.data[0].name);
  await page.getByLabel('Sort by').selectOption('name');
  await expect(page).toHaveURL(/sort=name/);
  const byName = await people(`orderBy=name&orderDir=asc&filters=${encodeURIComponent(JSON.stringify([{ key: 'known_for', value: 'Directing', operator: '=' }]))}`);
  await expect(cards(page).first()).toContainText(byName.data[0].name);

  // A hand-edited address with values the page does not offer shows everyone rather than an error.
  await page.goto('/people?known_for=constructor&sort=__proto__');
  await expect(page.getByText(`${popular.total} people`, { exact: true })).toBeVisible();
  await cards(page).first().click();
  await expect(page).toHaveURL(new RegExp(`/people/${popular.data[0].id}/`));
  await expect(page.getByRole('heading', { level: 1, name: popular.data[0].name })).toBeVisible();
});

test('a page loaded in the same tab starts at the top; a reload keeps its place', async ({ page }) => {
  await page.goto('/movies');
  await expect(cards(page)).toHaveCount(24);
  await page.mouse.wheel(0, 1200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
  // A typed address (or a return from checkout): the router restored the previous document's place before.
  await page.goto('/series');
  await expect(cards(page)).toHaveCount(24);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // Within the first 24 cards, so the reloaded page is long enough to go back to the same place.
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(250);
  const here = await page.evaluate(() => window.scrollY);
  await page.reload();
  await expect(cards(page).first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(here - 50);
});

test('instant search: top hits as you type, arrows and Enter open one, Escape closes', async ({ page }) => {
  await page.goto('/movies');
  const box = page.getByRole('combobox', { name: 'Search movies, series and people' });
  await box.click();
  await box.pressSequentially('kingdom');
  const list = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(list).toBeVisible();
  const options = list.getByRole('option');
  await expect(options.first()).toContainText('Kingdom');
  await expect(options.last()).toHaveText('See all results for "kingdom"');
  // Screen readers hear how many suggestions there are (the "See all" option not counted), and when there are none.
  const count = await options.count();
  await expect(page.getByRole('status').filter({ hasText: /results?$/ })).toHaveText(count === 2 ? '1 result' : `${count - 1} results`);
  await box.fill('zzqxv');
  await expect(page.getByRole('status').filter({ hasText: 'No results' })).toHaveText('No results for "zzqxv"');
  await box.fill('kingdom');
  await expect(options.first()).toContainText('Kingdom');

  await box.press('Escape');
  await expect(list).toBeHidden();
  await box.press('ArrowDown');
  await expect(list).toBeVisible();
  await box.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
  const name = (await options.nth(1).locator('span span').first().textContent())!;
  await box.press('Enter');
  await expect(page).toHaveURL(/\/titles\/\d+\//);
  expect(decodeURIComponent(page.url())).toContain(name.toLowerCase().replace(/[^a-z0-9]+/g, '-'));

  // Enter without a highlighted option opens the grouped results page.
  await box.fill('kingdom');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?query=kingdom$/);
  await expect(page.getByRole('heading', { name: 'Search results for "kingdom"' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Titles', level: 2 })).toBeVisible();
  await expect(cards(page).first()).toContainText('Kingdom');
});

test('search page: people appear as on the people page, someone without a photo with a placeholder', async ({ page, request }) => {
  const hits = (await (await request.get('/api/v1/search?query=garcia&limit=12')).json()).results.people as { name: string; poster: string | null }[];
  const bare = hits.find((p) => !p.poster);
  const pictured = hits.find((p) => p.poster);
  // The demo catalogue has people of that name with and without photos.
  expect(bare && pictured).toBeTruthy();
  await page.goto('/search?query=garcia');
  const people = page.getByRole('region', { name: 'People' });
  await expect(people.getByTestId('poster-card').filter({ hasText: bare!.name }).locator('svg')).toHaveCount(1);
  await expect(people.getByTestId('poster-card').filter({ hasText: pictured!.name }).locator('img')).toHaveCount(1);
});

test('search page: each group says how many it shows, and every episode hit can be seen', async ({ page, request }) => {
  const api = async (extra: string) => (await (await request.get(`/api/v1/search?query=northern${extra}`)).json()) as { results: { episodes: { id: number }[] }; more: { episodes: boolean } };
  // The demo catalogue has more episodes named "Northern …" than the grouped page shows.
  expect((await api('&limit=12')).more.episodes).toBe(true);
  await page.goto('/search?query=northern');
  const episodes = page.getByRole('region', { name: 'Episodes' });
  await expect(episodes.getByRole('listitem')).toHaveCount(12);
  await expect(episodes.getByText('12 shown', { exact: true })).toBeVisible();
  await episodes.getByRole('link', { name: 'See all' }).click();
  await expect(page).toHaveURL(/\/search\?query=northern&type=episodes$/);
  const all = page.getByRole('region', { name: 'Episodes' });
  // Scrolling loads the next pages until the last: then the count is the total.
  let total = 0;
  for (let p = 1; ; p++) {
    const body = await api(`&limit=20&page=${p}`);
    total += body.results.episodes.length;
    if (!body.more.episodes) break;
  }
  await expect(async () => {
    await page.mouse.wheel(0, 10_000);
    await expect(all.getByRole('listitem')).toHaveCount(total, { timeout: 1000 });
  }).toPass();
  await expect(all.getByText(`${total} results`, { exact: true })).toBeVisible();
  await expect(all.getByRole('link', { name: 'Back to all results' })).toBeVisible();
});

test('search page survives full-text syntax characters', async ({ page }) => {
  for (const q of ['"kingdom', 'NEAR(', 'king*', '-']) {
    await page.goto(`/search?query=${encodeURIComponent(q)}`);
    await expect(page.getByRole('heading', { name: `Search results for "${q}"` })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  }
});

test('the home page and a channel page draw their first rows from the page itself; moving on in the app asks the API', async ({ page }) => {
  const channelCalls: string[] = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/api/v1/channel/')) channelCalls.push(new URL(r.url()).pathname); });
  await page.goto('/');
  await expect(page.getByTestId('channel-row').first()).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  await page.goto('/channel/top-rated');
  await expect(cards(page).first()).toBeVisible();
  expect(channelCalls).toEqual([]);
  // The embedded page is read once: a channel opened from inside the app is fetched.
  await page.goto('/');
  const row = page.getByTestId('channel-row').filter({ has: page.getByRole('heading', { name: 'Popular movies', exact: true }) });
  await row.getByRole('link', { name: 'See all' }).click();
  await expect(page).toHaveURL(/\/channel\//);
  await expect.poll(() => channelCalls).toHaveLength(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Popular movies' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
});

test('home rows scroll by their arrows, faded at the row\'s start and end', async ({ page }) => {
  await page.goto('/');
  const row = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Popular movies', exact: true }) });
  const left = row.getByRole('button', { name: 'Scroll left' });
  const right = row.getByRole('button', { name: 'Scroll right' });
  await expect(left).toHaveAttribute('aria-disabled', 'true');
  await expect(right).toHaveAttribute('aria-disabled', 'false');
  await right.click();
  await expect(left).toHaveAttribute('aria-disabled', 'false');
  const list = row.getByRole('list');
  await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  // Scrolled to its end, the row says so.
  await list.evaluate((el) => { el.style.scrollBehavior = 'auto'; el.scrollLeft = el.scrollWidth; });
  await expect(right).toHaveAttribute('aria-disabled', 'true');
  // A row that fits the screen (the demo's "Now playing" holds one movie) shows no arrows at all.
  const rows = page.getByTestId('channel-row');
  for (let i = 0; i < await rows.count(); i++) await rows.nth(i).scrollIntoViewIfNeeded();
  // Each row as "overflows:has arrows".
  const states = () => page.evaluate(() => [...document.querySelectorAll('[data-testid="channel-row"]')].map((r) => {
    const ul = r.querySelector('ul');
    return ul && ul.childElementCount ? `${ul.scrollWidth > ul.clientWidth + 1}:${!!r.querySelector('button[aria-label="Scroll right"]')}` : '';
  }).filter(Boolean));
  await expect.poll(states).toContain('false:false');
  expect((await states()).filter((s) => s !== 'true:true' && s !== 'false:false')).toEqual([]);
});

test('phones get a menu sheet at 375 px with nothing clipped', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ['/', '/movies', '/search?query=kingdom']) {
    await page.goto(path);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }
  await page.goto('/movies');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const sheet = page.getByRole('dialog', { name: 'Menu' });
  await expect(sheet).toBeVisible();
  // The sheet is as tall as the screen: inside the blurred header it was cut down to the header's 64 px, its links
  // hidden below that.
  await expect.poll(async () => (await sheet.boundingBox())?.height).toBe(800);
  for (const link of ['Register', 'Login', 'Series']) {
    const box = await sheet.getByRole('link', { name: link, exact: true }).boundingBox();
    expect(box, link).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(800);
  }
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Series', exact: true }).click();
  await expect(page).toHaveURL(/\/series$/);
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Series' })).toBeVisible();
  // Turned to landscape past 768 px, the header shows its own menus: the sheet closes instead of covering them.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.setViewportSize({ width: 1024, height: 600 });
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('the hero slide plays its title, and phones swipe between slides', async ({ page, request }) => {
  const home = (await (await request.get('/api/v1/channel/home')).json()).channel;
  const slides = (home.content.data[0].content.data as { name: string; play_video_id?: number | null; play_episode?: { season: number; episode: number } | null }[]).slice(0, 10);
  const playable = slides.findIndex((s) => s.play_video_id);
  expect(playable, 'a featured title with a video in the demo catalogue').toBeGreaterThanOrEqual(0);
  const slider = page.getByTestId('hero-slider');
  await page.goto('/');
  await slider.getByRole('radio', { name: `Go to slide ${playable + 1}`, exact: true }).click();
  await expect(slider.getByRole('heading', { level: 2 })).toHaveText(slides[playable].name);
  // The slide's picture stays dark under its scrim in a light theme too, so its second button must not take the
  // theme's surface colour (white there) with the slide's white text. The surface is made white here, whatever
  // themes the site has, rather than switched through the header (a site may offer no switch).
  await slider.evaluate((el) => el.style.setProperty('--color-bg-elevated', '#ffffff'));
  const moreInfo = slider.getByRole('link', { name: 'More info' });
  const colours = await moreInfo.evaluate((el) => { const s = getComputedStyle(el); return [s.color, s.backgroundColor]; });
  expect(colours[0]).toBe('rgb(255, 255, 255)');
  expect(colours[1]).not.toMatch(/^rgba?\(255, 255, 255/);
  const episode = slides[playable].play_episode;
  await slider.getByRole('link', { name: episode ? `Play S${episode.season} E${episode.episode}` : 'Play', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/watch/${slides[playable].play_video_id}$`));

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await expect(slider.getByRole('heading', { level: 2 })).toHaveText(slides[0].name);
  // The arrow buttons would cover the text on a phone: a swipe moves instead.
  await expect(slider.getByRole('button', { name: 'Next slide' })).toBeHidden();
  const box = (await slider.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const y = box.y + box.height / 3;
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await touch('touchStart', box.x + box.width * 0.8);
  await touch('touchMove', box.x + box.width * 0.2);
  await touch('touchEnd', 0);
  await expect(slider.getByRole('heading', { level: 2 })).toHaveText(slides[1].name);
});

test('poster cards reveal the overview on keyboard focus', async ({ page }) => {
  await page.goto('/movies');
  const first = cards(page).first();
  await expect(first).toBeVisible();
  const overlay = first.locator('div > div').last();
  await expect(overlay).toHaveCSS('opacity', '0');
  await first.focus();
  await expect(overlay).toHaveCSS('opacity', '1');
});
