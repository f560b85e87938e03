/**
 * What search engines and share previews get from the built site: sitemap.xml, robots.txt,
 * the web manifest, the head tags of every page, and JSON-LD that parses and type-checks
 * against schema-dts (the TypeScript types of schema.org).
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import ts from 'typescript';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import faqBlock from '../../blocks/faq/index.ts';
import { RenderError } from '../../runtime/load/errors.ts';
import type { Project } from '../../runtime/load/project.ts';
import { buildSite, type BuildReport } from '../../runtime/build/prerender.ts';
import { sharedSiteBuild } from './site-build.ts';
import { renderPage } from '../../runtime/render/render-page.tsx';
import { NOT_FOUND_ROUTE } from '../../runtime/load/routes.ts';
import { SHARE_IMAGE } from '../../runtime/render/seo.ts';
import { SUBSET_UNICODE_RANGE } from '../../design/fonts.ts';
import type { Site } from '../../schema/site.ts';

const root = path.resolve(import.meta.dirname, '../..');
const site = parse(readFileSync(path.join(root, 'pages/_site.yaml'), 'utf8')) as Site;
const tmp = await mkdtemp(path.join(os.tmpdir(), 'fillgas-seo-'));
afterAll(() => rm(tmp, { recursive: true, force: true }));

let report: BuildReport;
const docs = new Map<string, Document>();
beforeAll(async () => {
  // The build of pages/ that render.test.ts reads too (site-build.ts): read only.
  report = await sharedSiteBuild();
  for (const r of report.routes) {
    docs.set(r.route, new JSDOM(readFileSync(path.join(report.outDir, r.file), 'utf8')).window.document);
  }
}, 120_000);

const built = (file: string) => readFileSync(path.join(report.outDir, file), 'utf8');
const meta = (doc: Document, key: string) =>
  doc.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content') ?? null;
const indexableRoutes = () =>
  [...docs].filter(([route, doc]) => route !== NOT_FOUND_ROUTE && meta(doc, 'robots')!.startsWith('index'));

describe('sitemap.xml and robots.txt', () => {
  it('lists exactly the indexable routes (robots index, not the 404), as absolute URLs of the site origin', () => {
    const xml = built('sitemap.xml');
    const doc = new JSDOM(xml, { contentType: 'text/xml' }).window.document;
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = [...doc.querySelectorAll('url > loc')].map((l) => l.textContent);
    const expected = indexableRoutes().map(([route]) => `${site.origin}${route}`);
    expect([...locs].sort()).toEqual(expected.sort());
    expect(locs[0]).toBe(`${site.origin}/`);
    expect(locs).not.toContain(`${site.origin}/404`);
    // Every URL in the sitemap is the canonical URL the page itself declares.
    for (const [route, doc] of indexableRoutes())
      expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${site.origin}${route}`);
  });

  it('leaves out a page marked noindex', async () => {
    const pagesDir = path.join(tmp, 'pages-noindex');
    const { cp } = await import('node:fs/promises');
    await cp(path.join(root, 'pages'), pagesDir, { recursive: true });
    const file = path.join(pagesDir, 'termos-de-uso.yaml');
    await writeFile(
      file,
      readFileSync(file, 'utf8')
        .replace(/^robots: .*$/m, '')
        .replace(/^title:/m, 'robots: noindex, follow\ntitle:'),
    );
    const out = path.join(tmp, 'dist-noindex');
    await buildSite({ root, pagesDir, outDir: out });
    const xml = readFileSync(path.join(out, 'sitemap.xml'), 'utf8');
    expect(xml).not.toContain('/termos-de-uso<');
    expect(xml).toContain(`<loc>${site.origin}/politica-de-reembolso</loc>`);
  }, 120_000);

  it('robots.txt allows crawling and points at the sitemap', () => {
    const txt = built('robots.txt');
    expect(txt).toMatch(/^User-agent: \*$/m);
    expect(txt).toMatch(/^Allow: \/$/m);
    expect(txt).not.toMatch(/^Disallow: \/\s*$/m);
    expect(txt).toMatch(new RegExp(`^Sitemap: ${site.origin}/sitemap\\.xml$`, 'm'));
  });
});

describe('the head of every page', () => {
  it('has title, description, canonical (not on the 404), Open Graph and Twitter card tags', () => {
    for (const [route, doc] of docs) {
      const title = doc.title;
      const description = meta(doc, 'description');
      expect(title, route).not.toBe('');
      expect(description, route).toBeTruthy();
      expect(meta(doc, 'og:title'), route).toBe(title);
      expect(meta(doc, 'og:description'), route).toBe(description);
      expect(meta(doc, 'og:type'), route).toBe('website');
      expect(meta(doc, 'og:locale'), route).toBe('pt_BR');
      expect(meta(doc, 'og:site_name'), route).toBe(site.brand);
      expect(meta(doc, 'twitter:card'), route).toBe('summary_large_image');
      expect(meta(doc, 'twitter:title'), route).toBe(title);
      expect(meta(doc, 'twitter:description'), route).toBe(description);
      const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute('href');
      if (route === NOT_FOUND_ROUTE) {
        expect(canonical, route).toBeUndefined();
        expect(meta(doc, 'robots')).toMatch(/^noindex/);
      } else {
        expect(canonical, route).toBe(`${site.origin}${route}`);
        expect(meta(doc, 'og:url'), route).toBe(canonical);
      }
    }
  });

  it('shares the 1200×630 PNG made here, an absolute URL of a file in the build, with its size and text', () => {
    const png = readFileSync(path.join(report.outDir, SHARE_IMAGE.path.slice(1)));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    for (const [route, doc] of docs) {
      expect(meta(doc, 'og:image'), route).toBe(`${site.origin}${SHARE_IMAGE.path}`);
      expect(meta(doc, 'twitter:image'), route).toBe(`${site.origin}${SHARE_IMAGE.path}`);
      expect(meta(doc, 'og:image:width'), route).toBe('1200');
      expect(meta(doc, 'og:image:height'), route).toBe('630');
      expect(meta(doc, 'og:image:alt'), route).toBe(SHARE_IMAGE.alt);
    }
  });

  it('links the favicon set, the web manifest and the theme colour, and they exist', () => {
    const manifest = JSON.parse(built('site.webmanifest')) as {
      name: string;
      theme_color: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.name).toBe(site.brand);
    expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of manifest.icons)
      expect(existsSync(path.join(report.outDir, icon.src.slice(1)))).toBe(true);
    for (const [route, doc] of docs) {
      expect(meta(doc, 'theme-color'), route).toBe(manifest.theme_color);
      expect(doc.querySelector('link[rel="manifest"]')?.getAttribute('href'), route).toBe(
        '/site.webmanifest',
      );
      const icons = [...doc.querySelectorAll('link[rel="icon"], link[rel="apple-touch-icon"]')].map((l) =>
        l.getAttribute('href')!,
      );
      expect(icons, route).toEqual(['/favicon.ico', '/apple-touch-icon.png']);
      for (const href of icons) expect(existsSync(path.join(report.outDir, href.slice(1))), href).toBe(true);
      expect(doc.documentElement.lang).toBe('pt-BR');
    }
  });
});

describe('fonts', () => {
  it('are self-hosted Latin subsets, the first screen’s three preloaded, swapped in over metric-matched fallbacks', () => {
    for (const [route, doc] of docs) {
      const preloads = [...doc.querySelectorAll('link[rel="preload"][as="font"]')];
      expect(
        preloads.map((l) => l.getAttribute('href')!.replace(/-\w{8}\.woff2$/, '')),
        route,
      ).toEqual([
        '/assets/fonts/inter-latin-400-normal',
        '/assets/fonts/poppins-latin-600-normal',
        '/assets/fonts/poppins-latin-700-normal',
      ]);
      for (const link of preloads) {
        expect(link.getAttribute('type')).toBe('font/woff2');
        expect(link.hasAttribute('crossorigin')).toBe(true);
        expect(existsSync(path.join(report.outDir, link.getAttribute('href')!.slice(1)))).toBe(true);
      }
      const css = [...doc.querySelectorAll('style')].map((s) => s.textContent).join('');
      const faces = css.match(/@font-face\{[^}]*\}/g)!;
      const web = faces.filter((f) => f.includes('url('));
      expect(web.length).toBe(3);
      for (const face of web) {
        // Optional: a face that misses the first paint is not swapped in (decision 0028).
        expect(face).toContain('font-display:optional');
        expect(face).toMatch(/src:url\(\/assets\/fonts\/[\w-]+-latin-\d+-normal-\w{8}\.woff2\)/);
        // The characters the cut files carry (design/fonts.ts): ASCII, the Portuguese letters…
        expect(face).toContain(`unicode-range:${SUBSET_UNICODE_RANGE}`);
      }
      for (const [family, weight, style] of [
        ['Inter Fallback', 400, 'Arial'],
        ['Poppins Fallback', 600, 'Arial Bold'],
        ['Poppins Fallback', 700, 'Arial Bold'],
        ['Poppins Caps Fallback', 600, 'Arial Bold'],
      ] as const) {
        const face = faces.find((f) => f.includes(`'${family}';font-weight:${weight};`))!;
        // Arial (its bold for bold text), its metric twins on Linux, and Roboto on Android.
        const twin = style.replace('Arial', 'Liberation Sans');
        const roboto = style.replace('Arial', 'Roboto');
        expect(face).toMatch(
          new RegExp(`src:local\\('${style}'\\),.*local\\('${twin}'\\),.*local\\('${roboto}'\\)`),
        );
        expect(face).toMatch(/size-adjust:\d+\.\d+%/);
        expect(face).toMatch(/ascent-override:\d+\.\d+%/);
      }
    }
  });
});

/** Every JSON-LD script of a page, parsed. */
const jsonLdOf = (doc: Document) =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent!) as Record<string, unknown> & { '@type': string },
  );

/**
 * Compiles each named list of data typed as schema.org things (schema-dts): a wrong type name, a
 * property the type does not have, or a value of the wrong kind is a compile error. Returns the
 * messages of each list. Each list is a module of its own (`export const data`), so nothing of one
 * reaches another's checking; all are checked by one program, which reads TypeScript's lib and
 * schema-dts once and works out schema-dts's types once for all of them (a second program for a
 * second list cost about 3 s of CPU more; one list is 2–4 s, more with the declarations' parse).
 */
function schemaDtsProblems<K extends string>(lists: Record<K, unknown[]>): Record<K, string[]> {
  const files = new Map(
    Object.entries<unknown[]>(lists).map(([name, data]) => [
      path.join(root, `tests/runtime/__jsonld-check-${name}.ts`),
      "import type { Thing, WithContext } from 'schema-dts';\n" +
        `export const data: WithContext<Exclude<Thing, string>>[] = ${JSON.stringify(data, null, 2)};\n`,
    ]),
  );
  const host = ts.createCompilerHost({});
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => files.get(path.resolve(name)) ?? readFile(name);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => files.has(path.resolve(name)) || fileExists(name);
  const program = ts.createProgram(
    [...files.keys()],
    {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
    },
    host,
  );
  // Options' and global problems belong to no list: each list gets them (there are none).
  const global = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  const out = {} as Record<K, string[]>;
  for (const [name, file] of Object.keys(lists).map((n, i) => [n, [...files.keys()][i]!] as const)) {
    const source = program.getSourceFile(file)!;
    out[name as K] = [
      ...global,
      ...program.getSyntacticDiagnostics(source),
      ...program.getSemanticDiagnostics(source),
    ].map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }
  return out;
}

/** The JSON-LD of every built page, and data with three mistakes, checked together (once). */
let checked: Record<'built' | 'wrong', string[]> | undefined;
function jsonLdChecked(): Record<'built' | 'wrong', string[]> {
  checked ??= schemaDtsProblems({
    built: [...docs.values()].flatMap((doc) => jsonLdOf(doc)),
    wrong: [
      { '@context': 'https://schema.org', '@type': 'Servise', name: 'x' },
      { '@context': 'https://schema.org', '@type': 'Question', nmae: 'x' },
      { '@context': 'https://schema.org', '@type': 'Offer', priceCurrency: { '@type': 'City' } },
    ],
  });
  return checked;
}

describe('JSON-LD', () => {
  it('parses, names schema.org as its context, and type-checks against schema-dts', () => {
    const all: unknown[] = [];
    for (const [route, doc] of docs) {
      for (const data of jsonLdOf(doc)) {
        expect(data['@context'], route).toBe('https://schema.org');
        all.push(data);
      }
    }
    expect(all.length).toBeGreaterThan(5);
    expect(jsonLdChecked().built).toEqual([]);
  }, 180_000);

  it('the schema-dts check does catch a wrong type, a misspelt property and a wrong value', () => {
    const problems = jsonLdChecked().wrong;
    expect(problems.length).toBeGreaterThanOrEqual(3);
  }, 180_000);

  it('names the site on the home page (WebSite) and declares the services the landing pages sell', () => {
    const home = jsonLdOf(docs.get('/')!);
    expect(home.find((d) => d['@type'] === 'WebSite')).toMatchObject({
      name: site.brand,
      url: `${site.origin}/`,
    });
    expect(jsonLdOf(docs.get('/agendamento')!).map((d) => d['@type'])).toContain('Service');
  });

  it('has one FAQPage per page with questions, built from the faq block: the same questions and answers a visitor reads', () => {
    const pagesWithFaq: string[] = [];
    const counts: Record<string, [data: number, visible: number]> = {};
    for (const [route, doc] of docs) {
      const faqs = jsonLdOf(doc).filter((d) => d['@type'] === 'FAQPage');
      expect(faqs.length, route).toBeLessThanOrEqual(1);
      const faq = doc.querySelector('[data-behavior="faq"]');
      if (!faq) {
        expect(faqs, route).toEqual([]);
        continue;
      }
      if (faqs.length === 0) continue;
      pagesWithFaq.push(route);
      const visible = [...faq.querySelectorAll('h3 > button')].map((button) => ({
        question: button.textContent,
        answer: [...doc.getElementById(button.getAttribute('aria-controls')!)!.querySelectorAll('p')]
          .map((p) => p.textContent)
          .join('\n'),
      }));
      const data = faqs[0] as unknown as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
      // All of them, or the first N (structuredData: N): never a question the page does not show.
      expect(
        data.mainEntity.map((q) => ({ question: q.name, answer: q.acceptedAnswer.text })),
        route,
      ).toEqual(visible.slice(0, data.mainEntity.length));
      counts[route] = [data.mainEntity.length, visible.length];
    }
    // The spec gives FAQ structured data to /agendamento (three questions of the nine) and
    // /recarrega-site (its six) only.
    expect(pagesWithFaq.sort()).toEqual(['/agendamento', '/recarrega-site']);
    expect(counts).toEqual({ '/agendamento': [3, 9], '/recarrega-site': [6, 6] });
  });

  /** Renders a one-faq page (the block's first example with `structuredData`) with the page's own JSON-LD. */
  const renderFaqPage = (
    structuredData: boolean | number,
    jsonLd?: { '@type': string; mainEntity: [] }[],
  ) => {
    const project: Project = { site, pages: [], experiments: [], audiences: [] };
    return renderPage(
      {
        route: '/x',
        file: 'pages/x.yaml',
        model: {
          title: 'T',
          description: 'D',
          robots: 'index, follow',
          canonical: true,
          ...(jsonLd && { jsonLd }),
          blocks: [{ type: 'faq', ...faqBlock.examples[0]!.props, structuredData }],
        },
      },
      project,
      new Map([['faq', faqBlock]]),
      { fontUrl: () => '/f.woff2', preloadFonts: [], pageScripts: () => undefined },
    );
  };

  it('refuses a second FAQPage on a page, naming the block', () => {
    const render = () => renderFaqPage(true, [{ '@type': 'FAQPage', mainEntity: [] }]);
    expect(render).toThrow(RenderError);
    expect(render).toThrow(/FAQPage/);
  });

  it('publishes the first N questions with structuredData: N, and refuses more than the block has', () => {
    const example = faqBlock.examples[0]!.props;
    const jsonLdWith = (structuredData: boolean | number) =>
      faqBlock.jsonLd!({ ...example, structuredData }) as { mainEntity: { name: string }[] } | undefined;
    const questions = example.items.map((item) => item.question);
    expect(jsonLdWith(false)).toBeUndefined();
    expect(jsonLdWith(true)!.mainEntity.map((q) => q.name)).toEqual(questions);
    expect(jsonLdWith(2)!.mainEntity.map((q) => q.name)).toEqual(questions.slice(0, 2));
    const render = () => renderFaqPage(questions.length + 1);
    expect(render).toThrow(RenderError);
    expect(render).toThrow(
      `bloco 1 "faq": structuredData: ${questions.length + 1} pede mais perguntas do que o bloco tem (${questions.length})`,
    );
  });
});
