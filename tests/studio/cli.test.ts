/**
 * `npm run studio`: prints the greeting and the address (alone on its line), serves it, stops on
 * SIGTERM. That run loads the sources through tsx's loader, as `npm run studio` does (`node --import
 * tsx`: one process, whose own handler gets the signal; tsx's command would stand between them and
 * kill a process that does not answer its relayed signal within 60 ms, a busy Estúdio included). The refusals (a port in use, a port
 * that is not a number) are main.ts's own answers: they run from the command's kept bundle (the
 * same sources, as every other test's Estúdio process; decision 0039), about 2.5 s of CPU less
 * each than tsx's loading of every module before main.ts reads its arguments.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedAppDir } from '../../studio/server/app-cache.ts';
import { projectArgs } from '../helpers/tsx.ts';
import { root } from './helpers.ts';

let tmp: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'estudio-cli-'));
  await cp(path.join(root, 'pages'), path.join(tmp, 'pages'), { recursive: true });
  // The app's build for these sources, as after `npm install` and a first start: the first start
  // after an update prints one more line ("Preparando a interface…"), and whether another file
  // had already made it must not decide this file's result.
  await cachedAppDir(root);
}, 300_000);
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(tmp, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

/** `npm run studio -- …args`, as a terminal runs it. */
const run = (...args: string[]): Run => started(['--import', 'tsx', 'studio/server/main.ts', ...args]);

/** The same command from its kept bundle (studio/server/bundled-entry.ts). */
const runBundled = async (...args: string[]): Promise<Run> =>
  started(await projectArgs('studio/server/main.ts', ...args));

function started(nodeArgs: string[]): Run {
  const child = spawn(process.execPath, nodeArgs, { cwd: root });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exit };
}

/** Resolves with the printed address once the second line is complete. */
function address(studio: Run): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const lines = studio.stdout().split('\n');
      if (lines.length >= 3) resolve(lines[1]!);
    };
    studio.child.stdout!.on('data', check);
    studio.exit.then((code) => reject(new Error(`saiu com ${code}: ${studio.stderr()}`)));
    check();
  });
}

describe('npm run studio', () => {
  it('prints exactly two lines, serves the printed address and stops cleanly on SIGTERM', async () => {
    const studio = run('--port', '0', '--pages', path.join(tmp, 'pages'));
    const url = await address(studio);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/);

    const login = await fetch(url, { redirect: 'manual' });
    expect(login.status).toBe(303);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const { origin } = new URL(url);
    const pages = await fetch(`${origin}/api/pages`, { headers: { Cookie: cookie } });
    expect(pages.status).toBe(200);
    // The app is built: no file of the checkout is served beside it (Vite runs only the runtime).
    for (const file of [
      '/package.json',
      '/runtime/cli.ts',
      `/@fs${root}/package.json`,
      '/node_modules/yaml/package.json',
    ]) {
      const response = await fetch(`${origin}${file}`, { headers: { Cookie: cookie } });
      expect(response.status, file).toBe(404);
    }

    // A second Estúdio on the same port says so in Portuguese and exits with 1.
    const second = await runBundled('--port', new URL(url).port, '--pages', path.join(tmp, 'pages'));
    expect(await second.exit).toBe(1);
    expect(second.stderr()).toContain('já está em uso');
    expect(second.stdout()).toBe('');

    studio.child.kill('SIGTERM');
    expect(await studio.exit).toBe(0);
    expect(studio.stdout()).toBe(`Estúdio Fillgás pronto. Abra este endereço no navegador:\n${url}\n`);
    expect(studio.stderr()).toBe('');
  }, 120_000);

  it('refuses a port that is not a number', async () => {
    const studio = await runBundled('--port', 'abc');
    expect(await studio.exit).toBe(2);
    expect(studio.stderr()).toContain('Porta inválida');
  }, 60_000);
});
