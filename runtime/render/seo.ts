/**
 * What a page's head tells search engines and share previews: the default share image, the
 * manifest's address, which routes may be indexed and the rules for a page's JSON-LD.
 * document.ts writes the head tags; the files beside the pages (sitemap.xml, robots.txt, the
 * manifest) are the build's (runtime/build/seo-files.ts).
 */
import type { WebSite } from 'schema-dts';
import type { Site } from '../../schema/site.ts';
import {
  NOT_FOUND_ROUTE,
  type JsonLdThing,
  type PageModel,
  type ResolvedAudience,
  type ResolvedExperiment,
} from '../load/index.ts';

/** The share image made here (scripts/make-share-image.ts), used by pages that name none. */
export const SHARE_IMAGE = {
  path: '/compartilhar.png',
  width: 1200,
  height: 630,
  type: 'image/png',
  alt: 'Fillgás: recarga de cilindro de CO2 com troca em casa em São Paulo e Grande SP',
} as const;

export const MANIFEST_FILE = 'site.webmanifest';

/**
 * The experiment that serves `route`'s page under another address (the page is one of its
 * variants, not the route's own page): its HTML then names that address as canonical and is left
 * out of the sitemap, as Google asks of A/B variants (../shared/docs/experiments.md).
 */
export function servedByExperiment(
  route: string,
  experiments: readonly ResolvedExperiment[] | undefined,
): ResolvedExperiment | undefined {
  return experiments?.find((e) => e.route !== route && e.pages.some((p) => p.route === route));
}

/**
 * The audience rule that serves `route`'s page at another address (issue 38): like an experiment's
 * variant, its HTML names that address as canonical and it is left out of the sitemap.
 */
export function servedByAudience(
  route: string,
  audiences: readonly ResolvedAudience[] | undefined,
): ResolvedAudience | undefined {
  return audiences?.find((a) => a.route !== route && a.variantRoute === route);
}

/**
 * The address that serves `route`'s page in its place, an experiment's or an audience's, or
 * undefined: the page's canonical is that address and the sitemap leaves it out.
 */
export function servedAt(
  route: string,
  project: { experiments?: readonly ResolvedExperiment[]; audiences?: readonly ResolvedAudience[] },
): string | undefined {
  return (
    servedByExperiment(route, project.experiments)?.route ?? servedByAudience(route, project.audiences)?.route
  );
}

/** A page search engines may list: robots allows indexing and it is not the not-found page. */
export function isIndexable(route: string, page: Pick<PageModel, 'robots'>): boolean {
  return route !== NOT_FOUND_ROUTE && page.robots.startsWith('index');
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
