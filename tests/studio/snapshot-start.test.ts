/**
 * The Estúdio from its kept bundle (a snapshot of the sources: the tests' Estúdio processes) starts
 * without Vite's file watcher, whose walk of the whole checkout was about a third of its start's
 * CPU (decision 0039, session 25). What a watcher could
 * have given stays: pages/ and public/ changed behind its back (a git pull, a YAML editor, another
 * person's publish) show at the next request, and the preview's script watches only its own sources.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, readlink, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PageAnswer, PagesAnswer, PreviewAnswer } from '../../studio/api.ts';
import { projectArgs } from '../helpers/tsx.ts';
import { root } from './helpers.ts';
import { studioAddress } from '../helpers/studio-address.ts';

let tmp: string;
let child: ChildProcess;
let base: string;
let cookie: string;

/** `npm run studio`'s environment from a terminal, not the test runner's (VITEST, NODE_ENV=test). */
const serverEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'NODE_ENV'),
);

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'estudio-instantaneo-'));
  await cp(path.join(root, 'pages'), path.join(tmp, 'pages'), { recursive: true });
  await cp(path.join(root, 'public'), path.join(tmp, 'public'), { recursive: true });
  const args = ['--port', '0', '--pages', path.join(tmp, 'pages'), '--public', path.join(tmp, 'public')];
  child = spawn(
    process.execPath,
    await projectArgs('studio/server/main.ts', ...args, '--data', path.join(tmp, 'dados')),
    { cwd: root, env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const url = await studioAddress(child);
  base = url.origin;
  cookie = `estudio-${url.port}=${url.searchParams.get('token')}`;
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await rm(tmp, { recursive: true, force: true });
});

const api = async <T>(url: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${base}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Cookie: cookie,
      ...(body === undefined ? {} : { Origin: base, 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, url).toBe(200);
  return (await response.json()) as T;
};

/** The inode numbers of the folders the process watches (Linux: its inotify descriptors' fdinfo). */
async function watchedInodes(pid: number): Promise<number[]> {
  const inodes: number[] = [];
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    if (!target.includes('inotify')) continue;
    const info = await readFile(`/proc/${pid}/fdinfo/${fd}`, 'utf8').catch(() => '');
    for (const m of info.matchAll(/^inotify wd:\S+ ino:([0-9a-f]+)/gm)) inodes.push(parseInt(m[1]!, 16));
  }
  return inodes;
}

/** Every folder at or below `dir` (links not followed), with its inode number. */
async function folders(dir: string, into = new Map<number, string>()): Promise<Map<number, string>> {
  into.set((await stat(dir)).ino, dir);
  for (const entry of await readdir(dir, { withFileTypes: true }))
    if (entry.isDirectory()) await folders(path.join(dir, entry.name), into);
  return into;
}

it('starts watching no file', async () => {
  await api('/api/pages');
  if (process.platform === 'linux') expect(await watchedInodes(child.pid!)).toEqual([]);
});

it('shows pages and public files changed on disk behind its back at the next request', async () => {
  const taxId = /taxId: .*/;
  const site = path.join(tmp, 'pages/_site.yaml');
  const before = await readFile(site, 'utf8');
  expect(before).toMatch(taxId);
  const preview = async () => {
    const source = await readFile(path.join(tmp, 'pages/index.yaml'), 'utf8');
    const answer = await api<PreviewAnswer>('/api/preview', { file: 'pages/index.yaml', source });
    expect(answer.ok).toBe(true);
    return JSON.stringify(answer);
  };
  expect(await preview()).not.toContain('11.222.333/0001-81');
  // The site's settings (another person's publish pulled), read by the preview of every page.
  await writeFile(site, before.replace(taxId, 'taxId: 11.222.333/0001-81'));
  expect(await preview()).toContain('CNPJ <!-- -->11.222.333/0001-81');

  // A page's text as an editor saved it, and a page that a pull brought.
  const index = path.join(tmp, 'pages/index.yaml');
  const edited = `${await readFile(index, 'utf8')}\n# editado fora do Estúdio\n`;
  await writeFile(index, edited);
  expect((await api<PageAnswer>('/api/page?file=pages/index.yaml')).source).toBe(edited);
  await cp(path.join(tmp, 'pages/termos-de-uso.yaml'), path.join(tmp, 'pages/termos-novos.yaml'));
  const listed = await api<PagesAnswer>('/api/pages');
  expect(listed.pages.map((p) => p.file)).toContain('pages/termos-novos.yaml');

  // public/: a file added is served at its address, a file removed is not.
  await writeFile(path.join(tmp, 'public/novo.txt'), 'arquivo novo\n');
  const added = await fetch(`${base}/novo.txt`);
  expect(added.status).toBe(200);
  expect(await added.text()).toBe('arquivo novo\n');
  expect((await fetch(`${base}/favicon.svg`)).status).toBe(200);
  await rm(path.join(tmp, 'public/favicon.svg'));
  // No more a public file: what the preview frame asks (without the cookie) is refused.
  expect((await fetch(`${base}/favicon.svg`)).status).toBe(401);
});

it('watches only the preview script’s own source folders once that script is asked for', async () => {
  const agent = await fetch(`${base}/estudio/preview-agent.js`);
  expect(agent.status).toBe(200);
  expect((await agent.text()).length).toBeGreaterThan(1000);
  if (process.platform !== 'linux') return;
  // What the script is made of (preview-agent.ts, client-script.ts): these folders, and the
  // folders of its single files.
  const sources = new Map<number, string>();
  for (const dir of ['runtime/client', 'runtime/build', 'blocks', 'design', 'schema', 'studio/app/preview'])
    await folders(path.join(root, dir), sources);
  for (const dir of ['runtime', 'runtime/dev', 'studio/server'])
    sources.set((await stat(path.join(root, dir))).ino, path.join(root, dir));
  const watched = await watchedInodes(child.pid!);
  expect(watched.length).toBeGreaterThan(0);
  expect(watched.filter((ino) => !sources.has(ino))).toEqual([]);
  expect(watched).toContain((await stat(path.join(root, 'blocks/footer'))).ino);
});
