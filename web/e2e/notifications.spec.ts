import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { api, login } from './helpers';

const ADA = { email: 'notified.ada@e2e.local', password: 'ada-password-1', first_name: 'Ada', last_name: 'Notified' };
const BOB = { email: 'replying.bob@e2e.local', password: 'bob-password-1', first_name: 'Bob', last_name: 'Replying' };
const DANA = { email: 'mailed.dana@e2e.local', password: 'dana-password-1', first_name: 'Dana', last_name: 'Mailed' };
const ELI = { email: 'replying.eli@e2e.local', password: 'eli-password-1', first_name: 'Eli', last_name: 'Replying' };
const CLEO = { email: 'watching.cleo@e2e.local', password: 'cleo-password-1', first_name: 'Cleo', last_name: 'Watching' };
const GWEN = { email: 'waiting.gwen@e2e.local', password: 'gwen-password-1', first_name: 'Gwen', last_name: 'Waiting' };

test('a reply to a member\'s comment reaches them in the header\'s bell, which takes them to it and marks it read', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await login(page);
  const ada = (await api(page, 'POST', 'users', { ...ADA, email_verified_at: true })).user;
  const bob = (await api(page, 'POST', 'users', { ...BOB, email_verified_at: true })).user;
  const title = ((await (await page.request.get('/api/v1/titles?perPage=10&orderBy=id&orderDir=asc')).json()).pagination.data as { id: number; name: string }[])[0];
  try {
    const adaPage = await browser.newPage();
    await login(adaPage, ADA.email, ADA.password);
    const { comment } = await api(adaPage, 'POST', 'comment', { commentable_type: 'title', commentable_id: title.id, content: 'What a finale.' });
    await adaPage.goto('/');
    await expect(adaPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

    const bobPage = await browser.newPage();
    await login(bobPage, BOB.email, BOB.password);
    const { comment: reply } = await api(bobPage, 'POST', 'comment', { commentable_type: 'title', commentable_id: title.id, parent_id: comment.id, content: 'Agreed, I did not see it coming.' });
    await bobPage.close();

    await adaPage.reload();
    const bell = adaPage.getByRole('button', { name: 'Notifications (1 unread)' });
    await bell.click();
    const item = adaPage.getByRole('menuitem', { name: new RegExp(`Bob Replying replied to your comment on ${title.name}`) });
    await expect(item).toContainText('Agreed, I did not see it coming.');
    await item.click();
    await expect(adaPage).toHaveURL(new RegExp(`/titles/${title.id}(/[\\w-]+)?#comment-${reply.id}$`));
    await expect(adaPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    // The page opens on the reply, under the comment it answers, whatever else the thread holds.
    const linked = adaPage.getByRole('region', { name: 'Linked comment' });
    await expect(linked.getByTestId('comment')).toHaveText([/What a finale\./, /Agreed, I did not see it coming\./]);
    await expect(adaPage.locator(`#comment-${reply.id}`)).toBeInViewport();

    // Read, it can be cleared from the notifications page; the reply itself stays.
    await adaPage.goto('/notifications');
    await expect(adaPage.getByRole('link', { name: /Bob Replying replied to your comment/ })).toBeVisible();
    await adaPage.getByRole('button', { name: 'Delete notification' }).click();
    await expect(adaPage.getByText('Notification deleted')).toBeVisible();
    await expect(adaPage.getByRole('heading', { name: 'No notifications yet.' })).toBeVisible();
    await adaPage.reload();
    await expect(adaPage.getByRole('heading', { name: 'No notifications yet.' })).toBeVisible();
    await adaPage.close();
  } finally {
    await api(page, 'DELETE', `users/${ada.id},${bob.id}`);
  }
});

test('a new episode of a series on the watchlist reaches the member in the bell and takes them to the episode', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await login(page);
  const cleo = (await api(page, 'POST', 'users', { ...CLEO, email_verified_at: true })).user;
  const { title } = await api(page, 'POST', 'titles', { name: 'Bellwether Bay', is_series: true });
  try {
    await api(page, 'POST', `titles/${title.id}/seasons`, { number: 1 });
    const cleoPage = await browser.newPage();
    await login(cleoPage, CLEO.email, CLEO.password);
    await api(cleoPage, 'POST', 'watchlist', { titleId: title.id });

    const today = new Date().toISOString().slice(0, 10);
    for (const [n, name] of [[1, 'Low Tide'], [2, 'High Water']] as const) {
      await api(page, 'POST', `titles/${title.id}/seasons/1/episodes`, { name, episode_number: n, release_date: today });
    }
    // Announced by a queued job right after the episodes are added.
    await expect(async () => {
      await cleoPage.goto('/');
      await expect(cleoPage.getByRole('button', { name: 'Notifications (1 unread)' })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await cleoPage.getByRole('button', { name: 'Notifications (1 unread)' }).click();
    const item = cleoPage.getByRole('menuitem', { name: /2 new episodes of Bellwether Bay/ });
    await expect(item).toContainText('S1 E1 · Low Tide');
    await item.click();
    await expect(cleoPage).toHaveURL(new RegExp(`/titles/${title.id}/bellwether-bay/season/1/episode/1$`));
    await expect(cleoPage.getByRole('heading', { name: /Low Tide/ })).toBeVisible();
    await expect(cleoPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

    // The bell leads to every notification, and from there to the member's settings, where a kind is turned off.
    await cleoPage.getByRole('button', { name: 'Notifications', exact: true }).click();
    await cleoPage.getByRole('menuitem', { name: 'See all' }).click();
    await expect(cleoPage).toHaveURL(/\/notifications$/);
    expect((await cleoPage.reload())?.status()).toBe(200);
    await expect(cleoPage.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expect(cleoPage.getByText('You are all caught up.')).toBeVisible();
    await expect(cleoPage.getByRole('link', { name: /2 new episodes of Bellwether Bay/ })).toContainText('S1 E1 · Low Tide');
    await cleoPage.getByRole('link', { name: 'Notification settings' }).click();
    await expect(cleoPage).toHaveURL(/\/account-settings#account-notifications$/);
    const newEpisodes = cleoPage.getByRole('switch', { name: 'New episodes' });
    await expect(newEpisodes).toBeChecked();
    await newEpisodes.click();
    await expect(cleoPage.getByText('Notification settings saved')).toBeVisible();
    await cleoPage.reload();
    await expect(cleoPage.getByRole('switch', { name: 'New episodes' })).not.toBeChecked();
    await expect(cleoPage.getByRole('switch', { name: 'Replies to my comments' })).toBeChecked();
    // By email too, kind by kind; a kind off in the bell has nothing to mail.
    await expect(cleoPage.getByRole('checkbox', { name: 'Also by email: New episodes' })).toBeDisabled();
    const replyMails = cleoPage.getByRole('checkbox', { name: 'Also by email: Replies to my comments' });
    await expect(replyMails).not.toBeChecked();
    await replyMails.check();
    await expect(cleoPage.getByText('Notification settings saved')).toBeVisible();
    await cleoPage.reload();
    await expect(cleoPage.getByRole('checkbox', { name: 'Also by email: Replies to my comments' })).toBeChecked();
    await cleoPage.close();
  } finally {
    await api(page, 'DELETE', `titles/${title.id}`);
    await api(page, 'DELETE', `users/${cleo.id}`);
  }
});

test('a member who asks for replies by email gets them by mail, and the mail\'s unsubscribe link stops them without signing in', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await login(page);
  const dana = (await api(page, 'POST', 'users', { ...DANA, email_verified_at: true })).user;
  const eli = (await api(page, 'POST', 'users', { ...ELI, email_verified_at: true })).user;
  const title = ((await (await page.request.get('/api/v1/titles?perPage=10&orderBy=id&orderDir=asc')).json()).pagination.data as { id: number; name: string }[])[0];
  const mailLog = path.resolve(fileURLToPath(import.meta.url), '../../../storage/e2e/logs/mail.log');
  const mailsToDana = () => (fs.existsSync(mailLog) ? fs.readFileSync(mailLog, 'utf8') : '').split(/^--- /m).filter((m) => m.includes(`To: ${DANA.email}`));
  try {
    const danaPage = await browser.newPage();
    await login(danaPage, DANA.email, DANA.password);
    await danaPage.goto('/account-settings#account-notifications');
    await danaPage.getByRole('checkbox', { name: 'Also by email: Replies to my comments' }).check();
    await expect(danaPage.getByText('Notification settings saved')).toBeVisible();
    const { comment } = await api(danaPage, 'POST', 'comment', { commentable_type: 'title', commentable_id: title.id, content: 'Best score of the year.' });

    const eliPage = await browser.newPage();
    await login(eliPage, ELI.email, ELI.password);
    await api(eliPage, 'POST', 'comment', { commentable_type: 'title', commentable_id: title.id, parent_id: comment.id, content: 'The cello theme!' });
    await eliPage.close();

    await expect.poll(() => mailsToDana().length, { timeout: 15_000 }).toBe(1);
    const [mail] = mailsToDana();
    expect(mail).toContain(`Subject: Eli Replying replied to your comment on ${title.name}`);
    expect(mail).toContain('“The cello theme!”');
    const link = /(http\S+\/unsubscribe\?token=[\w-]+&type=comment_reply)$/m.exec(mail)?.[1];
    expect(link).toBeTruthy();

    // Opened signed out, as from a mail app: it asks first (scanners open links too), then stops that kind only.
    const visitor = await browser.newContext();
    const stop = await visitor.newPage();
    await stop.goto(link!);
    await expect(stop.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
    await expect(stop.getByText('Stop getting emails about replies to your comments?')).toBeVisible();
    await stop.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(stop.getByText('You will no longer get emails about replies to your comments.')).toBeVisible();
    await visitor.close();

    await danaPage.reload();
    await expect(danaPage.getByRole('checkbox', { name: 'Also by email: Replies to my comments' })).not.toBeChecked();
    await expect(danaPage.getByRole('switch', { name: 'Replies to my comments' })).toBeChecked();
    await danaPage.close();
  } finally {
    await api(page, 'DELETE', `users/${dana.id},${eli.id}`);
  }
});

test('"Notify me when it streams" on a title with nothing to play, then its first full video added in the admin, reaches the member as now streaming', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await login(page);
  const gwen = (await api(page, 'POST', 'users', { ...GWEN, email_verified_at: true })).user;
  const { title } = await api(page, 'POST', 'titles', { name: 'Driftwood Light', description: 'A keeper and a lamp that will not go out.' });
  try {
    const gwenPage = await browser.newPage();
    await login(gwenPage, GWEN.email, GWEN.password);
    // Nothing to play yet: the title page says so and offers to tell her (by the watchlist).
    await gwenPage.goto(`/titles/${title.id}`);
    await expect(gwenPage.getByText('Not streaming here yet.', { exact: true })).toBeVisible();
    await expect(gwenPage.getByRole('link', { name: 'Play', exact: true })).toHaveCount(0);
    const notify = gwenPage.getByRole('button', { name: 'Notify me when it streams' });
    await notify.click();
    await expect(notify).toHaveAttribute('aria-pressed', 'true');
    await expect(gwenPage.getByText('Added to watchlist')).toBeVisible();
    await expect(gwenPage.getByText('Not streaming here yet. It is on your watchlist, so you will hear when it is.')).toBeVisible();

    // The operator adds the full movie on the title's Videos screen.
    await page.goto(`/admin/titles/${title.id}/edit/videos`);
    await page.getByRole('link', { name: 'Add video' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Driftwood Light (full)');
    await page.getByLabel('Category').selectOption('full');
    await page.getByLabel('Embed URL').fill('https://www.youtube.com/embed/driftwood');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Video created')).toBeVisible();

    await gwenPage.goto('/');
    await gwenPage.getByRole('button', { name: 'Notifications (1 unread)' }).click();
    const item = gwenPage.getByRole('menuitem', { name: /Driftwood Light is now streaming/ });
    await expect(item).toContainText('A keeper and a lamp that will not go out.');
    await item.click();
    await expect(gwenPage).toHaveURL(new RegExp(`/titles/${title.id}/driftwood-light$`));
    await expect(gwenPage.getByRole('heading', { name: 'Driftwood Light', level: 1 })).toBeVisible();
    await expect(gwenPage.getByRole('link', { name: 'Play', exact: true })).toBeVisible();
    await expect(gwenPage.getByText(/Not streaming here yet/)).toHaveCount(0);
    await gwenPage.close();
  } finally {
    await api(page, 'DELETE', `titles/${title.id}`);
    await api(page, 'DELETE', `users/${gwen.id}`);
  }
});
