import { expect, test } from '@playwright/test';
import { api, login } from './helpers.ts';

// Seeded demo accounts (password "password") no other spec signs in as.
const AUTHOR = { email: 'aria.kowalski12@example.com', name: 'Aria Kowalski' };
const VIEWER = 'owen.olsen13@example.com';
const REVIEW_BODY = 'A slow burn that earns every minute: the last act is stunning, and the score stays with you long after the credits roll.';

test('a member\'s name leads to their profile with public lists and reviews; guests are not offered it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await login(page, AUTHOR.email, 'password');
  const title = (await (await page.request.get('/api/v1/titles/5/page')).json()).title as { id: number; name: string };
  const created = await api(page, 'POST', 'lists', { name: 'Aria picks', description: 'Sunday films', public: true });
  for (const id of [2, 3]) await api(page, 'POST', `lists/${created.list.id}/items`, { titleId: id });
  await api(page, 'POST', 'lists', { name: 'Secret stash', public: false });
  await api(page, 'POST', 'reviews', { reviewable_id: title.id, score: 9, title: 'Unforgettable finale', body: REVIEW_BODY });

  // Their own profile, from the account menu.
  await page.goto('/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Your profile' }).click();
  await expect(page).toHaveURL(/\/users\/\d+$/);
  const profilePath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: AUTHOR.name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/account-settings');
  await expect(page.getByText('1 public list', { exact: true })).toBeVisible();

  // Another member finds it from the review on the title page.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await login(viewer, VIEWER, 'password');
  await viewer.goto(`/titles/${title.id}`);
  // The reviews load when their section scrolls into view.
  await viewer.locator('[data-section="reviews"]').scrollIntoViewIfNeeded();
  const review = viewer.getByTestId('review').filter({ hasText: 'Unforgettable finale' });
  await review.getByRole('link', { name: AUTHOR.name }).click();
  await expect(viewer).toHaveURL(new RegExp(`${profilePath}$`));
  await expect(viewer).toHaveTitle(new RegExp(`^${AUTHOR.name} - `));
  await expect(viewer.getByRole('heading', { level: 1, name: AUTHOR.name })).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Edit profile' })).toHaveCount(0);
  await expect(viewer.getByText(/^Member since /)).toBeVisible();
  const lists = viewer.getByRole('list', { name: 'Lists' }).getByTestId('list-card');
  await expect(lists).toHaveCount(1);
  await expect(lists.first()).toContainText('Aria picks');
  await expect(lists.first()).toContainText('2 titles');
  await expect(viewer.getByText('Secret stash')).toHaveCount(0);
  const item = viewer.getByTestId('profile-review');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Unforgettable finale');
  await expect(item).toContainText('★ 9/10');
  await expect(item.getByRole('link', { name: title.name })).toBeVisible();

  // The list's page names its owner, and the name leads back to the profile.
  await lists.first().getByRole('link').first().click();
  await expect(viewer.getByRole('heading', { level: 1, name: 'Aria picks' })).toBeVisible();
  await viewer.getByRole('link', { name: `By ${AUTHOR.name}` }).click();
  await expect(viewer).toHaveURL(new RegExp(`${profilePath}$`));
  // And the review's title leads to the title.
  await viewer.getByTestId('profile-review').getByRole('link', { name: title.name }).click();
  await expect(viewer.getByRole('heading', { level: 1, name: title.name })).toBeVisible();
  await viewerContext.close();

  // Signed-out visitors do not hold users.view by default: the name is plain text and the page says so.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/titles/${title.id}`);
  await guest.locator('[data-section="reviews"]').scrollIntoViewIfNeeded();
  const guestReview = guest.getByTestId('review').filter({ hasText: 'Unforgettable finale' });
  await expect(guestReview).toContainText(AUTHOR.name);
  await expect(guestReview.getByRole('link', { name: AUTHOR.name })).toHaveCount(0);
  await guest.goto(profilePath);
  await expect(guest.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  await expect(guest).toHaveTitle(/^You do not have access to this page/);
  // A guest is offered to sign in and come back to the profile.
  await guest.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(guest).toHaveURL(`/login?redirect=${encodeURIComponent(profilePath)}`);
  await guestContext.close();
});

test('a profile with many lists and reviews pages each through its own named pager', async ({ page }) => {
  test.setTimeout(120_000);
  // The seeded member at position 1 wrote 11 reviews (db/seed/community.ts: two pages of 10); 25 more public lists of
  // theirs make two pages of 24. The lists are deleted at the end.
  await login(page, 'liam.muller1@example.com', 'password');
  const lists: number[] = [];
  for (let i = 1; i <= 25; i++) lists.push((await api(page, 'POST', 'lists', { name: `Pager list ${i}`, public: true })).list.id);

  await page.goto('/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Your profile' }).click();
  await expect(page).toHaveURL(/\/users\/\d+$/);
  const listsPager = page.getByRole('navigation', { name: 'Lists pages' });
  const reviewsPager = page.getByRole('navigation', { name: 'Reviews pages' });
  const cards = page.getByRole('list', { name: 'Lists' }).getByTestId('list-card');
  await expect(listsPager.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await expect(reviewsPager.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await expect(cards).toHaveCount(24);
  await expect(page.getByTestId('profile-review')).toHaveCount(10);

  await reviewsPager.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByTestId('profile-review')).toHaveCount(1);
  await expect(reviewsPager.getByRole('button', { name: 'Next page' })).toBeDisabled();
  // The lists' pager did not move.
  await expect(listsPager.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await listsPager.getByRole('button', { name: 'Next page' }).click();
  await expect(listsPager.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  await expect(cards.first()).not.toContainText('Pager list 25');

  for (const id of lists) await api(page, 'DELETE', `lists/${id}`);
});
