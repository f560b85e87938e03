/**
 * Routes come from the pages folder: pages/index.yaml is "/", pages/a/b.yaml is "/a/b",
 * pages/a/index.yaml is "/a", pages/404.yaml answers every unknown path.
 * Files and folders starting with "_" are not routes.
 */
export const NOT_FOUND_ROUTE = '/404';

const segmentPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `relPath` is relative to the pages folder, with forward slashes. */
export function fileToRoute(relPath: string): string {
  const segments = relPath.replace(/\.yaml$/, '').split('/');
  if (segments[segments.length - 1] === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

export function isRouteFile(relPath: string): boolean {
  return relPath.endsWith('.yaml') && !relPath.split('/').some((s) => s.startsWith('_'));
}

/** Why a pages file name cannot become a URL, or undefined when it can. */
export function badRouteFileName(relPath: string): string | undefined {
  const segments = relPath.replace(/\.yaml$/, '').split('/');
  const bad = segments.find((s) => !segmentPattern.test(s));
  return bad === undefined ? undefined : bad;
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
