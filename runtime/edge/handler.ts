/**
 * The edge's one request handler (issue 38), host-neutral: a standard Request in, a Response out,
 * or undefined (the host serves its static file as usual). Cloudflare, Netlify and Vercel only
 * wire it to their way of reading the output's files.
 *
 * Per request, in this order:
 * 1. `/_agenda/…` asked directly: 404 (a scheduled change's files never leak before their time).
 * 2. The clock read once; the epoch it falls in answers everything else of this request (page,
 *    variants, experiments, audiences): a page and its variants switch together.
 * 3. Audiences of the route first: a visit whose campaign attributes (the request's own, or the
 *    `fgs_campanha` cookie's) match a rule gets that rule's page at the route, no experiment
 *    cookie, no exposure. Crawlers carry no attributes and get no cookie.
 * 4. Then the epoch's experiment split (runtime/edge/split.ts, unchanged) among the others.
 * 5. Then a file the epoch changed (read from its folder) or removed (the 404 page, status 404).
 * 6. Otherwise the host's own file (with the campaign cookie when the request brought one).
 */
import {
  campaignSetCookie,
  CAMPAIGN_COOKIE,
  decodeCampaign,
  isAudienceCrawler,
  matchAudience,
  readCookie,
  requestAttributes,
} from './audience.ts';
import { epochClock } from './epoch.ts';
import {
  asEdgeManifest,
  type EdgeManifest,
  type ExperimentManifest,
  type ManifestEpoch,
} from './manifest.ts';
import { createSplitter } from './split.ts';
import { routeOfPath } from '../url-route.ts';

/** The folder of the output the scheduled epochs' files live under. */
export const AGENDA_DIR = '_agenda';

/** Cache-Control of a page the edge answers for everyone (like the static host's pages). */
const REVALIDATE = 'public, max-age=0, must-revalidate';
const PRIVATE = 'private, no-cache';
const NOT_FOUND_FILE = '404.html';

export interface EdgeOptions {
  /** Reads an output file ("_agenda/ab12/x/index.html", "404.html") as the host serves it. */
  readFile(file: string, request: Request): Promise<Response>;
  /** The host's own answer to the request, so a campaign cookie can ride on it; absent: none set. */
  passThrough?(request: Request): Promise<Response>;
  /** Default: now. */
  now?: () => Date;
  /** A uniform number in [0, 1) for the split. Default: crypto.getRandomValues. */
  random?: () => number;
}

/** The output file a page route is prerendered to (runtime/load/routes.ts routeToOutFile). */
export function pageFile(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}

/** The file an address asks for: a page's index.html, or the file itself ("/sitemap.xml"). */
export function filesOfPath(pathname: string): string[] {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // a malformed escape is looked up as written
  }
  const files = [pageFile(routeOfPath(decoded))];
  const last = decoded.split('/').at(-1) ?? '';
  if (last.includes('.') && !decoded.endsWith('/index.html')) files.unshift(decoded.slice(1));
  return files;
}

/**
 * The address a host serves an output file at: a folder's index at "/x/" (`slash`: Cloudflare's
 * and Netlify's directory index) or "/x" (`clean`: Vercel's cleanUrls), other files at their path.
 */
export function fileAddress(file: string, style: 'slash' | 'clean'): string {
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html'))
    return `/${file.slice(0, -'index.html'.length - (style === 'clean' ? 1 : 0))}`;
  if (style === 'clean' && file.endsWith('.html')) return `/${file.slice(0, -'.html'.length)}`;
  return `/${file}`;
}

/** Whether an address is inside the scheduled files' folder. */
export function isAgendaPath(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // as written
  }
  const first = decoded.replace(/^\/+/, '').split('/')[0] ?? '';
  return first.toLowerCase() === AGENDA_DIR;
}

/** The addresses a visitor may write for an output file ("x/index.html": /x, /x/, /x/index.html). */
function addressesOf(file: string): string[] {
  if (file === 'index.html') return ['/', '/index.html'];
  if (file.endsWith('/index.html')) {
    const route = `/${file.slice(0, -'/index.html'.length)}`;
    return [route, `${route}/`, `${route}/index.html`];
  }
  return [`/${file}`];
}

/**
 * Where a host must run the handler (Netlify's `config.path`): every address an epoch changes or
 * removes, every experiment's and audience's route, and `/_agenda/*`. With audiences, every
 * address but the content-hashed `/assets/*`: a visit that lands anywhere keeps its campaign.
 */
export function edgePaths(manifest: EdgeManifest): { path: string[]; excludedPath: string[] } {
  if (manifest.epochs.some((e) => e.audiences.length > 0)) {
    return { path: ['/*'], excludedPath: ['/assets/*'] };
  }
  const paths = new Set<string>();
  for (const epoch of manifest.epochs) {
    for (const file of [...epoch.changed, ...epoch.gone]) addressesOf(file).forEach((p) => paths.add(p));
    for (const e of epoch.experiments) addressesOf(pageFile(e.route)).forEach((p) => paths.add(p));
  }
  return { path: [...[...paths].sort(), `/${AGENDA_DIR}/*`], excludedPath: [] };
}

interface Epoch {
  epoch: ManifestEpoch;
  changed: Set<string>;
  gone: Set<string>;
  audienceRoutes: Set<string>;
  split: (request: Request, at: Date) => Promise<Response | undefined>;
}

export function createEdgeHandler(input: EdgeManifest | ExperimentManifest, options: EdgeOptions) {
  const manifest = asEdgeManifest(input);
  const now = options.now ?? (() => new Date());
  /** Where an epoch keeps a file: its folder if it changed it, else the root. */
  const located = (e: Epoch, file: string) =>
    e.epoch.folder !== null && e.changed.has(file) ? `${e.epoch.folder}/${file}` : file;
  const epochs: Epoch[] = manifest.epochs.map((epoch) => {
    const e: Epoch = {
      epoch,
      changed: new Set(epoch.changed),
      gone: new Set(epoch.gone),
      audienceRoutes: new Set(epoch.audiences.map((a) => a.route)),
      split: async () => undefined,
    };
    let at = new Date(0);
    const splitter = createSplitter(
      { version: 1, experiments: epoch.experiments },
      {
        fetchAsset: (variant, request) => options.readFile(located(e, variant.file), request),
        now: () => at,
        ...(options.random && { random: options.random }),
      },
    );
    e.split = (request, instant) => {
      at = instant; // read synchronously by the splitter before its first await
      return splitter(request);
    };
    return e;
  });
  const epochAt = epochClock(epochs.map((e) => ({ from: e.epoch.from, e })));

  async function page(
    e: Epoch,
    file: string,
    request: Request,
    status: number,
    cacheControl: string,
    setCookie: string | undefined,
    extra: Record<string, string> = {},
  ): Promise<Response> {
    const asset = await options.readFile(located(e, file), request);
    if (!asset.ok && status === 200) return withCookie(asset, setCookie);
    const headers = new Headers(e.epoch.headers);
    headers.set('Content-Type', asset.headers.get('Content-Type') ?? 'text/html; charset=utf-8');
    headers.set('Cache-Control', cacheControl);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    if (setCookie) headers.append('Set-Cookie', setCookie);
    return new Response(request.method === 'HEAD' ? null : asset.body, { status, headers });
  }

  return async function handle(request: Request): Promise<Response | undefined> {
    const url = new URL(request.url);
    const at = now(); // once: everything below is this instant's
    const { e } = epochAt(at);
    if (isAgendaPath(url.pathname)) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 404 });
      return page(e, NOT_FOUND_FILE, request, 404, REVALIDATE, undefined);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;

    // The visit's campaign: the request's own attributes (then kept in the cookie), else the cookie's.
    const crawler = isAudienceCrawler(request.headers.get('User-Agent'));
    let setCookie: string | undefined;
    let attributes = crawler ? {} : requestAttributes(url, request.headers.get('Referer'));
    if (attributes !== undefined && !crawler) setCookie = campaignSetCookie(attributes);
    attributes ??= decodeCampaign(readCookie(request.headers.get('Cookie'), CAMPAIGN_COOKIE));

    const route = routeOfPath(url.pathname);
    const routeFile = pageFile(route);
    const hasAudiences = e.audienceRoutes.has(route) && !e.gone.has(routeFile);
    if (hasAudiences && !crawler) {
      const rule = matchAudience(e.epoch.audiences, route, attributes);
      if (rule) return page(e, rule.file, request, 200, PRIVATE, setCookie, { Vary: 'Cookie' });
    }

    const split = await e.split(request, at);
    if (split) return withCookie(split, setCookie);

    if (hasAudiences) return page(e, routeFile, request, 200, PRIVATE, setCookie, { Vary: 'Cookie' });
    for (const file of filesOfPath(url.pathname)) {
      if (e.changed.has(file)) return page(e, file, request, 200, REVALIDATE, setCookie);
      if (e.gone.has(file)) return page(e, NOT_FOUND_FILE, request, 404, REVALIDATE, setCookie);
    }
    if (setCookie === undefined || !options.passThrough) return undefined;
    return withCookie(await options.passThrough(request), setCookie, true);
  };
}

/** The response with the campaign cookie added (and kept out of shared caches when `private_`). */
function withCookie(response: Response, setCookie: string | undefined, private_ = false): Response {
  if (setCookie === undefined) return response;
  const headers = new Headers(response.headers);
  headers.append('Set-Cookie', setCookie);
  if (private_) headers.set('Cache-Control', PRIVATE);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
