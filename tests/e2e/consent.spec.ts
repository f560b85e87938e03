/**
 * LGPD consent (issue 7): without an analytics id nothing leaves the site and no banner shows;
 * with one (the second test server, tests/servers/consent-preview.ts), Consent Mode v2 defaults come
 * first, the Google tag is requested only after a choice that allows it, the banner never covers
 * the chat buttons nor shifts the page, and the choice is remembered and changeable.
 */
import { axeWholePage, SITE_TAGS, violationList } from './axe.ts';
import { expect, test, type Locator, type Page } from './site-test.ts';
import { watchConsole } from './console.ts';
import { blockStorage } from './storage.ts';
import { answerChatLocally, extraSitesReady, GA_BASE_URL, GA_ID, routeGoogle } from './consent-helpers.ts';
import { isPhone, pageLaidOut } from './projects.ts';

type Entry = Record<string, unknown>;
/** The data layer with gtag's Arguments turned into arrays, so they can be compared. */
const dataLayer = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? []).map((e) =>
      Object.prototype.toString.call(e) === '[object Arguments]' ? Array.from(e as unknown as unknown[]) : e,
    ),
  ) as Promise<(Entry | unknown[])[]>;
const consentCommands = async (page: Page) =>
  (await dataLayer(page)).filter((e): e is unknown[] => Array.isArray(e) && e[0] === 'consent');

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function expectNotCovering(banner: Locator, target: Locator): Promise<void> {
  const a = (await banner.boundingBox())!;
  const b = (await target.boundingBox())!;
  expect(a && b, 'both visible').toBeTruthy();
  expect(overlaps(a, b), `banner ${JSON.stringify(a)} covers ${JSON.stringify(b)}`).toBe(false);
}

test.describe('without an analytics id (the committed _site.yaml)', () => {
  test('no banner, no cookie link, no request outside the site, and the data layer still records events', async ({
    page,
  }) => {
    // Its footer's chat link opens the messaging app in a new tab: answered locally.
    await answerChatLocally(page.context());
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith('http://127.0.0.1')) outside.push(r.url());
    });
    await page.goto('/agendamento');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.fg-consent')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Preferências de cookies' })).toHaveCount(0);
    expect(await page.evaluate(() => typeof window.gtag)).toBe('undefined');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    const events = (await dataLayer(page)) as Entry[];
    expect(events.map((e) => e.event)).toEqual(['agendamento_page']);
    await page
      .locator('footer')
      .getByRole('link', { name: /Falar no WhatsApp/ })
      .click();
    expect(((await dataLayer(page)) as Entry[]).map((e) => e.event)).toEqual([
      'agendamento_page',
      'whatsapp_click',
    ]);
    await expect(page.locator('footer nav').getByRole('link', { name: /Privacidade/ })).toHaveAttribute(
      'href',
      '/politica-de-privacidade',
    );
    expect(outside.filter((u) => !u.includes('api.whatsapp.com'))).toEqual([]);
  });
});

test.describe('with an analytics id', () => {
  test.use({ baseURL: GA_BASE_URL });
  test.beforeAll(extraSitesReady);

  test('defaults are denied before anything else; the tag is not requested before a choice', async ({
    page,
  }) => {
    const tag = await routeGoogle(page);
    await page.goto('/agendamento');
    const banner = page.getByRole('region', { name: 'Sua privacidade' });
    await expect(banner).toBeVisible();
    const layer = await dataLayer(page);
    expect(layer[0]).toEqual([
      'consent',
      'default',
      {
        ad_storage: 'denied',
        analytics_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        wait_for_update: 500,
      },
    ]);
    // The page view is queued for gtag.js as well as kept in the data layer as an object.
    expect(layer).toContainEqual(expect.objectContaining({ event: 'agendamento_page' }));
    expect(layer).toContainEqual([
      'event',
      'agendamento_page',
      expect.objectContaining({ page_path: '/agendamento' }),
    ]);
    await page.waitForLoadState('networkidle');
    expect(tag).toEqual([]);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    await expect(banner).toContainText('Política de Privacidade');
    await expect(banner.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute(
      'href',
      '/politica-de-privacidade',
    );
  });

  test('the banner covers no chat button and moves nothing on the page', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { __shift: number }).__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!e.hadRecentInput) (window as unknown as { __shift: number }).__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await routeGoogle(page);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/agendamento');
    const banner = page.getByRole('region', { name: 'Sua privacidade' });
    await expect(banner).toBeVisible();
    await page.waitForLoadState('networkidle');
    if (isPhone(page)) {
      const bar = page.locator('[data-behavior="stickyCta"] a[data-track="StickyWhatsAppCTA"]');
      await expect(bar).toBeVisible();
      await expectNotCovering(banner, bar);
      await page.getByRole('button', { name: 'Abrir menu' }).isVisible();
    } else {
      const side = page.locator('[data-behavior="sideChat"] a').first();
      await expect(side).toBeVisible();
      await expectNotCovering(banner, side);
    }
    const navChat = page.locator('header a[data-cta="whatsapp"]').first();
    if (await navChat.isVisible()) await expectNotCovering(banner, navChat);
    // The end of the page (the footer's chat link) can still be scrolled above the banner.
    const footerChat = page.locator('footer').getByRole('link', { name: /Falar no WhatsApp/ });
    await pageLaidOut(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expectNotCovering(banner, footerChat);
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01);
    const axe = await axeWholePage(page, { include: '.fg-consent', tags: ['wcag2a', 'wcag2aa'] });
    expect(axe.violations.map((v) => v.id)).toEqual([]);
  });

  test('accept: consent granted, the GA4 tag loads, the choice is remembered across pages', async ({
    page,
  }) => {
    const tag = await routeGoogle(page);
    await page.goto('/sodastream-t');
    await page.getByRole('button', { name: 'Aceitar todos' }).click();
    await expect(page.getByRole('region', { name: 'Sua privacidade' })).toBeHidden();
    await expect.poll(() => tag.length).toBe(1);
    expect(tag[0]).toBe(`https://www.googletagmanager.com/gtag/js?id=${GA_ID}`);
    expect(await page.evaluate(() => (window as unknown as { __googleTag?: number }).__googleTag)).toBe(1);
    expect((await consentCommands(page)).at(-1)).toEqual([
      'consent',
      'update',
      {
        analytics_storage: 'granted',
        ad_storage: 'granted',
        ad_user_data: 'granted',
        ad_personalization: 'granted',
      },
    ]);
    const layer = await dataLayer(page);
    expect(layer).toContainEqual(['config', GA_ID]);
    await page.goto('/agendamento');
    await expect(page.locator('.fg-consent')).toHaveCount(0);
    await expect.poll(() => tag.length).toBe(2);
    expect((await consentCommands(page)).map((c) => c[1])).toEqual(['default', 'update']);
  });

  test('reject: nothing is requested, now or on the next page', async ({ page }) => {
    const tag = await routeGoogle(page);
    await page.goto('/recarga');
    await page.getByRole('button', { name: 'Recusar' }).click();
    await expect(page.locator('.fg-consent')).toBeHidden();
    expect((await consentCommands(page)).at(-1)).toEqual([
      'consent',
      'update',
      {
        analytics_storage: 'denied',
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      },
    ]);
    await page.goto('/sodastream-m');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.fg-consent')).toHaveCount(0);
    expect(tag).toEqual([]);
  });

  test('choose: analytics only, with the keyboard; then changed from the footer link', async ({ page }) => {
    const tag = await routeGoogle(page);
    await page.goto('/sodastream-f');
    const banner = page.getByRole('region', { name: 'Sua privacidade' });
    const choose = banner.getByRole('button', { name: 'Escolher' });
    await expect(choose).toHaveAttribute('aria-expanded', 'false');
    await choose.focus();
    await page.keyboard.press('Enter');
    const analytics = banner.getByRole('checkbox', { name: /Métricas de uso/ });
    await expect(analytics).toBeFocused();
    await expect(banner.getByRole('checkbox', { name: /Anúncios/ })).not.toBeChecked();
    await page.keyboard.press('Space');
    await banner.getByRole('button', { name: 'Salvar escolhas' }).click();
    await expect(banner).toBeHidden();
    expect((await consentCommands(page)).at(-1)![2]).toEqual({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    await expect.poll(() => tag.length).toBe(1);

    // Reopen from the footer: the current choice is shown, focus moves into the banner.
    const link = page.locator('footer').getByRole('button', { name: 'Preferências de cookies' });
    await link.click();
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('heading', { name: 'Sua privacidade' })).toBeFocused();
    await expect(banner.getByRole('checkbox', { name: /Métricas de uso/ })).toBeChecked();
    await banner.getByRole('button', { name: 'Recusar' }).click();
    expect((await consentCommands(page)).at(-1)![2]).toMatchObject({ analytics_storage: 'denied' });
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('fillgasConsent')!))).toMatchObject({
      analytics: false,
      ads: false,
    });
    // Escape closes a reopened banner and gives focus back to the footer button.
    await link.click();
    // The banner opens asynchronously: wait for it, or Escape would land before it exists.
    await expect(banner.getByRole('heading', { name: 'Sua privacidade' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(banner).toBeHidden();
    await expect(link).toBeFocused();
  });

  test('the privacy policy page, with the banner open, has no axe violation', async ({ page }) => {
    await routeGoogle(page);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/politica-de-privacidade');
    await expect(page.getByRole('region', { name: 'Sua privacidade' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de Privacidade');
    for (const id of [
      'controlador',
      'dados-coletados',
      'finalidades-e-bases-legais',
      'cookies',
      'seus-direitos',
    ])
      await expect(page.locator(`#${id}`)).toBeAttached();
    await expect(page.locator('#controlador')).toContainText('CNPJ 00.000.000/0000-00');
    await expect(page.locator('#seus-direitos')).toContainText('contato@fillgas.example');
    const axe = await axeWholePage(page, { tags: SITE_TAGS });
    expect(violationList(axe)).toEqual([]);
  });

  test('every footer has the privacy link and the cookie preferences', async ({ page }) => {
    for (const route of ['/agendamento', '/recarregue', '/termos-de-uso', '/politica-de-privacidade']) {
      await page.goto(route);
      const footer = page.locator('footer');
      await expect(footer.getByRole('link', { name: /Privacidade/ }).first()).toHaveAttribute(
        'href',
        '/politica-de-privacidade',
      );
      await expect(footer.getByRole('button', { name: 'Preferências de cookies' })).toBeVisible();
    }
  });

  test('storage that throws: the banner still works for the page and the tag loads after accepting', async ({
    page,
  }) => {
    const consoleLog = watchConsole(page);
    await blockStorage(page);
    const tag = await routeGoogle(page);
    await page.goto('/agendamento');
    await page.getByRole('button', { name: 'Aceitar todos' }).click();
    await expect.poll(() => tag.length).toBe(1);
    await expect(page.locator('.fg-consent')).toBeHidden();
    await expect(page.locator('footer').getByRole('link', { name: /Falar no WhatsApp/ })).toHaveAttribute(
      'href',
      /api\.whatsapp\.com/,
    );
    expect(consoleLog.messages).toEqual([]);
  });

  test('a blocked Google tag (ad blocker, offline) breaks nothing', async ({ page }) => {
    await answerChatLocally(page.context());
    const consoleLog = watchConsole(page);
    await page.route(/googletagmanager\.com/, (route) => route.abort('blockedbyclient'));
    await page.goto('/agendamento');
    await page.getByRole('button', { name: 'Aceitar todos' }).click();
    await page.waitForLoadState('networkidle');
    await page
      .locator('footer')
      .getByRole('link', { name: /Falar no WhatsApp/ })
      .click();
    expect(((await dataLayer(page)) as Entry[]).filter((e) => e.event === 'whatsapp_click')).toHaveLength(1);
    expect(consoleLog.messages.filter((m) => !m.includes('ERR_BLOCKED_BY_CLIENT'))).toEqual([]);
  });
});
