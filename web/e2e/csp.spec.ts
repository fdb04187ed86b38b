import { expect, test, type Page } from '@playwright/test';
import { api, login } from './helpers.ts';

/**
 * The built site runs under its Content-Security-Policy (server/src/http/security-headers.ts) with no violation:
 * the app's own scripts, lazy chunks and styles, and the appearance custom code, which carries the page's nonce.
 */
test.describe.configure({ mode: 'serial' });

const CUSTOM_HTML = '<script>document.documentElement.dataset.customRan = "yes"</script>';

/** Every CSP complaint of the page: the browser's console report and the securitypolicyviolation event. */
function watchCsp(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(msg.text())) seen.push(msg.text());
  });
  page.on('pageerror', (err) => seen.push(`pageerror: ${err.message}`));
  return seen;
}

test('landing page, admin dashboard and a custom page run with custom code and no CSP violation', async ({ page }) => {
  // Three full page loads of the built app on a shared machine.
  test.setTimeout(90_000);
  const violations = watchCsp(page);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  await login(page);
  await api(page, 'POST', 'admin/appearance', { changes: { 'client.custom_code.html': CUSTOM_HTML, 'client.custom_code.css': '.csp-check{outline:0}' } });
  const slug = `csp-check-${Date.now()}`;
  const { page: created } = await api(page, 'POST', 'custom-pages', { title: 'CSP check', slug, body: '<h2>Policy</h2><p>Runs under the policy.</p>' });
  try {
    const res = await page.goto('/');
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
    await expect(page.locator('html')).toHaveAttribute('data-custom-ran', 'yes');
    await expect(page.locator('#root')).not.toBeEmpty();

    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin/);
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expect(page.getByRole('heading').first()).toBeVisible();

    await page.goto(`/pages/${slug}`);
    await expect(page.getByText('Runs under the policy.')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-custom-ran', 'yes');

    expect(violations).toEqual([]);
  } finally {
    // Later specs start from the demo state: no custom code, no custom pages.
    await api(page, 'POST', 'admin/appearance', { changes: { 'client.custom_code.html': '', 'client.custom_code.css': '' } });
    await api(page, 'DELETE', `custom-pages/${created.id}`);
  }
});
