import { expect, test } from './site-test.ts';
import { watchConsole } from './console.ts';

// Read-only checks of one plain load, on that load (a fresh context and a load of a route cost about
// a second of CPU on the 2-core machine, decision 0044): each its own step, so a failure names it.
// The click comes last, after everything else read the page as it loaded.
test.describe('home page', () => {
  test('renders the two cards, loads no JavaScript, logs nothing, has no horizontal scroll, its fonts load, and the call to action leads to /sodastream-t', async ({
    page,
  }) => {
    const consoleLog = watchConsole(page);
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    const response = await page.goto('/');
    await test.step('renders the two cards, loads no JavaScript and logs nothing', async () => {
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle('Fillgás | Recarga de Cilindros CO2');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recarga de Cilindros CO2');

      const available = page.getByRole('listitem').filter({ hasText: 'Recarregue o seu cilindro' });
      await expect(available.getByRole('link', { name: 'Agendar Recarga' })).toHaveAttribute(
        'href',
        '/sodastream-t',
      );

      const soon = page.getByRole('listitem').filter({ hasText: 'Conheça a nossa máquina' });
      await expect(soon).toContainText('Em breve');
      await expect(soon).toContainText('Lançamento 2025');
      await expect(soon.getByRole('link')).toHaveCount(0);

      await page.waitForLoadState('networkidle');
      expect(scripts).toEqual([]);
      expect(consoleLog.messages).toEqual([]);
    });

    await test.step('has no horizontal scroll and its fonts load', async () => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const loaded = await page.evaluate(async () => {
        await document.fonts.ready;
        return ['400 16px Inter', '700 16px Poppins'].map((f) => document.fonts.check(f));
      });
      expect(loaded).toEqual([true, true]);
    });

    await test.step('the call to action leads to /sodastream-t', async () => {
      await page.getByRole('link', { name: 'Agendar Recarga' }).click();
      await expect(page).toHaveURL(/\/sodastream-t$/);
    });
  });

  test('works with JavaScript off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Agendar Recarga' })).toBeVisible();
    await context.close();
  });
});

test.describe('unknown paths', () => {
  test('answer 404 with the not-found page, log the path, load no React, and "Return to Home" goes back to /', async ({
    page,
  }) => {
    const consoleLog = watchConsole(page);
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    const response = await page.goto('/caminho/que-nao-existe?x=1');
    await test.step('answer 404 with the not-found page, log the path, and load no React', async () => {
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Oops! Page not found');
      await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
      await page.waitForLoadState('networkidle');
      // Only the small page script: the block is static.
      expect(scripts).toEqual([expect.stringMatching(/^\/assets\/main-[\w-]+\.js$/)]);
      expect(consoleLog.messages).toEqual([
        // The browser reports the 404 status the static server deliberately sends for this document.
        'error: Failed to load resource: the server responded with a status of 404 (Not Found)',
        'warning: 404 Error: User attempted to access non-existent route: /caminho/que-nao-existe',
      ]);
    });

    await test.step('"Return to Home" goes back to /', async () => {
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recarga de Cilindros CO2');
    });
  });
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});
