/**
 * An experiment route in a real browser, through the build's real edge worker (workerd, the
 * fourth web server: tests/servers/experiment-preview.ts splits /sodastream-t 50/50 between its
 * own page and /recarrega-site, on a site with an analytics id). A visitor is assigned once and
 * kept; each page view pushes exactly one experience_impression naming the variant; the chat tap
 * carries the same exp_variant_string; nothing moves (CLS 0); no analytics cookie before consent;
 * a crawler is split like anyone but never counted; a view whose response clears the cookie (an
 * experiment that ended) counts nothing.
 */
import { ANY_VIEWPORT, expect, test, type Page } from './site-test.ts';
import { TEST_EXPERIMENT } from '../servers/test-site.ts';
import { extraSitesReady, routeGoogle } from './consent-helpers.ts';

const BASE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4317) + 3}`;
const { id, route, pages } = TEST_EXPERIMENT;
const COOKIE = `fgs_exp_${id}`;
const variantString = (page: string) => `FGS-${id}-${page}`;

// Headless Chromium says "HeadlessChrome", which isbot rightly counts as a bot: visitors here
// send the user agent of the browser they are.
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT_UA =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

test.beforeAll(extraSitesReady);

test.use({
  baseURL: BASE,
  userAgent: async ({ isMobile }, provide) => provide(isMobile ? PHONE_UA : DESKTOP_UA),
});

type Entry = Record<string, unknown>;
const events = (page: Page, name?: string) =>
  page.evaluate(
    (name) =>
      (window.dataLayer ?? []).filter(
        (e) =>
          Object.prototype.toString.call(e) !== '[object Arguments]' &&
          typeof e.event === 'string' &&
          (name === undefined || e.event === name),
      ),
    name,
  ) as Promise<Entry[]>;
const impressions = (page: Page) => events(page, 'experience_impression');

/** The page the edge served, as its HTML says (data-route is the page's own route). */
const servedPage = async (page: Page) =>
  ((await page.locator('html').getAttribute('data-route')) ?? '').replace(/^\//, '');

/** Taps the first chat button of the page's content; the one event it pushed. */
async function tapChat(page: Page): Promise<Entry> {
  const chat = page.locator('main a[data-cta="whatsapp"]').first();
  await chat.scrollIntoViewIfNeeded();
  const before = (await events(page)).length;
  await chat.click();
  const added = (await events(page)).slice(before);
  expect(added).toHaveLength(1);
  return added[0]!;
}

/**
 * Resolves once the page script has decided whether this view counts: isbot's chunk fetched, run,
 * and the page's own callback on it run too (an import of the same module, made after the page's,
 * settles after it).
 */
async function botCheckLoaded(page: Page): Promise<void> {
  const chunk = await page.waitForResponse(/\/assets\/isbot-[\w-]+\.js$/);
  await page.evaluate((url) => import(url).then(() => undefined), chunk.url());
}

let routeGoogleRequests: Promise<string[]>;

test.beforeEach(async ({ context, page }) => {
  routeGoogleRequests = routeGoogle(page);
  await routeGoogleRequests;
  // No route for the chat links' host: the clicks below open no tab (prevented), and any route
  // would pause every request of the context and turn the HTTP cache off (answerChatLocally,
  // consent-helpers.ts); the browser maps that host to nowhere anyway (playwright.config.ts).
  context.on('page', (p) => {
    if (p !== page) void p.close();
  });
  // A chat link would open a new tab; keep the page, so its data layer can be read after the tap.
  await page.addInitScript(() => {
    window.addEventListener('click', (e) => {
      if ((e.target as Element).closest?.('a')) e.preventDefault();
    });
  });
});

test('a first visit is assigned by the edge and counted exactly once, with no shift and no analytics cookie', async ({
  page,
  context,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // Without the web fonts: when a font arrives after the first frame (more often behind workerd here than
  // behind the static test server), its glyph widths move a button or a menu link by a few
  // pixels on any route (CLS about 0.002: decision 0010's fallbacks match heights, not every
  // string's width). That is the site's font strategy, not the split, which is what this measures.
  await page.route(/\/assets\/fonts\//, (r) => r.abort());
  const decided = botCheckLoaded(page);
  const response = await page.goto(route);
  expect(response?.status()).toBe(200);
  expect(page.url()).toBe(`${BASE}${route}`); // the same address: no redirect
  await decided;

  const cookies = await context.cookies();
  expect(cookies.map((c) => c.name)).toEqual([COOKIE]); // before consent, only the assignment
  const assigned = cookies[0]!.value;
  expect(pages).toContain(assigned);
  expect(await servedPage(page)).toBe(assigned);
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', new RegExp(`${route}$`));
  await expect(page.getByRole('region', { name: 'Sua privacidade' })).toBeVisible(); // the choice is still open
  const googleTag = await routeGoogleRequests;

  await expect
    .poll(() => impressions(page))
    .toEqual([{ event: 'experience_impression', exp_variant_string: variantString(assigned) }]);

  for (const top of [600, 1600, 3200, 0]) {
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
    await page.waitForTimeout(150);
  }
  expect(await impressions(page)).toHaveLength(1);
  expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
  expect((await context.cookies()).map((c) => c.name)).toEqual([COOKIE]);
  expect(googleTag).toEqual([]); // the Google tag waits for consent
});

test('the chat tap carries the same exp_variant_string as the impression', async ({ page }) => {
  const decided = botCheckLoaded(page);
  await page.goto(route);
  await decided;
  const [impression] = await impressions(page);
  expect(impression).toBeDefined();
  expect(await tapChat(page)).toMatchObject({
    event: 'cta_click',
    cta_action: 'whatsapp',
    page_path: route,
    exp_variant_string: impression!.exp_variant_string,
  });
});

// The edge's cookie, the page it serves and the impression the page script pushes: nothing laid out,
// tapped or scrolled, so one project is enough (ANY_VIEWPORT). The phone's user agent is still
// assigned and counted on the phone project, by the first-visit test above.
test(
  'a returning visitor keeps the variant, one impression per page view',
  { tag: ANY_VIEWPORT },
  async ({ page, context }) => {
    const first = botCheckLoaded(page);
    await page.goto(route);
    await first;
    const assigned = (await context.cookies())[0]!.value;
    for (let view = 0; view < 3; view++) {
      const decided = botCheckLoaded(page);
      await page.reload();
      await decided;
      expect(await servedPage(page)).toBe(assigned);
      expect(await impressions(page)).toEqual([
        { event: 'experience_impression', exp_variant_string: variantString(assigned) },
      ]);
    }
    expect((await context.cookies()).map((c) => `${c.name}=${c.value}`)).toEqual([`${COOKIE}=${assigned}`]);
  },
);

// As above: the cookie, the served page and its impression (ANY_VIEWPORT).
test('each arm is served at the route and names itself', { tag: ANY_VIEWPORT }, async ({ page, context }) => {
  for (const arm of pages) {
    await context.addCookies([{ name: COOKIE, value: arm, url: BASE }]);
    const decided = botCheckLoaded(page);
    await page.goto(route);
    await decided;
    expect(page.url()).toBe(`${BASE}${route}`);
    expect(await servedPage(page)).toBe(arm);
    await expect
      .poll(() => impressions(page))
      .toEqual([{ event: 'experience_impression', exp_variant_string: variantString(arm) }]);
  }
});

test('a view whose own response clears the cookie (the experiment ended) counts nothing', async ({
  page,
  context,
}) => {
  const first = botCheckLoaded(page);
  await page.goto(route);
  await first;
  const assigned = (await context.cookies())[0]!.value;
  // This server's experiment is running. Once it has a winner or is out of its days, the edge
  // answers a visitor holding a cookie with this header (tests/runtime/experiment-ended.test.ts,
  // under workerd): the same page here, so its data-exp-* would still count with the cookie.
  await page.route(route, async (request) => {
    const response = await request.fetch();
    await request.fulfill({
      response,
      headers: { ...response.headers(), 'set-cookie': `${COOKIE}=; Path=/; Max-Age=0; Secure; SameSite=Lax` },
    });
  });
  const botCheck: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/isbot-/.test(r.url())) botCheck.push(r.url());
  });
  await page.reload();
  await page.waitForLoadState('networkidle');
  expect(await servedPage(page)).toBe(assigned);
  await expect(page.locator('html')).toHaveAttribute('data-exp-cookie', `${COOKIE}=${assigned}`);
  expect(await page.evaluate(() => document.cookie)).not.toContain(COOKIE);
  expect(await context.cookies()).toEqual([]);
  expect(botCheck).toEqual([]); // the page script saw no cookie: not even the bot check loads
  expect(await impressions(page)).toEqual([]);
  expect(await tapChat(page)).not.toHaveProperty('exp_variant_string');
});

test('a variant opened at its own address is not an exposure', async ({ page }) => {
  const own = pages.find((p) => `/${p}` !== route)!;
  await page.goto(`/${own}`);
  await page.waitForLoadState('networkidle');
  expect(await impressions(page)).toEqual([]);
  expect(await tapChat(page)).not.toHaveProperty('exp_variant_string');
});

test.describe('a crawler', () => {
  test.use({ userAgent: GOOGLEBOT_UA });

  test('is split like anyone, but never counted', async ({ page, context }) => {
    const decided = botCheckLoaded(page);
    await page.goto(route);
    await decided;
    const cookies = await context.cookies();
    expect(cookies.map((c) => c.name)).toEqual([COOKIE]);
    expect(await servedPage(page)).toBe(cookies[0]!.value);
    await page.waitForTimeout(300);
    expect(await impressions(page)).toEqual([]);
    expect(await tapChat(page)).not.toHaveProperty('exp_variant_string');
  });
});
