/**
 * The built site under its real security headers (dist/_headers, applied by runtime/dev/static-server.ts as a
 * static host would): every route, with the popup and the mobile menu open, runs with zero
 * Content-Security-Policy violations, without an analytics id and with one (before and after
 * consent, the Google tag answered locally).
 */
import { ANY_VIEWPORT, expect, test, type Page, type Request } from './site-test.ts';
import { extraSitesReady, GA_BASE_URL, GA_ID, routeGoogle } from './consent-helpers.ts';
import { allowPerRoute, freshClockEachDocument, noteStorageAtStart, visitFresh } from './one-page.ts';
import { ALL_ROUTES } from './routes.ts';
import { SPEC } from '../../schema/constants.ts';

const routes = ALL_ROUTES;

interface CspWatch {
  /** Forgets what earlier routes recorded: called before each route's first load. */
  reset: () => void;
  /** What was recorded since the last reset, once every request started has been answered. */
  problems: () => Promise<string[]>;
}

/**
 * Records CSP violation events (from the first script on) and console errors. `problems` reads
 * them once every request the page has started has been answered (a request the CSP blocks never
 * starts: its violation is reported at once).
 */
async function watchCsp(page: Page): Promise<CspWatch> {
  const errors: string[] = [];
  const inFlight = new Set<Request>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  page.on('console', (msg) => {
    // The 404 page's own status is expected; any other console error is not.
    if (msg.type() === 'error' && !msg.text().includes('status of 404'))
      errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = list;
    document.addEventListener('securitypolicyviolation', (e) =>
      list.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`),
    );
  });
  return {
    reset: () => {
      errors.length = 0;
      inFlight.clear();
    },
    problems: async () => {
      await expect.poll(() => [...inFlight].map((request) => request.url())).toEqual([]);
      const violations = await page
        .evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])
        .catch(() => [] as string[]);
      return [...violations, ...errors];
    },
  };
}

/**
 * Brings every part of the page into view, a screen less the reveals' offset (and 10 px) at a
 * time, then goes back to the top. Each stop's screen overlaps the last one's, so every point of
 * the page is on the screen, and inside the reveals' root (the screen less its bottom
 * `SPEC.revealOffsetPx`), at some stop; the islands hydrate 400 px before they come into view.
 * Each stop waits until the browser has run the intersection observers for it (reveals, islands
 * due when visible): a new observer reports at the next rendering update, after the page's own
 * observers, registered earlier, have seen the same position. The jumps are instant: the page
 * scrolls smoothly, and a smooth window.scrollTo holds the test a second or more each time.
 *
 * Each stop is a frame drawn in software (the suite has no GPU): about 70 ms of CPU a stop at
 * 1280 × 800 and 20 ms at 375 × 740. Half a screen a stop, as before, drew a third more frames
 * for the same parts of the page (decision 0044, session 35).
 */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async (revealOffset) => {
    // The islands are scheduled after the first paint (a frame, then a task: runtime/client/islands.ts).
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const observed = () =>
      new Promise<void>((resolve) => {
        const observer = new IntersectionObserver(() => {
          observer.disconnect();
          resolve();
        });
        observer.observe(document.documentElement);
      });
    const step = window.innerHeight - revealOffset - 10;
    for (let top = 0; ; top += step) {
      window.scrollTo({ top, behavior: 'instant' });
      await observed();
      const end = document.documentElement.scrollHeight;
      if (window.scrollY + window.innerHeight >= end - 1 || top >= end) break;
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    await observed();
  }, SPEC.revealOffsetPx);
}

/** Every behaviour a page has: islands hydrated, the popup opened, the menu opened. */
async function exercise(page: Page): Promise<void> {
  await scrollThrough(page);
  // The islands that came into view are live (their code loaded and ran) before the next step.
  // A wrapper has no box of its own (display: contents): an island is shown when its content is.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('[data-island][data-hydrate="visible"]:not([data-hydrated])')]
          .filter((el) => [...el.children].some((child) => child.getClientRects().length > 0))
          .map((el) => el.getAttribute('data-island')),
      ),
    )
    .toEqual([]);
  const menu = page.getByRole('button', { name: 'Abrir menu' });
  if ((await menu.count()) > 0 && (await menu.isVisible())) {
    await menu.click();
    await page.keyboard.press('Escape');
  }
  await page.clock.runFor(31_000);
  const dialog = page.getByRole('dialog');
  const popupDue = await page.evaluate(
    () =>
      !!document.querySelector('[data-island="popup"]') &&
      sessionStorage.getItem('hasClosedPopup') !== 'true',
  );
  if (popupDue) {
    await expect(dialog.first()).toBeVisible();
    // Escape is heard inside the dialog: wait until it has taken the focus (late on a busy machine).
    await expect
      .poll(async () => {
        await page.clock.runFor(50);
        return page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
      })
      .toBe(true);
    await page.keyboard.press('Escape');
    // The closing animation runs on the fake clock: advance it until the popup is gone.
    await expect
      .poll(async () => {
        await page.clock.runFor(250);
        return (await dialog.count()) + (await page.locator('[data-popup-backdrop]').count());
      })
      .toBe(0);
  }
}

// HTTP only (no page, no screen): the same requests on either project, so run on the desktop's
// (ANY_VIEWPORT: playwright.config.ts).
test('the headers a static host sends are applied', { tag: ANY_VIEWPORT }, async ({ request }) => {
  const home = await request.get('/agendamento');
  const csp = home.headers()['content-security-policy']!;
  expect(csp).toContain("script-src 'self' 'sha256-");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain('googletagmanager');
  expect(home.headers()['x-content-type-options']).toBe('nosniff');
  expect(home.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(home.headers()['strict-transport-security']).toContain('max-age=');
  expect(home.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
  const missing = await request.get('/nao-existe');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-security-policy']).toBe(csp);
  const html = await home.text();
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
  expect((await request.get(asset)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

/**
 * Every route on one page, each a fresh load as a first visit with its own clock (one-page.ts): a
 * fresh context per route cost about a second of CPU more than the next navigation.
 */
async function startRoutes(page: Page): Promise<CspWatch> {
  allowPerRoute(routes.length, 30_000);
  await page.clock.install();
  await freshClockEachDocument(page);
  await noteStorageAtStart(page);
  return watchCsp(page);
}

test('no CSP violation on any route (no analytics id)', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('http://127.0.0.1') && !r.url().startsWith('data:')) outside.push(r.url());
  });
  const csp = await startRoutes(page);
  for (const route of routes) {
    await test.step(route, async () => {
      csp.reset();
      outside.length = 0;
      const response = await visitFresh(page, route);
      expect(response!.headers()['content-security-policy']).toBeTruthy();
      await exercise(page);
      expect(await csp.problems(), route).toEqual([]);
      expect(outside, route).toEqual([]);
    });
  }
});

test.describe('with an analytics id', () => {
  test.use({ baseURL: GA_BASE_URL });
  test.beforeAll(extraSitesReady);

  test('no CSP violation on any route, before and after consent', async ({ page }) => {
    const tagRequests = await routeGoogle(page);
    const csp = await startRoutes(page);
    for (const route of routes) {
      await test.step(route, async () => {
        csp.reset();
        tagRequests.length = 0;
        await visitFresh(page, route);
        const banner = page.getByRole('region', { name: 'Sua privacidade' });
        await expect(banner).toBeVisible();
        await exercise(page);
        expect(tagRequests, route).toEqual([]);
        await banner.getByRole('button', { name: 'Aceitar todos' }).click();
        await expect.poll(() => tagRequests.length).toBe(1);
        expect(tagRequests[0]).toContain(GA_ID);
        await page.reload();
        await exercise(page);
        expect(await csp.problems(), route).toEqual([]);
      });
    }
  });
});
