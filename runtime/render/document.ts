/** The HTML document around the rendered blocks: head tags, styles and scripts. */
import type { Site } from '../../schema/site.ts';
import { colors } from '../../design/theme.ts';
import { SESSION_FLAGS } from '../../schema/constants.ts';
import type { PageModel } from '../load/index.ts';
import { MANIFEST_FILE, SHARE_IMAGE } from './seo.ts';

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for HTML content and attribute values (quoted either way). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]!);
}

/** A value for a single-quoted attribute: JSON keeps its double quotes unescaped (smaller). */
export function escapeSingleQuotedAttr(text: string): string {
  return text.replace(/[&<>']/g, (c) => entities[c]!);
}

/** JSON inside <script>: "<" escaped so no "</script>" or "<!--" can end it early. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Runs before first paint on pages that have a script: blocks can then style states that
 * only make sense with JavaScript (a closed accordion panel) under `.js`, and show
 * everything when scripts are off. Issue 7's CSP allows it by its hash.
 */
export const JS_CLASS_SCRIPT = "document.documentElement.classList.add('js')";

/**
 * The same, and it also marks the session flags already set (`flag-stickyWhatsDismissed` …),
 * so a dismissed bar does not flash before its behaviour runs. Only pages whose styles use a
 * `.flag-` class get it: the first read of sessionStorage is a synchronous call to the browser
 * process inside the first HTML parse, which pages without such a block need not make (the
 * inline script's CPU time went from 0.8 to 0.45 ms in Lighthouse traces of /404).
 */
export const JS_CLASS_AND_FLAGS_SCRIPT =
  "(function(c){c.add('js');try{for(var k of " +
  JSON.stringify(SESSION_FLAGS) +
  ")if(sessionStorage.getItem(k)==='true')c.add('flag-'+k)}catch(e){}})(document.documentElement.classList)";

/** The pre-paint script a page needs, given its collected styles. */
export const prePaintScript = (styles: string): string =>
  styles.includes('.flag-') ? JS_CLASS_AND_FLAGS_SCRIPT : JS_CLASS_SCRIPT;

export interface DocumentParts {
  route: string;
  /** data-* attributes on <html> that the page script reads. */
  htmlData?: Record<string, string | undefined>;
  page: PageModel;
  site: Site;
  /** Canonical URL, or undefined for pages that must not declare one (404). */
  canonicalUrl?: string;
  styles: string;
  body: string;
  fontPreloads: string[];
  scripts: { entry: string; preloads: string[]; islands?: string[] } | undefined;
  /** Extra tags for dev (nothing in production). */
  devHead?: string;
}

export function renderDocument(parts: DocumentParts): string {
  const { page, site } = parts;
  const url = parts.canonicalUrl;
  // The page's own share image, or the one made here (1200×630, its size and text known).
  const image = `${site.origin}${page.image ?? SHARE_IMAGE.path}`;
  const shareImage = page.image ? undefined : SHARE_IMAGE;
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.title)}</title>`,
    meta('name', 'description', page.description),
    meta('name', 'robots', page.robots),
    url ? `<link rel="canonical" href="${escapeHtml(url)}">` : '',
    meta('property', 'og:type', 'website'),
    meta('property', 'og:locale', 'pt_BR'),
    meta('property', 'og:site_name', site.brand),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    url ? meta('property', 'og:url', url) : '',
    meta('property', 'og:image', image),
    shareImage ? meta('property', 'og:image:type', shareImage.type) : '',
    shareImage ? meta('property', 'og:image:width', String(shareImage.width)) : '',
    shareImage ? meta('property', 'og:image:height', String(shareImage.height)) : '',
    shareImage ? meta('property', 'og:image:alt', shareImage.alt) : '',
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', image),
    shareImage ? meta('name', 'twitter:image:alt', shareImage.alt) : '',
    meta('name', 'theme-color', colors.navy),
    `<link rel="manifest" href="/${MANIFEST_FILE}">`,
    // The ICO (16, 32 and 48 px) only: browsers decode the page's favicon in the page's own
    // process, and an SVG one costs a whole SVG document on the main thread (2-15 ms on a phone)
    // on every page load (decision 0012); public/favicon.svg stays the drawing the icons are made from.
    '<link rel="icon" href="/favicon.ico" sizes="48x48">',
    '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
    ...parts.fontPreloads.map(
      (href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`,
    ),
    parts.styles,
    ...(page.jsonLd ?? []).map(
      (data) =>
        `<script type="application/ld+json">${jsonForScript({ '@context': 'https://schema.org', ...data })}</script>`,
    ),
    ...(parts.scripts
      ? [
          `<script>${prePaintScript(parts.styles)}</script>`,
          // Low priority: the first screen's fonts and image load first; the islands follow
          // (and Lighthouse no longer counts them as render-blocking: decision 0010).
          ...parts.scripts.preloads.map(
            (href) => `<link rel="modulepreload" href="${href}" fetchpriority="low">`,
          ),
          // The island chunks are fetched by the page script after the first paint (decision 0011).
          `<script type="module" src="${parts.scripts.entry}" fetchpriority="low"${
            parts.scripts.islands?.length ? ` data-islands="${parts.scripts.islands.join(' ')}"` : ''
          }></script>`,
        ]
      : []),
    parts.devHead ?? '',
  ].filter(Boolean);

  const htmlData = Object.entries(parts.htmlData ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` data-${key}="${escapeHtml(value!)}"`)
    .join('');
  return `<!doctype html>
<html lang="pt-BR" data-route="${escapeHtml(parts.route)}"${htmlData}>
<head>
${head.join('\n')}
</head>
<body>
${parts.body}
</body>
</html>
`;
}
