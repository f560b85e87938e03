/**
 * `audiences:` in _site.yaml (issue 38), checked like every page: located Portuguese problems for
 * a route with no page, an unknown page, the route's own page, two rules that always tie, a rule
 * an earlier one shadows, a page also in the route's experiment, a static host; resolved when all
 * is well, in words, with the audience's page canonical to the route.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { blockList, blockMap } from '../../blocks/index.ts';
import { describeAudience, whenCovers } from '../../runtime/load/audience-words.ts';
import { PageErrors, type PageProblem } from '../../runtime/load/errors.ts';
import { formatProblems } from '../../runtime/load/format-error.ts';
import { loadProject } from '../../runtime/load/project.ts';
import { renderPage, type PageAssets } from '../../runtime/render/render-page.tsx';
import { servedAt } from '../../runtime/render/seo.ts';

const root = path.resolve(import.meta.dirname, '../..');
const pagesDir = path.join(root, 'pages');
const site = await readFile(path.join(pagesDir, '_site.yaml'), 'utf8');
const firstLine = site.split('\n').length; // the line of "audiences:"

function load(audiences: string, more = '') {
  return loadProject({
    root,
    pagesDir,
    blocks: blockList,
    sources: new Map([['pages/_site.yaml', `${site}${more}audiences:\n${audiences}`]]),
  });
}

async function problems(audiences: string, more = ''): Promise<PageProblem[]> {
  try {
    await load(audiences, more);
  } catch (error) {
    if (error instanceof PageErrors) return error.problems;
    throw error;
  }
  throw new Error('esperava problemas');
}

const rule = (route: string, page: string, when: string) =>
  `  - route: ${route}\n    page: ${page}\n    when:\n${when
    .split('\n')
    .map((l) => `      ${l}`)
    .join('\n')}\n`;

const located = (p: PageProblem) => `${p.loc.line}:${p.loc.column} ${p.message}`;

describe('audiences in _site.yaml', () => {
  it('resolves each rule to its page, and says it in words', async () => {
    const project = await load(
      rule('/agendamento', 'recarga', 'utm_campaign: Natal') +
        rule('/agendamento', 'sodastream-t', 'gclid: true\nreferrer: www.google.com'),
    );
    expect(project.audiences).toEqual([
      {
        route: '/agendamento',
        page: 'recarga',
        file: 'recarga.yaml',
        variantRoute: '/recarga',
        when: { utm_campaign: 'Natal' },
      },
      {
        route: '/agendamento',
        page: 'sodastream-t',
        file: 'sodastream-t.yaml',
        variantRoute: '/sodastream-t',
        when: { gclid: true, referrer: 'www.google.com' },
      },
    ]);
    expect(describeAudience(project.audiences[0]!)).toBe(
      'Quem chega com utm_campaign = Natal vê /recarga em /agendamento',
    );
    expect(describeAudience(project.audiences[1]!)).toBe(
      'Quem chega com um clique num anúncio do Google (gclid) e vindo de www.google.com vê /sodastream-t em /agendamento',
    );
  });

  it("gives an audience's page the route as canonical, indexed like the route's page, out of the sitemap", async () => {
    const project = await load(rule('/agendamento', 'recarga', 'utm_source: facebook'));
    const assets: PageAssets = {
      fontUrl: () => '/f.woff2',
      preloadFonts: [],
      pageScripts: () => ({ entry: '/e.js', preloads: [] }),
    };
    const recarga = project.pages.find((p) => p.route === '/recarga')!;
    const doc = new JSDOM(renderPage(recarga, project, blockMap, assets).html).window.document;
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${project.site.origin}/agendamento`,
    );
    // The sitemap leaves out every page served at another address (runtime/build/seo-files.ts).
    expect(servedAt('/recarga', project)).toBe('/agendamento');
    expect(servedAt('/agendamento', project)).toBeUndefined();
    // The audiences are not in the site settings a page carries: a rule changes no page's HTML.
    const agendamento = project.pages.find((p) => p.route === '/agendamento')!;
    expect(renderPage(agendamento, project, blockMap, assets).html).not.toContain('facebook');
  });

  it('names a route with no page and an unknown page, with suggestions, on their lines', async () => {
    const found = await problems(rule('/agendamentos', 'recarg', 'utm_campaign: natal'));
    expect(found.map(located)).toEqual([
      `${firstLine + 1}:12 O endereço /agendamentos não tem página: um público só troca a página de um endereço que existe.`,
      `${firstLine + 2}:11 A página "recarg" do público de /agendamentos não existe.`,
    ]);
    expect(found.map((p) => p.hint)).toEqual(['Você quis dizer /agendamento?', 'Você quis dizer "recarga"?']);
    expect(formatProblems(found)).toContain(`pages/_site.yaml:${firstLine + 1}:12`);
  });

  it("refuses the route's own page, which would change nothing", async () => {
    const found = await problems(rule('/agendamento', 'agendamento', 'utm_campaign: natal'));
    expect(found.map(located)).toEqual([
      `${firstLine + 2}:11 "agendamento" já é a página de /agendamento: esta regra não muda nada para quem chega com utm_campaign = natal.`,
    ]);
  });

  it('refuses two rules of a route that always tie (same conditions, told apart by case or spaces only)', async () => {
    const found = await problems(
      rule('/agendamento', 'recarga', 'utm_campaign: natal') +
        rule('/sodastream-t', 'recarga', 'utm_campaign: natal') +
        rule('/agendamento', 'sodastream-t', "utm_campaign: ' NATAL '"),
    );
    expect(found.map(located)).toEqual([
      `${firstLine + 12}:7 O público 3 (utm_campaign = NATAL) pede o mesmo que o público 1 em /agendamento: quem chega assim vê sempre a página do 1 (recarga), e este nunca vale.`,
    ]);
  });

  it("refuses a rule an earlier one of the same route shadows, a referrer's subdomains included", async () => {
    const found = await problems(
      rule('/agendamento', 'recarga', 'utm_source: facebook') +
        rule('/agendamento', 'sodastream-t', 'utm_source: facebook\nutm_campaign: natal') +
        rule('/recarga', 'sodastream-t', 'referrer: facebook.com') +
        rule('/recarga', 'sodastream-m', 'referrer: m.facebook.com'),
    );
    expect(found.map(located)).toEqual([
      `${firstLine + 8}:7 O público 2 (utm_campaign = natal e utm_source = facebook) nunca vale: toda visita que ele pegaria já cai no público 1 (utm_source = facebook), que vem antes em /agendamento.`,
      `${firstLine + 17}:7 O público 4 (vindo de m.facebook.com) nunca vale: toda visita que ele pegaria já cai no público 3 (vindo de facebook.com), que vem antes em /recarga.`,
    ]);
    expect(found[0]!.hint).toBe('Ponha este público antes do 1: a regra mais específica vem primeiro.');
    // The other way round, the specific rule first, both are reached.
    await expect(
      load(
        rule('/agendamento', 'sodastream-t', 'utm_source: facebook\nutm_campaign: natal') +
          rule('/agendamento', 'recarga', 'utm_source: facebook'),
      ),
    ).resolves.toBeTruthy();
    expect(whenCovers({ referrer: 'facebook.com' }, { referrer: 'notfacebook.com' })).toBe(false);
  });

  it("refuses a page that is both a variant of the route's experiment and an audience's page there", async () => {
    const experiment =
      'experiments:\n  - id: agenda\n    route: /agendamento\n    variants:\n      - page: agendamento\n        weight: 50\n      - page: recarga\n        weight: 50\n';
    const found = await problems(rule('/agendamento', 'recarga', 'utm_campaign: natal'), experiment);
    expect(found.map((p) => p.message)).toEqual([
      '"recarga" é uma das páginas do experimento "agenda" em /agendamento e também a página de um público ali: as visitas desse público seriam contadas duas vezes.',
    ]);
    // Another page for the audience, beside the experiment: allowed (audience first, then the split).
    const project = await load(rule('/agendamento', 'sodastream-t', 'utm_campaign: natal'), experiment);
    expect(project.audiences.map((a) => a.page)).toEqual(['sodastream-t']);
    expect(project.experiments.map((e) => e.id)).toEqual(['agenda']);
  });

  it('refuses every audience on a static host, and a `when` with no condition', async () => {
    const found = await problems(rule('/agendamento', 'recarga', 'utm_campaign: natal'), 'host: estatico\n');
    expect(found.map((p) => p.message)).toEqual([
      'O público 1 (utm_campaign = natal) não funciona com host: estatico: num host estático nada troca a página na hora marcada nem escolhe a página de cada visitante: ali não roda código na borda.',
    ]);
    expect(found[0]!.loc.line).toBe(firstLine + 2);
    const empty = await problems('  - route: /agendamento\n    page: recarga\n    when: {}\n');
    expect(empty.map((p) => p.message)).toEqual(['"when" precisa de pelo menos uma condição.']);
    const host = await problems(rule('/agendamento', 'recarga', 'utm_campaign: natal'), 'host: github\n');
    expect(host.map((p) => p.message)).toEqual(['Valor inválido "github" em "host".']);
  });
});
