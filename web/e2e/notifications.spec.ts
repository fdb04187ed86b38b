import { expect, test } from '@playwright/test';
import { api, login } from './helpers';

const ADA = { email: 'notified.ada@e2e.local', password: 'ada-password-1', first_name: 'Ada', last_name: 'Notified' };
const BOB = { email: 'replying.bob@e2e.local', password: 'bob-password-1', first_name: 'Bob', last_name: 'Replying' };

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
    await api(bobPage, 'POST', 'comment', { commentable_type: 'title', commentable_id: title.id, parent_id: comment.id, content: 'Agreed, I did not see it coming.' });
    await bobPage.close();

    await adaPage.reload();
    const bell = adaPage.getByRole('button', { name: 'Notifications (1 unread)' });
    await bell.click();
    const item = adaPage.getByRole('menuitem', { name: new RegExp(`Bob Replying replied to your comment on ${title.name}`) });
    await expect(item).toContainText('Agreed, I did not see it coming.');
    await item.click();
    await expect(adaPage).toHaveURL(new RegExp(`/titles/${title.id}(/[\\w-]+)?#comments$`));
    await expect(adaPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await adaPage.close();
  } finally {
    await api(page, 'DELETE', `users/${ada.id},${bob.id}`);
  }
});
