/**
 * The site built from a git tree, kept for a while: the check Publicar runs (`npm run build` in a
 * kept child process, decision 0019) and the pictures of "Páginas que esta publicação muda" (decision
 * 0029) read the same build. A tree is built once: the published tree is built the first time a
 * publish is reviewed and reused by every review after it, and the tree a review built is the one
 * Publicar checks a moment later.
 *
 * Builds run one at a time (two builds on a small server only slow each other down); asking for
 * a tree that is being built waits for that build. The last few builds are kept in temporary
 * folders named like the check's (removed at the next start when a crash leaves them behind); a
 * build in use is never removed.
 */
import { lstat, mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { exportTree, type Repo } from '../git.ts';
import { crashPoint, tempPrefix } from '../publish-journal.ts';
import { runKept, startKept } from './kept-build.ts';

export interface SiteBuild {
  tree: string;
  /** The build's exit code: 0 when the site passes the check. */
  code: number;
  /** What the build printed (errors located in the exported pages folder, `pagesDir`). */
  output: string;
  /** The exported pages folder the build read (to name its files as the Estúdio does). */
  pagesDir: string;
  /** The built site (only when `code` is 0). */
  dist: string;
  /** The vercel.json and middleware.ts the tree implies (decision 0024). */
  vercelOut: string;
  /** When the build finished (ms since the epoch). */
  builtAt: number;
  /** How long the build took, in ms (export and `npm run build`). */
  ms: number;
}

/** A build held for reading: it is not removed until released. */
export interface HeldBuild extends SiteBuild {
  /** True when the build was made earlier and kept (no build ran for this request). */
  reused: boolean;
  release(): void;
}

interface Entry {
  build: SiteBuild;
  dir: string;
  holds: number;
  usedAt: number;
  /** Replaced by a newer build of the same tree: removed once nobody reads it. */
  retired?: boolean;
}

export interface SiteBuildsOptions {
  /** The project root: runtime/ and node_modules/ (the build runs from here). */
  root: string;
  /** How many finished builds are kept (default 6; about 2 MB each). */
  keep?: number;
}

export function createSiteBuilds(options: SiteBuildsOptions) {
  const keep = options.keep ?? 6;
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<Entry>>();
  let queue: Promise<unknown> = Promise.resolve();
  let disposed = false;
  /** Called when the next build is in the build process's hands (`handedOver`). */
  const handWaiters = new Set<() => void>();
  const handed = () => {
    for (const go of handWaiters) go();
    handWaiters.clear();
  };

  const hold = (entry: Entry, reused: boolean): HeldBuild => {
    entry.holds++;
    entry.usedAt = Date.now();
    let released = false;
    return {
      ...entry.build,
      reused,
      release() {
        if (released) return;
        released = true;
        entry.holds--;
        if (entry.retired && entry.holds === 0)
          void rm(entry.dir, { recursive: true, force: true }).catch(() => {});
        void evict();
      },
    };
  };

  async function evict(): Promise<void> {
    const idle = [...entries.values()].filter((e) => e.holds === 0).sort((a, b) => a.usedAt - b.usedAt);
    let extra = entries.size - keep;
    for (const entry of idle) {
      if (extra <= 0) break;
      entries.delete(entry.build.tree);
      extra--;
      await rm(entry.dir, { recursive: true, force: true }).catch(() => {});
    }
  }

  async function make(r: Repo, tree: string): Promise<Entry> {
    const started = Date.now();
    const dir = await mkdtemp(tempPrefix('publicar'));
    try {
      await exportTree(r, tree, dir, [r.pagesPath || '.', r.publicPath], path.join(dir, '.index'));
      const pagesDir = path.join(dir, ...r.pagesPath.split('/'));
      const publicDir = path.join(dir, ...r.publicPath.split('/'));
      await lstat(publicDir).catch(async () => {
        // A repository with no public folder: the build reads an empty one.
        await mkdir(publicDir, { recursive: true });
      });
      const dist = path.join(dir, 'dist');
      const vercelOut = path.join(dir, 'vercel-out');
      const { code, output } = await runBuild(options.root, pagesDir, publicDir, dist, vercelOut, handed);
      const build: SiteBuild = {
        tree,
        code,
        output,
        pagesDir,
        dist,
        vercelOut,
        builtAt: Date.now(),
        ms: Date.now() - started,
      };
      return { build, dir, holds: 0, usedAt: Date.now() };
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
  }

  return {
    /**
     * The site built from `tree` (a tree of `r`), held until `release()`. A build kept from
     * earlier is reused when it is younger than `maxAgeMs` (the check wants one made with the
     * blocks and runtime of now; pictures of the published version take any).
     */
    async build(r: Repo, tree: string, maxAgeMs = Number.POSITIVE_INFINITY): Promise<HeldBuild> {
      if (disposed) throw new Error('As montagens do site já foram encerradas.');
      const kept = entries.get(tree);
      if (kept && Date.now() - kept.build.builtAt <= maxAgeMs) return hold(kept, true);
      let pending = building.get(tree);
      if (!pending) {
        const run = queue.then(() => make(r, tree));
        queue = run.catch(() => {});
        pending = run.then(
          async (entry) => {
            building.delete(tree);
            const old = entries.get(tree);
            entries.set(tree, entry);
            if (old) {
              old.retired = true;
              if (old.holds === 0) await rm(old.dir, { recursive: true, force: true }).catch(() => {});
            }
            return entry;
          },
          (error: unknown) => {
            building.delete(tree);
            throw error;
          },
        );
        building.set(tree, pending);
      }
      const entry = await pending;
      const held = hold(entry, false);
      void evict();
      return held;
    },

    /**
     * Starts the build process now, when none runs: the first build of a session then finds it
     * loaded. Nothing is built.
     */
    warm(): void {
      if (!disposed) void startKept(options.root).catch(() => {});
    },

    /**
     * Resolves once the next build is in the build process's hands, or when `until` settles
     * first: work that takes the Estúdio's own thread for a moment (loading the pictures'
     * browser driver) is done then, while the build runs elsewhere, rather than before it starts.
     */
    handedOver(until: Promise<unknown>): Promise<void> {
      return new Promise<void>((go) => {
        const done = () => {
          handWaiters.delete(done);
          go();
        };
        handWaiters.add(done);
        until.then(done, done);
      });
    },

    /** A build already made for `tree`, held, or undefined (nothing is built). */
    kept(tree: string): HeldBuild | undefined {
      const entry = entries.get(tree);
      return entry ? hold(entry, true) : undefined;
    },

    /** Removes every kept build (the server is closing). */
    async dispose(): Promise<void> {
      disposed = true;
      await Promise.allSettled([...building.values()]);
      await Promise.all([...entries.values()].map((e) => rm(e.dir, { recursive: true, force: true })));
      entries.clear();
    },
  };
}

export type SiteBuilds = ReturnType<typeof createSiteBuilds>;

/**
 * `npm run build` in a child process, as CI runs it: the CLI kept running for the checks
 * (kept-build.ts; its bundle: bundled-entry.ts).
 */
export async function runBuild(
  root: string,
  pagesDir: string,
  publicDir: string,
  outDir: string,
  vercelOut: string,
  sent?: () => void,
): Promise<{ code: number; output: string }> {
  const built = runKept(
    root,
    ['build', '--pages', pagesDir, '--public', publicDir, '--out', outDir, '--vercel-out', vercelOut],
    sent,
  );
  crashPoint('check');
  return built;
}
