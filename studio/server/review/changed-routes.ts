/**
 * The routes whose built page differs between two builds of the site: what a publish changes,
 * the pages edited and those that change because of them (a variant of an edited base page,
 * every page when the site's settings change). Pages are compared as the host serves them: the
 * built HTML, byte for byte. The build is deterministic (content-hashed asset names, no build
 * time or nonce in the page), so equal pages are equal bytes; a changed image or script shows
 * through the hashed address the page names.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RouteChange } from '../../api.ts';

/**
 * The 404 page's route, built as 404.html (the loader's NOT_FOUND_ROUTE; the Estúdio reaches the
 * runtime through Vite's module runner, so the constant is repeated here rather than imported).
 */
const NOT_FOUND_ROUTE = '/404';

/** A route the Estúdio names: "/", "/a", "/a/b" (lowercase words joined by hyphens), or "/404". */
export const ROUTE_PATTERN = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/;

/** The built file of `route` inside a dist folder (POSIX parts), or undefined for a name that is not a route. */
export function routeFile(route: string): string[] | undefined {
  if (route.length > 300 || !ROUTE_PATTERN.test(route)) return undefined;
  if (route === NOT_FOUND_ROUTE) return ['404.html'];
  if (route === '/') return ['index.html'];
  return [...route.slice(1).split('/'), 'index.html'];
}

/** Every route a dist folder has a page for, with its file. */
export async function builtRoutes(dist: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const walk = async (dir: string, parts: string[]): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      // Assets, images and fonts hold no pages; _agenda/ holds the scheduled instants' pages
      // (issue 38), never served at their own address.
      if (parts.length === 0 && ['assets', 'images', '_agenda'].includes(entry.name)) continue;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), [...parts, entry.name]);
      else if (entry.isFile() && entry.name === 'index.html')
        found.set(`/${parts.join('/')}`, path.join(dir, entry.name));
      else if (entry.isFile() && parts.length === 0 && entry.name === '404.html')
        found.set(NOT_FOUND_ROUTE, path.join(dir, entry.name));
    }
  };
  await walk(dist, []);
  return found;
}

/**
 * The routes whose page differs from `before` to `after` (dist folders), sorted: the edited ones
 * (`edited`, routes of the published files) first, then the rest in address order.
 */
export async function changedRoutes(
  before: string,
  after: string,
  edited: string[] = [],
): Promise<RouteChange[]> {
  const [old, next] = await Promise.all([builtRoutes(before), builtRoutes(after)]);
  const out: RouteChange[] = [];
  for (const route of new Set([...old.keys(), ...next.keys()])) {
    const a = old.get(route);
    const b = next.get(route);
    let change: RouteChange['change'];
    if (a === undefined) change = 'nova';
    else if (b === undefined) change = 'excluída';
    else {
      const [x, y] = await Promise.all([readFile(a), readFile(b)]);
      if (x.equals(y)) continue;
      change = 'alterada';
    }
    out.push({ route, change, edited: edited.includes(route) });
  }
  return out.sort((x, y) =>
    x.edited !== y.edited ? (x.edited ? -1 : 1) : x.route < y.route ? -1 : x.route > y.route ? 1 : 0,
  );
}
