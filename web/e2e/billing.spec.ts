import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers.ts';

const xsrf = async (page: Page) => ({ 'x-xsrf-token': decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value) });

test('admin creates a plan with a price; adds, cancels, resumes and deletes a subscription; a visitor sees /pricing', async ({ page, browser }) => {
  // One story across three screens and a visitor's page: longer than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  await login(page);

  // Plans: create with a refused price first (section 5), then a valid one. The demo seed has plans of its own
  // (Basic, Standard, Premium): this one has a name they do not use, and goes at the end.
  await page.goto('/admin/plans');
  await page.getByRole('link', { name: 'Add new plan' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Family');
  await page.getByLabel('Features').fill('Full HD\nFour screens');
  const row = page.getByTestId('price-row');
  // A new price defaults to USD, 1, monthly.
  await expect(row.getByLabel('Amount')).toHaveValue('1');
  await expect(row.getByLabel('Currency')).toHaveValue('USD');
  await expect(row.getByLabel('Billing period')).toHaveValue('monthly');
  await row.getByLabel('Amount').fill('0.05');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(row.getByText('The amount must be at least 0.1.')).toBeVisible();
  await row.getByLabel('Amount').fill('9.99');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Plan created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/plans\/\d+\/edit$/);
  await page.goto('/admin/plans');
  await expect(page.getByRole('row', { name: /Family/ })).toContainText('$9.99 per month');

  // Subscriptions: add through the modal.
  await page.goto('/admin/subscriptions');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'User' }).fill('mia.ahmed2');
  await dialog.getByRole('option', { name: /mia\.ahmed2@example\.com/ }).click();
  await dialog.getByLabel('Plan').selectOption({ label: 'Family' });
  await dialog.getByLabel('Price').selectOption({ index: 1 });
  await dialog.getByLabel('Renews at').fill('2030-01-01T10:00');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Subscription created')).toBeVisible();
  const sub = page.getByRole('row', { name: /mia\.ahmed2@example\.com/ });
  await expect(sub).toContainText('Active');
  await expect(sub).toContainText('Family');
  // The list is searched by customer (e-mail or name); an admin's subscription is billed by no gateway.
  await page.getByLabel('Search by customer').fill('mia.ahmed2@example.com');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(sub).toContainText('None');
  await page.getByLabel('Search by customer').fill('');

  const act = async (action: string, confirm: string, toast: string) => {
    await sub.getByRole('button', { name: /Actions for/ }).click();
    await page.getByRole('menuitem', { name: action }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: confirm }).click();
    await expect(page.getByText(toast)).toBeVisible();
  };
  await act('Cancel', 'Cancel subscription', 'Subscription cancelled');
  await expect(sub).toContainText('Cancelled');
  await act('Resume', 'Resume', 'Subscription resumed');
  await expect(sub).toContainText('Active');

  // The plan's price now has a subscriber: it is locked.
  await page.goto('/admin/plans');
  await page.getByRole('link', { name: 'Family' }).click();
  await expect(page.getByText("This price can't be modified or deleted because it has 1 subscriber. You can add a new price instead.")).toBeVisible();
  await expect(page.getByTestId('price-row').getByLabel('Amount')).toBeDisabled();

  await page.goto('/admin/subscriptions');
  await act('Delete', 'Delete', 'Subscription deleted');
  await expect(sub).toHaveCount(0);

  // A visitor sees the plan on /pricing once billing is enabled (the demo seed enables it; this spec does not count on
  // that). No payment gateway is enabled, so the card says it cannot be bought yet instead of offering a button.
  const res = await page.request.post('/api/v1/settings', { headers: await xsrf(page), multipart: { client: JSON.stringify({ 'billing.enable': true }), server: '{}' } });
  expect(res.ok(), await res.text()).toBe(true);
  const visitor = await browser.newPage();
  await visitor.goto('/pricing');
  const card = visitor.getByRole('listitem', { name: 'Family' });
  await expect(card).toContainText('$9.99');
  await expect(card).toContainText('Full HD');
  await expect(card.getByText('Online payment is not available yet.')).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);
  await visitor.close();

  // The plan goes again (its only subscription was deleted above).
  const plan = (await (await page.request.get('/api/v1/billing/products?perPage=100')).json()).pagination.data.find((p: { name: string }) => p.name === 'Family');
  const deleted = await page.request.delete(`/api/v1/billing/products/${plan.id}`, { headers: await xsrf(page) });
  expect(deleted.ok(), await deleted.text()).toBe(true);
});
