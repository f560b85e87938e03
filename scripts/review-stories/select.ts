/**
 * Which stories a change can affect, so the review renders only those (as Chromatic's TurboSnap
 * does): a story depends on its story file and on everything that file imports, as Storybook's
 * build records it (`--stats-json`: preview-stats.json, each module with the modules that import
 * it). A story is affected when a changed file is among its dependencies in either build.
 *
 * Some inputs are outside that graph and count for more:
 * - EVERYTHING: the packages, the Vite and TypeScript settings, Storybook's own configuration
 *   (its Node side: main.ts, the page indexer) and public/ (images and files the stories load by
 *   address) can change any story;
 * - PAGE_INPUTS: the page stories are loaded in Node by the build's own loader (decision 0008),
 *   which reads every page file (a variant's base too), the runtime's loader and the schemas; a
 *   change there reaches every page story. A change inside one block's folder (blocks/<type>/)
 *   reaches, through the graph, the blocks that import it, and of the page stories only those
 *   whose page file, or the base it `extends`, has a block of one of those types.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface StatsModule {
  id: string;
  reasons?: { moduleName: string }[];
}

export interface Selection {
  /** Every story must be rendered; why. */
  all?: string;
  /** The affected story ids (when not all). */
  ids: Set<string>;
}

const EVERYTHING = [
  /^package(-lock)?\.json$/,
  /^vite\.config\.ts$/,
  /^tsconfig\.json$/,
  /^\.storybook\//,
  /^public\//,
];
const PAGE_INPUTS = [/^pages\//, /^runtime\//, /^schema\//, /^blocks\//, /^design\//];

/** "./blocks/x.tsx" and "blocks/x.tsx" alike. */
const normal = (file: string) => file.replace(/^\.\//, '');

export function selectStories(input: {
  /** Files that differ between the two versions, relative to the repository root. */
  changed: string[];
  /** The module graphs of the builds (preview-stats.json's modules). */
  graphs: StatsModule[][];
  /** Every story of both builds: id, story file (index.json's importPath), page story or not. */
  stories: { id: string; importPath: string; page: boolean }[];
  /** The block types of a page story's file (with its bases), at either version. */
  pageTypes: (importPath: string) => Set<string>;
}): Selection {
  const everything = input.changed.find((file) => EVERYTHING.some((rule) => rule.test(file)));
  if (everything) return { all: `${everything} mudou`, ids: new Set() };

  const importers = new Map<string, Set<string>>();
  for (const graph of input.graphs)
    for (const module of graph)
      for (const reason of module.reasons ?? []) {
        const id = normal(module.id);
        if (!importers.has(id)) importers.set(id, new Set());
        importers.get(id)!.add(normal(reason.moduleName));
      }
  // Every module that imports a changed file, directly or not, and the changed files themselves.
  const reached = new Set<string>();
  const queue = input.changed.map(normal);
  while (queue.length) {
    const file = queue.pop()!;
    if (reached.has(file)) continue;
    reached.add(file);
    for (const importer of importers.get(file) ?? []) queue.push(importer);
  }
  // What reaches the page stories: the Node-side inputs, and any changed module of the graph.
  const pageInputs = input.changed.filter(
    (file) => PAGE_INPUTS.some((rule) => rule.test(file)) || importers.has(normal(file)),
  );
  // Only block folders changed: the pages with one of the blocks reached; else every page.
  const allPages = pageInputs.some((file) => !/^blocks\/[^/]+\//.test(file));
  const types = new Set([...reached].flatMap((file) => /^blocks\/([^/]+)\//.exec(file)?.[1] ?? []));
  const pageReached = (importPath: string) =>
    pageInputs.length > 0 && (allPages || [...input.pageTypes(importPath)].some((type) => types.has(type)));
  const ids = new Set<string>();
  for (const story of input.stories)
    if (story.page ? pageReached(story.importPath) : reached.has(normal(story.importPath))) ids.add(story.id);
  return { ids };
}

/**
 * The block types a page file names (`type: x`), with those of the page it `extends`, read from
 * the project folders given (the working tree and the base's export). A file that is missing in
 * one of them is skipped there.
 */
export function pageBlockTypes(roots: string[], importPath: string): Set<string> {
  const types = new Set<string>();
  for (const root of roots) {
    let file: string | undefined = path.join(root, normal(importPath));
    const seen = new Set<string>();
    while (file && !seen.has(file)) {
      seen.add(file);
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        break;
      }
      for (const match of text.matchAll(/^\s*(?:-\s+)?type:\s*['"]?([\w-]+)/gm)) types.add(match[1]!);
      const base = /^extends:\s*['"]?([\w/-]+)/m.exec(text)?.[1];
      file = base ? path.join(root, 'pages', `${base}.yaml`) : undefined;
    }
  }
  return types;
}

/**
 * True when no changed file can reach a story, so the base need not even be built: none is a
 * global or page input, a module of the working tree's graph, or in a folder that holds one (a
 * deleted module's folder still holds its neighbours). Commits to the Estúdio, tests or docs.
 */
export function reachesNoStory(changed: string[], graph: StatsModule[]): boolean {
  const modules = new Set<string>();
  const folders = new Set<string>();
  for (const module of graph) {
    const id = normal(module.id);
    if (id.startsWith('node_modules/') || !/^[\w.]/.test(id)) continue;
    modules.add(id);
    // iframe.html, Storybook's own page, leaves the root folder out: README.md reaches nothing.
    if (id.includes('/')) folders.add(path.posix.dirname(id));
  }
  return !changed.some(
    (file) =>
      EVERYTHING.some((rule) => rule.test(file)) ||
      PAGE_INPUTS.some((rule) => rule.test(file)) ||
      modules.has(file) ||
      folders.has(path.posix.dirname(file)),
  );
}
