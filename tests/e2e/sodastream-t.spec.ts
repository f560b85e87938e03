/**
 * /sodastream-t and /recarrega-site against the built site: the shared sections, the shared header's anchors,
 * analytics names (…T and …C), the paid-ad rule, head data, chat links, layout at 375 px and axe (spec §1, §2, §4, §7).
 */
import { readFileSync } from 'node:fs';
import { axeWholePage, SITE_TAGS, violationList } from './axe.ts';
import { ANY_VIEWPORT, expect, reduceTransparency, test, type Page } from './site-test.ts';
import { parse } from 'yaml';
import { answerChatLocally } from './consent-helpers.ts';
import { watchConsole } from './console.ts';
import { allowPerRoute, noteStorageAtStart, visitFresh } from './one-page.ts';
import { isPhone, pageLaidOut, pageStarted } from './projects.ts';

// The business number and messages live only in pages/_site.yaml: read them from there.
const site = parse(readFileSync(new URL('../../pages/_site.yaml', import.meta.url), 'utf8')) as {
  origin: string;
  phone: string;
  messages: { recarga: string; duvidas: string };
};

const T = '/sodastream-t';
const C = '/recarrega-site';
const SECTIONS = ['sobre', 'tecnologia', 'experiencia', 'pre-lancamento'];

const dataLayer = (page: Page) => page.evaluate(() => (window.dataLayer ?? []) as Record<string, unknown>[]);
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** /recarrega-site: Service and FAQPage JSON-LD, the FAQ matching the visible one. */
async function recarregaSiteJsonLd(page: Page): Promise<void> {
  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (t) =>
      JSON.parse(t) as Record<string, unknown> & {
        mainEntity?: { name: string; acceptedAnswer: { text: string } }[];
      },
  );
  expect(jsonLd.map((d) => d['@type'])).toEqual(['Service', 'FAQPage']);
  expect(JSON.stringify(jsonLd[0]!.areaServed)).toContain('São Paulo');
  const questions = (await page.locator('#duvidas button[aria-expanded]').allTextContents()).map((t) =>
    t.trim(),
  );
  expect(jsonLd[1]!.mainEntity!.map((q) => q.name)).toEqual(questions);
  const answers = await page
    .locator('#duvidas button[aria-expanded]')
    .evaluateAll((bs) =>
      bs.map((b) =>
        document.getElementById(b.getAttribute('aria-controls')!)!.textContent!.replace(/\s+/g, ' ').trim(),
      ),
    );
  expect(jsonLd[1]!.mainEntity!.map((q) => q.acceptedAnswer.text.replace(/\u00a0/g, ' '))).toEqual(
    answers.map((a) => a.replace(/\u00a0/g, ' ')),
  );
}

/** /sodastream-t: no structured data of its own. */
async function sodastreamTJsonLd(page: Page): Promise<void> {
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
}

const structuredData: Record<string, [string, (page: Page) => Promise<void>]> = {
  [T]: ['no structured data of its own', sodastreamTJsonLd],
  [C]: ['Service and FAQPage JSON-LD, the FAQ matching the visible one', recarregaSiteJsonLd],
};

test("the home page's 'Agendar Recarga' leads to /sodastream-t", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Agendar Recarga' }).click();
  await expect(page).toHaveURL(new RegExp(`${T}/?$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('sem sair de casa');
});

for (const route of [T, C]) {
  // The read-only checks of the page as it loads, on one load (a fresh context and a load cost about a
  // second of CPU on the 2-core machine, decision 0044): each its own step, so a failure names it.
  test(`${route}: canonical, title and description; every chat link; structured data; the shared sections in order, on one load`, async ({
    page,
  }) => {
    const consoleLog = watchConsole(page);
    await page.goto(route);
    await test.step('canonical, title and description', async () => {
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site.origin}${route}`);
      await expect(page).toHaveTitle(/Fillgás/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /CO2/);
    });
    await test.step('every chat link carries the business number and the right message', async () => {
      const links = await page.locator('a[href*="api.whatsapp.com"]').evaluateAll((as) =>
        as.map((a) => ({
          href: a.getAttribute('href')!,
          text: a.textContent ?? '',
          track: a.getAttribute('data-track'),
        })),
      );
      expect(links.length).toBeGreaterThanOrEqual(7);
      for (const link of links) {
        const url = new URL(link.href);
        expect(url.origin + url.pathname).toBe('https://api.whatsapp.com/send');
        expect(url.searchParams.get('phone'), link.text).toBe(site.phone);
        expect(url.searchParams.get('text'), link.text).toBe(
          /Tirar dúvidas/.test(link.text) ? site.messages.duvidas : site.messages.recarga,
        );
      }
      expect(links.filter((l) => /Tirar dúvidas/.test(l.text))).toHaveLength(1);
      // Call-to-action buttons (not the footer's plain Contato link) open in a new tab.
      for (const a of await page.locator('a[data-cta="whatsapp"]').all()) {
        await expect(a).toHaveAttribute('target', '_blank');
        await expect(a).toHaveAttribute('rel', 'noopener noreferrer');
      }
    });
    const [name, check] = structuredData[route]!;
    await test.step(name, () => check(page));
    await test.step("the shared sections in order, with the spec's claims", async () => {
      await pageLaidOut(page);
      const order = await page.evaluate(() =>
        [
          'sobre',
          'beneficios',
          'tecnologia',
          'experiencia',
          'depoimentos',
          'pagamento',
          'duvidas',
          'agendar',
          'pre-lancamento',
        ].map((id) => document.getElementById(id)!.getBoundingClientRect().top + window.scrollY),
      );
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      await expect(page.locator('#sobre')).toContainText('na mesma visita');
      await expect(page.locator('#sobre')).toContainText('60\u00a0L');
      await expect(page.locator('#sobre')).toContainText('atendente');
      await expect(page.locator('#beneficios h3')).toHaveText([
        'Economia',
        'Qualidade',
        'Comodidade em 24 horas',
      ]);
      await expect(page.locator('#tecnologia ol > li h3')).toContainText([
        'Inspeção visual',
        'Teste de pressão inicial',
        'Recarga dosada',
        'Teste eletrônico de vazamento',
        'Conferência final de pressão e peso',
      ]);
      await expect(page.locator('#tecnologia')).toContainText('99,9%');
      await expect(page.locator('#experiencia ol > li')).toHaveCount(3);
      await expect(page.locator('#depoimentos')).toContainText('4,8/5');
      await expect(page.locator('#pagamento h3')).toHaveText(['PIX', 'Cartão de crédito']);
      await expect(page.locator('#pre-lancamento')).toContainText('Em breve · Lançamento 2025');
      await expect(page.locator('#pre-lancamento a')).toHaveCount(0);
      await expect(page.locator('#pre-lancamento[data-muted]')).toHaveCount(1);
      // The footer's formerly dead links (Sobre, Privacidade, Termos, Contato) go somewhere real.
      const footerLinks = page.locator('footer nav a');
      await expect(footerLinks.getByText('Sobre', { exact: true })).toHaveAttribute('href', '#sobre');
      await expect(footerLinks.getByText('Privacidade')).toHaveAttribute('href', '/politica-de-privacidade');
      await expect(footerLinks.getByText('Termos', { exact: true })).toHaveAttribute(
        'href',
        '/termos-de-uso',
      );
      await expect(footerLinks.getByText('Contato')).toHaveAttribute('href', /api\.whatsapp\.com/);
      await page.waitForLoadState('networkidle');
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      expect(consoleLog.messages).toEqual([]);
    });
  });

  test(`${route}: axe finds no violations`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(route);
    await pageStarted(page);
    const results = await axeWholePage(page, { tags: SITE_TAGS });
    expect(violationList(results)).toEqual([]);
  });
}

test('/sodastream-t: the shared header renders #ids and scrolls to each section', async ({ page }) => {
  await page.goto(T);
  await expect(page.locator('[data-behavior="navbar"]')).toHaveAttribute('data-enhanced', 'true');
  const openMenu = async () => {
    if (isPhone(page)) await page.getByRole('button', { name: 'Abrir menu' }).click();
  };
  await openMenu();
  const hrefs = await menu(page)
    .locator('a[href^="#"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(SECTIONS.map((id) => `#${id}`));
  for (const [i, id] of SECTIONS.entries()) {
    if (i > 0) await openMenu();
    await menu(page).locator(`a[href="#${id}"]`).click();
    await expect
      .poll(() =>
        page.evaluate((s) => Math.round(document.getElementById(s)!.getBoundingClientRect().top), id),
      )
      .toBeLessThan(120);
    expect(
      await page.evaluate((s) => document.getElementById(s)!.getBoundingClientRect().bottom, id),
    ).toBeGreaterThan(0);
    await expect(page).toHaveURL(new RegExp(`${T}/?#${id}$`));
    if (isPhone(page))
      await expect(page.getByRole('button', { name: 'Abrir menu' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
  }
});

// The rest of the site's specs ask for less transparency (site-test.ts): this one sees the header as
// visitors normally do, on both projects, and then as a visitor who asks for less transparency.
test.describe(() => {
  test.use({ reducedTransparency: false });
  test('/sodastream-t: the shared header is transparent at the top, frosted once scrolled past its threshold; opaque for a visitor who asks for less transparency', async ({
    page,
  }) => {
    await page.goto(T);
    await expect(page.locator('[data-behavior="navbar"]')).toHaveAttribute('data-enhanced', 'true');
    const header = page.locator('header[data-solid-after]');
    const past = Number(await header.getAttribute('data-solid-after')) + 20;
    const look = () =>
      header.evaluate((el) => {
        const style = getComputedStyle(el);
        return {
          background: style.backgroundColor,
          border: style.borderBottomColor,
          backdrop: style.backdropFilter,
        };
      });
    const transparent = { background: 'rgba(0, 0, 0, 0)', border: 'rgba(0, 0, 0, 0)', backdrop: 'none' };
    expect(await look()).toEqual(transparent);
    const scrollTo = (top: number) =>
      page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
    await scrollTo(past);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    // Its colours ease in (a short transition): polled until they have arrived.
    await expect.poll(look).toEqual({
      background: 'rgba(255, 255, 255, 0.86)',
      border: 'rgba(226, 232, 240, 0.7)',
      backdrop: 'saturate(1.8) blur(12px)',
    });
    await scrollTo(0);
    await expect(header).not.toHaveAttribute('data-scrolled');
    await expect.poll(look).toEqual(transparent);
    // The visitor's system asks for less transparency: the same bar, opaque, nothing blurred behind it.
    await reduceTransparency(page);
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-transparency: reduce)').matches)).toBe(
      true,
    );
    await scrollTo(past);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect
      .poll(look)
      .toEqual({ background: 'rgb(255, 255, 255)', border: 'rgb(226, 232, 240)', backdrop: 'none' });
  });
});

test('/termos-de-uso: the shared header points to /sodastream-t#…, and the link lands on the section', async ({
  page,
}) => {
  await page.goto('/termos-de-uso');
  await expect(page.locator('[data-behavior="navbar"]')).toHaveAttribute('data-enhanced', 'true');
  if (isPhone(page)) await page.getByRole('button', { name: 'Abrir menu' }).click();
  const hrefs = await menu(page)
    .locator('a')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs.filter((h) => h?.startsWith(`${T}#`))).toEqual(SECTIONS.map((id) => `${T}#${id}`));
  await page.goto(`${T}#tecnologia`);
  await expect
    .poll(() =>
      page.evaluate(() => Math.round(document.getElementById('tecnologia')!.getBoundingClientRect().top)),
    )
    .toBeLessThan(120);
});

test('/sodastream-t: page view and click events carry the …T names', async ({ page }) => {
  // Its chat links open the messaging app in a new tab: answered locally.
  await answerChatLocally(page.context());
  await page.goto(T);
  await expect
    .poll(() => dataLayer(page))
    .toContainEqual(expect.objectContaining({ event: 'sodastream_t_page' }));
  const tracks = await page
    .locator('a[data-track]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('data-track')));
  expect(new Set(tracks)).toEqual(
    new Set(['NavbarT', 'HeroSectionT', 'HowItWorksSectionT', 'FAQSectionT', 'CTASectionT', 'Footer']),
  );
  for (const name of [/Agendar recarga/, /Agendar pelo WhatsApp/]) {
    const link = page.locator('main').getByRole('link', { name }).first();
    const [chat] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await chat.close();
  }
  const events = await dataLayer(page);
  expect(events).toContainEqual(expect.objectContaining({ event: 'cta_click', section: 'HeroSectionT' }));
  expect(events).toContainEqual(expect.objectContaining({ event: 'cta_click', section: 'CTASectionT' }));
  expect(events.filter((e) => e.event === 'recarga_site_page')).toEqual([]);
});

test('/recarrega-site: page view and click events carry the …C names', async ({ page }) => {
  // Its chat links open the messaging app in a new tab: answered locally.
  await answerChatLocally(page.context());
  await page.goto(C);
  await expect
    .poll(() => dataLayer(page))
    .toContainEqual(expect.objectContaining({ event: 'recarga_site_page' }));
  const tracks = await page
    .locator('a[data-track]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('data-track')));
  expect(new Set(tracks)).toEqual(new Set(['NavbarC', 'CTASectionC', 'Footer']));
  await expect(page.locator('[data-behavior="navbar"]')).toHaveAttribute('data-enhanced', 'true');
  if (isPhone(page)) await page.getByRole('button', { name: 'Abrir menu' }).click();
  const navCta = page.locator('header a[data-track="NavbarC"]:visible').first();
  const [chat] = await Promise.all([page.waitForEvent('popup'), navCta.click()]);
  await chat.close();
  const finalCta = page.locator('#agendar').getByRole('link', { name: /Agendar pelo WhatsApp/ });
  const [chat2] = await Promise.all([page.waitForEvent('popup'), finalCta.click()]);
  await chat2.close();
  const events = await dataLayer(page);
  expect(events).toContainEqual(expect.objectContaining({ event: 'cta_click', section: 'NavbarC' }));
  expect(events).toContainEqual(expect.objectContaining({ event: 'cta_click', section: 'CTASectionC' }));
});

test.describe('paid-ad rule on /recarrega-site', () => {
  // Each address a fresh load as a first visit, one after the other on one page (one-page.ts).
  test('hides #pre-lancamento for paid traffic only, and only on /recarrega-site', async ({ page }) => {
    allowPerRoute(5, 30_000);
    await noteStorageAtStart(page);
    for (const query of ['?gclid=abc123', '?utm_source=google&utm_medium=cpc']) {
      await test.step(`hides #pre-lancamento for ${query}`, async () => {
        const consoleLog = watchConsole(page);
        await visitFresh(page, `${C}${query}`);
        await expect(page.locator('[data-behavior="navbar"]')).toHaveAttribute('data-enhanced', 'true');
        await expect(page.locator('#pre-lancamento')).toHaveCount(0);
        await expect(page.locator('#agendar')).toBeVisible();
        await expect(page.locator('footer')).toBeVisible();
        expect(consoleLog.messages).toEqual([]);
      });
    }

    for (const query of ['', '?utm_source=facebook']) {
      await test.step(`shows #pre-lancamento for "${query}"`, async () => {
        await visitFresh(page, `${C}${query}`);
        await expect(page.locator('[data-behavior="navbar"]')).toHaveAttribute('data-enhanced', 'true');
        await page.locator('#pre-lancamento').scrollIntoViewIfNeeded();
        await expect(page.locator('#pre-lancamento')).toBeVisible();
      });
    }

    await test.step('does not apply to /sodastream-t', async () => {
      await visitFresh(page, `${T}?gclid=abc123`);
      await expect(page.locator('[data-behavior="navbar"]')).toHaveAttribute('data-enhanced', 'true');
      await expect(page.locator('#pre-lancamento')).toHaveCount(1);
    });
  });

  // The served HTML, read with no script and no layout: one project is enough (ANY_VIEWPORT).
  test(
    'without JavaScript the section is in the HTML (the rule needs the page script)',
    { tag: ANY_VIEWPORT },
    async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(C);
      await expect(page.locator('[data-hide-for="paidTraffic"] #pre-lancamento')).toHaveCount(1);
      await context.close();
    },
  );
});
