/** /sodastream-m, /sodastream-f and /recarga against the built site: head, content, links, analytics (spec §2, §7). */
import { axeWholePage, SITE_TAGS, violationList } from './axe.ts';
import { expect, test, type Page } from './site-test.ts';
import { answerChatLocally } from './consent-helpers.ts';
import { watchConsole } from './console.ts';
import { allowPerRoute, noteStorageAtStart, visitFresh } from './one-page.ts';
import { isPhone, pageLaidOut } from './projects.ts';

const PHONE = '5511900000000';
const RECARGA = 'Olá! Gostaria de agendar a recarga do meu cilindro de CO2 com entrega em casa em São Paulo.';
const ORIGIN = 'https://fillgas.example';

const dataLayer = (page: Page) => page.evaluate(() => (window.dataLayer ?? []) as Record<string, unknown>[]);

interface PageCase {
  path: string;
  pageView: string;
  clickEvent: string;
  title: RegExp;
  description: RegExp;
  /** Every tracked call to action: the section name and a link inside it. */
  ctas: { track: string; scope?: string }[];
}

const pages: PageCase[] = [
  {
    path: '/sodastream-m',
    pageView: 'sodastream_m_page',
    clickEvent: 'cta_click',
    title: /SodaStream e Compatíveis \| Fillgás$/,
    description: /R\$ 150 contra R\$ 350/,
    ctas: [{ track: 'HeroSectionM' }, { track: 'CTASectionM' }],
  },
  {
    path: '/sodastream-f',
    pageView: 'sodastream_f_page',
    clickEvent: 'cta_click',
    title: /Entrega em Casa \| Fillgás$/,
    description: /a partir de R\$ 150/,
    ctas: [
      { track: 'NavbarF' },
      { track: 'HeroSectionF' },
      { track: 'CTASectionF_primary' },
      { track: 'CTASectionF_secondary' },
      { track: 'CustomerSupportF' },
      { track: 'CTASectionF_final' },
      { track: 'FinalReinforcementF' },
    ],
  },
  {
    path: '/recarga',
    pageView: 'recarga_page',
    clickEvent: 'recarga_cta',
    title: /Troca em Casa \| Fillgás$/,
    description: /R\$ 150/,
    ctas: [{ track: 'RecargaHero' }, { track: 'RecargaSteps' }],
  },
];

/** Title, description, canonical and one h1; the page view reaches the data layer. */
async function headAndPageView(page: Page, p: PageCase): Promise<void> {
  await expect(page).toHaveTitle(p.title);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', p.description);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${ORIGIN}${p.path}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect.poll(() => dataLayer(page)).toContainEqual(expect.objectContaining({ event: p.pageView }));
}

/** Every chat link: the business number and the recarga message; every button opens a new tab. */
async function chatLinks(page: Page, p: PageCase): Promise<void> {
  const links = await page.locator('a[href*="api.whatsapp.com"]').evaluateAll((as) =>
    as.map((a) => ({
      href: a.getAttribute('href')!,
      target: a.getAttribute('target'),
      footerLink: !!a.closest('footer nav'),
      text: a.textContent,
    })),
  );
  expect(links.length).toBeGreaterThanOrEqual(p.ctas.length);
  for (const link of links) {
    const url = new URL(link.href);
    expect(url.searchParams.get('phone'), link.text ?? '').toBe(PHONE);
    expect(url.searchParams.get('text'), link.text ?? '').toBe(RECARGA);
    // The footer's plain "Contato" link is an ordinary link; every button opens a new tab.
    if (!link.footerLink) expect(link.target, link.text ?? '').toBe('_blank');
  }
}

/** The footer's links go somewhere real, the privacy page included. */
async function footerLinks(page: Page): Promise<void> {
  const nav = page.locator('footer nav');
  await expect(nav.getByRole('link', { name: 'Sobre a Fillgás' })).toHaveAttribute(
    'href',
    '/sodastream-t#sobre',
  );
  await expect(nav.getByRole('link', { name: 'Privacidade' })).toHaveAttribute(
    'href',
    '/politica-de-privacidade',
  );
  await expect(nav.getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute('href', '/termos-de-uso');
  await expect(nav.getByRole('link', { name: 'Contato' })).toHaveAttribute('href', /api\.whatsapp\.com/);
  const privacy = await page.request.get('/politica-de-privacidade');
  expect(privacy.status()).toBe(200);
  expect(await privacy.text()).toContain('id="seus-direitos"');
}

/** /recarga: the decorative stats show the spec figures as given; sections in order. */
async function recargaContent(page: Page): Promise<void> {
  await expect(page.locator('#numeros li')).toHaveText([
    /99%\s+de precisão/,
    /60\s+dias\s+de janela/,
    /40%\s+de ROI/,
    /5x\s+mais conversões/,
    /2\.847\s+conversões/,
  ]);
  await expect(page.locator('#beneficios h3')).toHaveCount(6);
  await expect(page.locator('#como-funciona ol > li')).toHaveCount(3);
  await expect(page.locator('#depoimentos figure, #depoimentos blockquote').first()).toBeAttached();
  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) =>
    JSON.parse(t),
  );
  expect(jsonLd.map((d) => d['@type'])).toEqual(['Service']);
  expect(JSON.stringify(jsonLd[0].areaServed)).toContain('Grande São Paulo');
  // The centered-logo-only bar: no menu, no anchors.
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0);
}

/** /sodastream-m: specifications, three-way comparison, 4 steps, 4 guarantees, 6 technical questions. */
async function sodastreamMContent(page: Page): Promise<void> {
  const specs = page.locator('#especificacoes dl');
  await expect(specs.locator('dt')).toHaveCount(7);
  await expect(specs).toContainText('99,9%');
  await expect(specs).toContainText(/Cilindro padrão de 60\s+L/);
  const table = page.locator('#comparativo table');
  await expect(table.locator('thead th')).toContainText([
    'Cilindro novo',
    'Recarga Fillgás',
    'Água engarrafada',
  ]);
  await expect(table.locator('tbody tr').first()).toContainText(/R\$\s+350/);
  await expect(table.locator('tbody tr').first()).toContainText(/R\$\s+150/);
  await expect(table.locator('tbody tr').first()).toContainText(/R\$\s+200\/mês/);
  await expect(page.locator('#como-funciona ol > li')).toHaveCount(4);
  await expect(page.locator('#garantias h3')).toHaveCount(4);
  await expect(page.locator('#faq button[aria-expanded]')).toHaveCount(6);
  await expect(page.locator('#depoimentos figure, #depoimentos blockquote').first()).toBeAttached();
}

/** /sodastream-f: sections, payment reading, support hours, reviews, 5 questions. */
async function sodastreamFContent(page: Page): Promise<void> {
  await expect(page.locator('#como-funciona ol > li')).toHaveCount(3);
  await expect(page.locator('#pagamento')).toContainText(
    'Somente entrando em contato com o nosso suporte, pelo WhatsApp ou por telefone.',
  );
  await expect(page.locator('#garantias h3')).toHaveCount(4);
  await expect(page.locator('#atendimento')).toContainText('Segunda a sábado, das 8h às 20h');
  await expect(page.locator(`#atendimento a[href="tel:+${PHONE}"]`)).toHaveAttribute(
    'data-track',
    'CustomerSupportF',
  );
  await expect(page.locator('#avaliacoes')).toContainText('4,9/5');
  await expect(page.locator('#avaliacoes')).toContainText('com base em 128 avaliações');
  await expect(page.locator('#faq button[aria-expanded]')).toHaveCount(5);
  // Spec §1's social proof that only this page shows: 5.000+ clients, 10.000+ refills, 100% certified.
  await expect(page.locator('#por-que-fillgas')).toContainText('Mais de 5.000 clientes');
  await expect(page.locator('#por-que-fillgas')).toContainText('Mais de 10.000 recargas realizadas');
  await expect(page.locator('#por-que-fillgas')).toContainText('100% de qualidade alimentícia certificada');
  await pageLaidOut(page);
  const order = await page.evaluate(() =>
    [
      'entrega',
      'como-funciona',
      'agendar',
      'pagamento',
      'garantias',
      'economize',
      'atendimento',
      'avaliacoes',
      'faq',
      'agendar-agora',
      'por-que-fillgas',
    ].map((id) => document.getElementById(id)!.getBoundingClientRect().top + window.scrollY),
  );
  expect([...order].sort((a, b) => a - b)).toEqual(order);
}

/** Each page's own content, read from the same plain load as the head and the links. */
const content: Record<string, [string, (page: Page) => Promise<void>]> = {
  '/recarga': ['the decorative stats show the spec figures as given; sections in order', recargaContent],
  '/sodastream-m': [
    'specifications, three-way comparison, 4 steps, 4 guarantees, 6 technical questions',
    sodastreamMContent,
  ],
  '/sodastream-f': ['sections, payment reading, support hours, reviews, 5 questions', sodastreamFContent],
};

for (const p of pages) {
  test.describe(p.path, () => {
    // Four read-only checks of the page as it loads, on one load (a fresh context and page cost
    // about a second of CPU on the 2-core machine): each its own step, so a failure names it.
    test('head, chat links, footer links and its own content, on one load', async ({ page }) => {
      await page.goto(p.path);
      await test.step('head: title, description and canonical; page view reaches the data layer', () =>
        headAndPageView(page, p));
      await test.step('every chat link carries the business number and the recarga message, in a new tab', () =>
        chatLinks(page, p));
      await test.step('footer links point somewhere real', () => footerLinks(page));
      const [name, check] = content[p.path]!;
      await test.step(name, () => check(page));
    });
  });
}

// The three pages on one page, each a fresh load as a first visit (one-page.ts).
test('every call to action records its section name on click, on each page', async ({ page }) => {
  // Its chat links open the messaging app in a new tab: answered locally.
  await answerChatLocally(page.context());
  allowPerRoute(pages.length, 30_000);
  await noteStorageAtStart(page);
  for (const p of pages) {
    await test.step(p.path, async () => {
      await visitFresh(page, p.path);
      await expect.poll(() => dataLayer(page)).toContainEqual(expect.objectContaining({ event: p.pageView }));
      const declared = await page
        .locator('a[data-track]:not([data-track-footer])')
        .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('data-track')))]);
      expect(declared.sort()).toEqual(p.ctas.map((c) => c.track).sort());
      for (const { track } of p.ctas) {
        const link = page.locator(`a[data-track="${track}"]:not([data-cta="phone"]):visible`).first();
        // On a phone the navbar's button lives in the menu.
        if (track.startsWith('Navbar') && (await link.count()) === 0)
          await page.getByRole('button', { name: 'Abrir menu' }).click();
        await link.scrollIntoViewIfNeeded();
        const [chat] = await Promise.all([page.waitForEvent('popup'), link.click()]);
        await chat.close();
        expect(await dataLayer(page)).toContainEqual(
          expect.objectContaining({ event: p.clickEvent, section: track }),
        );
      }
    });
  }
});

test('no horizontal scroll, no console errors, axe clean, on each page', async ({ page }) => {
  allowPerRoute(pages.length, 30_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await noteStorageAtStart(page);
  for (const p of pages) {
    await test.step(p.path, async () => {
      const consoleLog = watchConsole(page);
      await visitFresh(page, p.path);
      await page.waitForLoadState('networkidle');
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      const results = await axeWholePage(page, { tags: SITE_TAGS });
      expect(violationList(results)).toEqual([]);
      expect(consoleLog.messages).toEqual([]);
    });
  }
});

const NAVBAR_LINKS = [
  ['Como funciona', 'como-funciona'],
  ['Garantias', 'garantias'],
  ['Dúvidas', 'faq'],
] as const;

// Each link on a fresh load of /sodastream-f as a first visit, one after the other on one page (one-page.ts).
test("/sodastream-f: each of the navbar's links scrolls to its section", async ({ page }) => {
  allowPerRoute(NAVBAR_LINKS.length, 30_000);
  await noteStorageAtStart(page);
  for (const [label, id] of NAVBAR_LINKS) {
    await test.step(`"${label}" scrolls to #${id}`, async () => {
      await visitFresh(page, '/sodastream-f');
      await expect(page.locator('[data-behavior="navbar"]')).toHaveAttribute('data-enhanced', 'true');
      if (isPhone(page)) await page.getByRole('button', { name: 'Abrir menu' }).click();
      await page
        .getByRole('navigation', { name: 'Menu principal' })
        .getByRole('link', { name: label, exact: true })
        .click();
      await expect
        .poll(() =>
          page.evaluate(
            (target) => Math.round(document.getElementById(target)!.getBoundingClientRect().top),
            id,
          ),
        )
        .toBeLessThan(120);
      await expect
        .poll(() =>
          page.evaluate(
            (target) => Math.round(document.getElementById(target)!.getBoundingClientRect().top),
            id,
          ),
        )
        .toBeGreaterThan(-20);
    });
  }
});
