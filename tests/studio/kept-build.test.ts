/**
 * The check Publicar runs, in the CLI kept running (studio/server/review/kept-build.ts and
 * runtime/cli-jobs.ts): the same site byte for byte, the same exit code and the same located
 * errors as `npm run build` in a fresh process; one process for check after check; a process that
 * dies (even in a check) fails that check with what it printed, and the next check starts another.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryArgs } from '../../studio/server/bundled-entry.ts';
import { keptProcess, runKept } from '../../studio/server/review/kept-build.ts';

const repo = path.resolve(import.meta.dirname, '../..');
let tmp: string;
let pagesDir: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'estudio-kept-build-'));
  pagesDir = path.join(tmp, 'pages');
  await cp(path.join(repo, 'pages'), pagesDir, { recursive: true });
});
afterAll(async () => {
  const kept = keptProcess(repo);
  if (kept) process.kill(kept.pid);
  await rm(tmp, { recursive: true, force: true });
});

const buildArgs = (name: string) => [
  'build',
  '--pages',
  pagesDir,
  '--public',
  path.join(repo, 'public'),
  '--out',
  path.join(tmp, name, 'dist'),
  '--vercel-out',
  path.join(tmp, name, 'vercel'),
];

/** `npm run build` as it ran before: a fresh Node on the CLI's bundle. */
async function fresh(args: string[]): Promise<{ code: number; output: string }> {
  return promisify(execFile)(process.execPath, [...(await entryArgs(repo, 'runtime/cli.ts')), ...args], {
    cwd: repo,
    env: { ...process.env, NODE_ENV: 'production', NO_COLOR: '1', FORCE_COLOR: '0' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, output: e.stdout + e.stderr }),
  );
}

/** Every file of a folder by its sha256. */
async function digests(dir: string): Promise<Record<string, string>> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((f) => f.isFile());
  const entries = await Promise.all(
    files.map(async (f) => {
      const file = path.join(f.parentPath, f.name);
      const rel = path.relative(dir, file).split(path.sep).join('/');
      return [
        rel,
        createHash('sha256')
          .update(await readFile(file))
          .digest('hex'),
      ] as const;
    }),
  );
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}

/** The build's report without its timings. */
const untimed = (output: string) => output.replace(/\d+(?:[.,]\d+)? ?(?:ms|s)\b/g, '…');

describe('the check in the kept CLI', () => {
  it('builds as a fresh npm run build does, check after check in one process', async () => {
    const before = await fresh(buildArgs('fresca'));
    expect(before.code, before.output).toBe(0);
    const first = await runKept(repo, buildArgs('mantida-1'));
    expect(first.code, first.output).toBe(0);
    const pid = keptProcess(repo)?.pid;
    expect(pid).toBeGreaterThan(0);
    const second = await runKept(repo, buildArgs('mantida-2'));
    expect(second.code, second.output).toBe(0);
    expect(keptProcess(repo)?.pid).toBe(pid);
    expect(untimed(first.output)).toBe(untimed(before.output));
    expect(untimed(second.output)).toBe(untimed(before.output));
    const built = await digests(path.join(tmp, 'fresca'));
    expect(Object.keys(built)).toEqual(expect.arrayContaining(['dist/index.html', 'vercel/vercel.json']));
    expect(await digests(path.join(tmp, 'mantida-1'))).toEqual(built);
    expect(await digests(path.join(tmp, 'mantida-2'))).toEqual(built);
  });

  it('fails a broken site with the same located error, and the next check passes', async () => {
    const recarga = path.join(pagesDir, 'recarga.yaml');
    const text = await readFile(recarga, 'utf8');
    await writeFile(recarga, text.replace(/^(\s+- type: )hero$/m, '$1heroi'));
    try {
      const [kept, before] = [
        await runKept(repo, buildArgs('quebrada')),
        await fresh(buildArgs('quebrada-2')),
      ];
      expect(kept.code).toBe(1);
      expect(kept.output).toContain('recarga.yaml');
      expect(kept.output).toBe(before.output);
    } finally {
      await writeFile(recarga, text);
    }
    expect((await runKept(repo, buildArgs('de-novo'))).code).toBe(0);
  });

  it('fails the check its process died in, with what it printed, and starts another for the next', async () => {
    const running = runKept(repo, buildArgs('morta'));
    // Killed once the check is sent to it.
    await expect.poll(() => keptProcess(repo)?.running, { interval: 5, timeout: 30_000 }).toBe(1);
    const { pid } = keptProcess(repo)!;
    process.kill(pid, 'SIGKILL');
    const died = await running;
    expect(died.code).not.toBe(0);
    expect(died.output).toContain('SIGKILL');
    const next = await runKept(repo, buildArgs('depois'));
    expect(next.code, next.output).toBe(0);
    expect(keptProcess(repo)?.pid).not.toBe(pid);
  });
});
