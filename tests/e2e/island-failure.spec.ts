import { expect, test } from '@playwright/test';

test('an island that throws in the browser keeps its server HTML and logs the error', async ({ page }) => {
  // Stand in a broken build of the notFound island's chunk.
  await page.route(/\/assets\/notFound-[^/]+\.js$/, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'export default function Broken() { throw new Error("quebrado de propósito"); }',
    }),
  );
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.goto('/nada');
  await expect
    .poll(() => errors.some((e) => e.includes('O bloco "notFound" falhou no navegador')))
    .toBe(true);
  await page.waitForTimeout(100);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Oops! Page not found');
  await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
});
