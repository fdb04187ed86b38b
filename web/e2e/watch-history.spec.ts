import { expect, test } from '@playwright/test';
import { api, login } from './helpers';

const HUGO = { email: 'history.hugo@e2e.local', password: 'hugo-password-1', first_name: 'Hugo', last_name: 'History' };

test('a member finds what they watched under Watch history, removes one video and clears the rest', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await login(page);
  const hugo = (await api(page, 'POST', 'users', { ...HUGO, email_verified_at: true })).user;
  // Two full videos of two different titles, whatever the catalogue holds.
  const videos = ((await (await page.request.get('/api/v1/videos?perPage=100&orderBy=id&orderDir=asc')).json()).pagination.data as
    { id: number; title_id: number; category: string; approved: boolean; title: { name: string } | null }[])
    .filter((v) => v.category === 'full' && v.approved && v.title);
  const [first, second] = [videos[0], videos.find((v) => v.title_id !== videos[0].title_id)!];
  try {
    const hugoPage = await browser.newPage();
    await login(hugoPage, HUGO.email, HUGO.password);
    for (const [v, position] of [[first, 12], [second, 20]] as const) {
      await api(hugoPage, 'POST', `videos/${v.id}/progress`, { seconds: 0, position, duration: 30 });
    }
    await hugoPage.goto('/');
    await hugoPage.getByRole('button', { name: 'Account menu' }).click();
    await hugoPage.getByRole('menuitem', { name: 'Watch history' }).click();
    await expect(hugoPage).toHaveURL(/\/history$/);
    await expect(hugoPage.getByRole('heading', { name: 'Watch history', level: 1 })).toBeVisible();
    // The server writes positions in batches a moment after answering.
    const rows = hugoPage.getByRole('main').getByRole('listitem');
    await expect(async () => {
      await hugoPage.reload();
      await expect(rows).toHaveCount(2, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(rows.first()).toContainText(second.title!.name);
    // Grouped by the day they were watched: both today (or, a second past midnight, yesterday).
    await expect(hugoPage.getByRole('region', { name: /^(Today|Yesterday)$/ }).getByRole('listitem')).toHaveCount(2);
    // Left open for two days, the page names the day by its date: 'Today' moves on without a reload.
    await hugoPage.clock.install();
    await hugoPage.reload();
    await expect(hugoPage.getByRole('region', { name: /^(Today|Yesterday)$/ }).getByRole('listitem')).toHaveCount(2);
    await hugoPage.clock.fastForward('48:00:00');
    await expect(hugoPage.getByRole('region', { name: /^(Today|Yesterday)$/ })).toHaveCount(0);
    await expect(rows).toHaveCount(2);
    await expect(rows.first().getByRole('link')).toHaveAttribute('href', `/watch/${second.id}`);

    await hugoPage.getByRole('button', { name: new RegExp(`^Remove ${first.title!.name}.* from your history$`) }).click();
    await expect(rows).toHaveCount(1);
    await hugoPage.reload();
    await expect(rows).toHaveCount(1);

    await hugoPage.getByRole('button', { name: 'Clear history' }).click();
    const dialog = hugoPage.getByRole('alertdialog', { name: 'Clear your watch history?' });
    await dialog.getByRole('button', { name: 'Clear history' }).click();
    await expect(hugoPage.getByText('Watch history cleared')).toBeVisible();
    await expect(hugoPage.getByRole('heading', { name: 'Nothing watched yet' })).toBeVisible();
    expect((await hugoPage.reload())?.status()).toBe(200);
    await expect(hugoPage.getByRole('heading', { name: 'Nothing watched yet' })).toBeVisible();
    // Continue watching forgot them too.
    await hugoPage.goto('/');
    await expect(hugoPage.getByTestId('continue-watching')).toHaveCount(0);
    await hugoPage.close();
  } finally {
    await api(page, 'DELETE', `users/${hugo.id}`);
  }
});
