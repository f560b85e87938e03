/**
 * The client bundle (Vite's build of the page script, islands and behaviours, with public/ copied
 * beside it) kept by a fingerprint of everything it is made from, in
 * node_modules/.cache/fillgas-client. Vite and Rolldown cost about 0.4 s of CPU a build while the
 * pages change far more often than the blocks: every publish of the Estúdio, and every publish
 * of the tests, builds a site in a child process (decision 0039, session 23).
 *
 * The fingerprint covers the sources the bundle can import (runtime/, blocks/, design/, schema/),
 * the installed packages (package-lock.json, package.json, tsconfig.json), NODE_ENV (React's
 * production or development build), the island and behaviour types the pages use, and every file
 * of public/ (Vite copies it into the output). A bundle that took a module from anywhere else is
 * not kept, so an import from a new folder can never be answered from a stale copy. A kept bundle
 * is the folder Vite wrote, copied aside and renamed into place whole; one that cannot be read
 * is built again.
 */
import { createHash, randomBytes } from 'node:crypto';
import { cp, readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** node_modules/.cache/fillgas-client of the project this module belongs to. */
export const DEFAULT_CLIENT_CACHE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../node_modules/.cache/fillgas-client',
);

/** The folders of the root whose files the client bundle may import. */
export const CLIENT_SOURCE_FOLDERS = ['runtime', 'blocks', 'design', 'schema'] as const;
const ROOT_FILES = ['package-lock.json', 'package.json', 'tsconfig.json'];

/**
 * How many kept bundles stay, the most recently used (each is the page script's chunks and a copy
 * of public/, 0.3–1.5 MB): a test run makes about a dozen, one per site, public/ and NODE_ENV.
 */
const KEEP = 20;

export interface ClientInput {
  root: string;
  publicDir: string;
  used: { islandTypes: string[]; behaviorTypes: string[] };
}

/** Every file under `dir`, as [path relative to dir, absolute path], sorted; none when it is absent. */
async function filesUnder(dir: string): Promise<[string, string][]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e): [string, string] => {
      const full = path.join(e.parentPath, e.name);
      return [path.relative(dir, full).split(path.sep).join('/'), full];
    })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The fingerprint of everything the bundle is made from. */
export async function clientFingerprint(input: ClientInput): Promise<string> {
  const hash = createHash('sha256');
  const add = (name: string, bytes: Buffer | string) => {
    hash.update(`${name}\0${bytes.length}\0`);
    hash.update(bytes);
  };
  add('env', JSON.stringify([process.env.NODE_ENV ?? '', input.used]));
  for (const file of ROOT_FILES)
    add(file, await readFile(path.join(input.root, file)).catch(() => Buffer.from('\0absent')));
  for (const folder of CLIENT_SOURCE_FOLDERS)
    for (const [name, full] of await filesUnder(path.join(input.root, folder)))
      add(`${folder}/${name}`, await readFile(full));
  for (const [name, full] of await filesUnder(input.publicDir)) add(`public:${name}`, await readFile(full));
  return hash.digest('hex').slice(0, 32);
}

/** True when every module of the bundle comes from the fingerprinted folders or the packages. */
export function madeFromKnownSources(root: string, moduleIds: string[]): boolean {
  const inside = [...CLIENT_SOURCE_FOLDERS, 'node_modules'].map((f) => path.join(root, f) + path.sep);
  return moduleIds.every((id) => id.startsWith('\0') || inside.some((dir) => id.startsWith(dir)));
}

/**
 * `outDir` holds the client bundle of `input` afterwards, as `build` writes it (emptying the
 * folder first). `build` runs only when no kept bundle has the fingerprint; it returns the ids of
 * the modules it bundled. Returns true when the kept bundle was used.
 */
export async function keptClientBundle(
  input: ClientInput,
  outDir: string,
  build: () => Promise<string[]>,
  cacheDir = DEFAULT_CLIENT_CACHE,
): Promise<boolean> {
  const key = await clientFingerprint(input);
  const kept = path.join(cacheDir, key);
  if (await stat(path.join(kept, '.vite', 'manifest.json')).catch(() => undefined)) {
    try {
      await rm(outDir, { recursive: true, force: true });
      await cp(kept, outDir, { recursive: true });
      const now = new Date();
      await utimes(kept, now, now).catch(() => {}); // recently used: kept longest
      return true;
    } catch {
      // Removed meanwhile (another process keeping its newest): built below like any other.
    }
  }
  const moduleIds = await build();
  if (!madeFromKnownSources(input.root, moduleIds)) return false;
  const aside = `${kept}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await cp(outDir, aside, { recursive: true });
    await discard(kept); // one without its manifest (cut short by hand): replaced
    await rename(aside, kept);
    await forgetOldest(cacheDir);
  } catch {
    // Not kept (a read-only folder, another process's rename first): the next build makes it.
  } finally {
    await rm(aside, { recursive: true, force: true }).catch(() => {});
  }
  return false;
}

/**
 * Renamed away, then removed: a process copying it at that moment fails and builds instead of
 * taking a folder half removed.
 */
async function discard(dir: string): Promise<void> {
  const gone = `${dir}.gone-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(dir, gone);
  } catch {
    return; // not there (or already being removed)
  }
  await rm(gone, { recursive: true, force: true });
}

/** Only the KEEP most recently used bundles stay; leftovers of killed builds go. */
async function forgetOldest(cacheDir: string): Promise<void> {
  const all = await readdir(cacheDir);
  // A copy a killed build left half made (the Estúdio's check is killed with its build): removed
  // once surely nobody is writing it.
  for (const n of all.filter((n) => /\.(tmp|gone)-\d+-[0-9a-f]{8}$/.test(n))) {
    const mtime = (await stat(path.join(cacheDir, n)).catch(() => undefined))?.mtimeMs;
    if (mtime !== undefined && Date.now() - mtime > 10 * 60_000)
      await rm(path.join(cacheDir, n), { recursive: true, force: true }).catch(() => {});
  }
  const names = all.filter((n) => /^[0-9a-f]{32}$/.test(n));
  if (names.length <= KEEP) return;
  const dated = await Promise.all(
    names.map(async (n) => ({
      n,
      t: (await stat(path.join(cacheDir, n)).catch(() => undefined))?.mtimeMs ?? 0,
    })),
  );
  dated.sort((a, b) => b.t - a.t);
  for (const { n } of dated.slice(KEEP)) await discard(path.join(cacheDir, n));
}
