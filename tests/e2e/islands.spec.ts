/**
 * React loads only when an island needs it (decision 0011): never during the page load on any
 * route; on /agendamento and /recarregue 5 s before the popup opens, or when the carousel
 * scrolls near.
 */
import { expect, test, type Page } from './site-test.ts';
import { allowPerRoute, freshClockEachDocument, noteStorageAtStart, visitFresh } from './one-page.ts';
import { advanceTo, POPUP_HYDRATES_AT_MS } from './popup-clock.ts';
import { PAGE_ROUTES } from './routes.ts';

/** Records the island loader (react-dom and the hydration code) being requested. */
function watchReact(page: Page): { requested: () => boolean; reset: () => void } {
  let requested = false;
  page.on('request', (request) => {
    if (/\/assets\/hydrate-[^/]+\.js$/.test(request.url())) requested = true;
  });
  return { requested: () => requested, reset: () => (requested = false) };
}

// Every route on one page, each a fresh load as a first visit with its own clock (one-page.ts).
test('no React during the page load, on any route', async ({ page }) => {
  allowPerRoute(PAGE_ROUTES.length, 30_000);
  const react = watchReact(page);
  await page.clock.install();
  await freshClockEachDocument(page);
  await noteStorageAtStart(page);
  for (const route of PAGE_ROUTES) {
    await test.step(`${route}: no React during the page load`, async () => {
      react.reset();
      await visitFresh(page, route);
      await page.waitForLoadState('networkidle');
      await page.clock.runFor(2_000);
      await page.waitForLoadState('networkidle');
      expect(react.requested(), route).toBe(false);
    });
  }
});

test('/agendamento: React arrives 5 s before the popup opens, and the popup opens at 30 s', async ({
  page,
}) => {
  const react = watchReact(page);
  await page.clock.install();
  await page.goto('/agendamento');
  await page.waitForLoadState('networkidle');
  await advanceTo(page, POPUP_HYDRATES_AT_MS - 1_000);
  expect(react.requested()).toBe(false);
  await advanceTo(page, POPUP_HYDRATES_AT_MS + 100);
  await expect(page.locator('[data-island="popup"]')).toHaveAttribute('data-hydrated', 'true');
  expect(react.requested()).toBe(true);
  await advanceTo(page, 29_000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await advanceTo(page, 30_100);
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('/recarregue: the carousel brings React when it scrolls near', async ({ page }) => {
  const react = watchReact(page);
  await page.goto('/recarregue');
  await page.waitForLoadState('networkidle');
  expect(react.requested()).toBe(false);
  await page.locator('#galeria').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-island="gallery"]')).toHaveAttribute('data-hydrated', 'true');
  expect(react.requested()).toBe(true);
});
