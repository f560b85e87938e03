/**
 * Node side of the 'Páginas' section (used by main.ts): the indexer that lists two stories for
 * every route file of pages/, and the Vite plugin that serves such a file as a story module.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Indexer } from 'storybook/internal/types';
import { runnerImport, type Plugin } from 'vite';
import { isRouteFile } from '../runtime/load/browser.ts';
import type { loadPageData } from './page-data.ts';
import { PAGE_STORIES, pageMetaId, pageStoriesModule, pageTitle } from './page-index.ts';

const storybookDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(storybookDir, '..');
const pagesDir = path.join(root, 'pages');

/** "pages/agendamento.yaml" for a route file of pages/ (absolute path, no query), else undefined. */
export function routePageFile(absPath: string): string | undefined {
  const rel = path.relative(pagesDir, absPath).split(path.sep).join('/');
  if (rel.startsWith('..') || path.isAbsolute(rel) || !isRouteFile(rel)) return undefined;
  return `pages/${rel}`;
}

type PageDataModule = { loadPageData: typeof loadPageData };
let pageData: Promise<PageDataModule> | undefined;

/**
 * page-data.ts, imported through Vite's module runner: it loads the TypeScript block registry,
 * which Node cannot import by itself. Imported once per Storybook process (a change to a block's
 * schema needs a restart; a change to a page does not).
 */
function loadPageDataModule(): Promise<PageDataModule> {
  pageData ??= runnerImport<PageDataModule>(path.join(storybookDir, 'page-data.ts'), {
    root,
    configFile: false,
    logLevel: 'error',
  }).then((result) => result.module);
  return pageData;
}

/**
 * Serves each route file of pages/ as a story module (pageStoriesModule) holding the page as
 * the build loads it. Every page file is watched, so editing a page or the base of a variant
 * updates the story.
 */
export const pageStoriesPlugin: Plugin = {
  name: 'fillgas-page-stories',
  enforce: 'pre',
  async load(id) {
    if (id.includes('?')) return undefined;
    const file = routePageFile(id);
    if (!file) return undefined;
    const { loadPageData } = await loadPageDataModule();
    const data = await loadPageData(root, file);
    for (const entry of await readdir(pagesDir, { recursive: true }))
      if (/\.ya?ml$/.test(entry)) this.addWatchFile(path.join(pagesDir, entry));
    return pageStoriesModule(data, path.join(storybookDir, 'page-stories.tsx'));
  },
};

/** Indexes every route file of pages/ (not _site.yaml) as the 'Páginas/<route>' stories. */
export const pageIndexer: Indexer = {
  test: /[\\/]pages[\\/].*\.yaml$/,
  createIndex: async (fileName) => {
    const file = routePageFile(path.resolve(root, fileName));
    if (!file) return [];
    return PAGE_STORIES.map((story) => ({
      type: 'story' as const,
      importPath: fileName,
      exportName: story.exportName,
      name: story.name,
      title: pageTitle(file),
      metaId: pageMetaId(file),
      tags: ['page', '!autodocs'],
    }));
  },
};
