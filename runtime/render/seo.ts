/**
 * What search engines and share previews read besides the pages: sitemap.xml (indexable
 * routes only), robots.txt pointing at it, the web app manifest, the default share image,
 * and the rules for a page's JSON-LD. The build writes the files (runtime/prerender.ts);
 * runtime/document.ts writes the head tags.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { WebSite } from 'schema-dts';
import { colors } from '../../design/theme.ts';
import type { Site } from '../../schema/site.ts';
import type { JsonLdThing } from '../load/define-block.ts';
import type { PageModel } from '../load/project.ts';
import { NOT_FOUND_ROUTE } from '../load/routes.ts';

/** The share image made here (scripts/make-share-image.ts), used by pages that name none. */
export const SHARE_IMAGE = {
  path: '/compartilhar.png',
  width: 1200,
  height: 630,
  type: 'image/png',
  alt: 'Fillgás: recarga de cilindro de CO2 com troca em casa em São Paulo e Grande SP',
} as const;

export const SITEMAP_FILE = 'sitemap.xml';
export const ROBOTS_FILE = 'robots.txt';
export const MANIFEST_FILE = 'site.webmanifest';

/** A page search engines may list: robots allows indexing and it is not the not-found page. */
export function isIndexable(route: string, page: Pick<PageModel, 'robots'>): boolean {
  return route !== NOT_FOUND_ROUTE && page.robots.startsWith('index');
}

const xmlEscape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** sitemap.xml: the absolute URL of every indexable route, home first, then alphabetical. */
export function sitemapXml(origin: string, routes: readonly string[]): string {
  const sorted = [...routes].sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)));
  const urls = sorted.map((route) => `  <url><loc>${xmlEscape(`${origin}${route}`)}</loc></url>`);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    `${urls.join('\n')}\n</urlset>\n`
  );
}

/** robots.txt: everything may be crawled (noindex pages say so in their head), and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}/${SITEMAP_FILE}\n`;
}

/** The web app manifest: name, icons (public/, made by scripts/make-icons.ts) and colours. */
export function webManifest(site: Site): string {
  const manifest = {
    name: site.brand,
    short_name: site.brand,
    lang: 'pt-BR',
    start_url: '/',
    scope: '/',
    display: 'browser',
    background_color: colors.white,
    theme_color: colors.navy,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any maskable' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
    ],
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The WebSite node of the home page: the site's name in search results. */
export function webSiteJsonLd(site: Site): WebSite {
  return { '@type': 'WebSite', name: site.brand, url: `${site.origin}/`, inLanguage: 'pt-BR' };
}

export interface BlockJsonLd {
  type: string;
  /** The block's position in the page (for the error message). */
  index: number;
  data: JsonLdThing;
}

/** Two FAQPage nodes on one page: thrown with the block that added the second. */
export class JsonLdConflict extends Error {
  constructor(
    readonly block: BlockJsonLd,
    source: string,
  ) {
    super(
      `a página já tem dados FAQPage (${source}); use structuredData: true em um só bloco faq e tire o FAQPage do jsonLd da página.`,
    );
    this.name = 'JsonLdConflict';
  }
}

/**
 * A page's JSON-LD: what its YAML declares, then what its blocks derive from their props.
 * A page has at most one FAQPage (Google reports a second one as an error).
 */
export function pageJsonLd(
  declared: readonly { '@type': string }[],
  fromBlocks: readonly BlockJsonLd[],
): { '@type': string }[] {
  const all = [...declared];
  let faqSource = declared.some((d) => d['@type'] === 'FAQPage') ? 'no jsonLd da página' : undefined;
  for (const block of fromBlocks) {
    const node = block.data as { '@type': string };
    if (node['@type'] === 'FAQPage') {
      if (faqSource) throw new JsonLdConflict(block, faqSource);
      faqSource = `no bloco ${block.type} nº ${block.index + 1}`;
    }
    all.push(node);
  }
  return all;
}

/** Writes sitemap.xml, robots.txt and the web manifest into a built folder. */
export async function writeSeoFiles(
  outDir: string,
  site: Site,
  pages: readonly { route: string; model: Pick<PageModel, 'robots'> }[],
): Promise<void> {
  const indexable = pages.filter((p) => isIndexable(p.route, p.model)).map((p) => p.route);
  await mkdir(outDir, { recursive: true });
  await Promise.all([
    writeFile(path.join(outDir, SITEMAP_FILE), sitemapXml(site.origin, indexable)),
    writeFile(path.join(outDir, ROBOTS_FILE), robotsTxt(site.origin)),
    writeFile(path.join(outDir, MANIFEST_FILE), webManifest(site)),
  ]);
}
