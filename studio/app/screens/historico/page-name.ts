/**
 * How Histórico names its page from the first paint: by its address ("/agendamento"), as Páginas
 * and the editor name every page. Their `route` comes from the server, which computes it with the
 * loader's own rule (runtime/load/routes.ts's fileToRoute); Histórico knows only the file name
 * until its history arrives, so it applies the same rule here instead of changing its title when
 * the answer lands. A file that is no route (a name starting with "_") is named by its file.
 */
// The loader's rule from its own module, not load/browser.ts: through the entry the app would carry
// the parser and the schema validator too (studio/app/screens/editor/yaml-language/yaml-service.ts).
// eslint-disable-next-line no-restricted-imports
import { fileToRoute, isRouteFile } from '../../../../runtime/load/routes.ts';

const PAGES = 'pages/';

/** "pages/agendamento.yaml" → "/agendamento"; "pages/blog/index.yaml" → "/blog". */
export function pageAddress(file: string): string {
  if (!file.startsWith(PAGES)) return file;
  const rel = file.slice(PAGES.length);
  return isRouteFile(rel) ? fileToRoute(rel) : file;
}

/** The screen's title and the tab's: "Histórico de /agendamento". */
export const historyTitle = (file: string) => `Histórico de ${pageAddress(file)}`;
