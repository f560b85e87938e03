/**
 * A real git set-up for publishing tests: a bare repository as the remote (what Netlify,
 * Cloudflare or Vercel would watch), seeded with a copy of pages/ and public/, and a clone of it
 * for the Estúdio to work in. Another clone plays a second person pushing meanwhile.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, rmSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { StudioServer } from '../../studio/server/server.ts';

export const root = path.resolve(import.meta.dirname, '../..');

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', LC_ALL: 'C' },
  }).trim();
}

export interface GitSite {
  tmp: string;
  /** The bare repository: the remote. */
  remote: string;
  /** The clone the Estúdio works in (pages/ and public/ inside). */
  work: string;
  /** A fresh clone of the remote, as another person or the host would make. */
  clone(name: string, user?: { name: string; email: string }): string;
}

/**
 * `pages`: only these files of pages/ (a smaller site builds faster); default all of it.
 *
 * The seeded remote and a `git clone` of it are made once per process and `pages` list (a template
 * in its own temp folder, removed when the process exits); every site gets a copy of both in a
 * fresh temp folder (one `cp -a`, no git), the clone's origin pointed at the copied remote.
 * Identities are written into the clone's .git/config directly. So a site costs no git process
 * (one cp), and a template seven (init, init, add, commit; a local clone is three: git, sh and
 * upload-pack) where a push alone is eight; the same for the tests: its own bare remote with the
 * one "Site inicial" commit, a clone tracking origin/main. Only the copied clone's index holds the
 * template's file stat data, so git reads its files once to see they are unchanged (as after any
 * copy of a repository). `clone(name)` is a real `git clone` of the remote as it is then.
 */
export async function makeGitSite(options: { pages?: string[] } = {}): Promise<GitSite> {
  const template = await templateOf(options.pages);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'estudio-git-'));
  const remote = path.join(tmp, 'remote.git');
  const work = path.join(tmp, 'work');
  // One cp process copies both, as they are named in the template (remote.git, work): Node's fs.cp
  // took about 0.1 s of CPU per 100 files, a site 0.2 s; cp about 0.05 s (10 sites, load 2–3).
  execFileSync('cp', ['-a', template.remote, template.work, tmp]);
  await pointAt(work, template.remote, remote);
  identity(work, 'Ana Marketing', 'ana@example.com');
  const clone = (name: string, user = { name: 'Outra Pessoa', email: 'outra@example.com' }) => {
    const dir = path.join(tmp, name);
    git(tmp, 'clone', '-q', remote, dir);
    identity(dir, user.name, user.email);
    return dir;
  };
  return { tmp, remote, work, clone };
}

/**
 * A copied clone's .git names its remote by path in its config (origin's url) and in its reflogs
 * ("clone: from <path>"): both now name the copy. Nothing else in a clone holds the path.
 */
async function pointAt(work: string, from: string, to: string): Promise<void> {
  const gitDir = path.join(work, '.git');
  const logs = path.join(gitDir, 'logs');
  const files = [
    path.join(gitDir, 'config'),
    ...(await readdir(logs, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name)),
  ];
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    if (text.includes(from)) await writeFile(file, text.replaceAll(from, to));
  }
}

/** What `git config user.name/user.email` would write, without the two processes. */
function identity(dir: string, name: string, email: string): void {
  const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  appendFileSync(
    path.join(dir, '.git', 'config'),
    `[user]\n\tname = ${quoted(name)}\n\temail = ${quoted(email)}\n`,
  );
}

interface Template {
  /** The seeded bare remote. */
  remote: string;
  /** A `git clone` of it, with no identity. */
  work: string;
}

const templates = new Map<string, Promise<Template>>();
const templateDirs: string[] = [];
let cleanupRegistered = false;
const TEMPLATE_PREFIX = 'estudio-git-template-';

/** Templates of processes that have ended (their folder names the process id). */
async function removeOrphanTemplates(): Promise<void> {
  for (const name of await readdir(os.tmpdir())) {
    const pid = Number(/^estudio-git-template-(\d+)-/.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    await rm(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The bare remote seeded with pages/ (or `pages` of it), public/ and a README, and its clone: one per list. */
function templateOf(pages: string[] | undefined): Promise<Template> {
  const key = JSON.stringify(pages ?? null);
  let made = templates.get(key);
  if (!made) {
    made = seedTemplate(pages);
    templates.set(key, made);
    made.catch(() => templates.delete(key));
  }
  return made;
}

async function seedTemplate(pages: string[] | undefined): Promise<Template> {
  if (!cleanupRegistered) {
    cleanupRegistered = true;
    // A Vitest worker is ended without its exit handlers: a later process removes what it left.
    await removeOrphanTemplates();
    process.on('exit', () => {
      for (const dir of templateDirs) rmSync(dir, { recursive: true, force: true });
    });
  }
  const tmp = await mkdtemp(path.join(os.tmpdir(), `${TEMPLATE_PREFIX}${process.pid}-`));
  templateDirs.push(tmp);
  const remote = path.join(tmp, 'remote.git');
  const seed = path.join(tmp, 'seed');
  git(tmp, 'init', '-q', '--bare', '-b', 'main', remote);
  git(tmp, 'init', '-q', '-b', 'main', seed);
  if (pages) {
    await mkdir(path.join(seed, 'pages'), { recursive: true });
    for (const name of pages) await cp(path.join(root, 'pages', name), path.join(seed, 'pages', name));
    await keepLinksInside(path.join(seed, 'pages'), pages);
  } else await cp(path.join(root, 'pages'), path.join(seed, 'pages'), { recursive: true });
  await cp(path.join(root, 'public'), path.join(seed, 'public'), { recursive: true });
  await writeFile(path.join(seed, 'README.md'), '# Site de teste\n');
  identity(seed, 'Dev Fillgás', 'dev@example.com');
  git(seed, 'add', '-A');
  git(seed, 'commit', '-q', '-m', 'Site inicial');
  // What `git push remote main` leaves in the empty bare remote, without its eight processes (push,
  // sh, receive-pack, pack-objects, unpack-objects, rev-list, for-each-ref, gc --auto): the commit's
  // objects (all the seed holds; a push of under 100 objects unpacks them loose, as they are here)
  // and main on the commit.
  await cp(path.join(seed, '.git', 'objects'), path.join(remote, 'objects'), { recursive: true });
  const commit = (await readFile(path.join(seed, '.git', 'refs', 'heads', 'main'), 'utf8')).trim();
  await writeFile(path.join(remote, 'refs', 'heads', 'main'), `${commit}\n`);
  const work = path.join(tmp, 'work');
  git(tmp, 'clone', '-q', remote, work);
  return { remote, work };
}

/**
 * A smaller site is still a whole site: `npm run check` refuses a link to a page that is not there
 * (runtime/load/links.ts), so a link of a copied page to a page left out goes to the home page
 * instead, without its #anchor (the home page has not that page's sections: decision 0051). Only
 * the text of those links changes.
 */
async function keepLinksInside(pagesDir: string, names: readonly string[]): Promise<void> {
  const routes = new Set(
    names
      .filter((n) => n.endsWith('.yaml') && !n.startsWith('_'))
      .map((n) => `/${n.replace(/\.yaml$/, '').replace(/(^|\/)index$/, '')}`),
  );
  for (const name of names) {
    if (!name.endsWith('.yaml')) continue;
    const file = path.join(pagesDir, name);
    const text = await readFile(file, 'utf8');
    const kept = text.replace(
      /((?:href|logoHref):\s*['"]?|\]\()(\/[a-z0-9/-]*)(#[a-z0-9-]*)?/g,
      (whole, before: string, route: string) =>
        routes.has(route.replace(/(.)\/+$/, '$1')) ? whole : `${before}/`,
    );
    if (kept !== text) await writeFile(file, kept);
  }
}

/** The API of a local Estúdio server as its browser app calls it: token cookie, Origin on writes, JSON. */
export function apiOf(server: StudioServer) {
  const base = `http://127.0.0.1:${server.port}`;
  return async <T>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        Cookie: `estudio-${server.port}=${server.token}`,
        ...(method === 'GET' ? {} : { Origin: base }),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
}
