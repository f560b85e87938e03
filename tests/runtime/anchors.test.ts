/**
 * Links to anchors (runtime/load/anchors.ts, decision 0051): "#secao" and "/recarga#faq" must go to
 * an anchor the page has — a block's id, a legal text's section, or what every page's layout has.
 * In memory: the real pages/ with some files' text replaced (LoadOptions.sources), as the Estúdio's
 * preview loads a draft; the declarations are compared with one render of every block's examples.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockList, blockMap } from '../../blocks/index.ts';
import { LAYOUT_ANCHORS, pageAnchors } from '../../runtime/load/anchors.ts';
import { checkSite } from '../../runtime/load/check-site.ts';
import { PageErrors, type PageProblem } from '../../runtime/load/errors.ts';
import { formatProblems } from '../../runtime/load/format-error.ts';
import { loadProject, type BlockInstance } from '../../runtime/load/project.ts';
import { SITE_DATA_ID } from '../../runtime/render/page-context.tsx';
import { renderPage, type PageAssets } from '../../runtime/render/render-page.tsx';

const root = path.resolve(import.meta.dirname, '../..');
const pagesDir = path.join(root, 'pages');
const text = (file: string) => readFile(path.join(pagesDir, file), 'utf8');
const [site, recarga, recarregaSite, termos] = (await Promise.all(
  ['_site.yaml', 'recarga.yaml', 'recarrega-site.yaml', 'termos-de-uso.yaml'].map(text),
)) as [string, string, string, string];

/** The real pages, with these files' text (root-relative names) in place of the files'. */
const load = (sources: Record<string, string>, only?: string[]) =>
  loadProject({ root, pagesDir, blocks: blockList, sources: new Map(Object.entries(sources)), only });

async function problems(sources: Record<string, string>, only?: string[]): Promise<PageProblem[]> {
  const error = await load(sources, only).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error instanceof PageErrors) return error.problems;
  throw new Error(`esperava problemas: ${String(error)}`);
}
const located = (p: PageProblem) => `${p.loc.file}:${p.loc.line}:${p.loc.column} ${p.message}`;

const replaced = (source: string, from: string, to: string) => {
  if (!source.includes(from)) throw new Error(`${from} não está no texto`);
  return source.replace(from, to);
};
const lineOf = (source: string, needle: string) => source.slice(0, source.indexOf(needle)).split('\n').length;

describe('links to anchors', () => {
  it('refuses a link to an anchor another page does not have, located at the link, with its anchors', async () => {
    const page = replaced(recarga, 'href: /termos-de-uso', 'href: /sodastream-t#precos');
    const found = await problems({ 'pages/recarga.yaml': page });
    expect(found.map(located)).toEqual([
      `pages/recarga.yaml:${lineOf(page, '/sodastream-t#precos')}:15 O link "/sodastream-t#precos" aponta para uma âncora que /sodastream-t não tem. Âncoras de /sodastream-t: #sobre, #beneficios, #tecnologia, #experiencia, #depoimentos, #pagamento, #duvidas, #agendar, #pre-lancamento.`,
    ]);
    expect(found[0]!.code).toBe('broken-anchor');
    expect(found[0]!.loc.endColumn).toBe(15 + '/sodastream-t#precos'.length);
    expect(found[0]!.hint).toContain('Uma âncora é o id de um bloco da página');
    expect(formatProblems(found)).toContain('href: /sodastream-t#precos\n');
  });

  it('suggests the closest anchor, and checks a plain #secao against the page it is on', async () => {
    const page = replaced(
      replaced(recarga, 'href: /termos-de-uso', 'href: /sodastream-t#tecnolgia'),
      "href: '#como-funciona'",
      "href: '#como-funcion'",
    );
    const found = await problems({ 'pages/recarga.yaml': page });
    expect(found.map((p) => p.message)).toEqual([
      'O link "#como-funcion" aponta para uma âncora que esta página (/recarga) não tem. Você quis dizer "#como-funciona"? Âncoras desta página: #numeros, #beneficios, #como-funciona, #depoimentos.',
      'O link "/sodastream-t#tecnolgia" aponta para uma âncora que /sodastream-t não tem. Você quis dizer "/sodastream-t#tecnologia"? Âncoras de /sodastream-t: #sobre, #beneficios, #tecnologia, #experiencia, #depoimentos, #pagamento, #duvidas, #agendar, #pre-lancamento.',
    ]);
  });

  it('lets pass the layout’s anchors, the top, a legal text’s sections and a query before the anchor', async () => {
    const page = replaced(
      recarga,
      'href: /termos-de-uso',
      `href: /politica-de-reembolso?utm_source=x#menos-de-24-horas`,
    );
    const withTop = replaced(page, "href: '#como-funciona'", "href: '#top'");
    const project = await load({
      'pages/recarga.yaml': withTop,
      // A legal text's link to a section of its own page, and to the skip link's target.
      'pages/termos-de-uso.yaml': replaced(
        termos,
        '(/politica-de-reembolso#menos-de-24-horas)',
        '(#conteudo)',
      ),
    });
    expect(project.pages.find((p) => p.route === '/recarga')?.linksTo).toContain('/politica-de-reembolso');
    expect(LAYOUT_ANCHORS).toEqual(['conteudo']);
  });

  it('refuses a block id whose block gives no anchor (a navbar’s), saying why', async () => {
    const page = replaced(recarga, 'href: /termos-de-uso', 'href: /sodastream-t#cabecalho');
    const base = replaced(
      await text('sodastream-t.yaml'),
      '  - type: navbar\n    align: start',
      '  - type: navbar\n    id: cabecalho\n    align: start',
    );
    const [problem] = await problems({ 'pages/recarga.yaml': page, 'pages/sodastream-t.yaml': base });
    expect(problem!.message).toMatch(
      /^O link "\/sodastream-t#cabecalho" aponta para uma âncora que \/sodastream-t não tem\./,
    );
    expect(problem!.hint).toContain('O bloco navbar com id "cabecalho" não vira âncora');
  });

  it('checks a variant’s links against the variant’s own blocks, located in the file that wrote them', async () => {
    // /recarrega-site removes the "sobre" section: its own header's #sobre and the base footer's
    // #sobre (inherited) lead nowhere there; the base itself still has the section.
    const variant = replaced(recarregaSite, 'change:\n', 'remove: [sobre]\nchange:\n');
    const found = await problems({ 'pages/recarrega-site.yaml': variant });
    const base = await text('sodastream-t.yaml');
    const expected = (file: string, line: number) =>
      `${file}:${line}:15 O link "#sobre" aponta para uma âncora que esta página (/recarrega-site) não tem.`;
    expect(found.map((p) => located(p).replace(/ Âncoras desta página: .*$/, ''))).toEqual(
      expect.arrayContaining([
        expected('pages/recarrega-site.yaml', lineOf(variant, "href: '#sobre'")),
        expected(
          'pages/sodastream-t.yaml',
          base.split('\n').findLastIndex((l) => l.includes("href: '#sobre'")) + 1,
        ),
      ]),
    );
    expect(found.every((p) => p.code === 'broken-anchor')).toBe(true);
    expect(found.map((p) => p.message).join('\n')).not.toContain('#sobre,');
  });

  it('asks an anchor of every page an experiment or an audience shows at the route', async () => {
    const variant = replaced(recarregaSite, 'change:\n', 'remove: [pagamento]\nchange:\n');
    const page = replaced(recarga, 'href: /termos-de-uso', 'href: /sodastream-t#pagamento');
    const experiment = `experiments:\n  - id: sodastream-t-site\n    route: /sodastream-t\n    variants:\n      - page: sodastream-t\n        weight: 50\n      - page: recarrega-site\n        weight: 50\n`;
    const sources = { 'pages/recarga.yaml': page, 'pages/recarrega-site.yaml': variant };
    // Without the experiment, /sodastream-t is only its own page, which has the section.
    await load(sources);
    const found = await problems({ ...sources, 'pages/_site.yaml': `${site}${experiment}` });
    expect(found.map(located)).toEqual([
      `pages/recarga.yaml:${lineOf(page, '/sodastream-t#pagamento')}:15 O link "/sodastream-t#pagamento" aponta para uma âncora que /sodastream-t não tem para todos os visitantes: falta em pages/recarrega-site.yaml (página do experimento "sodastream-t-site").`,
    ]);
    // With a winner, only the winner answers the route.
    const decided = `${experiment}    winner: sodastream-t\n`;
    await load({ ...sources, 'pages/_site.yaml': `${site}${decided}` });

    const audience = `audiences:\n  - route: /sodastream-t\n    page: recarrega-site\n    when:\n      utm_campaign: natal\n`;
    const byAudience = await problems({ ...sources, 'pages/_site.yaml': `${site}${audience}` });
    expect(byAudience[0]!.message).toContain(
      'falta em pages/recarrega-site.yaml (página de um público de /sodastream-t)',
    );
  });

  it('checks one file against pages it did not load (npm run check <file>, the dev server, the preview)', async () => {
    const page = replaced(
      termos,
      '(/politica-de-reembolso#menos-de-24-horas)',
      '(/politica-de-reembolso#menos-de-24-hora)',
    );
    const found = await problems({ 'pages/termos-de-uso.yaml': page }, ['pages/termos-de-uso.yaml']);
    expect(found.map(located)).toEqual([
      `pages/termos-de-uso.yaml:${lineOf(page, '#menos-de-24-hora')}:37 O link "/politica-de-reembolso#menos-de-24-hora" aponta para uma âncora que /politica-de-reembolso não tem. Você quis dizer "/politica-de-reembolso#menos-de-24-horas"? Âncoras de /politica-de-reembolso: #reembolso-integral, #menos-de-24-horas, #falha-do-servico, #como-pedir, #prazo-de-analise, #devolucao-do-valor, #sem-devolucao-de-produto, #outras-regras.`,
    ]);
    // A broken target is its own file's problem: not reported when checking another file.
    const brokenTarget = await load({ 'pages/sodastream-t.yaml': 'title: [' }, ['pages/termos-de-uso.yaml']);
    expect(brokenTarget.pages.map((p) => p.route)).toEqual(['/termos-de-uso']);
  });
  it('checks a scheduled change at its instant: a section it takes away breaks the links to it then', async () => {
    // On disk: a schedule is a folder of pages/ (checkSite loads the site as it will be at its start).
    const root = await mkdtemp(path.join(os.tmpdir(), 'ancoras-'));
    try {
      const pages = path.join(root, 'pages');
      await cp(pagesDir, pages, { recursive: true });
      const folder = path.join(pages, '_agendamentos', 'natal');
      await mkdir(folder, { recursive: true });
      const year = new Date().getUTCFullYear() + 1;
      await writeFile(path.join(folder, '_agendamento.yaml'), `start: ${year}-12-20 00:00\n`);
      const base = await text('sodastream-t.yaml');
      const from = base.indexOf('  - type: steps\n    id: tecnologia');
      const to = base.indexOf('  - type: steps', from + 1);
      await writeFile(path.join(folder, 'sodastream-t.yaml'), base.slice(0, from) + base.slice(to));
      const error = await checkSite({ root, pagesDir: pages, blocks: blockList }).catch((e: unknown) => e);
      const found = (error as PageErrors).problems;
      const termos = found.find((p) => p.loc.file === 'pages/termos-de-uso.yaml');
      expect(termos?.message).toBe(
        `Em 20/12/${year} às 00:00 (agendamento natal): o link "/sodastream-t#tecnologia" aponta para uma âncora que /sodastream-t não tem. Âncoras de /sodastream-t: #sobre, #beneficios, #experiencia, #depoimentos, #pagamento, #duvidas, #agendar, #pre-lancamento.`,
      );
      expect(found.every((p) => p.code === 'broken-anchor')).toBe(true);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('the anchors a block declares', () => {
  it('are the ids its component renders, for every block and example (and the layout’s)', async () => {
    const project = await load({}, ['pages/404.yaml']);
    const blocks: BlockInstance[] = blockList.flatMap((def) =>
      def.examples.map((example, i) => ({
        ...(example.props as Record<string, unknown>),
        type: def.type,
        id: `ancora-${def.type.toLowerCase()}-${i}`,
      })),
    );
    const assets: PageAssets = {
      fontUrl: () => '/f.woff2',
      preloadFonts: [],
      pageScripts: () => ({ entry: '/e.js', preloads: [] }),
    };
    const page = {
      route: '/teste',
      file: 'pages/teste.yaml',
      model: { title: 'T', description: 'D', robots: 'index, follow', canonical: true, blocks },
    } as const;
    const { html } = renderPage(page, project, blockMap, assets);
    const body = html.slice(html.indexOf('<body'));
    // React's useId ids carry the block's prefix (b0-, b1-…) and the islands' site data has its own:
    // never anchors.
    const rendered = new Set(
      [...body.matchAll(/\sid="([^"]+)"/g)]
        .map((m) => m[1]!)
        .filter((id) => !/b\d+-/.test(id) && id !== SITE_DATA_ID),
    );
    const declared = new Set([...LAYOUT_ANCHORS, ...pageAnchors(blockList, blocks).anchors]);
    // Every anchor a link may name is on the page…
    expect([...declared].filter((id) => !rendered.has(id)).sort()).toEqual([]);
    // …and every id a block renders from its own is declared, or a part named after it (a section's
    // heading, "sobre-titulo", which links name by the section): a block that renders its id while
    // declaring none would show here.
    const undeclared = [...rendered].filter(
      (id) => !declared.has(id) && ![...declared].some((anchor) => id.startsWith(`${anchor}-`)),
    );
    expect(undeclared.sort()).toEqual([]);
    expect([...rendered].filter((id) => id.endsWith('-titulo')).length).toBeGreaterThan(10);
  });
});
