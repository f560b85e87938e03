/**
 * Every route in one test, on one page (decision 0044, session 23). A fresh context and page cost
 * about 1.2 s of CPU more per route than the next navigation of the same page (its renderer
 * process started, the site's files fetched and compiled again), so the specs that do the same
 * thing on every route visit them one after the other, each in a `test.step` named after it. Each
 * route still gets its own fresh load, as a first visit: no storage and no cookies left from the
 * route before (checked at the start of each document), with the clock, the listeners and the
 * init scripts the test set up before its first load.
 *
 * Not for a test that installs Playwright's clock: the clock replays every advance into each new
 * document of the context, so the next route would start with performance.now() already tens of
 * seconds in (the offer popup, due 25 s after the load, open at once over the menu button). Those
 * tests keep a fresh context per route.
 */
import { expect, test, type Page } from '@playwright/test';

declare global {
  interface Window {
    /** What the document found stored when it started: 0 on a first visit. */
    __storedAtStart?: number;
  }
}

/** Call once, before the page's first load: each document notes what it found stored. */
export async function noteStorageAtStart(page: Page): Promise<void> {
  await page.addInitScript(() => {
    try {
      window.__storedAtStart = localStorage.length + sessionStorage.length + (document.cookie ? 1 : 0);
    } catch {
      // about:blank and data: URLs have no storage.
    }
  });
}

/**
 * Loads `url` in `page` as a first visit: the storage and cookies the last route left are
 * cleared first (no script of the site writes any while a page is being left), and the new
 * document is checked to have started with none.
 */
export async function visitFresh(page: Page, url: string) {
  if (page.url().startsWith('http')) {
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.context().clearCookies();
  }
  const response = await page.goto(url);
  expect(await page.evaluate(() => window.__storedAtStart), `${url} starts as a first visit`).toBe(0);
  return response;
}

/** The test's time limit for `routes` visits of up to `perRoute` ms each. */
export function allowPerRoute(routes: number, perRoute: number): void {
  test.setTimeout(routes * perRoute);
}
