import { axeWholePage, SITE_TAGS, violationList } from './axe.ts';
import { expect, test, type Page } from './site-test.ts';
import { allowPerRoute, noteStorageAtStart, visitFresh } from './one-page.ts';
import { pageStarted } from './projects.ts';
import { ALL_ROUTES } from './routes.ts';

const routes = ALL_ROUTES;

async function violations(page: Page): Promise<string[]> {
  const results = await axeWholePage(page, { tags: SITE_TAGS });
  return violationList(results);
}

// Every route on one page, each a fresh load as a first visit (one-page.ts).
test('axe finds no violations on any route', async ({ page }) => {
  allowPerRoute(routes.length, 30_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await noteStorageAtStart(page);
  for (const path of routes) {
    await test.step(path, async () => {
      await visitFresh(page, path);
      await pageStarted(page);
      expect(await violations(page), path).toEqual([]);
    });
  }
});

test('axe finds no violations on /agendamento with the accordion, the menu and the popup open', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto('/agendamento');
  await expect(page.locator('[data-behavior="faq"]')).toHaveAttribute('data-enhanced', 'true');
  await page.locator('#duvidas').scrollIntoViewIfNeeded();
  await page.locator('#duvidas button[aria-expanded]').first().click();
  if ((page.viewportSize()?.width ?? 0) < 1024) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Abrir menu' }).click();
  }
  expect(await violations(page)).toEqual([]);
  if ((page.viewportSize()?.width ?? 0) < 1024) await page.keyboard.press('Escape');
  await page.clock.runFor(30_500);
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
