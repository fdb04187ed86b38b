import { expect, test, type Page } from '@playwright/test';
import { api, login, signInAsDelegate, submitLogin } from './helpers.ts';

// Seeded demo accounts (password "password"), confirmed and not suspended; other specs use other accounts.
const WRITER = 'emma.schmidt8@example.com';
const READER = 'mason.johnson9@example.com';
const TITLE = 1;
const BODY = 'A patient, well-acted story whose quiet middle hour pays off in a finale that I keep thinking about days later. Recommended.';
const COMMENT = `First! See https://example.com/clip and <b>not bold</b> ${Date.now()}`;

async function openTitle(page: Page) {
  await page.goto(`/titles/${TITLE}`);
  await expect(page.locator('[data-section="reviews"]')).toBeVisible();
}

test('a user rates, reviews and comments; another votes, replies and reports; an admin filters, restores and edits', async ({ browser }) => {
  // Three signed-in visitors and two admin screens in one journey.
  test.setTimeout(300_000);
  const writer = await (await browser.newContext()).newPage();
  await login(writer, WRITER, 'password');
  await openTitle(writer);
  const reviews = writer.locator('[data-section="reviews"]');

  // Rate 8, then change to 7: one rating, shown as the title's local average and count.
  await reviews.getByRole('radio', { name: 'Rate 8 out of 10' }).click();
  await expect(reviews.getByRole('radio', { name: 'Rate 8 out of 10' })).toHaveAttribute('aria-checked', 'true');
  await reviews.getByRole('radio', { name: 'Rate 7 out of 10' }).click();
  await expect(reviews.getByRole('radio', { name: 'Rate 7 out of 10' })).toHaveAttribute('aria-checked', 'true');
  await expect(reviews.getByTestId('rating-widget')).toContainText('1 member rating');

  // The spec's rules, then a valid review.
  await reviews.getByRole('button', { name: 'Write a review' }).click();
  // The score starts from the writer's rating, and becomes their rating once published.
  await expect(reviews.getByLabel('Score (1-10)')).toHaveValue('7');
  await reviews.getByLabel('Review title').fill('Too short');
  await reviews.getByLabel('Review', { exact: true }).fill('Short.');
  await reviews.getByRole('button', { name: 'Publish review' }).click();
  await expect(reviews.getByText('The title must be at least 10 characters.')).toBeVisible();
  await expect(reviews.getByText('The body must be at least 100 characters.')).toBeVisible();
  await reviews.getByLabel('Score (1-10)').fill('9');
  await reviews.getByLabel('Review title').fill('A slow burn that pays off');
  await reviews.getByLabel('Review', { exact: true }).fill(BODY);
  await reviews.getByRole('button', { name: 'Publish review' }).click();
  await expect(writer.getByText('Review created')).toBeVisible();
  const myReview = reviews.getByTestId('review').filter({ hasText: 'A slow burn that pays off' });
  await expect(myReview).toContainText('★ 9/10');
  await expect(reviews.getByRole('radio', { name: 'Rate 9 out of 10' })).toHaveAttribute('aria-checked', 'true');
  await expect(reviews.getByTestId('rating-widget')).toContainText('1 member rating');
  await expect(reviews.getByRole('button', { name: 'Write a review' })).toBeHidden();

  // A comment: the link is clickable, markup stays text.
  // Comments load as they come near the viewport (below the related titles): scrolled to, as a reader would.
  const comments = writer.locator('[data-section="comments"]');
  await comments.scrollIntoViewIfNeeded();
  await comments.getByPlaceholder('Write a comment').fill(COMMENT);
  await comments.getByRole('button', { name: 'Post comment' }).click();
  const mine = comments.getByTestId('comment').filter({ hasText: 'not bold' });
  await expect(mine).toContainText('<b>not bold</b>');
  await expect(mine.getByRole('link', { name: 'https://example.com/clip' })).toHaveAttribute('rel', 'nofollow ugc noopener');
  await expect(mine.locator('b')).toHaveCount(0);
  // A double click sends one post (the second click comes before the form re-renders as busy), so no error shows.
  let posts = 0;
  const countPost = (r: { method(): string; url(): string }) => { if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/comment') posts++; };
  writer.on('request', countPost);
  await comments.getByPlaceholder('Write a comment').fill('Posted with a double click');
  await comments.getByRole('button', { name: 'Post comment' }).dblclick();
  await expect(comments.getByTestId('comment').filter({ hasText: 'Posted with a double click' })).toHaveCount(1);
  await expect(comments.getByPlaceholder('Write a comment')).toHaveValue('');
  writer.off('request', countPost);
  expect(posts).toBe(1);
  await expect(comments.getByRole('alert')).toHaveCount(0);

  // Another user: helpful vote, reply, report.
  const reader = await (await browser.newContext()).newPage();
  await login(reader, READER, 'password');
  await openTitle(reader);
  const theirView = reader.locator('[data-section="reviews"]').getByTestId('review').filter({ hasText: 'A slow burn that pays off' });
  const helpful = theirView.getByRole('button', { name: 'Helpful', exact: true });
  await helpful.click();
  await expect(theirView).toContainText('1 found this helpful, 0 did not');
  await expect(helpful).toHaveAttribute('aria-pressed', 'true');
  // Pressing it again takes the vote back (no "already voted" error); a third press casts it again.
  await helpful.click();
  await expect(theirView).toContainText('0 found this helpful, 0 did not');
  await expect(helpful).toHaveAttribute('aria-pressed', 'false');
  await helpful.click();
  await expect(theirView).toContainText('1 found this helpful, 0 did not');
  const readerComments = reader.locator('[data-section="comments"]');
  await readerComments.scrollIntoViewIfNeeded();
  const target = readerComments.getByTestId('comment').filter({ hasText: 'not bold' }).first();
  await target.getByRole('button', { name: 'Reply' }).click();
  await target.getByPlaceholder('Write a reply').fill('Agreed, thanks for the link.');
  await target.getByRole('button', { name: 'Reply', exact: true }).last().click();
  await expect(target.getByText('Agreed, thanks for the link.')).toBeVisible();
  // Reporting asks why (optional): a labelled field that has the focus, so the keyboard can type and send at once.
  await target.getByRole('button', { name: 'Report' }).first().click();
  const why = reader.getByRole('dialog', { name: 'Report comment' });
  await expect(why.getByLabel('Reason (optional)')).toBeFocused();
  await reader.keyboard.type('Spoils the ending for everyone');
  await why.getByRole('button', { name: 'Report' }).click();
  await expect(reader.getByText('Comment reported')).toBeVisible();
  await expect(why).toBeHidden();

  // The writer follows a link to the comments (a reply notification's): the section loads and comes into view.
  await writer.goto(`/titles/${TITLE}#comments`);
  const deletedSpot = writer.locator('[data-section="comments"]').getByTestId('comment').filter({ hasText: 'not bold' }).first();
  await expect(deletedSpot).toBeInViewport();
  // Deleting it asks first; it then keeps its place as deleted, with its reply.
  await deletedSpot.getByRole('button', { name: 'Delete' }).first().click();
  await writer.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(writer.getByText('Comment deleted')).toBeVisible();
  const placeholder = writer.locator('[data-section="comments"]').getByRole('article', { name: 'Deleted comment' }).first();
  await expect(placeholder).toContainText('This comment was deleted.');
  await placeholder.getByRole('button', { name: 'Show 1 reply' }).click();
  await expect(placeholder.getByText('Agreed, thanks for the link.')).toBeVisible();

  // Admin: the deleted and reported comment, restored and edited.
  const admin = await (await browser.newContext()).newPage();
  await login(admin);
  await admin.goto('/admin/comments');
  await admin.getByRole('button', { name: 'Filters' }).click();
  await admin.getByLabel('Status').selectOption({ label: 'Deleted' });
  await admin.getByLabel('Reports').selectOption({ label: 'Reported' });
  const row = admin.getByRole('row').filter({ hasText: 'not bold' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Deleted');
  await row.getByRole('checkbox').check();
  await admin.getByRole('button', { name: 'Restore (1)' }).click();
  await expect(admin.getByText('Restored 1 comment')).toBeVisible();
  await admin.getByLabel('Status').selectOption({ label: 'Active' });
  const restored = admin.getByRole('row').filter({ hasText: 'not bold' });
  await restored.getByRole('button', { name: 'Edit comment' }).click();
  await admin.getByRole('dialog').getByLabel('Content').fill('Edited by a moderator');
  await admin.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Comment updated')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: 'Edited by a moderator' })).toHaveCount(1);
  // What it belongs to links to where it shows: the site opens in a new tab at the comment, in its thread.
  const [onSite] = await Promise.all([
    admin.waitForEvent('popup'),
    admin.getByRole('row').filter({ hasText: 'Edited by a moderator' }).getByRole('link', { name: /opens in a new tab/ }).click(),
  ]);
  await expect(onSite).toHaveURL(new RegExp(`/titles/${TITLE}/[^#]+#comment-\\d+$`));
  await expect(onSite.locator('[data-section="comments"]').getByTestId('comment').filter({ hasText: 'Edited by a moderator' }).first()).toBeInViewport();
  await onSite.close();
  // The moderator reads why it was reported, then dismisses the reports: it leaves the "Reported" list.
  await admin.getByRole('row').filter({ hasText: 'Edited by a moderator' }).getByRole('button', { name: 'View 1 report' }).click();
  const reports = admin.getByRole('dialog', { name: 'Reports' });
  await expect(reports).toContainText('Spoils the ending for everyone');
  await reports.getByRole('button', { name: 'Dismiss reports' }).click();
  await expect(admin.getByText('Reports dismissed')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: 'Edited by a moderator' })).toHaveCount(0);

  // Admin: the review, edited.
  await admin.goto('/admin/reviews');
  const reviewRow = admin.getByRole('row').filter({ hasText: 'A slow burn that pays off' });
  await expect(reviewRow.getByRole('link', { name: /opens in a new tab/ })).toHaveAttribute('href', new RegExp(`^/titles/${TITLE}/[^#]+#reviews$`));
  await reviewRow.getByRole('button', { name: 'Edit review' }).click();
  await admin.getByRole('dialog').getByLabel('Title').fill('A slow burn, moderated');
  await admin.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Review updated')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: 'A slow burn, moderated' })).toHaveCount(1);

  // The site shows the restored, edited comment again.
  await writer.reload();
  await expect(writer.locator('[data-section="comments"]').getByText('Edited by a moderator')).toBeVisible();
  // Both say they were edited since they were posted.
  await expect(writer.locator('[data-section="comments"]').getByTestId('comment').filter({ hasText: 'Edited by a moderator' }).first().getByText('Edited', { exact: true }).first()).toBeVisible();
  await writer.locator('[data-section="reviews"]').scrollIntoViewIfNeeded();
  const moderated = writer.locator('[data-section="reviews"]').getByTestId('review').filter({ hasText: 'A slow burn, moderated' });
  await expect(moderated.getByText('Edited', { exact: true })).toBeVisible();

  // Clean up so a second run starts the same way: the review goes, the rating is removed. The reload kept the scroll
  // at the comments, below the reviews (the demo's members reviewed this title too): they load when scrolled to.
  await writer.locator('[data-section="reviews"]').scrollIntoViewIfNeeded();
  await writer.locator('[data-section="reviews"]').getByRole('button', { name: 'Remove rating' }).click();
  await expect(writer.locator('[data-section="reviews"]').getByRole('radio', { name: 'Rate 7 out of 10' })).toHaveAttribute('aria-checked', 'false');
});

test('a guest is offered to sign in where members rate, review and comment, and comes back to the page', async ({ page }) => {
  await openTitle(page);
  const reviews = page.locator('[data-section="reviews"]');
  await expect(reviews.getByRole('radio')).toHaveCount(0);
  // Comments load when scrolled into view.
  await page.mouse.wheel(0, 5000);
  await expect(page.getByRole('link', { name: 'Sign in to comment.' })).toBeVisible();
  await reviews.getByRole('link', { name: 'Sign in to rate and review.' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Ftitles%2F1$/);
  await submitLogin(page);
  await expect(page).toHaveURL(new RegExp(`/titles/${TITLE}$`));
  await expect(reviews.getByRole('radio', { name: 'Rate 8 out of 10' })).toBeVisible();
  await expect(reviews.getByRole('link', { name: 'Sign in to rate and review.' })).toHaveCount(0);
});

test('a moderator deletes one review from its own row, behind a confirmation', async ({ page }) => {
  await login(page);
  const title = (await api(page, 'POST', 'titles', { name: `Reviewed ${Date.now()}`, is_series: false })).title;
  const heading = `Deleted from its row ${Date.now()}`;
  await api(page, 'POST', 'reviews', { reviewable_type: 'title', reviewable_id: title.id, score: 6, title: heading, body: BODY });
  try {
    await page.goto(`/admin/reviews?filters=${encodeURIComponent(JSON.stringify([{ key: 'title_id', value: title.id, operator: '=' }]))}`);
    const row = page.getByRole('row').filter({ hasText: heading });
    await expect(row).toBeVisible({ timeout: 20_000 });
    // It took ticking the row and the bulk Delete; the row has its own now (Part C: "edit or delete per item").
    await row.getByRole('button', { name: 'Delete review' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete review' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Review deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
  } finally {
    await api(page, 'DELETE', `titles/${title.id}`);
  }
});

test('a moderator without the users list narrows the comments to one author by their name; an admin\'s comment is not theirs to change; a suspended author is marked', async ({ page }) => {
  await login(page);
  const stamp = Date.now();
  const title = (await api(page, 'POST', 'titles', { name: `Moderated ${stamp}`, is_series: false })).title;
  const byAdmin = `From the admin ${stamp}`;
  const byModerator = `From the moderator ${stamp}`;
  const bySpammer = `Buy cheap pills ${stamp}`;
  const spammerEmail = `spammer.${stamp}@e2e.local`;
  const spammer = (await api(page, 'POST', 'users', { email: spammerEmail, password: 'spammer-password', email_verified_at: true })).user;
  const adminComment = (await api(page, 'POST', 'comment', { commentable_type: 'title', commentable_id: title.id, content: byAdmin })).comment;
  try {
    // The title's own Comments tab links each comment to its place in the thread, as the site-wide list does.
    await page.goto(`/admin/titles/${title.id}/edit/comments`);
    await expect(page.getByRole('row').filter({ hasText: byAdmin }).getByRole('link', { name: /opens in a new tab/ }))
      .toHaveAttribute('href', new RegExp(`#comment-${adminComment.id}$`), { timeout: 20_000 });
    await page.context().clearCookies();
    await login(page, spammerEmail, 'spammer-password');
    await api(page, 'POST', 'comment', { commentable_type: 'title', commentable_id: title.id, content: bySpammer });
    await page.context().clearCookies();
    await login(page);
    await api(page, 'POST', `users/${spammer.id}/ban`, { permanent: true });
    await signInAsDelegate(page, `moderator.${stamp}@e2e.local`, ['comments.view', 'comments.create', 'comments.update', 'comments.delete']);
    await api(page, 'POST', 'comment', { commentable_type: 'title', commentable_id: title.id, content: byModerator });
    await page.goto(`/admin/comments?filters=${encodeURIComponent(JSON.stringify([{ key: 'title_id', value: title.id, operator: '=' }]))}`);
    await expect(page.getByRole('row').filter({ hasText: byAdmin })).toBeVisible({ timeout: 20_000 });
    // The User filter searches the users list, which a moderator may not read: it says how to pick an author instead.
    await expect(page.getByText('Choose an author\'s name in the list to see only what they wrote.')).toBeVisible();
    await page.getByRole('row').filter({ hasText: byModerator }).getByRole('button', { name: /^Show only what .+ wrote$/ }).click();
    await expect(page.getByRole('row').filter({ hasText: byAdmin })).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: byModerator })).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear user filter' }).click();
    // Only an admin changes an admin's comment: its row offers no edit, delete or tick box, and says why.
    const adminRow = page.getByRole('row').filter({ hasText: byAdmin });
    await expect(adminRow.getByRole('img', { name: 'Only an admin can edit or delete what an admin wrote.' })).toBeVisible();
    await expect(adminRow.getByRole('button', { name: 'Edit comment' })).toHaveCount(0);
    await expect(adminRow.getByRole('button', { name: 'Delete comment' })).toHaveCount(0);
    await expect(adminRow.getByRole('checkbox')).toHaveCount(0);
    const ownRow = page.getByRole('row').filter({ hasText: byModerator });
    await expect(ownRow.getByRole('button', { name: 'Delete comment' })).toBeVisible();
    await expect(ownRow.getByRole('checkbox')).toHaveCount(1);
    // The suspended spammer's comment says so beside their name; the others do not.
    await expect(page.getByRole('row').filter({ hasText: bySpammer }).getByText('Suspended', { exact: true })).toBeVisible();
    await expect(ownRow.getByText('Suspended', { exact: true })).toHaveCount(0);
  } finally {
    await page.context().clearCookies();
    await login(page);
    await api(page, 'DELETE', `titles/${title.id}`);
    await api(page, 'DELETE', `users/${spammer.id}`);
  }
});
