/**
 * How page files become stories, without React: main.ts (run by Node) uses this to index
 * pages/*.yaml and to turn each into a story module; page-stories.tsx renders them.
 */
import { fileToRoute } from '../runtime/load/browser.ts';

/** The route of a page file: "pages/agendamento.yaml" → "/agendamento". */
export function pageRoute(file: string): string {
  return fileToRoute(file.replace(/^pages\//, ''));
}

/** The sidebar name of a page: its route without the slash ("início" for "/"). */
export function pageTitle(file: string): string {
  const route = pageRoute(file);
  return `Páginas/${route === '/' ? 'início' : route.slice(1)}`;
}

/** ASCII component id for a page file: "pages/agendamento.yaml" → "paginas-agendamento". */
export function pageMetaId(file: string): string {
  return `paginas-${file
    .replace(/^pages\//, '')
    .replace(/\.yaml$/, '')
    .replace(/[^a-z0-9]+/g, '-')}`;
}

/** The two stories of every page file: how main.ts names them in the index. */
export const PAGE_STORIES = [
  { exportName: 'Computador', name: 'Computador (1280 px)', viewport: 'desktop' },
  { exportName: 'Celular', name: 'Celular (375 px)', viewport: 'phone' },
] as const;

/**
 * The source of the story module for one page file (see page-indexer.ts): the page as
 * page-data.ts loaded it, handed to page-stories.tsx. `storiesPath` is the absolute path of
 * page-stories.tsx, which Vite resolves.
 */
export function pageStoriesModule(data: unknown, storiesPath: string): string {
  return [
    `import { pageMeta, pageStory } from ${JSON.stringify(storiesPath)};`,
    `export default pageMeta(${JSON.stringify(data)});`,
    ...PAGE_STORIES.map(
      (s) =>
        `export const ${s.exportName} = pageStory(${JSON.stringify(s.viewport)}, ${JSON.stringify(s.name)});`,
    ),
  ].join('\n');
}
