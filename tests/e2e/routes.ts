/**
 * The routes of the real site, read from pages/ the way the build reads them, so a page added
 * there is covered at once by every browser test that loops over the routes.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileToRoute, isRouteFile, NOT_FOUND_ROUTE } from '../../runtime/load/routes.ts';

/** A path no page answers: the static server sends 404.html with status 404. */
export const UNKNOWN_PATH = '/pagina-inexistente';

const pagesDir = path.resolve(import.meta.dirname, '../../pages');

/** Every route but the 404 page, "/" first. */
export const PAGE_ROUTES: string[] = readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
  .map((file) => file.split(path.sep).join('/'))
  .filter(isRouteFile)
  .map(fileToRoute)
  .filter((route) => route !== NOT_FOUND_ROUTE)
  .sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)));

/** Every page a visitor can land on, the not-found page included (through an unknown path). */
export const ALL_ROUTES: string[] = [PAGE_ROUTES[0]!, UNKNOWN_PATH, ...PAGE_ROUTES.slice(1)];
