/**
 * The pages folder as the Páginas screen shows it: every route file with its title, the page it
 * extends and its problem count, and which pages extend a given one (deleting a base is refused).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import type { PageLinksAnswer, PageSummary } from '../api.ts';
import { apiFileName, isErrno } from './page-files.ts';
import type { LoadStage, Runtime } from './runtime.ts';

interface PageHeader {
  rel: string;
  title: string | null;
  extends: string | null;
}

/** Route files the API can open: the loader's rules for a page address (no .yml, no "_", no bad names). */
export function routeFiles(files: readonly string[], load: typeof LoadStage): string[] {
  return files.filter((f) => load.isRouteFile(f) && load.badRouteFileName(f) === undefined);
}

/**
 * `title` and `extends` of a file, as written at its top level. A file the strict parser refuses
 * (a draft with a YAML mistake) is read leniently, so a variant with a typo still counts as a
 * variant of its base.
 */
async function readHeader(pagesDir: string, rel: string, load: typeof LoadStage): Promise<PageHeader> {
  const abs = path.join(pagesDir, ...rel.split('/'));
  if ((await stat(abs)).size > load.MAX_FILE_BYTES) return { rel, title: null, extends: null };
  const source = await readFile(abs, 'utf8');
  const parsed = load.parseYaml(source, apiFileName(rel));
  let title: unknown;
  let base: unknown;
  if (parsed.ok) {
    const data = parsed.parsed.data as Record<string, unknown> | null;
    title = data?.title;
    base = data?.extends;
  } else {
    const doc = parseDocument(source, { uniqueKeys: false });
    title = doc.get('title');
    base = doc.get('extends');
  }
  return {
    rel,
    title: typeof title === 'string' ? title : null,
    extends: typeof base === 'string' ? base : null,
  };
}

async function readHeaders(pagesDir: string, load: typeof LoadStage) {
  const files = await load.listYamlFiles(pagesDir);
  const headers = await Promise.all(
    routeFiles(files, load).map((rel) =>
      // A file deleted since the folder was listed is simply not there.
      readHeader(pagesDir, rel, load).catch((error: unknown) => {
        if (isErrno(error, 'ENOENT')) return undefined;
        throw error;
      }),
    ),
  );
  return { files, headers: headers.filter((h) => h !== undefined) };
}

/** GET /api/pages: sorted by route; problems are those `npm run check` reports, per file. */
/** A page as the folder and the loader see it (git's part is added by the API). */
export type PageFileSummary = Omit<PageSummary, 'lastChange' | 'unpublished'>;

export async function listPages(runtime: Runtime, pagesDir: string): Promise<PageFileSummary[]> {
  const load = await runtime.load();
  const { blockList } = await runtime.blocks();
  const { files, headers } = await readHeaders(pagesDir, load);
  const problems = new Map<string, number>();
  const experiments = new Map<string, PageFileSummary['experiment']>();
  try {
    const project = await load.loadProject({
      root: runtime.root,
      pagesDir: runtime.pagesDir,
      blocks: blockList,
    });
    for (const e of project.experiments) {
      for (const p of e.pages) {
        experiments.set(apiFileName(p.file), {
          id: e.id,
          route: e.route,
          weight: p.weight,
          winner: e.winner ?? null,
        });
      }
    }
  } catch (error) {
    // By name: the class lives in the runner's module graph, which HMR may have re-evaluated.
    if (!(error instanceof Error && error.name === 'PageErrors')) throw error;
    for (const problem of (error as InstanceType<typeof LoadStage.PageErrors>).problems) {
      problems.set(problem.loc.file, (problems.get(problem.loc.file) ?? 0) + 1);
    }
  }
  return headers
    .map((h): PageFileSummary => {
      const base = h.extends === null ? undefined : load.resolvePageName(h.extends, files);
      return {
        file: apiFileName(h.rel),
        route: load.fileToRoute(h.rel),
        title: h.title,
        extends: h.extends,
        variantOf: base && 'file' in base ? load.fileToRoute(base.file) : null,
        problems: problems.get(apiFileName(h.rel)) ?? 0,
        experiment: experiments.get(apiFileName(h.rel)) ?? null,
      };
    })
    .sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
}

/** The API names of the pages whose `extends` resolves to `rel`. */
export async function dependentsOf(pagesDir: string, rel: string, load: typeof LoadStage): Promise<string[]> {
  const { files, headers } = await readHeaders(pagesDir, load);
  return headers
    .filter((h) => h.rel !== rel && h.extends !== null)
    .filter((h) => {
      const base = load.resolvePageName(h.extends!, files);
      return 'file' in base && base.file === rel;
    })
    .map((h) => apiFileName(h.rel));
}

/**
 * GET /api/page/links: the pages with a link to the page `rel`, by the link check of `npm run
 * check` and the publish (runtime/load/links.ts): the broken links the publish would name once the
 * page is deleted. Read also while the site has problems (a page deleted a moment ago leaves broken
 * links behind); a scheduled change's own pages come from the check of the site at each instant it
 * starts or ends (checkSite), which needs the site without problems: otherwise `checked` is false.
 */
export async function linksToPage(runtime: Runtime, rel: string): Promise<PageLinksAnswer> {
  const load = await runtime.load();
  const { blockList } = await runtime.blocks();
  const file = apiFileName(rel);
  const route = load.fileToRoute(rel);
  const options = { root: runtime.root, pagesDir: runtime.pagesDir, blocks: blockList };
  // By name: the class lives in the runner's module graph, which HMR may have re-evaluated.
  const problems = (error: unknown) => {
    if (!(error instanceof Error && error.name === 'PageErrors')) throw error;
    return undefined;
  };
  const linkRoutes = new Map<string, string[]>();
  await load.loadProject({ ...options, linkRoutes }).catch(problems);
  const linking: PageLinksAnswer['linking'] = [];
  for (const [from, routes] of linkRoutes) {
    if (from !== file && routes.includes(route))
      linking.push({ file: from, route: load.fileToRoute(from.slice(apiFileName('').length)) });
  }
  let checked = true;
  const { schedules } = await load.readSchedules(runtime.pagesDir, runtime.root);
  if (schedules.length > 0) {
    const site = await load.checkSite(options).catch(problems);
    // A scheduled change's own version of a page: named where it is written (pages/_agendamentos/<id>/…).
    const scheduled = `${apiFileName(load.SCHEDULES_DIR)}/`;
    const seen = new Set<string>();
    for (const state of site?.future ?? []) {
      for (const page of state.project.pages) {
        if (!page.file.startsWith(scheduled) || seen.has(page.file) || !page.linksTo?.includes(route))
          continue;
        seen.add(page.file);
        linking.push({
          file: page.file,
          route: page.route,
          schedule: page.file.slice(scheduled.length).split('/')[0]!,
        });
      }
    }
    checked = site !== undefined;
  }
  linking.sort((a, b) => a.route.localeCompare(b.route) || a.file.localeCompare(b.file));
  return { route, checked, linking };
}
