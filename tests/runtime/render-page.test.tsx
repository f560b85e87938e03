import path from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { renderErrorScreen } from '../../runtime/render/error-screen.ts';
import { RenderError } from '../../runtime/load/errors.ts';
import { loadProject, type LoadedPage, type Project } from '../../runtime/load/project.ts';
import { blockList, blockMap } from '../../blocks/index.ts';
import { svgInliner } from '../../runtime/render/inline-svg.ts';
import { renderPage, type PageAssets } from '../../runtime/render/render-page.tsx';
import type { AnyBlockDefinition } from '../../runtime/load/define-block.ts';
import { BELOW_FOLD_CLASS } from '../../design/below-fold.ts';

const root = path.resolve(import.meta.dirname, '../..');
const project: Project = await loadProject({ root, pagesDir: path.join(root, 'pages'), blocks: blockList });
const assets: PageAssets = {
  fontUrl: () => '/f.woff2',
  preloadFonts: [],
  pageScripts: () => ({ entry: '/e.js', preloads: ['/c.js'] }),
};
const page = (model: Partial<LoadedPage['model']>): Pick<LoadedPage, 'route' | 'file' | 'model'> => ({
  route: '/teste',
  file: 'pages/teste.yaml',
  model: { title: 'T', description: 'D', robots: 'index, follow', canonical: true, blocks: [], ...model },
});

describe('renderPage', () => {
  it('names the page and the block when a component throws', () => {
    const Boom = () => {
      throw new Error('quebrou');
    };
    const registry = new Map<string, AnyBlockDefinition>([
      ...blockMap,
      ['boom', { ...blockMap.get('navbar')!, type: 'boom', component: Boom }],
    ]);
    const broken = page({ blocks: [{ type: 'navbar', logoHref: '/', align: 'center' }, { type: 'boom' }] });
    let error: unknown;
    try {
      renderPage(broken, project, registry, assets);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RenderError);
    expect((error as RenderError).message).toBe(
      'Erro ao montar a página /teste (pages/teste.yaml), bloco 2 "boom": quebrou',
    );
    const screen = renderErrorScreen(error);
    expect(screen).toContain('<h2>Unexpected Application Error!</h2>');
    expect(screen).toContain('<h3 style="font-style:italic">quebrou</h3>');
    expect(screen).toContain('<code>boom</code>');
    expect(screen).toContain('<code>pages/teste.yaml</code>');
  });

  it('writes small SVG illustrations into static blocks, and keeps them <img> in islands', () => {
    const withSvg = { ...assets, inlineSvg: svgInliner(path.join(root, 'public')) };
    const gallery = blockMap.get('gallery')!.examples[0]!.props as Record<string, unknown>;
    const notFound = (alt: string) => ({
      type: 'notFound',
      code: '404',
      heading: 'Não achamos',
      linkLabel: 'Início',
      href: '/',
      image: { src: '/images/nao-encontrado.svg', alt, width: 320, height: 240 },
    });
    const render = (blocks: LoadedPage['model']['blocks'], pageAssets: PageAssets) =>
      new JSDOM(renderPage(page({ blocks }), project, blockMap, pageAssets).html).window.document;

    const doc = render([notFound(''), { type: 'gallery', ...gallery }], withSvg);
    const drawing = doc.querySelector('main svg[data-picture]')!;
    expect(drawing.getAttribute('viewBox')).toBeTruthy();
    expect([drawing.getAttribute('width'), drawing.getAttribute('height')]).toEqual(['320', '240']);
    expect(drawing.getAttribute('aria-hidden')).toBe('true'); // alt "": decorative
    expect(doc.querySelector('img[src="/images/nao-encontrado.svg"]')).toBeNull();
    expect(doc.querySelector('link[rel="preload"][as="image"]')).toBeNull();
    const island = doc.querySelector('[data-island="gallery"]')!;
    expect(island.querySelector('svg[data-picture]')).toBeNull();
    expect(island.querySelectorAll('img').length).toBeGreaterThan(0);

    // With a description, the drawing is an image named by it.
    const named = render([notFound('Cilindro')], withSvg).querySelector('main svg[data-picture]')!;
    expect([named.getAttribute('role'), named.getAttribute('aria-label')]).toEqual(['img', 'Cilindro']);
    // Without an inliner (Storybook, component tests), the same block keeps its <img>.
    const plain = render([notFound('Cilindro')], assets).querySelector('main img')!;
    expect([plain.getAttribute('src'), plain.getAttribute('alt')]).toEqual([
      '/images/nao-encontrado.svg',
      'Cilindro',
    ]);
  });

  it('renders author text as text everywhere: body, head and JSON-LD', () => {
    const evil = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
    const { html } = renderPage(
      page({
        title: evil,
        description: `"${evil}`,
        jsonLd: [{ '@type': 'Thing', name: evil }],
        blocks: [{ type: 'choiceCards', heading: evil, cards: [{ title: evil, disabled: false }] }],
      }),
      project,
      blockMap,
      assets,
    );
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('content="&quot;&lt;/script&gt;');
    const jsonLd = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!;
    expect(JSON.parse(jsonLd).name).toBe(evil);
  });

  it('hydrates only interactive blocks, with their props, and loads scripts only then', () => {
    const staticOnly = renderPage(
      page({ blocks: [{ type: 'navbar', logoHref: '/', align: 'center' }] }),
      project,
      blockMap,
      assets,
    );
    expect(staticOnly.islandTypes).toEqual([]);
    expect(staticOnly.html).not.toContain('<script type="module"');
    expect(staticOnly.html).not.toContain('fillgas-site');

    const popup = blockMap.get('popup')!.examples[0]!.props as Record<string, unknown>;
    const withIsland = renderPage(
      page({
        blocks: [
          { type: 'navbar', logoHref: '/', align: 'center' },
          { type: 'popup', ...popup, title: "It's" },
        ],
      }),
      project,
      blockMap,
      assets,
    );
    expect(withIsland.islandTypes).toEqual(['popup']);
    expect(withIsland.html).toContain('<script type="module" src="/e.js" fetchpriority="low"></script>');
    // Low priority: the first screen's fonts and image go first (decision 0010).
    expect(withIsland.html).toContain('<link rel="modulepreload" href="/c.js" fetchpriority="low">');
    const island = withIsland.html.match(
      // The popup's React loads 5 s before its 30 s (hydrate: { afterMs }).
      /<div data-island="popup" data-hydrate="after" data-hydrate-after="25000" data-prefix="b1-" data-props='([^']*)'>/,
    );
    expect(island).not.toBeNull();
    expect(JSON.parse(island![1]!.replace(/&#39;/g, "'").replace(/&amp;/g, '&'))).toMatchObject({
      title: "It's",
    });
    expect(withIsland.html).toContain('<script type="application/json" id="fillgas-site">');
  });

  it('enhances blocks with a plain-DOM behaviour without React: the page script, no props, no site data', () => {
    const scripts: [string[], string[]][] = [];
    const { html, islandTypes, behaviorTypes } = renderPage(
      page({
        blocks: [
          {
            type: 'navbar',
            logoHref: '/',
            align: 'start',
            links: [{ label: 'Dúvidas', href: '#duvidas' }],
            sticky: true,
            initial: 'solid',
            solidAfter: 10,
          },
          {
            type: 'faq',
            heading: 'Dúvidas',
            items: [{ question: 'Q?', answer: 'A.' }],
            tone: 'light',
            structuredData: false,
          },
        ],
      }),
      project,
      blockMap,
      {
        ...assets,
        pageScripts: (islands, behaviors) => {
          scripts.push([islands, behaviors]);
          return { entry: '/e.js', preloads: ['/b.js'] };
        },
      },
    );
    expect(islandTypes).toEqual([]);
    expect(behaviorTypes).toEqual(['navbar', 'faq']);
    expect(scripts).toEqual([[[], ['navbar', 'faq']]]);
    expect(html).toContain('<div data-behavior="navbar"><header');
    expect(html).toContain('<div data-behavior="faq">');
    expect(html).toContain('<link rel="modulepreload" href="/b.js" fetchpriority="low">');
    expect(html).not.toContain('<div data-island');
    expect(html).not.toContain('data-props');
    expect(html).not.toContain('fillgas-site');
  });

  it('leaves the layout of blocks below the first screen to the viewport and the page script', () => {
    const block = (hideFor?: 'paidTraffic', track?: string) => ({
      type: 'banner',
      variant: 'primary',
      heading: 'Seu cilindro acabou?',
      cta: { label: 'Ver', action: 'link', message: 'recarga', href: '#fim', ...(track && { track }) },
      noteIcon: 'clock',
      tone: 'light',
      ...(hideFor && { hideFor }),
    });
    const scripts: string[][][] = [];
    const render = (blocks: LoadedPage['model']['blocks']) => {
      scripts.length = 0;
      const { html } = renderPage(page({ blocks }), project, blockMap, {
        ...assets,
        pageScripts: (...args) => {
          scripts.push(args);
          return { entry: '/e.js', preloads: [] };
        },
      });
      return new JSDOM(html).window.document;
    };
    const classes = (doc: Document) =>
      [...doc.querySelector('main')!.children].map((el) => el.className || el.getAttribute('data-hide-for'));

    // A page with the page script: the first screen's two blocks are laid out at once; a
    // block that may be removed is never wrapped (its placeholder height would stay on screen).
    const footer = { type: 'footer', ...(blockMap.get('footer')!.examples[0]!.props as object) };
    const enhanced = render([block(undefined, 'A'), block(), block(), block('paidTraffic'), footer]);
    expect(scripts).toEqual([[[], []]]);
    expect(classes(enhanced)).toEqual([
      expect.stringMatching(/^css-/),
      expect.stringMatching(/^css-/),
      BELOW_FOLD_CLASS,
      'paidTraffic',
    ]);
    expect(enhanced.querySelector('style')!.textContent).toContain(
      `.${BELOW_FOLD_CLASS}{content-visibility:auto;`,
    );
    // The footer, after all of <main>, waits when something in <main> does; on a short page
    // it may be on the first screen, so it does not.
    expect(enhanced.querySelector(`body > .${BELOW_FOLD_CLASS} > footer`)).not.toBeNull();
    const short = render([block(undefined, 'A'), block(), footer]);
    expect(scripts).toEqual([[[], []]]);
    expect(short.querySelector('body > footer')).not.toBeNull();
    expect(short.querySelector(`.${BELOW_FOLD_CLASS}`)).toBeNull();
    // Static blocks only: no script, and no block waits, since nothing would lay it out.
    const plain = render([block(), block(), block()]);
    expect(scripts).toEqual([]);
    expect(plain.querySelector('script[src]')).toBeNull();
    expect(plain.querySelector(`.${BELOW_FOLD_CLASS}`)).toBeNull();
    // A block with its own below-the-fold content (a legal text) brings the page script.
    const legal = blockMap.get('legal')!.examples[0]!.props as Record<string, unknown>;
    const policy = render([{ type: 'legal', ...legal }, footer]);
    expect(policy.querySelectorAll(`section.${BELOW_FOLD_CLASS}`).length).toBeGreaterThan(1);
    expect(policy.querySelector(`body > .${BELOW_FOLD_CLASS} > footer`)).not.toBeNull();
    expect(scripts).toEqual([[[], []]]);
  });

  it('lays blocks out in landmarks: header, main, footer', () => {
    const { html } = renderPage(
      page({ blocks: [{ type: 'navbar', logoHref: '/', align: 'center' }] }),
      project,
      blockMap,
      assets,
    );
    expect(html).toMatch(/<a class="skip-link" href="#conteudo">Pular para o conteúdo<\/a>\n<header/);
    expect(html).toContain('<main id="conteudo" tabindex="-1">');
  });
});
