/**
 * The files search engines and browsers read beside the pages: sitemap.xml (indexable routes
 * only), robots.txt pointing at it, and the web app manifest. The build writes them.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { colors } from '../../design/theme.ts';
import type { Site } from '../../schema/site.ts';
import type { PageModel, ResolvedAudience, ResolvedExperiment } from '../load/index.ts';
import { isIndexable, MANIFEST_FILE, servedAt } from '../render/index.ts';

export const SITEMAP_FILE = 'sitemap.xml';
export const ROBOTS_FILE = 'robots.txt';

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

/** Writes sitemap.xml, robots.txt and the web manifest into a built folder. */
export async function writeSeoFiles(
  outDir: string,
  site: Site,
  pages: readonly { route: string; model: Pick<PageModel, 'robots'> }[],
  served: { experiments?: readonly ResolvedExperiment[]; audiences?: readonly ResolvedAudience[] } = {},
): Promise<void> {
  // A page served at an experiment's or an audience's address is that address's page, not one of its own.
  const indexable = pages
    .filter((p) => isIndexable(p.route, p.model) && servedAt(p.route, served) === undefined)
    .map((p) => p.route);
  await mkdir(outDir, { recursive: true });
  await Promise.all([
    writeFile(path.join(outDir, SITEMAP_FILE), sitemapXml(site.origin, indexable)),
    writeFile(path.join(outDir, ROBOTS_FILE), robotsTxt(site.origin)),
    writeFile(path.join(outDir, MANIFEST_FILE), webManifest(site)),
  ]);
}
