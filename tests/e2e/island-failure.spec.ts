import { expect, test } from '@playwright/test';

test('an island that throws in the browser keeps its server HTML and logs the error', async ({ page }) => {
  // Stand in a broken build of the navbar island's chunk (the 404 block is static now).
  await page.route(/\/assets\/navbar-[^/]+\.js$/, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'export default function Broken() { throw new Error("quebrado de propósito"); }',
    }),
  );
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.goto('/termos-de-uso');
  await expect.poll(() => errors.some((e) => e.includes('O bloco "navbar" falhou no navegador'))).toBe(true);
  await page.waitForTimeout(100);
  // The server's header is still there: its logo link home.
  await expect(page.locator('[data-island="navbar"] a[href="/"]').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
