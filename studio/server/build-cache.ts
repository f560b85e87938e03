/**
 * Builds the Estúdio makes of its own code (the app's production build, the preview frame's
 * script) kept on disk by a fingerprint of their sources, in node_modules/.cache/estudio/<name>/:
 * a start with the same sources takes them as they are instead of building again (seconds of a
 * core each, for every start: every browser test starts an Estúdio). Decision 0033.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isErrno } from './page-files.ts';

/** Tests and stories are never part of a bundle: a change there builds nothing again. */
const NOT_BUNDLED = /\.(test|stories)\.[cm]?[jt]sx?$/;
/** The packages a bundle is made of come with every fingerprint. */
const PACKAGES = ['package.json', 'package-lock.json'];
/** Builds kept besides the current one (the checkout's previous versions). */
const KEEP_OTHERS = 2;

export interface CachedBuild {
  /** The folder's name under node_modules/.cache/estudio/. */
  name: string;
  /** Folders (ending in /) and files, relative to the project root, that the build reads. */
  sources: readonly string[];
  /** Builds into `outDir` (a new, empty folder). */
  build(outDir: string): Promise<void>;
  /** A file every finished build has (relative to its folder). */
  marker: string;
}

/**
 * A short name of the checkout at `root`, for a cache folder's name: checkouts that share one
 * node_modules (git worktrees with it linked) each keep and prune their own builds, so that one
 * never removes a build another's running Estúdio serves.
 */
export const checkoutKey = (root: string) =>
  createHash('sha256').update(path.resolve(root)).digest('hex').slice(0, 8);

/** A digest of every file of `sources` (and the packages), by path and content. */
export async function fingerprint(root: string, sources: readonly string[]): Promise<string> {
  const files: string[] = [];
  for (const source of [...sources, ...PACKAGES]) {
    if (!source.endsWith('/')) {
      files.push(source);
      continue;
    }
    const entries = await readdir(path.join(root, source), { recursive: true, withFileTypes: true });
    for (const entry of entries)
      if (entry.isFile() && !NOT_BUNDLED.test(entry.name))
        files.push(path.relative(root, path.join(entry.parentPath, entry.name)));
  }
  const hash = createHash('sha256');
  for (const file of [...new Set(files)].sort()) {
    const bytes = await readFile(path.join(root, file)).catch((error: unknown) => {
      if (isErrno(error, 'ENOENT')) return Buffer.alloc(0);
      throw error;
    });
    hash.update(`${file}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The folder of the build for the sources as they are now, built first when there is none.
 * Two servers starting at once may both build; the first to finish is kept. `onBuild` is called
 * before a build starts.
 */
export async function cachedBuild(root: string, what: CachedBuild, onBuild?: () => void): Promise<string> {
  const cache = path.join(root, 'node_modules/.cache/estudio', what.name);
  const dir = path.join(cache, await fingerprint(root, what.sources));
  const done = (d: string) =>
    stat(path.join(d, what.marker)).then(
      (s) => s.isFile(),
      () => false,
    );
  if (await done(dir)) return dir;
  onBuild?.();
  const scratch = `${dir}.${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await what.build(scratch);
    await rename(scratch, dir).catch(async (error: unknown) => {
      // Another server's build of the same sources got there first: it is the same build.
      if (!(isErrno(error, 'ENOTEMPTY') || isErrno(error, 'EEXIST')) || !(await done(dir))) throw error;
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  await pruneOthers(cache, dir);
  return dir;
}

/** Leaves the newest few other builds of the same name (one checkout's); removes the rest. */
async function pruneOthers(cache: string, current: string): Promise<void> {
  const others = [];
  for (const name of await readdir(cache)) {
    const dir = path.join(cache, name);
    // A build in progress (<fingerprint>.<pid>-<random>) is another server's: never touched.
    if (dir === current || name.includes('.')) continue;
    others.push({ dir, time: (await stat(dir)).mtimeMs });
  }
  others.sort((a, b) => b.time - a.time);
  for (const { dir } of others.slice(KEEP_OTHERS)) await rm(dir, { recursive: true, force: true });
}
