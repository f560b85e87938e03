/**
 * Loaded by the dev server through Vite's SSR module loader, so every edit to a block,
 * a schema or the runtime is picked up on the next request without a restart.
 */
import path from 'node:path';
import { fontBaseName, fontFiles } from '../../design/fonts.ts';
import { svgInliner, renderPage, type PageAssets } from '../render/index.ts';
import { loadProject, NOT_FOUND_ROUTE } from '../load/index.ts';
import { blockList, blockMap } from '../../blocks/index.ts';

export const DEV_FONT_PREFIX = '/assets/fonts/';

const devAssets = (root: string): PageAssets => ({
  fontUrl: (font) => `${DEV_FONT_PREFIX}${fontBaseName(font)}.woff2`,
  preloadFonts: fontFiles.filter((f) => f.preload),
  pageScripts: () => ({ entry: '/runtime/client/main.ts', preloads: [] }),
  inlineSvg: svgInliner(path.join(root, 'public')),
});

/** "/agendamento/", "/agendamento/index.html" → "/agendamento". */
export function normaliseRoute(pathname: string): string {
  let route = decodeURIComponent(pathname)
    .replace(/\/index\.html$/, '/')
    .replace(/\.html$/, '');
  if (route.length > 1) route = route.replace(/\/+$/, '');
  return route || '/';
}

/** Throws PageErrors for invalid pages and RenderError when a block throws. */
export async function renderForDev(
  root: string,
  pagesDir: string,
  pathname: string,
): Promise<{ status: number; html: string }> {
  const project = await loadProject({ root, pagesDir, blocks: blockList });
  const route = normaliseRoute(pathname);
  const page = project.pages.find((p) => p.route === route);
  const fallback = project.pages.find((p) => p.route === NOT_FOUND_ROUTE);
  const chosen = page ?? fallback;
  if (!chosen) return { status: 404, html: 'Página não encontrada (e não há pages/404.yaml).' };
  return { status: page ? 200 : 404, html: renderPage(chosen, project, blockMap, devAssets(root)).html };
}
