/**
 * The analytics catalogue of spec §7 against the built site: every page view fires once per
 * load, and every tracked element on every page, clicked for real, puts exactly one event in
 * window.dataLayer in the shape GA4 / GTM expect ({ event: name, ...params }). The names the
 * clicks produce are then compared with the spec's catalogue (schema/constants.ts).
 */
import { expect, test, type Page } from './site-test.ts';
import { PAGE_VIEW_EVENTS, TRACK_SECTIONS } from '../../schema/constants.ts';
import { extraSitesReady, GA_BASE_URL, routeGoogle } from './consent-helpers.ts';
import { PAGE_ROUTES } from './routes.ts';
import { allowPerRoute, freshClockEachDocument, noteStorageAtStart, visitFresh } from './one-page.ts';
import { isPhone, pageStarted } from './projects.ts';

const routes = PAGE_ROUTES;

type Entry = Record<string, unknown>;
const events = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? []).filter(
      (e) => Object.prototype.toString.call(e) !== '[object Arguments]' && typeof e.event === 'string',
    ),
  ) as Promise<Entry[]>;

test.beforeEach(async ({ context, page }) => {
  // No route for the chat links' host: no click here opens a chat tab (below), and a route would
  // have every request of the context go through the test's worker (answerChatLocally,
  // consent-helpers.ts); the browser maps that host to nowhere anyway (playwright.config.ts).
  context.on('page', (p) => {
    if (p !== page) void p.close();
  });
  // Links stay put, so one page's data layer sees all its clicks: links to other pages do not
  // leave it, and chat links open no tab (each tab started a renderer process, about half a
  // second of CPU a click; where a chat link leads and that it opens a new tab is checked by the
  // pages' own specs). The page script's own listener (on document) has recorded the click
  // before this one (on window) runs.
  await page.addInitScript(() => {
    // Each page starts as a first visit (a closed popup would stay closed on the next page).
    sessionStorage.clear();
    window.addEventListener('click', (e) => {
      if ((e.target as Element).closest?.('a')) e.preventDefault();
    });
  });
});

/** Clicks every visible tracked link on the page; returns the events each click added. */
async function clickTracked(page: Page, route: string): Promise<{ section: string; added: Entry[] }[]> {
  const results: { section: string; added: Entry[] }[] = [];
  const clickEvent = (await page.locator('html').getAttribute('data-click-event')) ?? 'cta_click';
  const links = page.locator('a[data-track]');
  const count = await links.count();
  for (let i = 0; i < count; i++) {
    const link = links.nth(i);
    if (!(await link.isVisible())) {
      const menu = page.getByRole('button', { name: 'Abrir menu' });
      if (!(await menu.isVisible().catch(() => false))) continue;
      await menu.click();
      if (!(await link.isVisible())) {
        await page.keyboard.press('Escape');
        continue;
      }
    }
    const section = (await link.getAttribute('data-track'))!;
    const footer = (await link.getAttribute('data-track-footer')) !== null;
    const action = (await link.getAttribute('data-cta')) ?? 'link';
    const before = (await events(page)).length;
    await link.click();
    const added = (await events(page)).slice(before);
    expect(added, `${route} ${section}`).toEqual([
      footer
        ? {
            event: 'whatsapp_click',
            event_category: 'Contato',
            event_action: 'WhatsApp Click',
            event_label: section,
          }
        : { event: clickEvent, section, cta_action: action, page_path: route },
    ]);
    results.push({ section, added });
  }
  return results;
}

// Every route on one page, each a fresh load as a first visit with its own clock (one-page.ts),
// a step per route; the last step compares what the clicks produced with the spec's catalogue.
test('spec §7 catalogue: on every page one page view per load and exactly one event per tracked click, and every name produced', async ({
  page,
}) => {
  allowPerRoute(routes.length, 90_000); // dozens of real clicks on the longest pages
  const sections = new Set<string>();
  const pageViews = new Set<string>();
  const eventNames = new Set<string>();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await freshClockEachDocument(page);
  await noteStorageAtStart(page);

  for (const route of routes) {
    await test.step(`${route}: one page view per load, exactly one event per tracked click`, async () => {
      await visitFresh(page, route);
      await pageStarted(page);
      const pageView = await page.locator('html').getAttribute('data-page-view');
      const loaded = await events(page);
      if (pageView) {
        expect(loaded).toEqual([{ event: pageView, page_path: route, page_title: await page.title() }]);
        pageViews.add(pageView);
      } else expect(loaded).toEqual([]);

      for (const { section, added } of await clickTracked(page, route)) {
        sections.add(section);
        eventNames.add(added[0]!.event as string);
      }
      // The offer popup's chat button exists once the popup opens (30 s, spec §4).
      if ((await page.locator('[data-island="popup"]').count()) > 0) {
        // The clock is the context's: it runs timers in every page, and a chat tab still closing
        // fails it ("Target page … has been closed"). Wait until the chat tabs are gone.
        await expect.poll(() => page.context().pages().length).toBe(1);
        await page.clock.runFor(31_000);
        const popupCta = page.getByRole('dialog').locator('a[data-track]');
        await expect(popupCta).toBeVisible();
        const section = (await popupCta.getAttribute('data-track'))!;
        const before = (await events(page)).length;
        await popupCta.click();
        expect((await events(page)).slice(before)).toEqual([
          { event: 'cta_click', section, cta_action: 'whatsapp', page_path: route },
        ]);
        sections.add(section);
      }
      // No click produced a second page view.
      expect((await events(page)).filter((e) => e.event === pageView).length).toBe(pageView ? 1 : 0);
    });
  }

  await test.step('every section name and page view of spec §7 was produced', async () => {
    // The sticky bar is for phones and tablets, the side button for desktops (spec §4).
    const notAtThisWidth = isPhone(page) ? 'SideWhatsAppCTA' : 'StickyWhatsAppCTA';
    expect(
      TRACK_SECTIONS.filter((name) => !sections.has(name)),
      'spec section names never clicked',
    ).toEqual([notAtThisWidth]);
    expect([...PAGE_VIEW_EVENTS].filter((name) => !pageViews.has(name))).toEqual([]);
    expect(eventNames).toEqual(new Set(['cta_click', 'whatsapp_click', 'recarga_cta']));
  });
});

test('with an analytics id, a click is still one data-layer event, and gtag.js gets the same event', async ({
  page,
}) => {
  await extraSitesReady();
  await routeGoogle(page);
  await page.goto(`${GA_BASE_URL}/recarga`);
  await page.getByRole('button', { name: 'Aceitar todos' }).click();
  const cta = page.locator('main a[data-track]').first();
  const section = (await cta.getAttribute('data-track'))!;
  await cta.click();
  const layer = await page.evaluate(() =>
    (window.dataLayer ?? []).map((e) =>
      Object.prototype.toString.call(e) === '[object Arguments]' ? Array.from(e as unknown as unknown[]) : e,
    ),
  );
  const objects = layer.filter((e) => !Array.isArray(e) && (e as Entry).event === 'recarga_cta');
  expect(objects).toEqual([{ event: 'recarga_cta', section, cta_action: 'whatsapp', page_path: '/recarga' }]);
  expect(layer.filter((e) => Array.isArray(e) && e[0] === 'event' && e[1] === 'recarga_cta')).toEqual([
    ['event', 'recarga_cta', { section, cta_action: 'whatsapp', page_path: '/recarga' }],
  ]);
});
