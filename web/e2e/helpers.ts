import { expect, type Page } from '@playwright/test';
import { ADMIN } from './playwright.config.ts';

export async function login(page: Page, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Picks a day (`YYYY-MM-DD`) in the DatePicker labelled `label`: opens its calendar and steps to the month. */
export async function pickDate(page: Page, label: string, day: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose a date' });
  const target = calendar.locator(`[data-day="${day}"]`);
  for (let i = 0; i < 36 && !(await target.count()); i++) {
    const shown = await calendar.locator('[data-day]').first().getAttribute('data-day');
    await calendar.getByRole('button', { name: shown && shown.slice(0, 7) > day.slice(0, 7) ? 'Previous month' : 'Next month' }).click();
  }
  await target.click();
}
