/**
 * The built site under its real security headers (dist/_headers, applied by runtime/dev/static-server.ts as a
 * static host would): every route, with the popup and the mobile menu open, runs with zero
 * Content-Security-Policy violations, without an analytics id and with one (before and after
 * consent, the Google tag answered locally).
 */
import { expect, test, type Page } from '@playwright/test';
import { GA_BASE_URL, GA_ID, routeGoogle } from './consent-helpers.ts';
import { ALL_ROUTES } from './routes.ts';

const routes = ALL_ROUTES;

/** Records CSP violation events (from the first script on) and console errors. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const errors: string[] = [];
  page.on('console', (msg) => {
    // The 404 page's own status is expected; any other console error is not.
    if (msg.type() === 'error' && !msg.text().includes('status of 404'))
      errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = list;
    document.addEventListener('securitypolicyviolation', (e) =>
      list.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`),
    );
  });
  return async () => {
    const violations = await page
      .evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])
      .catch(() => [] as string[]);
    return [...violations, ...errors];
  };
}

/** Every behaviour a page has: islands hydrated, the popup opened, the menu opened. */
async function exercise(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(50);
  await page.evaluate(() => window.scrollTo(0, 0));
  const menu = page.getByRole('button', { name: 'Abrir menu' });
  if ((await menu.count()) > 0 && (await menu.isVisible())) {
    await menu.click();
    await page.keyboard.press('Escape');
  }
  await page.clock.runFor(31_000);
  const dialog = page.getByRole('dialog');
  const popupDue = await page.evaluate(
    () =>
      !!document.querySelector('[data-island="popup"]') &&
      sessionStorage.getItem('hasClosedPopup') !== 'true',
  );
  if (popupDue) {
    await expect(dialog.first()).toBeVisible();
    // Escape is heard inside the dialog: wait until it has taken the focus (late on a busy machine).
    await expect
      .poll(async () => {
        await page.clock.runFor(50);
        return page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
      })
      .toBe(true);
    await page.keyboard.press('Escape');
    // The closing animation runs on the fake clock: advance it until the popup is gone.
    await expect
      .poll(async () => {
        await page.clock.runFor(250);
        return (await dialog.count()) + (await page.locator('[data-popup-backdrop]').count());
      })
      .toBe(0);
  }
}

test('the headers a static host sends are applied', async ({ request }) => {
  const home = await request.get('/agendamento');
  const csp = home.headers()['content-security-policy']!;
  expect(csp).toContain("script-src 'self' 'sha256-");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain('googletagmanager');
  expect(home.headers()['x-content-type-options']).toBe('nosniff');
  expect(home.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(home.headers()['strict-transport-security']).toContain('max-age=');
  expect(home.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
  const missing = await request.get('/nao-existe');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-security-policy']).toBe(csp);
  const html = await home.text();
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
  expect((await request.get(asset)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

for (const route of routes) {
  test(`no CSP violation on ${route} (no analytics id)`, async ({ page }) => {
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith('http://127.0.0.1') && !r.url().startsWith('data:')) outside.push(r.url());
    });
    const problems = await watchCsp(page);
    await page.clock.install();
    const response = await page.goto(route);
    expect(response!.headers()['content-security-policy']).toBeTruthy();
    await exercise(page);
    expect(await problems()).toEqual([]);
    expect(outside).toEqual([]);
  });
}

test.describe('with an analytics id', () => {
  test.use({ baseURL: GA_BASE_URL });

  for (const route of routes) {
    test(`no CSP violation on ${route}, before and after consent`, async ({ page }) => {
      const tagRequests = await routeGoogle(page);
      const problems = await watchCsp(page);
      await page.clock.install();
      await page.goto(route);
      const banner = page.getByRole('region', { name: 'Sua privacidade' });
      await expect(banner).toBeVisible();
      await exercise(page);
      expect(tagRequests).toEqual([]);
      await banner.getByRole('button', { name: 'Aceitar todos' }).click();
      await expect.poll(() => tagRequests.length).toBe(1);
      expect(tagRequests[0]).toContain(GA_ID);
      await page.reload();
      await exercise(page);
      expect(await problems()).toEqual([]);
    });
  }
});
