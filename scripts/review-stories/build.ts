/**
 * The two Storybook builds the review compares: the working tree's, and a git ref's, exported
 * with `git archive` into a temporary folder (the repository's index, HEAD and work tree are not
 * touched) that borrows the working tree's node_modules through a symlink.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { StatsModule } from './select.ts';

const run = promisify(execFile);

/** The full commit id of a ref, or an error in words a person can act on. */
export async function resolveCommit(root: string, ref: string): Promise<string> {
  try {
    const { stdout } = await run('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], {
      cwd: root,
    });
    return stdout.trim();
  } catch {
    throw new Error(
      `A referência git "${ref}" não existe neste repositório (um clone raso não tem o commit anterior).`,
    );
  }
}

/** Writes the files of `commit` into `dir` (created) and links the working tree's node_modules there. */
export async function exportCommit(root: string, commit: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await new Promise<void>((resolve, reject) => {
    const archive = spawn('git', ['archive', '--format=tar', commit], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const untar = spawn('tar', ['-x', '-C', dir], { stdio: ['pipe', 'ignore', 'pipe'] });
    archive.stdout.pipe(untar.stdin);
    let errors = '';
    archive.stderr.on('data', (chunk: Buffer) => (errors += chunk));
    untar.stderr.on('data', (chunk: Buffer) => (errors += chunk));
    let pending = 2;
    const done = (code: number | null) => {
      if (code !== 0) reject(new Error(`git archive ${commit} falhou: ${errors.trim()}`));
      else if (--pending === 0) resolve();
    };
    archive.on('close', done);
    untar.on('close', done);
  });
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
}

/**
 * `storybook build` of the project in `cwd` into `outDir`, with the working tree's Storybook
 * binary. Output is kept and shown only when the build fails.
 */
export async function buildStorybook(root: string, cwd: string, outDir: string): Promise<void> {
  const bin = path.join(root, 'node_modules', '.bin', 'storybook');
  const output: Buffer[] = [];
  const code = await new Promise<number | null>((resolve) => {
    // --stats-json: the module graph (preview-stats.json) that select.ts reads.
    const args = ['build', '-o', outDir, '--quiet', '--disable-telemetry', '--stats-json', outDir];
    const child = spawn(bin, args, {
      cwd,
      env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', resolve);
    child.on('error', () => resolve(-1));
  });
  if (code !== 0) {
    process.stderr.write(Buffer.concat(output));
    throw new Error(`storybook build falhou em ${cwd} (código ${code}).`);
  }
}

export interface IndexedStory {
  title: string;
  name: string;
  /** The story file, './blocks/banner/banner.stories.tsx'. */
  importPath: string;
  /** A page story ('Páginas'), loaded in Node by the page indexer. */
  page: boolean;
}

/** The stories of a static build (its index.json), in Storybook's order; docs entries left out. */
export async function storyIndex(staticDir: string): Promise<Map<string, IndexedStory>> {
  const index = JSON.parse(await readFile(path.join(staticDir, 'index.json'), 'utf8')) as {
    entries: Record<
      string,
      { id: string; type: string; title: string; name: string; importPath: string; tags?: string[] }
    >;
  };
  const stories = new Map<string, IndexedStory>();
  for (const entry of Object.values(index.entries))
    if (entry.type === 'story')
      stories.set(entry.id, {
        title: entry.title,
        name: entry.name,
        importPath: entry.importPath,
        page: entry.tags?.includes('page') ?? false,
      });
  return stories;
}

/** The module graph a build recorded (preview-stats.json), or null when it was built without it. */
export async function moduleGraph(staticDir: string): Promise<StatsModule[] | null> {
  try {
    const stats = JSON.parse(await readFile(path.join(staticDir, 'preview-stats.json'), 'utf8')) as {
      modules: StatsModule[];
    };
    return stats.modules;
  } catch {
    return null;
  }
}

/**
 * Files that differ between `commit` and the working tree: changed, added, deleted, untracked.
 * package.json counts only when what it installs differs (a new script line changes no story).
 */
export async function changedFiles(root: string, commit: string): Promise<string[]> {
  const [diff, untracked] = await Promise.all([
    run('git', ['diff', '--name-only', '--no-renames', commit], { cwd: root, maxBuffer: 64 << 20 }),
    run('git', ['ls-files', '--others', '--exclude-standard'], { cwd: root, maxBuffer: 64 << 20 }),
  ]);
  const files = [...diff.stdout.split('\n'), ...untracked.stdout.split('\n')].filter(Boolean);
  if (files.includes('package.json')) {
    const installs = (text: string) => {
      const { dependencies, devDependencies, optionalDependencies, overrides } = JSON.parse(text) as Record<
        string,
        unknown
      >;
      return JSON.stringify({ dependencies, devDependencies, optionalDependencies, overrides });
    };
    try {
      const before = (
        await run('git', ['show', `${commit}:package.json`], { cwd: root, maxBuffer: 64 << 20 })
      ).stdout;
      const after = await readFile(path.join(root, 'package.json'), 'utf8');
      if (installs(before) === installs(after)) return files.filter((file) => file !== 'package.json');
    } catch {
      // Unreadable on one side: it counts.
    }
  }
  return files;
}
