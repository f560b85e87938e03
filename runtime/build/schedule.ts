/**
 * Scheduled changes in the build (issue 38, decision 0045): dist/ is the site as it is when the
 * build runs; each later instant at which a schedule starts or ends gets the site as it will be
 * then (the whole-site check, runtime/load/check-site.ts, loads it from the overlay), prerendered
 * by the root's own steps, and only its output files that differ from the root's are kept, in
 * `dist/_agenda/<hash>/`, with their assets in `dist/assets/` (content-hashed: no collisions).
 * The epochs' manifest, inlined into the edge code, tells the edge what to serve from when.
 * Everything happens in the build's scratch folders: dist/ is replaced only once all succeeded.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AGENDA_DIR, type EdgeManifest, type ManifestAudience, type ManifestEpoch } from '../edge/index.ts';
import {
  activeSchedules,
  formatSiteInstant,
  routeToOutFile,
  variantCookieKey,
  type Project,
  type SiteCheck,
} from '../load/index.ts';
import { experimentManifest, INTERNAL_FILES, writeEdgeManifest } from './experiments.ts';
import { DEPLOY_HEADERS_FILE, headersForPath, parseHeadersFile } from './headers.ts';

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
  checked: Pick<SiteCheck, 'now' | 'project' | 'schedules' | 'future'>,
  scratch: string,
  render: (project: Project, out: string) => Promise<void>,
  root: string,
  log: (line: string) => void = () => {},
): Promise<EdgeManifest> {
  const rootProject = checked.project;
  const rootFiles = (await filesUnder(outDir)).filter(comparable);
  const epochs: ManifestEpoch[] = [
    { from: null, folder: null, changed: [], gone: [], ...(await epochOf(outDir, rootProject)) },
  ];
  // An instant whose live schedules are the same as now's, or as an earlier instant's (an end
  // that brings the site back), is that site again: its epoch is reused, not built twice.
  const liveKey = (live: readonly { id: string }[]) => live.map((s) => s.id).join('\0');
  const { from: _now, ...rootEpoch } = epochs[0]!;
  const built = new Map<string, Omit<ManifestEpoch, 'from'>>([
    [liveKey(activeSchedules(checked.schedules, checked.now)), rootEpoch],
  ]);
  for (const [i, { at, live, project }] of checked.future.entries()) {
    const key = liveKey(live);
    const known = built.get(key);
    if (known) {
      epochs.push({ ...known, from: at.toISOString() });
      log(sayEpoch(at, known));
      continue;
    }
    const out = path.join(scratch, `saida-${i}`);
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
    log(sayEpoch(at, epoch));
  }
  const manifest: EdgeManifest = { version: 2, epochs };
  await writeEdgeManifest(outDir, manifest, rootProject.experiments, root);
  return manifest;
}
