import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { api, login } from './helpers.ts';

// A seeded demo account (password "password"); the test turns 2FA off again at the end for the specs that share the database.
const EMAIL = 'isla.tanaka10@example.com';
const PASSWORD = 'password';

/** The code of the time step `steps` away from now, as the user's authenticator app would show it. */
const codeAt = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** Each step's code is accepted once: a code for the previous step is only sent early in a step, so it is still in the window when it arrives. */
async function awayFromStepEnd(): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 6000) await new Promise((r) => setTimeout(r, left + 200));
}

async function passwordStep(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/login\/two-factor$/);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeHidden();
}

test('two-factor sign-in: turn it on, sign in with a code and with a recovery code', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);

  // Turn it on: a QR code and the key, then a code from the app.
  await page.goto('/account-settings');
  const panel = page.getByRole('region', { name: 'Two-factor authentication' });
  await panel.getByRole('button', { name: 'Turn on' }).click();
  // Only the owner may: the password first, so a session left open somewhere cannot lock them out.
  const proof = page.getByRole('dialog', { name: 'Confirm it is you' });
  await proof.getByLabel('Current password').fill('not-my-password');
  await proof.getByRole('button', { name: 'Continue' }).click();
  await expect(proof.getByText('Your current password is incorrect.')).toBeVisible();
  await proof.getByLabel('Current password').fill(PASSWORD);
  await proof.getByRole('button', { name: 'Continue' }).click();
  await expect(proof).toBeHidden();
  const dialog = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
  await expect(dialog.getByRole('img', { name: 'QR code' }).locator('svg')).toBeVisible();
  const secret = (await dialog.getByTestId('two-factor-secret').textContent())!.trim();
  await dialog.getByLabel('Code', { exact: true }).fill('000000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('The code is invalid or has already been used.')).toBeVisible();
  await awayFromStepEnd();
  await dialog.getByLabel('Code', { exact: true }).fill(codeAt(secret, -1));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const codesDialog = page.getByRole('dialog', { name: 'Recovery codes' });
  await expect(codesDialog.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(8);
  const recovery = await codesDialog.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
  await codesDialog.getByRole('button', { name: 'Done' }).click();
  await expect(panel.getByTestId('two-factor-status')).toContainText('Two-factor authentication is on. 8 recovery codes left.');

  // Sign out, then sign in: the password, then a code.
  await logOut(page);
  await passwordStep(page);
  await page.getByLabel('Code', { exact: true }).fill(codeAt(secret));
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Isla Tanaka');

  // Sign out, then sign in with a recovery code.
  await logOut(page);
  await passwordStep(page);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recovery[0]);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/account-settings');
  await expect(panel.getByTestId('two-factor-status')).toContainText('7 recovery codes left.');

  // Turn it off again (password and a code), as seeded.
  await panel.getByRole('button', { name: 'Turn off' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off two-factor authentication' });
  await off.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await off.getByLabel('Code', { exact: true }).fill(codeAt(secret, 1));
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Two-factor authentication is off.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Turn on' })).toBeVisible();
});

test('a two-factor account whose session ends under a form signs in again with its code or a recovery code, and the form is saved', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `two-factor-${Date.now()}@example.com`;
  await login(page);
  await api(page, 'POST', 'users', { email, password: 'two-factor-password', email_verified_at: true });
  await page.context().clearCookies();
  await login(page, email, 'two-factor-password');
  await awayFromStepEnd();
  const { secret } = await api(page, 'POST', 'account/two-factor', { password: 'two-factor-password' });
  const { recovery_codes: recovery } = await api(page, 'POST', 'account/two-factor/confirm', { code: codeAt(secret, -1) });

  await page.goto('/account-settings');
  await page.getByLabel('First name').fill('Resumed');
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Update profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await dialog.getByLabel('Password').fill('two-factor-password');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Code').fill(codeAt(secret));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Resumed');

  // Without the authenticator at hand: a used-up or wrong recovery code is refused in the dialog, a good one signs in.
  await page.getByLabel('First name').fill('Recovered');
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Update profile' }).click();
  await dialog.getByLabel('Password').fill('two-factor-password');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Use a recovery code' }).click();
  await dialog.getByLabel('Recovery code').fill('not-a-code');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByLabel('Recovery code')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Recovery code').fill(recovery[0]);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Recovered');
});

test('an admin sees a member\'s two-factor sign-in on the user edit page and turns it off for one who lost their phone', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `lost-phone-${Date.now()}@example.com`;
  await login(page);
  const { user } = await api(page, 'POST', 'users', { email, password: 'lost-phone-password', email_verified_at: true });
  await page.context().clearCookies();
  await login(page, email, 'lost-phone-password');
  await awayFromStepEnd();
  const { secret } = await api(page, 'POST', 'account/two-factor', { password: 'lost-phone-password' });
  await api(page, 'POST', 'account/two-factor/confirm', { code: codeAt(secret, -1) });
  await page.context().clearCookies();

  await login(page);
  await page.goto(`/admin/users/${user.id}/edit`);
  const state = page.getByTestId('user-two-factor');
  await expect(state).toContainText('On');
  await state.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Turn off two-factor authentication?' });
  await confirm.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Two-factor authentication is off.')).toBeVisible();
  await expect(state).toContainText('Off');
  await expect(state.getByRole('button')).toHaveCount(0);

  // The member signs in with the password alone.
  await page.context().clearCookies();
  await login(page, email, 'lost-phone-password');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  // Leave the shared database as it was.
  await page.context().clearCookies();
  await login(page);
  await api(page, 'DELETE', `users/${user.id}`);
});
