/**
 * Hostile input in a real browser (issue 7): a site full of hostile text (the third test server,
 * built from tests/fixtures/hostile/_texto-hostil) runs no author text as script, shows it as
 * written, and hydrates its island without a mismatch; storage that throws and a slow network
 * leave the real site's calls to action working.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, reduceTransparency, test, type BrowserContext, type Page } from './site-test.ts';
import { extraSitesReady } from './consent-helpers.ts';
import { watchConsole } from './console.ts';
import { blockStorage } from './storage.ts';

const HOSTILE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4317) + 2}`;
const strings = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../fixtures/hostile/_texto-hostil/strings.json'), 'utf8'),
) as Record<'title' | 'description' | 'long' | 'question' | 'brand', string>;

/** The chat and Google's tag answered locally (the test machine has no network). */
async function stubOutside(context: BrowserContext): Promise<void> {
  await context.route(/api\.whatsapp\.com/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>chat</title>' }),
  );
  await context.route(/googletagmanager\.com/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
}

test.beforeAll(extraSitesReady);
test.beforeEach(({ context }) => stubOutside(context));

async function noScriptRan(page: Page): Promise<string[]> {
  const ran: string[] = [];
  page.on('dialog', (dialog) => {
    ran.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return ran;
}

test('hostile text is shown as written, runs nothing, and its island hydrates cleanly', async ({ page }) => {
  const ran = await noScriptRan(page);
  const consoleLog = watchConsole(page);
  await page.goto(`${HOSTILE_URL}/`);
  await page.getByRole('button', { name: 'Aceitar todos' }).click();
  await expect(page.locator('[data-behavior="faq"]')).toHaveAttribute('data-enhanced', 'true', {
    timeout: 15_000,
  });
  // The testimonials slider, an island whose props hold hostile text, hydrates once in view.
  const island = page.locator('[data-island="testimonials"]');
  await island.scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
  await expect(island.getByRole('heading', { level: 2 })).toHaveText(strings.title);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(strings.title);
  await expect(page).toHaveTitle(strings.title);
  const question = page.locator('#conteudo').getByRole('button', { name: strings.question.trim() });
  await question.click();
  await expect(page.locator('#conteudo')).toContainText(strings.long.slice(0, 400));
  expect(await page.locator('#conteudo').innerText()).toContain(strings.question.slice(0, 20));
  await expect(page.locator('footer')).toContainText(strings.brand);
  expect(await page.evaluate(() => document.querySelectorAll('img[src="x"], svg[onload]').length)).toBe(0);
  expect(ran).toEqual([]);
  expect(consoleLog.messages).toEqual([]);
});

test('storage that throws: every page with overlays still shows and runs its calls to action', async ({
  browser,
  baseURL,
  viewport,
  isMobile,
  hasTouch,
}) => {
  for (const route of ['/agendamento', '/recarregue', '/sodastream-t']) {
    // A fresh context per page: the installed clock is the context's, and a page opened after
    // 31 s of it would count them as its own (its popup would be due at once).
    const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
    await stubOutside(context);
    const page = await context.newPage();
    await reduceTransparency(page); // as the page fixture's (site-test.ts)
    const consoleLog = watchConsole(page);
    await blockStorage(page);
    await page.clock.install();
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    const chat = page.locator('a[data-cta="whatsapp"]:visible').first();
    await expect(chat).toHaveAttribute('href', /^https:\/\/api\.whatsapp\.com\/send\?phone=55/);
    const [popup] = await Promise.all([page.waitForEvent('popup'), chat.click()]);
    await popup.close();
    if (await page.locator('[data-island="popup"]').count()) {
      await page.clock.runFor(31_000);
      await expect(page.getByRole('dialog')).toBeVisible();
      // The dialog takes focus in the effect that starts listening for Escape: wait for it (a
      // loaded machine can show the dialog a moment before the effect runs).
      await expect(page.getByRole('dialog')).toBeFocused();
      await page.keyboard.press('Escape');
      // The exit animation runs on the installed clock: advance it while waiting (a single jump
      // can land before a loaded machine has even started the animation).
      await expect
        .poll(async () => {
          await page.clock.runFor(100);
          return page.getByRole('dialog').count();
        })
        .toBe(0);
    }
    expect(consoleLog.messages, route).toEqual([]);
    await context.close();
  }
});

test('a slow network: the calls to action work before any script arrives, and everything hydrates after', async ({
  page,
}) => {
  const consoleLog = watchConsole(page);
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  // Module scripts hold DOMContentLoaded back: wait for the parsed HTML instead.
  await page.goto('/agendamento', { waitUntil: 'commit' });
  await expect(page.locator('footer a[href^="tel:"]')).toBeAttached();
  // No page script has run: the server HTML alone carries working links.
  expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(true);
  expect(await page.locator('[data-hydrated], [data-enhanced]').count()).toBe(0);
  expect(await page.evaluate(() => (window.dataLayer ?? []).length)).toBe(0);
  const hero = page.locator('main a[data-cta="whatsapp"]').first();
  await expect(hero).toBeVisible();
  await expect(hero).toHaveAttribute('href', /api\.whatsapp\.com\/send\?phone=5511900000000&text=/);
  const [chat] = await Promise.all([page.waitForEvent('popup'), hero.click()]);
  expect(chat.url()).toContain('api.whatsapp.com');
  await chat.close();
  await expect(page.locator('footer a[href^="tel:"]')).toBeVisible();
  await page.waitForTimeout(3_000); // three seconds of a stalled connection
  release();
  await expect(page.locator('[data-behavior="navbar"]')).toHaveAttribute('data-enhanced', 'true', {
    timeout: 15_000,
  });
  await page.waitForLoadState('networkidle');
  expect(consoleLog.messages).toEqual([]);
});
