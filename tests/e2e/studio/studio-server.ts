/**
 * Starts the Estúdio as a marketer would (`npm run studio`'s entry, studio/server/main.ts) on a
 * copy of pages/ in a temporary folder, and reads the address it prints. Stopped by the test that
 * started it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { projectArgs } from '../../helpers/tsx.ts';
import type { BundledEntry } from '../../../studio/server/bundled-entry.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * The arguments that make Node run a TypeScript entry of this repository as `npx tsx <entry>` does
 * (tsx's loader; its CLI would add npx and a wrapper process): `spawn(process.execPath, [...TSX,
 * entry, ...args], { cwd: ROOT })`.
 */
export const TSX = ['--import', 'tsx'];

/**
 * The environment of an Estúdio the tests start: its publish pictures' Chromium through
 * pictures-chromium.sh (the tests' Chromium wrapper: no spare renderer, no address-bar popup
 * preloaded per context), the runner's CHROMIUM_PATH passed on to it (empty when it named none).
 */
export function studioEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return {
    ...env,
    CHROMIUM_PATH: path.join(ROOT, 'tests/e2e/studio/pictures-chromium.sh'),
    ESTUDIO_E2E_CHROMIUM: env.CHROMIUM_PATH ?? '',
  };
}

export interface RunningStudio {
  url: string;
  origin: string;
  /** The temporary project folder: `pages/` is the copy the Estúdio edits. */
  dir: string;
  pagesDir: string;
  /** `public/`: the copy in `dir` with `copyPublic`, else the repository's own. */
  publicDir: string;
  stop(): Promise<void>;
}

/**
 * Port 0: the system picks a free one, and the printed address names it. `copyPublic`: public/ is
 * copied into the temporary folder too and passed with --public (a test that uploads images).
 */
export async function startStudio(port = 0, options: { copyPublic?: boolean } = {}): Promise<RunningStudio> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'estudio-e2e-'));
  const pagesDir = path.join(dir, 'pages');
  await cp(path.join(ROOT, 'pages'), pagesDir, { recursive: true });
  const publicDir = options.copyPublic ? path.join(dir, 'public') : path.join(ROOT, 'public');
  if (options.copyPublic) await cp(path.join(ROOT, 'public'), publicDir, { recursive: true });
  const running = await spawnStudio(pagesDir, options.copyPublic ? publicDir : undefined, port);
  return {
    url: running.url,
    origin: new URL(running.url).origin,
    dir,
    pagesDir,
    publicDir,
    async stop() {
      await running.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const kept = new Map<BundledEntry, Promise<string[]>>();

/**
 * Node's arguments that run `entry`'s kept bundle (projectArgs), found once per worker: finding it
 * is a fingerprint of every file of its sources (studio/, runtime/, blocks/…: about 460 files read
 * and hashed, 0.1–0.3 s of the worker's CPU), and the sources do not change during a run. The
 * bundle is still made at the first start when the sources are new.
 */
export function keptEntryArgs(entry: BundledEntry): Promise<string[]> {
  let args = kept.get(entry);
  if (!args) {
    args = projectArgs(entry);
    kept.set(entry, args);
    args.catch(() => kept.delete(entry));
  }
  return args;
}

const running = new Set<ChildProcess>();

/**
 * Ends `child`'s process group (an Estúdio, started detached) when the worker exits, if nothing
 * stopped it before: a `beforeAll` that timed out while it started never hands it to its
 * `afterAll`, and it would outlive the run, holding its port and folder.
 */
export function endWithWorker(child: ChildProcess): void {
  if (!process.listeners('exit').includes(endAll)) process.once('exit', endAll);
  running.add(child);
  child.once('exit', () => running.delete(child));
}

function endAll(): void {
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

/**
 * `npm run studio`'s command on these folders (port 0: the system picks one), the address it
 * prints, and a stop that ends its process group. Node runs the entry's kept bundle
 * (studio/server/bundled-entry.ts: the same code without tsx's loading, about 0.5 s of CPU less a
 * start), without npx and tsx's own wrapper process (about 30 starts a run, on 2 cores).
 */
export async function spawnStudio(
  pagesDir: string,
  publicDir?: string,
  port = 0,
  /** More of `npm run studio`'s options: ['--data', folder]. */
  extraArgs: string[] = [],
): Promise<{ url: string; stop(): Promise<void> }> {
  // The hook or test that starts it gets the start's time on top of its own: a beforeAll's 30 s
  // ran out under load (the first start of a new version also builds the app).
  const info = test.info();
  if (info.timeout > 0) info.setTimeout(info.timeout + 60_000);
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(await keptEntryArgs('studio/server/main.ts')),
      '--port',
      String(port),
      '--pages',
      pagesDir,
      ...(publicDir ? ['--public', publicDir] : []),
      ...extraArgs,
    ],
    { cwd: ROOT, env: studioEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  endWithWorker(child);
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running: nothing else would stop it.
      process.kill(-child.pid!, 'SIGTERM');
      reject(new Error(`O Estúdio não respondeu em 60 s:\n${output}`));
    }, 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => /^http:\/\/127\.0\.0\.1:\d+\/\?token=/.test(l));
      if (line) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`O Estúdio saiu (${code}):\n${output}`));
    });
  });
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid!, 'SIGTERM');
        await exited;
      }
    },
  };
}
