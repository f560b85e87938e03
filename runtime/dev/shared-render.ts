/**
 * A shared preview's page (the Estúdio's "Compartilhar prévia", decision 0050): one page rendered
 * from the texts kept when the link was made (`sources`, root-relative names → text), through the
 * same load, validate and render path as the build. Unlike the editor's preview (renderDraft) the
 * result is the site's own markup: no marks, no wrappers, and the page script's tag at `scriptUrl`.
 */
import path from 'node:path';
import { fontBaseName, fontFiles } from '../../design/fonts.ts';
import { renderPage, svgInliner, type PageAssets } from '../render/index.ts';
import { loadProject, PageErrors, RenderError } from '../load/index.ts';
import { blockList, blockMap } from '../../blocks/index.ts';
import { DEV_FONT_PREFIX } from './dev-render.ts';

export type SharedRender = { ok: true; route: string; html: string } | { ok: false; reason: string };

export async function renderShared(
  root: string,
  pagesDir: string,
  file: string,
  sources: ReadonlyMap<string, string>,
  scriptUrl: string,
): Promise<SharedRender> {
  let project;
  try {
    project = await loadProject({
      root,
      pagesDir,
      blocks: blockList,
      only: [file],
      sources,
    });
  } catch (error) {
    if (error instanceof PageErrors) return { ok: false, reason: error.problems[0]?.message ?? '' };
    throw error;
  }
  const page = project.pages.find((p) => p.file === file);
  if (!page) return { ok: false, reason: `${file} não é uma página.` };
  const assets: PageAssets = {
    fontUrl: (font) => `${DEV_FONT_PREFIX}${fontBaseName(font)}.woff2`,
    preloadFonts: fontFiles.filter((f) => f.preload),
    pageScripts: () => ({ entry: scriptUrl, preloads: [] }),
    inlineSvg: svgInliner(path.join(root, 'public')),
  };
  try {
    return { ok: true, route: page.route, html: renderPage(page, project, blockMap, assets).html };
  } catch (error) {
    if (error instanceof RenderError) return { ok: false, reason: error.message };
    throw error;
  }
}
