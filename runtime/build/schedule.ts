/**
 * Scheduled changes in the build (issue 38, decision 0045): dist/ is the site as it is when the
 * build runs; each later instant at which a schedule starts or ends gets the site as it will be
 * then, prerendered by the same build (materializePagesAt into a scratch folder, then the root's
 * own steps on it), and only its output files that differ from the root's are kept, in
 * `dist/_agenda/<hash>/`, with their assets in `dist/assets/` (content-hashed: no collisions).
 * The epochs' manifest, inlined into the edge code, tells the edge what to serve from when.
 * Everything happens in the build's scratch folders: dist/ is replaced only once all succeeded.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { blockList } from '../../blocks/index.ts';
import { AGENDA_DIR, type EdgeManifest, type ManifestAudience, type ManifestEpoch } from '../edge/index.ts';
import {
  activeSchedules,
  filesAt,
  formatSiteInstant,
  loadProject,
  materializePagesAt,
  PageErrors,
  readSchedules,
  routeToOutFile,
  scheduleInstants,
  SCHEDULES_DIR,
  variantCookieKey,
  type PageProblem,
  type Project,
  type Schedule,
} from '../load/index.ts';
import { experimentManifest, INTERNAL_FILES, writeEdgeManifest } from './experiments.ts';
import { DEPLOY_HEADERS_FILE, headersForPath, parseHeadersFile } from './headers.ts';

export interface ScheduledBuild {
  root: string;
  /** The project's pages/ (with the schedules' folder). */
  pagesDir: string;
  schedules: Schedule[];
  /** The build's clock: the root is the site at this instant. */
  now: Date;
  /** Every later instant the site changes at, sorted. */
  instants: Date[];
  /** pages/ itself, or the site as it is now when a schedule is live (a scratch folder). */
  rootPages: string;
  /** Loads the site at `at` from its materialized folder, its problems located in pages/ and dated. */
  loadAt(at: Date, pages: string): Promise<Project>;
  /** A scratch folder for an instant's files (removed by cleanup). */
  scratchFor(name: string): string;
  cleanup(): Promise<void>;
}

const slash = (p: string) => p.split(path.sep).join('/');

export async function prepareSchedules(
  root: string,
  pagesDir: string,
  outDir: string,
  now: Date,
): Promise<ScheduledBuild> {
  const { schedules, problems } = await readSchedules(pagesDir, root);
  if (problems.length > 0) throw new PageErrors(problems);
  const scratch = `${outDir}.agenda-${process.pid}`;
  const cleanup = () => rm(scratch, { recursive: true, force: true });
  await cleanup();
  const pagesRel = slash(path.relative(root, pagesDir));
  const base =
    schedules.length > 0 ? (await filesUnder(pagesDir)).filter((f) => f.split('/')[0] !== SCHEDULES_DIR) : [];

  const loadAt = async (at: Date, pages: string): Promise<Project> => {
    try {
      return await loadProject({ root, pagesDir: pages, blocks: blockList });
    } catch (error) {
      if (!(error instanceof PageErrors)) throw error;
      // A problem of a file at `at` is located where the author wrote that file: pages/ or the
      // schedule's folder, and dated with the instant and the schedules starting or ending then.
      const from = filesAt(base, schedules, at);
      const pagesHere = slash(path.relative(root, pages));
      const why = schedules
        .filter((s) => s.start.getTime() === at.getTime() || s.end?.getTime() === at.getTime())
        .map((s) => `agendamento ${s.id}`);
      const when = `Em ${formatSiteInstant(at)}${why.length > 0 ? ` (${why.join(', ')})` : ''}: `;
      const located = error.problems.map((p): PageProblem => {
        let file = p.loc.file;
        if (file.startsWith(`${pagesHere}/`)) {
          const rel = file.slice(pagesHere.length + 1);
          const schedule = from.get(rel);
          file = schedule ? `${pagesRel}/_agendamentos/${schedule.id}/${rel}` : `${pagesRel}/${rel}`;
        }
        return { ...p, message: `${when}${p.message}`, loc: { ...p.loc, file } };
      });
      throw new PageErrors(located);
    }
  };

  let rootPages = pagesDir;
  if (activeSchedules(schedules, now).length > 0) {
    rootPages = path.join(scratch, 'agora');
    await materializePagesAt(pagesDir, schedules, now, rootPages);
  }
  return {
    root,
    pagesDir,
    schedules,
    now,
    instants: scheduleInstants(schedules, now),
    rootPages,
    loadAt,
    scratchFor: (name) => path.join(scratch, name),
    cleanup,
  };
}

/** Every file under `dir` (relative, "/" separators), sorted. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesUnder(dir, rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

/** The output files an epoch can differ in: pages and SEO files, not assets nor build internals. */
const comparable = (file: string) =>
  !file.startsWith('assets/') &&
  !file.startsWith('.') &&
  !file.startsWith(`${AGENDA_DIR}/`) &&
  file !== DEPLOY_HEADERS_FILE &&
  !INTERNAL_FILES.includes(file);

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

async function epochOf(
  outDir: string,
  project: Project,
): Promise<Omit<ManifestEpoch, 'from' | 'folder' | 'changed' | 'gone'>> {
  const rules = parseHeadersFile(await readFile(path.join(outDir, DEPLOY_HEADERS_FILE), 'utf8'));
  const headersOf = (route: string) => headersForPath(rules, route);
  const noCache = (h: Record<string, string>) =>
    Object.fromEntries(Object.entries(h).filter(([name]) => name.toLowerCase() !== 'cache-control'));
  const audiences: ManifestAudience[] = project.audiences.map((a) => ({
    route: a.route,
    key: variantCookieKey(a.page),
    page: a.variantRoute,
    file: routeToOutFile(a.variantRoute),
    when: a.when,
  }));
  return {
    experiments: experimentManifest(project.experiments, headersOf).experiments,
    audiences,
    headers: noCache(headersOf('/')),
  };
}

/** What the build says of an instant: how its site differs from the one dist/ serves now. */
function sayEpoch(at: Date, { changed, gone }: Pick<ManifestEpoch, 'changed' | 'gone'>): string {
  const when = `Em ${formatSiteInstant(at)}`;
  if (changed.length === 0 && gone.length === 0) return `✓ ${when} o site volta a ser o de agora`;
  const parts = [];
  if (changed.length > 0)
    parts.push(`${changed.length} ${changed.length === 1 ? 'arquivo muda' : 'arquivos mudam'}`);
  if (gone.length > 0)
    parts.push(`${gone.length} ${gone.length === 1 ? 'página sai' : 'páginas saem'} do ar`);
  return `✓ ${when}: ${parts.join(', ')} em relação ao site de agora`;
}

/**
 * The site at every later instant prerendered with `render` (the root build's own steps), its
 * differing files and new assets copied into `outDir` (the build's scratch output, already the
 * root), and the edge code written with the epochs inlined.
 */
export async function writeEpochs(
  outDir: string,
  rootProject: Project,
  scheduled: ScheduledBuild,
  render: (project: Project, out: string) => Promise<void>,
  log: (line: string) => void = () => {},
): Promise<EdgeManifest> {
  const rootFiles = (await filesUnder(outDir)).filter(comparable);
  const epochs: ManifestEpoch[] = [
    { from: null, folder: null, changed: [], gone: [], ...(await epochOf(outDir, rootProject)) },
  ];
  // An instant whose live schedules are the same as now's, or as an earlier instant's (an end
  // that brings the site back), is that site again: its epoch is reused, not built twice.
  const liveKey = (at: Date) =>
    activeSchedules(scheduled.schedules, at)
      .map((s) => s.id)
      .join('\0');
  const { from: _now, ...rootEpoch } = epochs[0]!;
  const built = new Map<string, Omit<ManifestEpoch, 'from'>>([[liveKey(scheduled.now), rootEpoch]]);
  for (const [i, at] of scheduled.instants.entries()) {
    const key = liveKey(at);
    const known = built.get(key);
    if (known) {
      epochs.push({ ...known, from: at.toISOString() });
      log(sayEpoch(at, known));
      continue;
    }
    const pages = scheduled.scratchFor(`paginas-${i}`);
    const out = scheduled.scratchFor(`saida-${i}`);
    await materializePagesAt(scheduled.pagesDir, scheduled.schedules, at, pages);
    const project = await scheduled.loadAt(at, pages);
    await render(project, out);
    const files = (await filesUnder(out)).filter(comparable);
    const here = new Set(files);
    const changed: string[] = [];
    const hash = createHash('sha256').update(at.toISOString());
    for (const file of files) {
      const bytes = await readFile(path.join(out, file));
      const before = rootFiles.includes(file) ? await readFile(path.join(outDir, file)) : undefined;
      if (before?.equals(bytes)) continue;
      changed.push(file);
      hash.update(file).update('\0').update(bytes);
    }
    const gone = rootFiles.filter((f) => !here.has(f));
    hash.update(gone.join('\0'));
    const folder = changed.length > 0 ? `${AGENDA_DIR}/${hash.digest('hex').slice(0, 16)}` : null;
    for (const file of changed) {
      const target = path.join(outDir, folder!, file);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(path.join(out, file), target);
    }
    // Their assets: content-hashed names, so an existing one is the same file.
    for (const asset of await filesUnder(path.join(out, 'assets')).catch(() => [] as string[])) {
      const target = path.join(outDir, 'assets', asset);
      if (await exists(target)) continue;
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(path.join(out, 'assets', asset), target);
    }
    const epoch: ManifestEpoch = {
      from: at.toISOString(),
      folder,
      changed,
      gone,
      ...(await epochOf(out, project)),
    };
    epochs.push(epoch);
    built.set(key, epoch);
    await rm(out, { recursive: true, force: true });
    await rm(pages, { recursive: true, force: true });
    log(sayEpoch(at, epoch));
  }
  const manifest: EdgeManifest = { version: 2, epochs };
  await writeEdgeManifest(outDir, manifest, rootProject.experiments, scheduled.root);
  return manifest;
}
