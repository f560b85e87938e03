/**
 * Routes come from the pages folder: pages/index.yaml is "/", pages/a/b.yaml is "/a/b",
 * pages/a/index.yaml is "/a", pages/404.yaml answers every unknown path.
 * Files and folders starting with "_" are not routes.
 */
export const NOT_FOUND_ROUTE = '/404';

const segmentPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The longest name of one page or folder of an address, in characters ("promo-inverno": 13). The
 * longest name in pages/ today has 24; 80 is also the limit of an image's name (studio/image-rules.ts).
 * It keeps every file the site and the Estúdio make from a name (the Estúdio's temporary
 * ".<name>.yaml.<random>.tmp", the build's <route>/index.html) far inside the file system's 255 bytes.
 */
export const MAX_ROUTE_NAME_LENGTH = 80;

/**
 * The most levels an address has ("/campanhas/inverno": 2; every page in pages/ today has 1). With
 * MAX_ROUTE_NAME_LENGTH, an address stays under 500 characters, inside any file system's path limit.
 */
export const MAX_ROUTE_DEPTH = 6;

/** At most `max` characters of `text`, then "…" (a name quoted in a message). */
const clip = (text: string, max = 40) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The levels of the address a pages file name gives ("a/index.yaml": 1, "index.yaml": 0). */
function routeDepth(relPath: string): number {
  const route = fileToRoute(relPath);
  return route === '/' ? 0 : route.split('/').length - 1;
}

/**
 * Why a pages file name is past the limits of an address (a name longer than
 * MAX_ROUTE_NAME_LENGTH, more levels than MAX_ROUTE_DEPTH), in Portuguese, or undefined.
 */
export function routeLimitProblem(relPath: string): string | undefined {
  const long = relPath
    .replace(/\.yaml$/, '')
    .split('/')
    .find((s) => s.length > MAX_ROUTE_NAME_LENGTH);
  if (long !== undefined) {
    return `O nome "${clip(long)}" tem ${long.length} caracteres; o limite é ${MAX_ROUTE_NAME_LENGTH} para o nome de uma página ou pasta.`;
  }
  const depth = routeDepth(relPath);
  if (depth > MAX_ROUTE_DEPTH) {
    return `O endereço tem ${depth} níveis; o limite é ${MAX_ROUTE_DEPTH} (/campanhas/inverno, por exemplo, tem 2).`;
  }
  return undefined;
}

/** `relPath` is relative to the pages folder, with forward slashes. */
export function fileToRoute(relPath: string): string {
  const segments = relPath.replace(/\.yaml$/, '').split('/');
  if (segments[segments.length - 1] === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

export function isRouteFile(relPath: string): boolean {
  return relPath.endsWith('.yaml') && !relPath.split('/').some((s) => s.startsWith('_'));
}

/**
 * Why a pages file name cannot become a URL, or undefined when it can: the name that is not
 * URL-safe or is too long, or the whole path when it has too many levels (routeLimitProblem says
 * which limit, with the numbers).
 */
export function badRouteFileName(relPath: string): string | undefined {
  const segments = relPath.replace(/\.yaml$/, '').split('/');
  const bad = segments.find((s) => s.length > MAX_ROUTE_NAME_LENGTH || !segmentPattern.test(s));
  if (bad !== undefined) return bad;
  return routeDepth(relPath) > MAX_ROUTE_DEPTH ? segments.join('/') : undefined;
}

/** Where the built HTML of a route goes, relative to dist/. */
export function routeToOutFile(route: string): string {
  if (route === NOT_FOUND_ROUTE) return '404.html';
  if (route === '/') return 'index.html';
  return `${route.slice(1)}/index.html`;
}

/** Page-view names and ids derive from the route: "/sodastream-t" → "sodastream-t". */
export function routeSlug(route: string): string {
  return route === '/' ? 'index' : route.slice(1).replace(/\//g, '__');
}
