/**
 * Every route in one test, on one page (decision 0044, session 23). A fresh context and page cost
 * about 1.2 s of CPU more per route than the next navigation of the same page (its renderer
 * process started, the site's files fetched and compiled again), so the specs that do the same
 * thing on every route visit them one after the other, each in a `test.step` named after it. Each
 * route still gets its own fresh load, as a first visit: no storage and no cookies left from the
 * route before (checked at the start of each document), with the clock, the listeners and the
 * init scripts the test set up before its first load.
 *
 * A test that installs Playwright's clock calls `freshClockEachDocument` as well: the clock replays
 * every advance into each new document of the context, so the next route would otherwise start
 * with performance.now() already tens of seconds in (the offer popup, due 30 s after the load,
 * open at once over the menu button).
 */
import { expect, test, type Page } from '@playwright/test';

declare global {
  interface Window {
    /** What the document found stored when it started: 0 on a first visit. */
    __storedAtStart?: number;
    /** Where the document's fake clock stood when it started (freshClockEachDocument). */
    __clockAtStart?: { now: number; realNow: number; behindMs: number };
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

const freshClock = new WeakSet<Page>();

/**
 * Call once, after `page.clock.install()` and before the page's first load: every document the
 * page loads (a new route, a reload) starts Playwright's clock afresh, as a first visit in a fresh
 * context does: performance.now() counts from the document's start and Date.now() is the real
 * time, the advances of earlier documents (`runFor`) forgotten. The clock stays installed and
 * `page.clock.runFor` drives it as before.
 *
 * Playwright keeps the clock's history (install, each runFor) as the context's init scripts, and
 * each new document replays it; this init script runs after them, empties the replayed log and
 * installs the clock at the document's start. It reads the clock's internals
 * (`__pwClock.controller`, Playwright 1.65): should they change, the script throws and
 * `visitFresh` fails on the missing mark, saying so.
 */
export async function freshClockEachDocument(page: Page): Promise<void> {
  freshClock.add(page);
  await page.addInitScript(() => {
    const pw = (
      globalThis as unknown as {
        __pwClock?: {
          controller: { _log: unknown[]; log: () => Promise<void>; install: (time: number) => void };
          builtins: { Date: DateConstructor; performance: Performance };
        };
      }
    ).__pwClock;
    if (!pw) return; // no clock in this document (about:blank before the first load)
    const { controller } = pw;
    if (!Array.isArray(controller._log)) throw new Error("Playwright's clock changed: _log is gone");
    controller._log.length = 0;
    // Init scripts added later (each runFor adds one) would log again: ignored in this document.
    controller.log = async () => {};
    controller.install(pw.builtins.Date.now());
    const now = performance.now();
    window.__clockAtStart = {
      now,
      // The real time since the document's start (its navigation), read just after the fake one.
      realNow: pw.builtins.performance.now(),
      behindMs: pw.builtins.Date.now() - Date.now(),
    };
  });
}

/**
 * Loads `url` in `page` as a first visit: the storage and cookies the last route left are
 * cleared first (no script of the site writes any while a page is being left), and the new
 * document is checked to have started with none. `waitUntil` as in `page.goto` (its load event by
 * default; 'commit' for a test that holds back something the load event waits for).
 */
export async function visitFresh(
  page: Page,
  url: string,
  { waitUntil }: { waitUntil?: 'load' | 'domcontentloaded' | 'commit' } = {},
) {
  if (page.url().startsWith('http')) {
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.context().clearCookies();
  }
  const response = await page.goto(url, waitUntil ? { waitUntil } : undefined);
  const start = await page.evaluate(() => ({ stored: window.__storedAtStart, clock: window.__clockAtStart }));
  expect(start.stored, `${url} starts as a first visit`).toBe(0);
  if (freshClock.has(page)) {
    expect(start.clock, `${url} starts its own clock (freshClockEachDocument)`).toBeDefined();
    // The document's fake clock starts at its own start, on the real date: no earlier advance. Its
    // performance.now() counts real time from the clock's start in this document (an init script,
    // after the navigation began), so it is never ahead of the real performance.now(); an advance
    // replayed from an earlier document puts it ahead by that advance (the tests' are tens of
    // seconds: 31,368 ms against a real 178 ms when tried without this script). The bound is the
    // real time the document has had (0.03–0.2 s quiet, more on a loaded machine): no fixed 1 s
    // for a slow machine to pass. Read, the fake clock stood at 0–1 ms.
    expect(start.clock!.now, `${url}: performance.now() at the document's start`).toBeLessThanOrEqual(
      start.clock!.realNow,
    );
    // Likewise its date: installed at the real one, it runs ahead of it by no more than the clock
    // has run in this document.
    expect(Math.abs(start.clock!.behindMs), `${url}: Date.now() is the real time`).toBeLessThanOrEqual(
      start.clock!.realNow,
    );
  }
  return response;
}

/** The test's time limit for `routes` visits of up to `perRoute` ms each. */
export function allowPerRoute(routes: number, perRoute: number): void {
  test.setTimeout(routes * perRoute);
}
