/**
 * Renders one validated page to a complete HTML document. The same function serves the
 * dev server and the build.
 *
 * Every block renders in its own renderToString call with its own useId prefix, so an
 * island's server HTML is exactly what its hydration in the browser produces, and a
 * component that throws is reported with its page and block. Styles from all blocks are
 * collected by one emotion cache and written once, in <head>.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import { fontFaceCss, type FontFile } from '../../design/fonts.ts';
import { InlineSvgContext, type InlineSvg } from '../../design/picture.tsx';
import { BELOW_FOLD_CLASS, FIRST_SCREEN_BLOCKS } from '../../design/below-fold.ts';
import { globalCss } from '../../design/global-styles.ts';
import {
  clientCodeOf,
  RenderError,
  NOT_FOUND_ROUTE,
  variantCookieKey,
  variantKey,
  type AnyBlockDefinition,
  type LoadedPage,
  type Project,
} from '../load/index.ts';
import { cookieName } from '../edge/index.ts';
import { escapeSingleQuotedAttr, jsonForScript, renderDocument } from './document.ts';
import { BlockProviders, SITE_DATA_ID } from './page-context.tsx';
import {
  JsonLdConflict,
  pageJsonLd,
  servedAt,
  servedByAudience,
  webSiteJsonLd,
  type BlockJsonLd,
} from './seo.ts';

/** Attributes that runtime/client/enhance.ts acts on: a page containing one needs the page script. */
const ENHANCED_MARKERS = ['data-track=', 'data-current-year', 'data-hide-for=', 'data-log-missing-path'];

const BELOW_FOLD_MARKUP = new RegExp(`class="[^"]*\\b${BELOW_FOLD_CLASS}\\b`);

export interface PageAssets {
  /** URL of a font file (hashed in the build, served from node_modules in dev). */
  fontUrl: (font: FontFile) => string;
  preloadFonts: readonly FontFile[];
  /**
   * The page script and the modulepreloads for the islands and block behaviours a page uses
   * (none: the entry alone).
   */
  pageScripts: (
    islandTypes: string[],
    behaviorTypes: string[],
  ) => { entry: string; preloads: string[]; islands?: string[] } | undefined;
  devHead?: string;
  /** Small SVG illustrations written into the page (runtime/render/inline-svg.ts); none: every image is an <img>. */
  inlineSvg?: (src: string) => InlineSvg | undefined;
  /**
   * Wraps each block's markup (the Estúdio's preview marks blocks to outline them and to find
   * their YAML); the build and the dev server leave it unset.
   */
  markBlock?: (index: number, html: string) => string;
  /**
   * With markBlock: each block's place in the document is left empty (`markBlock(index, '')`)
   * and its markup comes apart, in RenderedPage.blocks: the document and the blocks as
   * runtime/dev/render-parts.ts's splitRender cuts the whole render, without a megabyte-long
   * document made and cut again at each keystroke of the Estúdio's preview.
   */
  blocksApart?: boolean;
  /**
   * The Estúdio's preview renders the same page on every keystroke: a block whose props, place
   * and context did not change is taken from here instead of rendered again. The build and the
   * dev server leave it unset.
   */
  blockCache?: BlockRenderCache;
}

/** Blocks rendered before, by what their markup depends on, with the emotion cache holding their styles. */
export interface BlockRenderCache {
  emotion: EmotionCache;
  blocks: Map<string, CachedBlock>;
  /** The props' JSON of each block object rendered (a page's blocks are read only once rendered). */
  props: WeakMap<object, string>;
  /** A short name for each context (site settings and address) rendered in, for the blocks' keys. */
  contexts: Map<string, string>;
}

interface CachedBlock {
  html: string;
  preloads: string[];
  /** What the page's checks look for in the markup, found once (blocksApart). */
  scan?: MarkupScan;
  /** The markup in its island, behaviour and hideFor wrappers, kept while they are the same (blocksApart). */
  wrapped?: { open: string; close: string; html: string };
}

/** What renderPage looks for in a block's markup: the same answers as searching the whole page. */
interface MarkupScan {
  markers: string[];
  belowFold: boolean;
  /** The emotion class names in it (`css-…`, space-separated): the styles it needs. */
  classes: string;
}

function scanMarkup(html: string, emotionKey: string): MarkupScan {
  return {
    markers: ENHANCED_MARKERS.filter((marker) => html.includes(marker)),
    belowFold: BELOW_FOLD_MARKUP.test(html),
    classes: (html.match(new RegExp(`${emotionKey}-[a-zA-Z0-9-_]+`, 'g')) ?? []).join(' '),
  };
}

/** No stylis prefixer: every browser we serve supports unprefixed flex/grid; class names
 * hash the unprocessed styles, so they still match what islands generate in the browser. */
const newEmotionCache = () => createCache({ key: 'css', stylisPlugins: [] });

/** A cache for renderPage's blockCache; kept while the blocks' code is the same. */
export function createBlockRenderCache(): BlockRenderCache {
  return { emotion: newEmotionCache(), blocks: new Map(), props: new WeakMap(), contexts: new Map() };
}

/** Beyond this many remembered blocks the cache starts over (an author's session stays far below). */
const MAX_CACHED_BLOCKS = 4000;

function contextName(cache: BlockRenderCache, context: string): string {
  let name = cache.contexts.get(context);
  if (name === undefined) {
    // Names are numbered from the map's size: blocks keyed by the forgotten names go with them.
    if (cache.contexts.size >= 100) {
      cache.contexts.clear();
      cache.blocks.clear();
    }
    name = `c${cache.contexts.size}:${context.length}`;
    cache.contexts.set(context, name);
  }
  return name;
}

/** A block's props as JSON, once per block object. */
function propsJson(cache: BlockRenderCache, block: object, props: object): string {
  let json = cache.props.get(block);
  if (json === undefined) {
    json = JSON.stringify(props);
    cache.props.set(block, json);
  }
  return json;
}

export interface RenderedPage {
  html: string;
  /** Blocks hydrated by React in the browser. */
  islandTypes: string[];
  /** Blocks enhanced by their plain-DOM behaviour (no React). */
  behaviorTypes: string[];
  /** With blocksApart: each block's markup, by index (its place in `html` is empty). */
  blocks?: string[];
}

export function renderPage(
  page: Pick<LoadedPage, 'route' | 'file' | 'model'>,
  project: Project,
  registry: ReadonlyMap<string, AnyBlockDefinition>,
  assets: PageAssets,
): RenderedPage {
  // The site's settings as a page carries them (blocks' context, the islands' inline JSON): without
  // the experiments list, which no block reads. A page's own arm is named on <html> (data-exp-*,
  // below), so starting or changing an experiment changes only the pages in it (Publicar's list).
  // Nor the audiences and host (issue 38), for the same reason.
  const { experiments: _experiments, audiences: _audiences, host: _host, ...site } = project.site;
  const reuse = assets.blockCache;
  if (reuse && reuse.blocks.size > MAX_CACHED_BLOCKS) reuse.blocks.clear();
  // Kept across renders with blockCache: extraction below takes only the styles the markup uses.
  const cache = reuse?.emotion ?? newEmotionCache();
  const emotion = createEmotionServer(cache);
  const pageInfo = { route: page.route };
  // What every block's markup also depends on: the site's settings and the page's address.
  // (Named shortly: two hundred blocks' keys do not each carry the whole site's settings.)
  const context = reuse ? contextName(reuse, JSON.stringify([site, pageInfo])) : '';
  const groups = {
    header: [] as string[],
    main: [] as string[],
    footer: [] as string[],
    overlay: [] as string[],
  };
  const islandTypes = new Set<string>();
  const behaviorTypes = new Set<string>();
  const blockJsonLd: BlockJsonLd[] = [];
  const imagePreloads = new Set<string>();
  /** Per block of main: whether it may wait for the viewport to be laid out. */
  const belowFold: boolean[] = [];
  /** Per block of the footer: whether it may wait (it is not a block that may be removed). */
  const footerMayWait: boolean[] = [];
  // blocksApart: each block's markup by index, and its wrappers and scan for the page's checks.
  const apart = Boolean(assets.blocksApart && assets.markBlock);
  const blocksOut: string[] = [];
  const pieces: { open: string; close: string; scan: MarkupScan }[] = [];
  /** Per block of main (blocksApart): whether its own markup has below-the-fold content. */
  const mainOwnBelowFold: boolean[] = [];

  page.model.blocks.forEach((block, index) => {
    const def = registry.get(block.type);
    if (!def)
      throw new RenderError(
        page.file,
        page.route,
        block.type,
        index,
        new Error('tipo de bloco não registrado'),
      );
    const { type, hideFor, ...props } = block;
    const prefix = `b${index}-`;
    const Component = def.component;
    const client = clientCodeOf(def, props);
    const key = reuse && [index, type, client.kind, context, propsJson(reuse, block, props)].join('\u0000');
    const known = key ? reuse!.blocks.get(key) : undefined;
    let html: string;
    let entry: CachedBlock | undefined = known;
    if (known) {
      html = known.html;
      for (const link of known.preloads) imagePreloads.add(link);
    } else
      try {
        html = renderToString(
          <CacheProvider value={cache}>
            <BlockProviders site={site} page={pageInfo}>
              {/* An island renders again in the browser, where no file can be read: its images stay <img>. */}
              <InlineSvgContext.Provider value={client.kind === 'island' ? null : (assets.inlineSvg ?? null)}>
                <Component {...props} />
              </InlineSvgContext.Provider>
            </BlockProviders>
          </CacheProvider>,
          { identifierPrefix: prefix },
        );
      } catch (error) {
        throw new RenderError(page.file, page.route, type, index, error);
      }
    // React writes a preload in front of each eager image (design/picture.tsx asks for the
    // hero's): move them into <head>, ahead of the styles, so the browser finds the first
    // screen's image as early as the fonts (the client expects none in the block's markup).
    if (!known) {
      const preloads: string[] = [];
      html = html.replace(/<link rel="preload" as="image"[^>]*\/>/g, (link) => {
        preloads.push(link);
        imagePreloads.add(link);
        return '';
      });
      if (key) {
        entry = { html, preloads };
        reuse!.blocks.set(key, entry);
      }
    }
    let data;
    try {
      data = def.jsonLd?.(props);
    } catch (error) {
      throw new RenderError(page.file, page.route, type, index, error);
    }
    if (data) blockJsonLd.push({ type, index, data });
    let open = '';
    let close = '';
    if (client.kind === 'island') {
      const { strategy } = client;
      islandTypes.add(type);
      const when =
        typeof strategy === 'object'
          ? `data-hydrate="after" data-hydrate-after="${Math.round(strategy.afterMs)}"`
          : `data-hydrate="${strategy}"`;
      open =
        `<div data-island="${type}" ${when} data-prefix="${prefix}" ` +
        `data-props='${escapeSingleQuotedAttr(reuse ? propsJson(reuse, block, props) : JSON.stringify(props))}'>`;
      close = '</div>';
    } else if (client.kind === 'behavior') {
      behaviorTypes.add(type);
      open = `<div data-behavior="${type}">`;
      close = '</div>';
    }
    if (hideFor) {
      open = `<div data-hide-for="${hideFor}">${open}`;
      close = `${close}</div>`;
    }
    const placement = def.placement ?? 'main';
    if (apart) {
      const scan = entry ? (entry.scan ??= scanMarkup(html, cache.key)) : scanMarkup(html, cache.key);
      pieces.push({ open, close, scan });
      if (!open && !close) blocksOut[index] = html;
      else if (entry?.wrapped?.open === open && entry.wrapped.close === close)
        blocksOut[index] = entry.wrapped.html;
      else {
        blocksOut[index] = open + html + close;
        if (entry) entry.wrapped = { open, close, html: blocksOut[index] };
      }
      if (placement === 'main') mainOwnBelowFold.push(scan.belowFold || BELOW_FOLD_MARKUP.test(open));
      html = assets.markBlock!(index, '');
    } else {
      html = open + html + close;
      if (assets.markBlock) html = assets.markBlock(index, html);
    }
    // Not a block that may be removed: its placeholder height would stay on screen.
    if (placement === 'main') belowFold.push(groups.main.length >= FIRST_SCREEN_BLOCKS && !hideFor);
    if (placement === 'footer') footerMayWait.push(!hideFor);
    groups[placement].push(html);
  });

  const types = [...islandTypes];
  const behaviors = [...behaviorTypes];
  // A page that is an arm of an undecided experiment measures its exposures (client/experiment.ts).
  const armOf = project.experiments?.find(
    (e) => e.winner === undefined && e.pages.some((p) => p.route === page.route),
  );
  const arm = armOf?.pages.find((p) => p.route === page.route);
  // What the blocks' markup holds: searched in the whole of it, or (blocksApart) in each block's
  // wrappers and its markup's scan (a wrapper ends in ">", so nothing searched spans two pieces).
  let joined: string | undefined;
  const allBlocks = () => (joined ??= Object.values(groups).flat().join(''));
  const blocksHave = (marker: string) =>
    apart
      ? pieces.some(
          (p) => p.scan.markers.includes(marker) || p.open.includes(marker) || p.close.includes(marker),
        )
      : allBlocks().includes(marker);
  const needsScript =
    types.length > 0 ||
    behaviors.length > 0 ||
    Boolean(site.analyticsId) || // the consent banner and the Google tag (runtime/client/consent.ts)
    Boolean(arm) ||
    Boolean(page.model.analytics?.pageView || page.model.reveal || page.model.scrollToTop) ||
    ENHANCED_MARKERS.some(blocksHave) ||
    // a block's own below-the-fold content (a legal text's clauses)
    (apart
      ? pieces.some((p) => p.scan.belowFold || BELOW_FOLD_MARKUP.test(p.open))
      : BELOW_FOLD_MARKUP.test(allBlocks()));
  const scripts = needsScript ? assets.pageScripts(types, behaviors) : undefined;
  // Below the first screen, the browser lays a block out when it nears the viewport and the
  // page script lays out the rest after the load (design/below-fold.ts). Without the script
  // (a page of static blocks) the page is laid out whole, as it always was.
  const waiting = (html: string) => `<div class="${BELOW_FOLD_CLASS}">${html}</div>`;
  const main = groups.main.map((html, i) => (scripts && belowFold[i] ? waiting(html) : html));
  // The footer comes after all of <main>: it waits too when something in <main> does (on a
  // short page it may be on the first screen).
  const mainWaits = main.some((html, i) => BELOW_FOLD_MARKUP.test(html) || mainOwnBelowFold[i]);
  const footer = groups.footer.map((html, i) => (mainWaits && footerMayWait[i] ? waiting(html) : html));
  const body = [
    '<a class="skip-link" href="#conteudo">Pular para o conteúdo</a>',
    ...groups.header,
    `<main id="conteudo" tabindex="-1">${main.join('')}</main>`,
    ...footer,
    ...groups.overlay,
    types.length > 0
      ? `<script type="application/json" id="${SITE_DATA_ID}">${jsonForScript(site)}</script>`
      : '',
  ]
    .filter(Boolean)
    .join('\n');

  // The styles the markup uses (blocksApart: the document's, its blocks' wrappers' and their classes).
  const chunks = emotion.extractCriticalToChunks(
    apart ? [body, ...pieces.map((p) => `${p.open} ${p.scan.classes} ${p.close}`)].join('\n') : body,
  );
  const styles = [
    ...imagePreloads,
    // Optional: a face that misses the first paint is not swapped in, so no text moves (decision 0028).
    `<style>${fontFaceCss(assets.fontUrl, 'optional')}${globalCss}</style>`,
    emotion.constructStyleTagsFromChunks(chunks),
  ].join('\n');

  let jsonLd: { '@type': string }[];
  try {
    jsonLd = pageJsonLd(page.model.jsonLd ?? [], blockJsonLd);
  } catch (error) {
    if (!(error instanceof JsonLdConflict)) throw error;
    throw new RenderError(page.file, page.route, error.block.type, error.block.index, error);
  }
  // The home page names the site for search results (WebSite), unless its YAML already does.
  if (page.route === '/' && !jsonLd.some((d) => d['@type'] === 'WebSite'))
    jsonLd.push(webSiteJsonLd(site) as { '@type': string });

  // A variant in an experiment is served at the experiment's address, an audience's page at the
  // audience's route (issue 38): canonical to it, indexed like the route's own page (never
  // noindex: Google's rule for A/B variants).
  const servedRoute = servedAt(page.route, project);
  const audience = servedByAudience(page.route, project.audiences);
  const canonicalUrl = servedRoute
    ? `${site.origin}${servedRoute}`
    : page.model.canonical && page.route !== NOT_FOUND_ROUTE
      ? `${site.origin}${page.route}`
      : undefined;
  const robots = servedRoute
    ? (project.pages.find((p) => p.route === servedRoute)?.model.robots ?? 'index, follow')
    : page.model.robots;

  return {
    islandTypes: types,
    behaviorTypes: behaviors,
    ...(apart ? { blocks: blocksOut } : {}),
    html: renderDocument({
      route: page.route,
      htmlData: {
        'page-view': page.model.analytics?.pageView,
        'click-event':
          page.model.analytics?.pageView || blocksHave('data-track=')
            ? page.model.analytics?.clickEvent
            : undefined,
        reveal: page.model.reveal,
        'scroll-top': page.model.scrollToTop ? '' : undefined,
        'analytics-id': site.analyticsId,
        'exp-variant': arm && variantKey(armOf!.id, arm.page),
        'exp-route': armOf?.route,
        'exp-cookie': arm && `${cookieName(armOf!.id)}=${variantCookieKey(arm.page)}`,
        // An audience's page (issue 38): its events name it when it is seen at the audience's route.
        'aud-page': audience?.page,
        'aud-route': audience?.route,
      },
      page: { ...page.model, robots, jsonLd },
      site,
      canonicalUrl,
      styles,
      body,
      fontPreloads: assets.preloadFonts.map(assets.fontUrl),
      scripts,
      devHead: assets.devHead,
    }),
  };
}
