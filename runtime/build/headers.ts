/**
 * Security headers and static-host deploy configuration, from one source.
 *
 * - `_headers` (Netlify and Cloudflare Pages read it from the published folder) is written
 *   into every build by runtime/build/prerender.ts;
 * - `vercel.json` must sit at the project root for Vercel: it is generated from the same
 *   functions (`npx tsx runtime/build/headers.ts` rewrites it) and a test fails while it is stale;
 * - runtime/dev/static-server.ts (preview and browser tests) reads the built `_headers`, so every local
 *   run happens under the policy a host would send.
 *
 * The Content-Security-Policy allows scripts from the site itself and the inline pre-paint
 * script by its SHA-256 hash (computed from the same constant the page embeds, so they
 * cannot drift; the build also refuses any other inline script it finds without a hash).
 * Styles need 'unsafe-inline': emotion writes <style> tags at build time and islands insert
 * rules in the browser. With an analytics id, exactly the Google hosts that gtag.js / GTM
 * need are added (docs/decisions/0009-csp-and-consent.md).
 */
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Site } from '../../schema/site.ts';
import { JS_CLASS_AND_FLAGS_SCRIPT, JS_CLASS_SCRIPT } from '../render/index.ts';

/** Inline scripts the document may contain; each is allowed by its hash. */
export const INLINE_SCRIPTS: readonly string[] = [JS_CLASS_SCRIPT, JS_CLASS_AND_FLAGS_SCRIPT];

/** Google hosts gtag.js (GA4) and a GTM container need (Google's CSP guide for GA4 / GTM). */
export const GOOGLE_HOSTS = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
} as const;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything under it has a content hash in its name (Vite's chunks, fonts, images: runtime/build/fingerprint.ts). */
export const IMMUTABLE_PREFIX = '/assets';
export const REVALIDATE = 'public, max-age=0, must-revalidate';

export function sha256(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

type SiteLike = Pick<Site, 'analyticsId'>;

export function contentSecurityPolicy(site: SiteLike): string {
  const google = Boolean(site.analyticsId);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...INLINE_SCRIPTS.map(sha256), ...(google ? GOOGLE_HOSTS.script : [])],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', ...(google ? GOOGLE_HOSTS.img : [])],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...(google ? GOOGLE_HOSTS.connect : [])],
    ['frame-src', "'none'"],
    ['worker-src', "'none'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** Headers every response gets. */
export function securityHeaders(site: SiteLike): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(site),
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy':
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/**
 * Request paths of a route's HTML: hosts answer both `/a` and `/a/` (and `/index.html`).
 * Cache-Control is set per HTML path, never on `/*`: Netlify and Cloudflare join the values
 * of every matching rule with a comma, which would spoil the immutable rule of /assets/*.
 */
export function htmlPaths(routes: readonly string[]): string[] {
  const paths = new Set<string>(['/404.html']);
  for (const route of routes) {
    if (route === '/404') continue;
    if (route === '/') {
      paths.add('/');
      paths.add('/index.html');
    } else {
      paths.add(route);
      paths.add(`${route}/`);
      paths.add(`${route}/index.html`);
    }
  }
  return [...paths];
}

export interface HeaderRule {
  path: string;
  headers: Record<string, string>;
}

export function headerRules(site: SiteLike, routes: readonly string[]): HeaderRule[] {
  return [
    { path: '/*', headers: securityHeaders(site) },
    { path: `${IMMUTABLE_PREFIX}/*`, headers: { 'Cache-Control': IMMUTABLE } },
    ...htmlPaths(routes).map((p) => ({ path: p, headers: { 'Cache-Control': REVALIDATE } })),
  ];
}

/** The `_headers` file of Netlify and Cloudflare Pages. */
export function headersFile(site: SiteLike, routes: readonly string[]): string {
  const blocks = headerRules(site, routes).map(
    (rule) =>
      `${rule.path}\n${Object.entries(rule.headers)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join('\n')}`,
  );
  return `# Gerado por npm run build para Netlify e Cloudflare Pages. Não edite.\n${blocks.join('\n')}\n`;
}

/** Parses a `_headers` file (the subset written above: paths, `*` splats, `Name: value`). */
/** The headers file Netlify and Cloudflare Pages read from the output folder. */
export const DEPLOY_HEADERS_FILE = '_headers';

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: {} });
      continue;
    }
    const rule = rules.at(-1);
    const colon = line.indexOf(':');
    if (!rule || colon < 0) continue;
    rule.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

/** Headers for a request path, as the hosts match them (later rules add, same names join). */
export function headersForPath(rules: readonly HeaderRule[], requestPath: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    const pattern = new RegExp(`^${rule.path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    if (!pattern.test(requestPath)) continue;
    for (const [k, v] of Object.entries(rule.headers)) out[k] = out[k] ? `${out[k]}, ${v}` : v;
  }
  return out;
}

/** vercel.json (project root): the same headers, in Vercel's format. */
export function vercelConfig(site: SiteLike): Record<string, unknown> {
  const toList = (h: Record<string, string>) => Object.entries(h).map(([key, value]) => ({ key, value }));
  return {
    $schema: 'https://openapi.vercel.sh/vercel.json',
    buildCommand: 'npm run build',
    outputDirectory: 'dist',
    cleanUrls: true,
    trailingSlash: false,
    headers: [
      { source: '/(.*)', headers: toList(securityHeaders(site)) },
      { source: `${IMMUTABLE_PREFIX}/(.*)`, headers: toList({ 'Cache-Control': IMMUTABLE }) },
    ],
  };
}

export function vercelJson(site: SiteLike): string {
  return `${JSON.stringify(vercelConfig(site), null, 2)}\n`;
}

/** Executable inline scripts in a page (JSON-LD and JSON data blocks are data, not code). */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1]!;
    if (/\bsrc=/.test(attrs)) continue;
    const type = /\btype="([^"]*)"/.exec(attrs)?.[1];
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    found.push(m[2]!);
  }
  return found;
}

/**
 * Writes `_headers` into the build and checks every page: an inline script that the policy
 * does not allow by hash would be blocked in production, so the build stops instead.
 */
export async function writeDeployFiles(
  outDir: string,
  site: SiteLike,
  pages: readonly { route: string; html: string }[],
): Promise<void> {
  const allowed = new Set(INLINE_SCRIPTS);
  for (const page of pages) {
    for (const script of inlineScripts(page.html)) {
      if (!allowed.has(script))
        throw new Error(
          `${page.route}: script inline sem hash na Content-Security-Policy (adicione-o a INLINE_SCRIPTS em runtime/build/headers.ts): ${script.slice(0, 80)}`,
        );
    }
  }
  await writeFile(
    path.join(outDir, DEPLOY_HEADERS_FILE),
    headersFile(
      site,
      pages.map((p) => p.route),
    ),
  );
}

/**
 * `npx tsx runtime/build/headers.ts` rewrites vercel.json from pages/_site.yaml, and Vercel's
 * middleware.ts (only while the site declares experiments).
 */
export const VERCEL_FILE = 'vercel.json';

async function main(): Promise<void> {
  const { loadProject } = await import('../load/index.ts');
  const { blockList } = await import('../../blocks/index.ts');
  const root = process.cwd();
  const project = await loadProject({ root, pagesDir: path.join(root, 'pages'), blocks: blockList });
  await writeIfChanged(path.join(root, VERCEL_FILE), vercelJson(project.site));
  const { vercelMiddlewareForRepo, VERCEL_MIDDLEWARE_FILE } = await import('./experiments.ts');
  const middleware = path.join(root, VERCEL_MIDDLEWARE_FILE);
  const source = await vercelMiddlewareForRepo(root, project);
  if (source !== undefined) await writeIfChanged(middleware, source);
  else if (
    await readFile(middleware).then(
      () => true,
      () => false,
    )
  ) {
    await rm(middleware);
    console.log(`✓ ${VERCEL_MIDDLEWARE_FILE} removido (nenhum experimento).`);
  }
}

async function writeIfChanged(file: string, text: string): Promise<void> {
  const name = path.basename(file);
  const current = await readFile(file, 'utf8').catch(() => '');
  if (current !== text) await writeFile(file, text);
  console.log(current === text ? `${name} já está atualizado.` : `✓ ${name} atualizado.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
