/**
 * Text never moves when the fonts arrive late (issue 29, decision 0028). On a local server the
 * fonts are in before the first paint, so Lighthouse sees no shift; on mobile data they are not.
 * Here every font response is held back 1.2 s, and the page's layout shifts (the Layout
 * Instability API, the sum CLS is made of) are read after the fonts have arrived: exactly none on
 * any route, at 375 px (phone project) and 1280 px (desktop project).
 */
import { expect, test } from '@playwright/test';
import { allowPerRoute, noteStorageAtStart, visitFresh } from './one-page.ts';
import { ALL_ROUTES } from './routes.ts';

const FONT_DELAY_MS = 1200;

interface Shift {
  value: number;
  at: number;
  sources: string[];
}

// Every route on one page, each a fresh load as a first visit (one-page.ts). Routing turns the
// browser's cache off, so every route fetches its fonts again (and is held back again).
test(`nothing moves on any route when the fonts arrive ${FONT_DELAY_MS / 1000} s late`, async ({ page }) => {
  allowPerRoute(ALL_ROUTES.length, 20_000);
  let fontsServed = 0;
  await page.route(/\.woff2$/, async (request) => {
    await new Promise((resolve) => setTimeout(resolve, FONT_DELAY_MS));
    await request.continue();
    fontsServed++;
  });
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { shifts: Shift[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          sources: entry.sources.map(
            (s) => `${s.node?.nodeName ?? '?'} ${(s.node?.textContent ?? '').trim().slice(0, 40)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await noteStorageAtStart(page);
  for (const route of ALL_ROUTES) {
    await test.step(route, async () => {
      fontsServed = 0;
      await visitFresh(page, route);
      // The held-back files arrive (all three are preloaded), then two frames for the layout and
      // the shift entries that would follow them.
      await expect.poll(() => fontsServed, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      await page.waitForTimeout(200);
      const shifts = await page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
      expect(shifts, `layout shifts on ${route}`).toEqual([]);
    });
  }
});
