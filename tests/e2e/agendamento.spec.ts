/** /agendamento against the built site: content, head, links, analytics and every timed behaviour (spec §2, §4, §7, §9). */
import { expect, test, type Page } from './site-test.ts';
import { answerChatLocally } from './consent-helpers.ts';
import { watchConsole } from './console.ts';
import { blockStorage } from './storage.ts';
import { advanceTo, popupHydrated } from './popup-clock.ts';
import { isPhone, onDesktop, onPhone, pageLaidOut } from './projects.ts';

const PHONE = '5511900000000';
const RECARGA = 'Olá! Gostaria de agendar a recarga do meu cilindro de CO2 com entrega em casa em São Paulo.';
const DUVIDAS = 'Olá! Tenho uma dúvida sobre o processo de recarga de CO2.';

const dataLayer = (page: Page) => page.evaluate(() => (window.dataLayer ?? []) as Record<string, unknown>[]);
const flag = (page: Page, key: string) => page.evaluate((k) => sessionStorage.getItem(k), key);

// The read-only checks of the page as it loads, on one load (a fresh context and a load cost about a
// second of CPU on the 2-core machine, decision 0044): each its own step, so a failure names it. The
// first screen's reveals are read first, right after the load; the one scroll comes last.
test('head, every chat link, content top to bottom and the reveals, on one load', async ({ page }) => {
  const consoleLog = watchConsole(page);
  await page.goto('/agendamento');
  await test.step('reveal never hides what the first screen shows', async () => {
    expect(await firstScreenHidden(page)).toEqual([]);
  });
  await test.step('head: title, description, canonical, robots and the two structured-data blocks', async () => {
    await expect(page).toHaveTitle(/Fillgás/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /R\$ 150/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://fillgas.example/agendamento',
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) =>
      JSON.parse(t),
    );
    expect(jsonLd.map((d) => d['@type'])).toEqual(['Service', 'FAQPage']);
    expect(JSON.stringify(jsonLd[0].areaServed)).toContain('São Paulo');
    // Spec §2: a three-question FAQPage, built from the faq block (structuredData: 3): the first
    // three of its nine visible questions, word for word.
    const questions = await page.locator('#duvidas button[aria-expanded]').allTextContents();
    expect(questions).toHaveLength(9);
    expect(jsonLd[1].mainEntity.map((q: { name: string }) => q.name)).toEqual(
      questions.slice(0, 3).map((q) => q.trim()),
    );
  });
  await test.step('every chat link carries the business number and the right message, in a new tab', async () => {
    const links = await page.locator('a[href*="api.whatsapp.com"]').evaluateAll((as) =>
      as.map((a) => ({
        href: a.getAttribute('href')!,
        target: a.getAttribute('target'),
        rel: a.getAttribute('rel'),
        text: a.textContent,
      })),
    );
    expect(links.length).toBeGreaterThanOrEqual(8);
    for (const link of links) {
      const url = new URL(link.href);
      expect(url.searchParams.get('phone')).toBe(PHONE);
      expect(link.target).toBe('_blank');
      expect(link.rel).toBe('noopener noreferrer');
      expect(url.searchParams.get('text'), link.text ?? '').toBe(
        /Tirar Dúvidas/.test(link.text ?? '') ? DUVIDAS : RECARGA,
      );
    }
    expect(links.filter((l) => /Tirar Dúvidas/.test(l.text ?? ''))).toHaveLength(1);
    await expect(page.locator(`footer a[href="tel:+${PHONE}"]`)).toBeAttached();
  });
  await test.step('content top to bottom, as spec §2 lists it', async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sodastream Refil fácil e rápido.');
    await expect(page.getByRole('link', { name: /Agendar agora/ })).toBeVisible();
    await expect(page.locator('main > section').first().getByText('+500 trocas por mês')).toBeVisible();
    await expect(page.locator('#como-funciona ol > li')).toHaveCount(3);
    await expect(page.locator('#beneficios h3')).toHaveCount(3);
    await expect(page.locator('#depoimentos blockquote, #depoimentos figure').first()).toBeAttached();
    await expect(page.locator('#comparativo tbody tr')).toHaveCount(4);
    await expect(page.locator('#duvidas button[aria-expanded]')).toHaveCount(9);
    await expect(page.getByRole('heading', { name: 'Ainda tem dúvidas?' })).toBeAttached();
    await expect(page.locator('#oferta')).toContainText('R$ 350');
    await expect(page.locator('#oferta')).toContainText('R$ 150');
    await expect(page.locator('#oferta s, #oferta del')).toContainText('R$ 350');
    await expect(page.locator('#credibilidade')).toContainText('Por que nos escolher');
    await expect(page.locator('footer')).toContainText('Barueri, SP');
    await expect(page.locator('footer details')).toHaveCount(3);
    await expect(page.locator('[data-current-year]')).toHaveText(String(new Date().getFullYear()));
    await pageLaidOut(page);
    const order = await page.evaluate(() =>
      ['como-funciona', 'beneficios', 'depoimentos', 'comparativo', 'duvidas', 'oferta', 'credibilidade'].map(
        (id) => document.getElementById(id)!.getBoundingClientRect().top + window.scrollY,
      ),
    );
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(consoleLog.messages).toEqual([]);
  });
  await test.step('reveal on scroll marks elements active near the viewport bottom', async () => {
    const target = page.locator('#credibilidade [data-reveal]').first();
    await expect(target).not.toHaveClass(/active/);
    await target.scrollIntoViewIfNeeded();
    await expect(target).toHaveClass(/active/);
  });
});

test('page view and click events reach the data layer', async ({ page }) => {
  // Its chat links open the messaging app in a new tab: answered locally.
  await answerChatLocally(page.context());
  await page.goto('/agendamento');
  await expect
    .poll(() => dataLayer(page))
    .toContainEqual(expect.objectContaining({ event: 'agendamento_page' }));
  const [chat] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: /Agendar agora/ }).click(),
  ]);
  await chat.close();
  expect(await dataLayer(page)).toContainEqual(
    expect.objectContaining({ event: 'cta_click', section: 'HeroSectionT' }),
  );
  const footerChat = page.locator('footer a[data-track-footer]');
  const [chat2] = await Promise.all([page.waitForEvent('popup'), footerChat.click()]);
  await chat2.close();
  expect(await dataLayer(page)).toContainEqual(
    expect.objectContaining({
      event: 'whatsapp_click',
      event_category: 'Contato',
      event_action: 'WhatsApp Click',
    }),
  );
});

test('navbar: anchors scroll to their sections, the bar turns solid after 20 px', async ({ page }) => {
  await page.goto('/agendamento');
  const header = page.locator('header').first();
  await expect(header.locator('[data-scrolled]')).toHaveCount(0);
  if (isPhone(page)) {
    const toggle = page.getByRole('button', { name: 'Abrir menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Fechar menu' })).toHaveAttribute('aria-expanded', 'true');
  }
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Dúvidas Comuns' })
    .click();
  // Smooth scrolling: wait until the section has arrived under the sticky bar.
  await expect
    .poll(() =>
      page.evaluate(() => Math.round(document.getElementById('duvidas')!.getBoundingClientRect().top)),
    )
    .toBeLessThan(120);
  // …and until it has stopped: an instant scroll during the smooth one may not cancel it.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const y = scrollY;
        return new Promise<boolean>((r) => setTimeout(() => r(scrollY === y), 150));
      }),
    )
    .toBe(true);
  if (isPhone(page))
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('[data-scrolled="true"]')).toHaveCount(1);
  await page.evaluate(() => window.scrollTo({ top: 10, behavior: 'instant' }));
  await expect(page.locator('[data-scrolled="true"]')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo({ top: 30, behavior: 'instant' }));
  await expect(page.locator('[data-scrolled="true"]')).toHaveCount(1);
});

test('FAQ: one answer open at a time; clicking the open one closes it', async ({ page }) => {
  await page.goto('/agendamento');
  const buttons = page.locator('#duvidas button[aria-expanded]');
  const first = buttons.nth(0);
  const second = buttons.nth(1);
  await first.scrollIntoViewIfNeeded();
  await expect(page.locator('[data-behavior="faq"]')).toHaveAttribute('data-enhanced', 'true');
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  const panel = page.locator(`#${await first.getAttribute('aria-controls')}`);
  await expect(panel).toBeVisible();
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toBeHidden();
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('#duvidas button[aria-expanded="true"]')).toHaveCount(0);
});

test.describe('timed behaviours (fake clock)', () => {
  test('offer popup: opens at 30 s, Escape closes it and it stays closed for the session', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/agendamento');
    await popupHydrated(page);
    await advanceTo(page, 29_000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.clock.runFor(1_500);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('PRIMEIRA5');
    await expect(dialog).toContainText('R$ 150');
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')))
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await flag(page, 'hasClosedPopup')).toBe('true');
    await page.reload();
    await page.clock.runFor(31_000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('offer popup: its chat button records OfferPopupT and closes it', async ({ page }) => {
    await answerChatLocally(page.context());
    await page.clock.install();
    await page.goto('/agendamento');
    await popupHydrated(page);
    await advanceTo(page, 30_500);
    const cta = page.getByRole('dialog').getByRole('link', { name: /Agendar pelo WhatsApp/ });
    const [chat] = await Promise.all([page.waitForEvent('popup'), cta.click()]);
    await chat.close();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await dataLayer(page)).toContainEqual(
      expect.objectContaining({ event: 'cta_click', section: 'OfferPopupT' }),
    );
  });

  for (const query of ['?gclid=abc123', '?utm_source=google&utm_medium=cpc']) {
    test(`offer popup: never shown to paid-ad visitors (${query})`, async ({ page }) => {
      await page.clock.install();
      await page.goto(`/agendamento${query}`);
      await page.clock.runFor(40_000);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.locator('[data-island="popup"]')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  // Skipped on the phone before its context and page are made (projects.ts, onPhone).
  test.describe(() => {
    test.skip(onPhone, 'desktop only');
    test('side chat button (desktop): expanded, collapses after 4 s, starts collapsed next time, hover expands', async ({
      page,
    }) => {
      await page.clock.install();
      await page.goto('/agendamento');
      const side = page.locator('[data-behavior="sideChat"] [data-collapsed]');
      await expect(page.locator('[data-behavior="sideChat"]')).toHaveAttribute('data-enhanced', 'true');
      await expect(side).toHaveAttribute('data-collapsed', 'false');
      await expect(page.getByText('Agende sua recarga agora!')).toBeVisible();
      await page.clock.runFor(4_100);
      await expect(side).toHaveAttribute('data-collapsed', 'true');
      expect(await flag(page, 'sideWhatsCollapsed')).toBe('true');
      await page.reload();
      await expect(page.locator('[data-behavior="sideChat"]')).toHaveAttribute('data-enhanced', 'true');
      await expect(side).toHaveAttribute('data-collapsed', 'true');
      await side.hover();
      await expect(side).toHaveAttribute('data-collapsed', 'false');
      await page.mouse.move(10, 400);
      await expect(side).toHaveAttribute('data-collapsed', 'true');
    });
  });
});

// The phone's sticky bar: skipped on the desktop before a context and page are made (projects.ts).
test.describe(() => {
  test.skip(onDesktop, 'phone only');

  test('sticky chat bar (phone): close hides it and it stays hidden for the session', async ({ page }) => {
    await page.goto('/agendamento');
    const bar = page.getByRole('complementary', { name: 'Barra do WhatsApp' });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: /Agendar/ })).toHaveAttribute(
      'data-track',
      'StickyWhatsAppCTA',
    );
    await expect(page.locator('[data-behavior="stickyCta"]')).toHaveAttribute('data-enhanced', 'true');
    await page.getByRole('button', { name: 'Fechar barra do WhatsApp' }).click();
    await expect(bar).toBeHidden();
    await expect(page.locator('[data-sticky-spacer]')).toBeHidden();
    expect(await flag(page, 'stickyWhatsDismissed')).toBe('true');
    await page.reload();
    await expect(page.locator('[data-behavior="stickyCta"]')).toHaveAttribute('data-enhanced', 'true');
    await expect(page.getByRole('complementary', { name: 'Barra do WhatsApp' })).toBeHidden();
    // Hidden from first paint, not only once its behaviour runs: with that code blocked it still never shows.
    await page.route(/\/assets\/stickyCta\.behavior-[^/]+\.js$/, (route) => route.abort());
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/flag-stickyWhatsDismissed/);
    await expect(page.locator('[data-behavior="stickyCta"]')).not.toHaveAttribute('data-enhanced');
    await expect(page.getByRole('complementary', { name: 'Barra do WhatsApp' })).toBeHidden();
  });

  test('sticky chat bar (phone): on screen from the first paint, it moves nothing; the end of the page stays above it', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __stickyShifts: string[] };
      w.__stickyShifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { sources?: { node?: Node }[] }[])
          for (const source of e.sources ?? []) {
            const node = source.node instanceof Element ? source.node : source.node?.parentElement;
            if (node?.closest('[data-behavior="stickyCta"]'))
              w.__stickyShifts.push(node.outerHTML.slice(0, 80));
          }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/agendamento');
    const bar = page.getByRole('complementary', { name: 'Barra do WhatsApp' });
    await expect(bar).toBeVisible();
    await expect(page.locator('[data-behavior="stickyCta"]')).toHaveAttribute('data-enhanced', 'true');
    await pageLaidOut(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The footer's last line ends above the bar, and the bar covers the whole width at the bottom.
    const footer = await page.locator('footer').last().boundingBox();
    const box = await bar.boundingBox();
    const viewport = page.viewportSize()!;
    expect(Math.round(box!.y + box!.height)).toBe(viewport.height);
    expect(box!.width).toBe(viewport.width);
    expect(footer!.y + footer!.height).toBeLessThanOrEqual(box!.y + 1);
    await page.waitForTimeout(300);
    expect(
      await page.evaluate(() => (window as unknown as { __stickyShifts: string[] }).__stickyShifts),
    ).toEqual([]);
  });

  test('sticky chat bar (phone): closes even when storage throws', async ({ page }) => {
    await blockStorage(page, 'calls');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/agendamento');
    const bar = page.getByRole('complementary', { name: 'Barra do WhatsApp' });
    await expect(bar).toBeVisible();
    await expect(page.locator('[data-behavior="stickyCta"]')).toHaveAttribute('data-enhanced', 'true');
    await page.getByRole('button', { name: 'Fechar barra do WhatsApp' }).click();
    await expect(bar).toBeHidden();
    expect(errors).toEqual([]);
  });
});

test('storage that throws breaks nothing: popup, bar and links still work', async ({ page }) => {
  await blockStorage(page, 'calls');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.clock.install();
  await page.goto('/agendamento');
  await popupHydrated(page);
  await advanceTo(page, 30_500);
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('button', { name: 'Fechar oferta' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Agendar agora/ })).toHaveAttribute(
    'href',
    /api\.whatsapp\.com/,
  );
  expect(errors).toEqual([]);
});

/**
 * The revealed elements the first screen shows that are still hidden (none should be): waits for
 * the reveals to be switched on (html.reveal-on), then reads every [data-reveal] on the screen.
 */
async function firstScreenHidden(page: Page): Promise<string[]> {
  await expect(page.locator('html')).toHaveClass(/reveal-on/);
  return page.evaluate(() => {
    const mode = document.documentElement.dataset.reveal;
    const limit = mode === 'offset' ? innerHeight - 150 : innerHeight;
    return [...document.querySelectorAll('[data-reveal]')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        // "intersection" mode needs 10% of the element visible; "offset" its top above the limit.
        const visible = Math.min(r.bottom, limit) - Math.max(r.top, 0);
        return mode === 'offset' ? r.top < limit && r.bottom > 0 : visible >= 0.1 * r.height;
      })
      .filter((el) => !el.classList.contains('active'))
      .map((el) => el.outerHTML.slice(0, 80));
  });
}

// /agendamento's is a step of the one-load test above.
test('reveal never hides what the first screen shows (/sodastream-f)', async ({ page }) => {
  await page.goto('/sodastream-f');
  expect(await firstScreenHidden(page)).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('every word is readable: FAQ answers, offer, credibility', async ({ page }) => {
    await page.goto('/agendamento');
    await expect(page.locator('html')).not.toHaveClass(/reveal-on/);
    const firstPanel = page.locator(
      `#${await page.locator('#duvidas button[aria-expanded]').first().getAttribute('aria-controls')}`,
    );
    await expect(firstPanel).toBeVisible();
    await expect(page.locator('#credibilidade')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test('reduced motion: no reveal animation', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/agendamento');
  await expect(page.locator('#credibilidade')).toBeAttached();
  await expect(page.locator('html')).not.toHaveClass(/reveal-on/);
  await context.close();
});
