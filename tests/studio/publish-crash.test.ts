/**
 * A crash never loses or half-publishes (decision 0026). The Estúdio runs as a child process over
 * a real clone with a local bare remote, and kills itself with SIGKILL at one step of a publish,
 * then of a restore (ESTUDIO_CRASH_AT: during the check, after the commit object, after the branch
 * moves, during the push). After each kill the next process starts over the same clone, and:
 * `git fsck` is clean, the branch is on the commit from before or on the new one and the remote on
 * the same, the index holds nothing staged, the author's saved files keep their text and show as
 * unpublished when they are not on the branch, no temporary folder of the dead process is left,
 * and the next operation of the same kind goes through: after a kill that moved the branch, that
 * process completes one before it crashes on its second (the next kill of the matrix); after a
 * kill before the branch moved (nothing was changed), its one operation passes the step that was
 * killed and dies at the next. One process per kill and one at the end: nine in all.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChangesAnswer, PublishAnswer } from '../../studio/api.ts';
import type { StudioServer } from '../../studio/server/server.ts';
import { projectArgs } from '../helpers/tsx.ts';
import { apiOf, git, makeGitSite, root, type GitSite } from './git-site.ts';
import { studioAddress } from '../helpers/studio-address.ts';

let site: GitSite;
let dataDir: string;
/** The Estúdio's kept bundle (its fingerprint hashes every source: once per file, not per start). */
let studioEntry: string[] | undefined;
const running: ChildProcess[] = [];

beforeAll(async () => {
  // A small site: every kill but the first two waits for two builds of it.
  site = await makeGitSite({
    pages: ['_site.yaml', '404.yaml', 'index.yaml', 'recarga.yaml', 'termos-de-uso.yaml'],
  });
  dataDir = path.join(site.tmp, 'dados');
}, 60_000);

afterAll(async () => {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(site?.tmp ?? '', { recursive: true, force: true });
});

interface Child {
  pid: number;
  api: ReturnType<typeof apiOf>;
  exited: Promise<NodeJS.Signals | number | null>;
}

/** The environment of `npm run studio` from a terminal: not the test runner's (VITEST, NODE_ENV=test). */
const serverEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'NODE_ENV'),
);

/** `npm run studio` over the clone (its kept bundle), in its own process, with ESTUDIO_CRASH_AT set. */
async function startStudio(crashAt: string): Promise<Child> {
  studioEntry ??= await projectArgs('studio/server/main.ts');
  const child = spawn(
    process.execPath,
    [
      ...studioEntry,
      '--port',
      '0',
      '--pages',
      path.join(site.work, 'pages'),
      '--public',
      path.join(site.work, 'public'),
      '--data',
      dataDir,
    ],
    {
      cwd: root,
      env: {
        ...serverEnv,
        // A process killed mid-step never removes its runtime's folder of links (studio/server/runtime.ts):
        // its temporary files go in the test's folder, removed with it.
        TMPDIR: site.tmp,
        ESTUDIO_CRASH_AT: crashAt,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.push(child);
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  const url = await studioAddress(child);
  const server = { port: Number(url.port), token: url.searchParams.get('token')! } as StudioServer;
  return { pid: child.pid!, api: apiOf(server), exited };
}

const page = (name: string) => path.join(site.work, 'pages', name);
const tip = () => git(site.work, 'rev-parse', 'refs/heads/main');
const remoteTip = () => git(site.remote, 'rev-parse', 'main');

/*
 * The clone's state is read with as few git processes as give every fact the checks need (each
 * process costs its page faults on a slow machine: decision 0044, session 36): one for-each-ref
 * for the branches, main's commit and parent and where HEAD points; one status for what is staged
 * and what the working tree changed; one cat-file for the files at a commit.
 */

/** Every branch, with its commit, the commit's first parent, and whether HEAD is a link to it. */
function branches(): { ref: string; commit: string; parent: string; head: boolean }[] {
  return git(site.work, 'for-each-ref', '--format=%(refname) %(objectname) %(parent) %(HEAD)', 'refs/heads')
    .split('\n')
    .map((line) => {
      const [ref = '', commit = '', parent = '', head = ''] = line.split(' ');
      return { ref, commit, parent, head: head === '*' };
    });
}

/**
 * `git status` of the clone (tracked files only): HEAD's branch and commit, the paths with
 * something staged (what `git diff --cached --name-only` lists, conflicts included), and the paths
 * whose working file differs from the branch.
 */
function workStatus(): { branch: string; commit: string; staged: string[]; changed: Set<string> } {
  const fields = git(site.work, 'status', '--porcelain=v2', '--branch', '-z', '--untracked-files=no').split(
    '\0',
  );
  const result = { branch: '', commit: '', staged: [] as string[], changed: new Set<string>() };
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (field.startsWith('# branch.head ')) result.branch = field.slice('# branch.head '.length);
    else if (field.startsWith('# branch.oid ')) result.commit = field.slice('# branch.oid '.length);
    else if (/^[12u] /.test(field)) {
      // "1 XY sub mH mI mW hH hI path", "2 … X<score> path" then the original path, "u XY … path".
      const parts = field.split(' ');
      const file = parts.slice(field[0] === '1' ? 8 : field[0] === '2' ? 9 : 10).join(' ');
      if (field[0] === 'u' || parts[1]![0] !== '.') result.staged.push(file);
      result.changed.add(file);
      if (field[0] === '2') result.changed.add(fields[++i]!);
    }
  }
  return result;
}

/** The text of each `<commit>:<path>` as `git(…, 'show', …)` gives it (trimmed), with one process. */
function shown(specs: string[]): string[] {
  const out = execFileSync('git', ['cat-file', '--batch'], {
    cwd: site.work,
    input: specs.map((spec) => `${spec}\n`).join(''),
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', LC_ALL: 'C' },
  });
  const texts: string[] = [];
  let at = 0;
  for (const spec of specs) {
    const end = out.indexOf(0x0a, at);
    const header = out.subarray(at, end).toString('utf8');
    const size = Number(/^[0-9a-f]+ blob (\d+)$/.exec(header)?.[1] ?? Number.NaN);
    if (!Number.isInteger(size)) throw new Error(`git cat-file: ${spec}: ${header}`);
    texts.push(
      out
        .subarray(end + 1, end + 1 + size)
        .toString('utf8')
        .trim(),
    );
    at = end + 1 + size + 1;
  }
  return texts;
}

/** Processes whose command line names the dead process's temporary folders (an orphaned build). */
async function orphansOf(pid: number): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const cmd = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmd.includes(`estudio-publicar-${pid}-`)) found.push(Number(entry));
  }
  return found;
}

/** A request the process kills itself during: it never answers. */
async function killedDuring(child: Child, request: Promise<unknown>): Promise<void> {
  await expect(request).rejects.toThrow();
  expect(await child.exited).toBe('SIGKILL');
  // A build the check had started would go on for a few seconds on its own: it is ended here
  // (it writes only inside the dead process's temporary folder, which the next start removes).
  for (const orphan of await orphansOf(child.pid)) {
    try {
      process.kill(orphan, 'SIGKILL');
    } catch {
      // Ended meanwhile.
    }
  }
}

/** The saved files, with their text, that must survive every kill. */
const saved = new Map<string, string>();

async function save(file: string, text: string): Promise<void> {
  await writeFile(path.join(site.work, file), text);
  saved.set(file, text);
}

/**
 * The repository after a kill, as the next process sees it once it has recovered: whole, the
 * branch on `before` or on a commit whose parent is `before` (never anything in between), the
 * remote on the same commit, nothing staged, the saved files intact and listed when unpublished.
 */
async function expectConsistent(child: Child, dead: number, before: string): Promise<'old' | 'new'> {
  // Any call of the publisher waits for the recovery at start.
  const { status, body } = await child.api<ChangesAnswer>('GET', '/api/changes');
  expect(status).toBe(200);
  for (const repo of [site.work, site.remote]) {
    const fsck = git(repo, 'fsck', '--full', '--no-dangling', '--no-progress');
    expect(fsck).toBe('');
  }
  // Only main, and HEAD a link to it.
  const heads = branches();
  expect(heads.map((b) => b.ref)).toEqual(['refs/heads/main']);
  const main = heads[0]!;
  expect(main.head, 'HEAD is refs/heads/main').toBe(true);
  const now = main.commit;
  const which = now === before ? 'old' : 'new';
  if (which === 'new') expect(main.parent).toBe(before);
  expect(remoteTip()).toBe(now);
  // Nothing staged: the index is the branch's, except for what the working tree changed.
  const state = workStatus();
  expect(state.staged).toEqual([]);
  await expect(readFile(path.join(site.work, '.git', 'estudio-publicacao.json'))).rejects.toThrow();
  const listed = new Set(body.changes.map((c) => c.file));
  // Outside the saved files, the published ones match the branch (a restore's file included).
  expect(!state.changed.has('pages/recarga.yaml')).toBe(
    !saved.has('pages/recarga.yaml') || !listed.has('pages/recarga.yaml'),
  );
  const files = [...saved.keys()];
  const atHead = shown(files.map((file) => `HEAD:${file}`));
  for (const [i, file] of files.entries()) {
    const text = saved.get(file)!;
    expect(await readFile(path.join(site.work, file), 'utf8'), file).toBe(text);
    const published = atHead[i] === text.trimEnd();
    expect(listed.has(file), `${file} listed as unpublished`).toBe(!published);
  }
  const leftovers = (await readdir(os.tmpdir())).filter((n) =>
    new RegExp(`^estudio-(publicar|indice)-${dead}-`).test(n),
  );
  expect(leftovers).toEqual([]);
  return which;
}

let edits = 0;
async function editRecarga(): Promise<void> {
  const file = 'pages/recarga.yaml';
  const text = await readFile(page('recarga.yaml'), 'utf8');
  edits++;
  await save(file, text.replace(/^title: (?:Edição \d+ \| )?/m, `title: Edição ${edits} | `));
}

const publishRecarga = (child: Child) =>
  child.api<PublishAnswer>('POST', '/api/publish', {
    files: ['pages/recarga.yaml'],
    message: `Edição ${edits} de /recarga`,
  });

let initial: string;
let firstEdit: string;
/** Restores /recarga to whichever of two old versions it is not at now. */
const restoreRecarga = (child: Child) => {
  const [current, atInitial] = shown(['HEAD:pages/recarga.yaml', `${initial}:pages/recarga.yaml`]);
  const target = current === atInitial ? firstEdit : initial;
  return child.api<PublishAnswer>('POST', '/api/history/restore', {
    file: 'pages/recarga.yaml',
    commit: target,
  });
};

/** The operation went through: its commit on the remote and on main (HEAD), nothing staged. Its commit. */
async function expectDone(outcome: { status: number; body: PublishAnswer }): Promise<string> {
  expect(outcome.status, JSON.stringify(outcome.body)).toBe(200);
  expect(outcome.body.pushed).toBe(true);
  const commit = outcome.body.commit;
  expect(remoteTip()).toBe(commit);
  const state = workStatus();
  expect(state.branch).toBe('main');
  expect(state.commit).toBe(commit);
  expect(state.staged).toEqual([]);
  return commit;
}

it('survives SIGKILL at each step of a publish and of a restore', async () => {
  initial = tip();
  // Saved, never published: it must come through every kill untouched and listed.
  const terms = await readFile(page('termos-de-uso.yaml'), 'utf8');
  await save('pages/termos-de-uso.yaml', terms.replace(/^title: /m, 'title: Rascunho | '));

  const steps = ['check', 'commit-object', 'branch-moved', 'push'];
  const matrix = [
    ...steps.map((step) => ({ step, op: 'publicar' as const })),
    ...steps.map((step) => ({ step, op: 'restaurar' as const })),
  ];
  let child = await startStudio(`${matrix[0]!.step}:1`);
  let before = tip();
  const outcomes: string[] = [];
  for (let i = 0; i < matrix.length; i++) {
    const { step, op } = matrix[i]!;
    if (op === 'publicar') await editRecarga();
    // Restored, /recarga is the history's text, no longer one the author saved.
    else saved.delete('pages/recarga.yaml');
    await killedDuring(child, op === 'publicar' ? publishRecarga(child) : restoreRecarga(child));
    const dead = child.pid;
    // Killed before the branch moved, nothing was changed: the next process's own operation,
    // which goes past this step before it dies at the next one, is the one that follows.
    const untouched = step === 'check' || step === 'commit-object';
    // The next process crashes at the next step of its second operation (its first when the
    // operation that follows is that one); the last process never.
    const next = matrix[i + 1];
    child = await startStudio(next ? `${next.step}:${untouched ? 1 : 2}` : '');
    const which = await expectConsistent(child, dead, before);
    outcomes.push(`${op} ${step}: ${which}`);
    if (untouched) {
      expect(which).toBe('old');
      continue;
    }
    // The next operation of the same kind works.
    if (op === 'publicar') {
      if (which === 'new') await editRecarga();
      before = await expectDone(await publishRecarga(child));
      firstEdit ??= before;
    } else {
      before = await expectDone(await restoreRecarga(child));
    }
  }
  // Only a kill during the push may leave the change published (the remote took it first).
  for (const o of outcomes) if (!o.includes(' push:')) expect(o).toMatch(/: old$/);
  // The draft was never touched; publishing it now works as well.
  const done = await child.api<PublishAnswer>('POST', '/api/publish', {
    files: ['pages/termos-de-uso.yaml'],
    message: 'Publica o rascunho dos termos',
  });
  await expectDone(done);
  expect(git(site.work, 'status', '--porcelain', '--untracked-files=all')).toBe('');
  const audit = await readFile(path.join(dataDir, 'audit.log'), 'utf8');
  expect(audit).toContain('"reason":"interrompido"');
}, 400_000);
