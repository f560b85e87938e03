import { expect, test } from './site-test.ts';

test('an island that throws in the browser keeps its server HTML and logs the error', async ({ page }) => {
  // Stand in a broken build of the gallery island's chunk (/recarregue's carousel).
  await page.route(/\/assets\/gallery-[^/]+\.js$/, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'export default function Broken() { throw new Error("quebrado de propósito"); }',
    }),
  );
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.goto('/recarregue');
  // The gallery hydrates when it comes into view.
  await page.locator('#galeria').scrollIntoViewIfNeeded();
  await expect.poll(() => errors.some((e) => e.includes('O bloco "gallery" falhou no navegador'))).toBe(true);
  await page.waitForTimeout(100);
  // The server's carousel is still there: its heading, first images and arrows.
  const gallery = page.locator('[data-island="gallery"]');
  await expect(gallery.getByRole('heading', { name: 'Da recarga até a sua porta' })).toBeVisible();
  await expect(gallery.getByRole('img').first()).toBeVisible();
  await expect(gallery.getByRole('button', { name: 'Próximas imagens' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a block behaviour that fails to load leaves the server HTML and the other blocks working', async ({
  page,
}) => {
  await page.route(/\/assets\/navbar\.behavior-[^/]+\.js$/, (route) => route.abort());
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.goto('/sodastream-t');
  await expect
    .poll(() => errors.some((e) => e.includes('Falha ao carregar o comportamento do bloco "navbar"')))
    .toBe(true);
  await expect(page.locator('[data-behavior="navbar"] a[href="/"]').first()).toBeVisible();
  // The accordion's behaviour is its own chunk: it still works.
  const faq = page.locator('[data-behavior="faq"]');
  await expect(faq).toHaveAttribute('data-enhanced', 'true');
  const first = faq.locator('button[aria-expanded]').first();
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
});
