/**
 * Git, through the git binary (the one tool every host and developer already has, and the one
 * that understands every remote, credential helper and SSH key). Plumbing only where it keeps
 * the repository whole: commits are built in a temporary index (the person's own index and
 * working tree are never staged into), and a branch moves with one compare-and-swap
 * `update-ref`, so a failure at any step leaves the repository as it was.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { lstat, realpath, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Person } from './people.ts';

export class GitError extends Error {
  constructor(
    message: string,
    readonly args: string[],
    readonly code: number | string | null,
    readonly stdout: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'GitError';
  }
}

export interface GitRun {
  stdout: string;
  stderr: string;
  code: number;
}

export interface RunOptions {
  env?: Record<string, string>;
  /** Exit codes that are answers rather than failures (merge-tree's 1: conflicts). */
  okCodes?: number[];
  timeoutMs?: number;
  /** Written to git's standard input. */
  input?: string;
  /** Called once git has started, with its process id (a push records it for crash recovery). */
  onSpawn?: (pid: number | undefined) => void;
}

/** The environment every git call gets: never a prompt (no terminal on a server), Portuguese-free output to parse. */
const BASE_ENV = {
  GIT_TERMINAL_PROMPT: '0',
  GIT_ASKPASS: 'echo',
  SSH_ASKPASS: 'echo',
  LC_ALL: 'C',
  LANG: 'C',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_EDITOR: 'true',
};

export function git(cwd: string, args: string[], options: RunOptions = {}): Promise<GitRun> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      args,
      {
        cwd,
        env: { ...process.env, ...BASE_ENV, ...options.env },
        maxBuffer: 64 * 1024 * 1024,
        timeout: options.timeoutMs ?? 120_000,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        if (error && !(options.okCodes ?? []).includes(code)) {
          reject(
            new GitError(
              `git ${args.join(' ')} falhou (${String(error.code ?? error.signal)}): ${stderr.trim()}`,
              args,
              error.code ?? null,
              stdout,
              stderr,
            ),
          );
          return;
        }
        resolve({ stdout, stderr, code });
      },
    );
    options.onSpawn?.(child.pid);
    // A command that reads nothing may exit before its input is closed: that is no error.
    child.stdin?.on('error', () => {});
    child.stdin?.end(options.input ?? '');
  });
}

/** The raw bytes of a blob (`<commit>:<path>`), or undefined when it does not exist there. */
export async function gitShowBytes(cwd: string, spec: string): Promise<Buffer | undefined> {
  const [bytes] = await gitBlobBytes(cwd, [spec]);
  return bytes;
}

/** `cat-file blob <spec>` in a process of its own: for a spec the batch cannot take (a newline in it). */
function oneBlob(cwd: string, spec: string): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['cat-file', 'blob', spec],
      { cwd, env: { ...process.env, ...BASE_ENV }, maxBuffer: 64 * 1024 * 1024, encoding: 'buffer' },
      (error, stdout) => {
        if (error) {
          if (typeof error.code === 'number') resolve(undefined);
          else reject(error);
          return;
        }
        resolve(stdout);
      },
    );
  });
}

/**
 * Several objects (`<rev>:<path>` or an object id) read by one `git cat-file --batch`: each
 * one's bytes when it is a blob, or undefined where it does not exist (no such file then, no such
 * commit, not a file). A spec with a newline (the batch reads lines) is read by a process of its own.
 *
 * The batch is kept running per folder and answers every read there (BlobReader) instead of a
 * git process per read: starting one costs the Estúdio's process a fork of itself and git its
 * start-up, ~25 ms of CPU on a loaded 2-core machine, and Páginas, Pedidos, Agendamentos and
 * every publish read published texts again (decision 0044, session 32).
 */
export async function gitBlobBytes(cwd: string, specs: string[]): Promise<(Buffer | undefined)[]> {
  if (specs.length === 0) return [];
  const lines = specs.filter((s) => !s.includes('\n'));
  const batched = lines.length > 0 ? (await askBatch(cwd, lines)).map(blobBytes) : [];
  let next = 0;
  return Promise.all(specs.map((s) => (s.includes('\n') ? oneBlob(cwd, s) : batched[next++])));
}

/** One answer of `cat-file --batch`: the object's id, type and bytes. */
interface BatchAnswer {
  id: string;
  type: string;
  bytes: Buffer;
}

const blobBytes = (answer: BatchAnswer | undefined) => (answer?.type === 'blob' ? answer.bytes : undefined);

/** The answers to `specs` (no newline in any) from the folder's kept reader; undefined where missing. */
async function askBatch(cwd: string, specs: string[]): Promise<(BatchAnswer | undefined)[]> {
  const folder = await stat(cwd);
  let reader = readers.get(cwd);
  // The folder removed and made again (another repository at the same path): a new reader.
  if (reader && (reader.ino !== folder.ino || reader.dev !== folder.dev)) reader.close();
  if (!reader || reader.closed) {
    reader = new BlobReader(cwd, folder.dev, folder.ino);
    readers.set(cwd, reader);
  }
  try {
    return await reader.ask(specs);
  } catch (error) {
    // The kept process ended under the read (killed, say): once more in a new one, so that a
    // publish does not fail for it; a second failure (git missing) is the answer.
    const fresh = new BlobReader(cwd, folder.dev, folder.ino);
    try {
      return await fresh.ask(specs);
    } catch {
      throw error;
    } finally {
      fresh.close();
    }
  }
}

/** The kept `cat-file --batch` of each folder git was asked from. */
const readers = new Map<string, BlobReader>();

/** How long a reader with nothing to read stays: one is started again at the next read. */
const READER_IDLE_MS = 30_000;

/**
 * A `git cat-file --batch` kept running in one folder, asked line by line, its answers read in
 * order. It reads the refs and finds new objects (loose or packed) at each line, as a new process
 * would: `HEAD:<path>` after a commit names the new commit's file (tests/studio/git-batch.test.ts).
 * It never keeps the Estúdio's process alive (its handles are referenced only while a read
 * waits), and ends after READER_IDLE_MS without reads, or with the Estúdio (its input closes).
 */
class BlobReader {
  closed = false;
  private readonly child: ChildProcess;
  private readonly waiting: {
    left: number;
    answers: (BatchAnswer | undefined)[];
    resolve: (answers: (BatchAnswer | undefined)[]) => void;
    reject: (error: Error) => void;
  }[] = [];
  /** The bytes of a header line not ended yet. */
  private header = Buffer.alloc(0);
  /** The object being read: its header, and its bytes so far (with the newline after them). */
  private body: { id: string; type: string; size: number; chunks: Buffer[]; have: number } | undefined;
  private idle: NodeJS.Timeout | undefined;

  constructor(
    readonly cwd: string,
    readonly dev: number,
    readonly ino: number,
  ) {
    this.child = spawn('git', ['cat-file', '--batch'], {
      cwd,
      env: { ...process.env, ...BASE_ENV },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    this.child.stdin!.on('error', () => {});
    this.child.stdout!.on('data', (chunk: Buffer) => this.read(chunk));
    this.child.on('error', (error) => this.fail(error));
    this.child.on('exit', (code, signal) =>
      this.fail(new GitError(`git cat-file --batch saiu (${String(code ?? signal)})`, [], code, '', '')),
    );
    this.hold(false);
  }

  ask(specs: string[]): Promise<(BatchAnswer | undefined)[]> {
    if (this.closed) return Promise.reject(new Error('git cat-file --batch já terminou'));
    clearTimeout(this.idle);
    this.hold(true);
    return new Promise((resolve, reject) => {
      this.waiting.push({ left: specs.length, answers: [], resolve, reject });
      this.child.stdin!.write(`${specs.join('\n')}\n`);
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.idle);
    if (readers.get(this.cwd) === this) readers.delete(this.cwd);
    this.child.stdin!.end();
    this.hold(false);
  }

  /** References the process and its output (the event loop stays alive) while a read waits, and only then. */
  private hold(on: boolean): void {
    for (const handle of [this.child, this.child.stdin!, this.child.stdout!] as {
      ref(): void;
      unref(): void;
    }[])
      if (on) handle.ref();
      else handle.unref();
  }

  private fail(error: Error): void {
    const waiting = this.waiting.splice(0);
    this.close();
    for (const w of waiting) w.reject(error);
  }

  private read(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      const body = this.body;
      if (body) {
        const part = chunk.subarray(at, at + body.size + 1 - body.have);
        body.chunks.push(part);
        body.have += part.length;
        at += part.length;
        if (body.have === body.size + 1) {
          this.body = undefined;
          const bytes = Buffer.concat(body.chunks).subarray(0, body.size);
          this.answer({ id: body.id, type: body.type, bytes });
        }
        continue;
      }
      const end = chunk.indexOf(10, at);
      if (end < 0) {
        this.header = Buffer.concat([this.header, chunk.subarray(at)]);
        return;
      }
      const line = Buffer.concat([this.header, chunk.subarray(at, end)]).toString('utf8');
      this.header = Buffer.alloc(0);
      at = end + 1;
      // "<id> <type> <size>" and the bytes, or "<spec> missing" / "<spec> ambiguous" alone.
      const found = /^([0-9a-f]{40,64}) (\w+) (\d+)$/.exec(line);
      if (found) this.body = { id: found[1]!, type: found[2]!, size: Number(found[3]), chunks: [], have: 0 };
      else this.answer(undefined);
    }
  }

  private answer(answer: BatchAnswer | undefined): void {
    const first = this.waiting[0];
    if (!first) return;
    first.answers.push(answer);
    if (--first.left > 0) return;
    this.waiting.shift();
    first.resolve(first.answers);
    if (this.waiting.length === 0 && !this.closed) {
      this.hold(false);
      this.idle = setTimeout(() => this.close(), READER_IDLE_MS);
      this.idle.unref();
    }
  }
}

/**
 * Several blobs (`<rev>:<path>`, one per line) read by one `git cat-file --batch`: each one's
 * text, or null where it does not exist (no such file then, no such commit, not a file).
 */
export async function gitBlobs(cwd: string, specs: string[]): Promise<(string | null)[]> {
  const bytes = await gitBlobBytes(cwd, specs);
  return specs.map((_, i) => bytes[i]?.toString('utf8') ?? null);
}

/** An entry of a tree: its mode ("100644", "120000" a symbolic link), type ("blob", "tree", "commit") and object. */
export interface TreeEntry {
  mode: string;
  type: string;
  object: string;
}

/**
 * The entries of `rev` at exactly `paths` (POSIX, inside the repository), by one `git ls-tree`
 * (as many `ls-tree <rev> -- <path>` would answer each): path → entry, absent where `rev` has
 * nothing there. No process for an empty list. Fails as ls-tree does when `rev` is no tree-ish.
 */
export async function entriesAt(repo: Repo, rev: string, paths: string[]): Promise<Map<string, TreeEntry>> {
  const out = new Map<string, TreeEntry>();
  const wanted = [...new Set(paths)];
  if (wanted.length === 0) return out;
  // ls-tree goes into a folder that holds another path asked for and does not list the folder
  // itself: such a folder is asked alone (never for files, as the Estúdio asks).
  const holds = (folder: string) => wanted.some((p) => p.startsWith(`${folder}/`));
  const alone = wanted.filter(holds);
  const together = wanted.filter((p) => !holds(p));
  const runs = await Promise.all(
    [together, ...alone.map((p) => [p])]
      .filter((group) => group.length > 0)
      .map((group) => git(repo.top, ['ls-tree', '-z', rev, '--', ...group])),
  );
  const asked = new Set(wanted);
  for (const run of runs)
    for (const line of run.stdout.split('\0')) {
      const m = /^(\d{6}) (\w+) ([0-9a-f]{40,64})\t(.*)$/s.exec(line);
      if (m && asked.has(m[4]!)) out.set(m[4]!, { mode: m[1]!, type: m[2]!, object: m[3]! });
    }
  return out;
}

/** `ls-tree`'s line for an entry ("100644 blob <id>\t<path>" without -z's quoting), or '' when absent. */
export const entryKey = (entry: TreeEntry | undefined): string =>
  entry ? `${entry.mode} ${entry.type} ${entry.object}` : '';

/**
 * Texts written as blobs (`hash-object -w`, as given: no filter), their ids in order. One
 * process for any number: one text through standard input, several as files in `scratch` (a
 * private temporary folder; the files are removed after). No process for an empty list.
 */
export async function hashTexts(repo: Repo, texts: string[], scratch: string): Promise<string[]> {
  if (texts.length === 0) return [];
  if (texts.length === 1)
    return [(await git(repo.top, ['hash-object', '-w', '--stdin'], { input: texts[0] })).stdout.trim()];
  const files = texts.map((_, i) => path.join(scratch, `texto-${i}`));
  try {
    await Promise.all(texts.map((text, i) => writeFile(files[i]!, text)));
    const run = await git(repo.top, ['hash-object', '-w', '--no-filters', '--stdin-paths'], {
      input: `${files.join('\n')}\n`,
    });
    const ids = run.stdout.split('\n').filter(Boolean);
    if (ids.length !== texts.length)
      throw new GitError('git hash-object: resposta incompleta', [], null, run.stdout, run.stderr);
    return ids;
  } finally {
    await Promise.all(files.map((f) => rm(f, { force: true })));
  }
}

export interface Repo {
  /** The work tree's top folder, through realpath. */
  top: string;
  /** Its .git folder, absolute. */
  gitDir: string;
  /** The branch HEAD names ("main"). */
  branch: string;
  /** The remote to push to, when the branch has one (its upstream's remote, else "origin"). */
  remote: string | undefined;
  /** The pages folder inside the repository, POSIX ("pages"). */
  pagesPath: string;
  /** The public folder inside the repository, POSIX ("public"). */
  publicPath: string;
}

const posix = (p: string) => p.split(path.sep).join('/');

/**
 * The repository that holds the pages folder, or undefined when it is not in one (then the
 * Estúdio saves but cannot publish, and says so). HEAD must be on a branch. Two git processes
 * (every start pays them): rev-parse answers the top folder, the git folder and the branch, and
 * one read of the configuration the branch's remote and the remotes' names.
 */
export async function openRepo(pagesDir: string, publicDir: string): Promise<Repo | undefined> {
  let lines: string[];
  try {
    const run = await git(pagesDir, [
      'rev-parse',
      '--show-toplevel',
      '--absolute-git-dir',
      '--symbolic-full-name',
      'HEAD',
    ]);
    lines = run.stdout.split('\n');
  } catch (error) {
    // Outside a repository nothing is printed. A branch with no commit yet has no HEAD to name:
    // the first two lines were printed, and symbolic-ref names the branch.
    lines = error instanceof GitError ? error.stdout.split('\n') : [];
    if (lines.length < 3) return undefined;
    const named = (await git(lines[0]!, ['symbolic-ref', '--quiet', 'HEAD'], { okCodes: [1] })).stdout;
    lines = [lines[0]!, lines[1]!, named.trim()];
  }
  const top = await realpath(lines[0]!.trim());
  const gitDir = lines[1]!.trim();
  // "HEAD" itself when it is detached.
  const head = lines[2]!.trim();
  if (!head.startsWith('refs/heads/')) return undefined;
  const branch = head.slice('refs/heads/'.length);
  const remote = await remoteOf(top, branch);
  const realPages = await realpath(pagesDir);
  const realPublic = await realpath(publicDir).catch(() => publicDir);
  return {
    top,
    gitDir,
    branch,
    remote,
    pagesPath: posix(path.relative(top, realPages)),
    publicPath: posix(path.relative(top, realPublic)),
  };
}

/**
 * The remote a branch pushes to: its upstream's remote (`branch.<name>.remote`, not "."), else
 * "origin" when there is one, else the first of `git remote`'s list, else none.
 */
async function remoteOf(top: string, branch: string): Promise<string | undefined> {
  // Every remote.<name>.<key> and branch.<name>.remote, in the configuration's order (keys
  // lowercased by git, names as written). NUL-separated: a value may hold anything.
  const run = await git(
    top,
    ['config', '--null', '--get-regexp', String.raw`^(remote\..+\..+|branch\..+\.remote)$`],
    {
      okCodes: [1],
    },
  );
  const remotes: string[] = [];
  let configured = '';
  for (const entry of run.stdout.split('\0')) {
    const end = entry.indexOf('\n');
    const key = end < 0 ? entry : entry.slice(0, end);
    if (key === `branch.${branch}.remote`) configured = end < 0 ? '' : entry.slice(end + 1);
    else if (key.startsWith('remote.')) {
      const name = key.slice('remote.'.length, key.lastIndexOf('.'));
      if (name && !remotes.includes(name)) remotes.push(name);
    }
  }
  // `git remote` lists them sorted by their bytes.
  remotes.sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
  return configured && configured !== '.' ? configured : remotes.includes('origin') ? 'origin' : remotes[0];
}

/** The commit a ref names, or undefined; asked of the folder's kept `cat-file --batch` (see gitBlobBytes). */
export async function revParse(repo: Repo, ref: string): Promise<string | undefined> {
  if (ref.includes('\n')) return undefined;
  const [answer] = await askBatch(repo.top, [`${ref}^{commit}`]);
  return answer?.type === 'commit' ? answer.id : undefined;
}

/** Outputs of reads that depend only on one commit (gitAtCommit), the most recent few. */
const byCommit = new Map<string, Promise<string>>();
const KEEP_BY_COMMIT = 96;
/** Larger outputs (a long history's log) are read again rather than held. */
const KEEP_OUTPUT_CHARS = 4_000_000;

/**
 * `git <args(commit)>` for a read that depends only on the commit `rev` names (a log from it, a
 * listing of its tree): `rev` is resolved to its id first, through the kept `cat-file --batch` (no
 * process), the id goes into the command in the ref's place, and the output is kept for that id.
 * A commit id names its history and its tree for ever, so nothing kept goes stale: a commit, a
 * publish, Restaurar, a `git commit` or `git reset` in a terminal move HEAD to another id and the
 * read is made anew (decision 0044, session 33). `args` must name the commit it is given and read
 * nothing else (no working tree, no index, no other ref). A ref that names no commit (a branch
 * with none yet, a missing one) is run as given and not kept.
 */
export async function gitAtCommit(
  repo: Repo,
  rev: string,
  args: (commit: string) => string[],
  options: Pick<RunOptions, 'okCodes'> = {},
): Promise<string> {
  const commit = await revParse(repo, rev);
  if (!commit) return (await git(repo.top, args(rev), options)).stdout;
  const argv = args(commit);
  const key = [repo.gitDir, ...argv].join('\0');
  const known = byCommit.get(key);
  if (known) {
    // Most recently used last: the oldest go first.
    byCommit.delete(key);
    byCommit.set(key, known);
    return known;
  }
  const read = git(repo.top, argv, options).then((run) => run.stdout);
  byCommit.set(key, read);
  while (byCommit.size > KEEP_BY_COMMIT) byCommit.delete(byCommit.keys().next().value!);
  read.then(
    (out) => {
      if (out.length > KEEP_OUTPUT_CHARS && byCommit.get(key) === read) byCommit.delete(key);
    },
    () => {
      if (byCommit.get(key) === read) byCommit.delete(key);
    },
  );
  return read;
}

/** `person` commits; `author` (default: the same person) wrote the change, e.g. an approved request's requester. */
export const authorEnv = (
  person: Person,
  author: Pick<Person, 'name' | 'email'> = person,
): Record<string, string> => ({
  GIT_AUTHOR_NAME: author.name,
  GIT_AUTHOR_EMAIL: author.email,
  GIT_COMMITTER_NAME: person.name,
  GIT_COMMITTER_EMAIL: person.email,
});

/** One change to put in a commit: the working tree's file, a blob of the history, or a removal. */
export type TreeChange =
  | { path: string; from: 'worktree' }
  | { path: string; from: 'blob'; blob: string; mode: string }
  | { path: string; from: 'text'; text: string }
  | { path: string; from: 'delete' };

/**
 * Paths (POSIX, inside the repository) that are symbolic links, or lie under one: never put in
 * a commit. `git update-index` would record a link as a 120000 entry, and the build on the host
 * would follow it (decision 0017: no link is followed).
 */
export class SymbolicLinkError extends Error {
  constructor(readonly paths: string[]) {
    super(`Atalhos (links simbólicos) não são publicados: ${paths.join(', ')}`);
    this.name = 'SymbolicLinkError';
  }
}

/**
 * The first part of `repoPath` in the working tree (itself or a folder above it, POSIX, inside
 * the repository) that is a symbolic link, or undefined. A part that does not exist ends the walk:
 * nothing below it can be a link.
 */
export async function linkOnPath(repo: Repo, repoPath: string): Promise<string | undefined> {
  const parts = repoPath.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const part = parts.slice(0, i).join('/');
    try {
      if ((await lstat(path.join(repo.top, ...parts.slice(0, i)))).isSymbolicLink()) return part;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Entries of `tree` that are symbolic links (mode 120000) in or at the folders `under` (POSIX,
 * inside the repository; "." for all of it).
 */
export async function linksInTree(repo: Repo, tree: string, under: string[]): Promise<string[]> {
  const inside = under.filter((u) => u !== '' && !u.startsWith('../') && u !== '..');
  if (inside.length === 0) return [];
  // A tree's id names its content for ever: the answer for an id is kept (a publish asks twice).
  const key = OBJECT_ID.test(tree) ? [repo.gitDir, tree, ...inside].join('\0') : undefined;
  const known = key === undefined ? undefined : linksByTree.get(key);
  if (known) return [...known];
  const run = await git(repo.top, ['ls-tree', '-r', '-z', '--full-tree', tree, '--', ...inside]);
  const links = run.stdout
    .split('\0')
    .filter((entry) => entry.startsWith('120000 '))
    .map((entry) => entry.slice(entry.indexOf('\t') + 1));
  if (key !== undefined) remember(linksByTree, key, links);
  return [...links];
}

/** A full object id (SHA-1 or SHA-256): what it names never changes. */
const OBJECT_ID = /^[0-9a-f]{40}$|^[0-9a-f]{64}$/;
/** Answers that depend only on object ids (and the repository), the most recent few hundred. */
const linksByTree = new Map<string, string[]>();
const treeByCommit = new Map<string, string>();
function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > 256) map.delete(map.keys().next().value!);
}

/**
 * The tree of `base` with `changes` applied, built in a temporary index file (GIT_INDEX_FILE):
 * the person's index is not touched. A working-tree path that is a symbolic link (or lies under
 * one) is refused with SymbolicLinkError, checked right before it is read into the index.
 */
export async function treeWith(
  repo: Repo,
  base: string,
  changes: TreeChange[],
  indexFile: string,
): Promise<string> {
  const env = { GIT_INDEX_FILE: indexFile };
  await git(repo.top, ['read-tree', base], { env });
  const fromWorktree = changes.filter((c) => c.from === 'worktree').map((c) => c.path);
  if (fromWorktree.length > 0) {
    const links = (await Promise.all(fromWorktree.map((p) => linkOnPath(repo, p)))).filter(
      (l): l is string => l !== undefined,
    );
    if (links.length > 0) throw new SymbolicLinkError([...new Set(links)]);
    // --remove: a file gone from the working tree leaves the index too.
    await git(repo.top, ['update-index', '--add', '--remove', '--', ...fromWorktree], { env });
  }
  // Every other change in one update-index, in their order: texts hashed first (one process),
  // then "<mode> <id>\t<path>" entries, mode 0 removing the path (as --force-remove did).
  const texts = changes.flatMap((c) => (c.from === 'text' ? [c.text] : []));
  const ids = await hashTexts(repo, texts, path.dirname(indexFile));
  const zero = '0'.repeat(/^[0-9a-f]{64}$/.test(base) ? 64 : 40);
  let nextText = 0;
  const info: string[] = [];
  for (const change of changes) {
    if (change.from === 'blob') info.push(`${change.mode} ${change.blob}\t${change.path}`);
    else if (change.from === 'text') info.push(`100644 ${ids[nextText++]!}\t${change.path}`);
    else if (change.from === 'delete') info.push(`0 ${zero}\t${change.path}`);
  }
  if (info.length > 0)
    await git(repo.top, ['update-index', '-z', '--add', '--index-info'], {
      env,
      input: `${info.join('\0')}\0`,
    });
  return (await git(repo.top, ['write-tree'], { env })).stdout.trim();
}

/** Writes the files of `tree` under `dir` (only `paths`, folders inside the repository). */
export async function exportTree(
  repo: Repo,
  tree: string,
  dir: string,
  paths: string[],
  indexFile: string,
): Promise<void> {
  const env = { GIT_INDEX_FILE: indexFile };
  // Run from `dir`, the work tree of this one command: pathspecs are relative to it.
  await git(dir, ['--git-dir', repo.gitDir, '--work-tree', dir, 'checkout', tree, '--', ...paths], { env });
}

/** The tree of a commit; kept for a full commit id (its tree never changes). */
export async function treeOf(repo: Repo, commit: string): Promise<string> {
  const key = OBJECT_ID.test(commit) ? `${repo.gitDir}\0${commit}` : undefined;
  const known = key === undefined ? undefined : treeByCommit.get(key);
  if (known) return known;
  const tree = (await git(repo.top, ['rev-parse', `${commit}^{tree}`])).stdout.trim();
  if (key !== undefined) remember(treeByCommit, key, tree);
  return tree;
}

export async function commitTree(
  repo: Repo,
  tree: string,
  parent: string,
  message: string,
  author: Record<string, string>,
): Promise<string> {
  // The message through standard input: any text, never taken for an option.
  const run = await git(repo.top, ['commit-tree', tree, '-p', parent, '-F', '-'], {
    env: author,
    input: message,
  });
  return run.stdout.trim();
}

/**
 * Moves `refs/heads/<branch>` from `expected` to `next`, or fails when it is no longer at
 * `expected` (another publish in between): the compare-and-swap that keeps the branch whole.
 */
export async function moveBranch(repo: Repo, next: string, expected: string, reason: string): Promise<void> {
  await git(repo.top, ['update-ref', '-m', reason, `refs/heads/${repo.branch}`, next, expected]);
}

/** Paths (POSIX, inside the repository) with saved changes not in HEAD, under `under`. */
export async function changedPaths(
  repo: Repo,
  under: string[],
): Promise<{ path: string; status: 'novo' | 'alterado' | 'excluído' }[]> {
  const run = await git(repo.top, [
    'status',
    '--porcelain=v1',
    '-z',
    '--untracked-files=all',
    '--no-renames',
    '--',
    ...under,
  ]);
  const out: { path: string; status: 'novo' | 'alterado' | 'excluído' }[] = [];
  for (const entry of run.stdout.split('\0')) {
    if (entry.length < 4) continue;
    const code = entry.slice(0, 2);
    const file = entry.slice(3);
    const status =
      code === '??' || code.includes('A') ? 'novo' : code.includes('D') ? 'excluído' : 'alterado';
    out.push({ path: file, status });
  }
  return out;
}
