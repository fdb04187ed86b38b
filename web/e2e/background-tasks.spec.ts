import { expect, test } from '@playwright/test';
import { login } from './helpers.ts';

// The Queue settings page shows what runs in the background: the scheduler's tasks and the jobs that failed for good.
test('the queue page lists the scheduled tasks with their last and next run, and the failed jobs', async ({ page }) => {
  await login(page);
  await page.goto('/admin/settings/queue');
  const tasks = page.getByRole('region', { name: 'Background tasks' });
  await expect(tasks).toBeVisible();
  // The scheduler ticks every few seconds here: the sweep of unfinished uploads has run once it has ticked.
  const sweep = tasks.getByRole('row', { name: /storage:sweep-partials/ });
  await expect(async () => {
    await page.reload();
    await expect(sweep).toBeVisible();
    await expect(sweep).not.toContainText('Not run yet');
  }).toPass({ timeout: 20_000 });
  await expect(sweep.getByRole('cell').nth(1)).toHaveText(/\d/);
  await expect(tasks).toContainText(/Jobs waiting in the database queue: \d+/);
  const failed = page.getByRole('region', { name: 'Failed jobs' });
  await expect(failed).toBeVisible();
  // Either the list of failures (each with its Retry) or the empty state: other specs may have left failures behind.
  await expect(failed.getByRole('button', { name: /^Retry / }).first().or(failed.getByText('No failed jobs'))).toBeVisible();
});
