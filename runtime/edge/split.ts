/**
 * The edge split (issue 20), host-neutral: a standard Request in, a Response out (or undefined:
 * not an experiment route, let the host serve it as a static file). Cloudflare, Netlify and Vercel
 * adapters only wire it to their way of reading the prerendered files.
 *
 * A valid assignment cookie keeps its variant; anything else (no cookie, an unknown or removed
 * key) gets a weighted draw with cryptographic randomness. The answer is the variant's
 * prerendered HTML, status 200, at the same address, with the cookie (only the variant key),
 * `Cache-Control: private, no-cache`, `Vary: Cookie` and the route's security headers. A decided
 * experiment (winner) serves its winner to everyone; outside its dates (calendar days in São
 * Paulo, decision 0023), the route's own page; either way an assignment cookie the request
 * carries is cleared (Max-Age=0), so an ended experiment counts no exposure. The user agent is
 * never read: crawlers are split like everyone (serving them the original would be cloaking);
 * the page script leaves known bots out of the measurement.
 */
import type { ExperimentManifest, ManifestExperiment, ManifestVariant } from './manifest.ts';
import { endOfSiteDay, siteDay } from './site-day.ts';
import { routeOfPath } from '../url-route.ts';

export type { ExperimentManifest };

/** Reads a prerendered file ("recarrega-site/index.html") as the static host would serve it. */
export type AssetFetcher = (variant: ManifestVariant, request: Request) => Promise<Response>;

export interface SplitOptions {
  fetchAsset: AssetFetcher;
  /** Default: now. */
  now?: () => Date;
  /** A uniform number in [0, 1). Default: crypto.getRandomValues. */
  random?: () => number;
}

/** The assignment cookie of an experiment: one per experiment, holding only the variant key. */
export const cookieName = (experimentId: string): string => `fgs_exp_${experimentId}`;

/** A cookie without an end date lasts this long (the experiment usually ends before). */
export const DEFAULT_COOKIE_DAYS = 90;

/**
 * The assignment cookie's Max-Age, in seconds: to the end of the experiment's `end` day in São
 * Paulo (decision 0023), never under a day, or DEFAULT_COOKIE_DAYS without an end.
 */
export function cookieMaxAge(end: string | null, now: Date): number {
  if (end === null) return DEFAULT_COOKIE_DAYS * 86_400;
  return Math.max(86_400, Math.ceil((endOfSiteDay(end).getTime() - now.getTime()) / 1000));
}

function cryptoRandom(): number {
  const word = new Uint32Array(1);
  crypto.getRandomValues(word);
  return word[0]! / 2 ** 32;
}

function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** Whether `at` falls within the experiment's days (São Paulo's, inclusive; decision 0023). */
function withinDates({ start, end }: ManifestExperiment, at: Date): boolean {
  if (start === null && end === null) return true;
  const day = siteDay(at); // AAAA-MM-DD, compared as strings
  return (start === null || day >= start) && (end === null || day <= end);
}

/** The experiment for a request, if it is one of an experiment's routes and the method reads. */
export function experimentFor(
  manifest: ExperimentManifest,
  request: Request,
): ManifestExperiment | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const route = routeOfPath(new URL(request.url).pathname);
  return manifest.experiments.find((e) => e.route === route);
}

/**
 * Reads a static file as a browser would: one same-origin redirect followed. Hosts answer a
 * folder's index.html at "/x/" or at "/x" depending on their trailing-slash setting (Cloudflare's
 * `html_handling`, Vercel's `trailingSlash`) and redirect the other form: either way the variant
 * is read, never a redirect handed to the visitor at the experiment's address.
 */
export async function readStatic(fetchUrl: (url: URL) => Promise<Response>, url: URL): Promise<Response> {
  const first = await fetchUrl(url);
  const location = first.status >= 300 && first.status < 400 ? first.headers.get('Location') : null;
  if (location === null) return first;
  const next = new URL(location, url);
  return next.origin === url.origin ? fetchUrl(next) : first;
}

/** The paths a host must run the split on: each experiment's route as a visitor may write it. */
export function experimentPaths(manifest: ExperimentManifest): string[] {
  return manifest.experiments.flatMap((e) =>
    e.route === '/' ? ['/', '/index.html'] : [e.route, `${e.route}/`, `${e.route}/index.html`],
  );
}

/** The weighted draw: `u` in [0, 1) mapped onto the cumulative weights. */
export function draw(variants: readonly ManifestVariant[], u: number): ManifestVariant {
  const total = variants.reduce((sum, v) => sum + v.weight, 0);
  let point = u * total;
  for (const variant of variants) {
    if (point < variant.weight) return variant;
    point -= variant.weight;
  }
  return variants.at(-1)!;
}

export function createSplitter(manifest: ExperimentManifest, options: SplitOptions) {
  const now = options.now ?? (() => new Date());
  const random = options.random ?? cryptoRandom;
  return async function split(request: Request): Promise<Response | undefined> {
    const experiment = experimentFor(manifest, request);
    if (!experiment) return undefined;
    const own = experiment.variants.find((v) => v.route === experiment.route);
    const at = now();
    const name = cookieName(experiment.id);
    const kept = cookieValue(request.headers.get('Cookie'), name);
    let variant: ManifestVariant | undefined;
    let setCookie: string | undefined;
    if (experiment.winner !== null || !withinDates(experiment, at)) {
      variant =
        experiment.winner === null ? own : experiment.variants.find((v) => v.key === experiment.winner);
      // An experiment that ended counts nothing more: its cookie is cleared, and the page script
      // counts only a view whose cookie names the page (document.cookie already lacks a cookie
      // this very response cleared), so neither this view nor a later one is an exposure.
      if (kept !== undefined) setCookie = `${name}=; Path=/; Max-Age=0; Secure; SameSite=Lax`;
    } else {
      variant = experiment.variants.find((v) => v.key === kept);
      if (!variant) {
        variant = draw(experiment.variants, random());
        const maxAge = cookieMaxAge(experiment.end, at);
        setCookie = `${name}=${variant.key}; Path=/; Max-Age=${maxAge}; Secure; SameSite=Lax`;
      }
    }
    if (!variant) return undefined;
    const asset = await options.fetchAsset(variant, request);
    if (!asset.ok) return asset;
    const headers = new Headers(experiment.headers);
    headers.set('Content-Type', 'text/html; charset=utf-8');
    headers.set('Cache-Control', 'private, no-cache');
    headers.set('Vary', 'Cookie');
    if (setCookie) headers.set('Set-Cookie', setCookie);
    return new Response(request.method === 'HEAD' ? null : asset.body, { status: 200, headers });
  };
}
