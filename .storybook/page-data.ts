/**
 * A page as the build sees it, for the 'Páginas' stories: runtime/load/project.ts reads the
 * file, merges a variant (`extends:`) with its base, validates the whole against the page schema
 * and fills in the defaults. Runs in Node: main.ts imports it through Vite's module runner (it
 * pulls in the TypeScript block registry), and tests/stories-pages.test.tsx imports it directly.
 */
import path from 'node:path';
import { PageErrors, formatProblem, loadProject, type PageModel } from '../runtime/load/index.ts';
import { blockList } from '../blocks/index.ts';

export type PageData =
  | { ok: true; file: string; route: string; model: PageModel }
  /** The problems as `npm run check` prints them (file:line:column, the line, what to do). */
  | { ok: false; file: string; problems: string };

/** `file` is relative to the project root: "pages/agendamento.yaml". */
export async function loadPageData(root: string, file: string): Promise<PageData> {
  try {
    const project = await loadProject({
      root,
      pagesDir: path.join(root, 'pages'),
      blocks: blockList,
      only: [path.join(root, file)],
    });
    const page = project.pages.find((p) => p.file === file);
    if (!page) throw new Error(`${file} não é uma página.`);
    return { ok: true, file, route: page.route, model: page.model };
  } catch (error) {
    if (error instanceof PageErrors)
      return { ok: false, file, problems: error.problems.map(formatProblem).join('\n\n') };
    throw error;
  }
}
