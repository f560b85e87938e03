/**
 * What a publish or a restore in progress leaves for the next start (decision 0026), so that a
 * crash at any step never loses nor half-publishes anything:
 *
 * - the journal, `<git dir>/estudio-publicacao.json`, written durably (temporary file, fsync,
 *   rename, fsync of the folder) before the branch first moves and removed when the operation
 *   has ended either way. It names the commit HEAD was on, the commit to go back to, the files
 *   the author published and those the Estúdio writes from the commit, and the process id of a
 *   push under way. publish.ts's `recover` reads it at start: it finishes a publish the remote
 *   already has, and otherwise puts the branch, the index entries and the files back.
 * - the temporary folders of the check and of the temporary index, in the system's temporary
 *   folder, named with the process id: those of a process no longer running are removed at start.
 * - ESTUDIO_CRASH_AT, for tests/studio/publish-crash.test.ts only: never set it otherwise.
 */
import { readdir, readFile, rm, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Repo } from './git.ts';
import { syncFolder, writeDurable } from './page-files.ts';

export interface PublishJournal {
  branch: string;
  /** HEAD when the operation began. */
  parent: string;
  /** Where the branch goes back to when the remote did not take the commit (the remote's commit after a fetch). */
  base: string;
  /** The commits the operation made (the first; a replayed one): only these are ever undone. */
  commits: string[];
  /** Repository paths the commit publishes (their index entries are reset). */
  paths: string[];
  /** Repository paths the Estúdio writes into the working tree from the commit (restored, generated). */
  written: string[];
  action: 'publicar' | 'restaurar' | 'concluir' | 'agendar';
  /** API names, for the audit line. */
  files: string[];
  email: string;
  /** The `git push` under way, when there is one: recovery waits for it to end before asking the remote. */
  pushPid?: number;
}

const journalPath = (r: Repo) => path.join(r.gitDir, 'estudio-publicacao.json');

export async function writeJournal(r: Repo, journal: PublishJournal): Promise<void> {
  await writeDurable(journalPath(r), Buffer.from(`${JSON.stringify(journal)}\n`), 0o600);
}

/** The journal of an operation a crash interrupted, or undefined. */
export async function readJournal(r: Repo): Promise<PublishJournal | undefined> {
  let text: string;
  try {
    text = await readFile(journalPath(r), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const j = JSON.parse(text) as Partial<PublishJournal>;
  const sha = (v: unknown) => typeof v === 'string' && /^[0-9a-f]{40,64}$/.test(v);
  const list = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
  if (
    j.branch !== r.branch ||
    !sha(j.parent) ||
    !sha(j.base) ||
    !list(j.commits) ||
    !j.commits!.every(sha) ||
    !list(j.paths) ||
    !list(j.written) ||
    !list(j.files)
  )
    throw new Error(`${journalPath(r)} não descreve uma publicação deste ramo (${r.branch}).`);
  return j as PublishJournal;
}

export async function clearJournal(r: Repo): Promise<void> {
  try {
    await unlink(journalPath(r));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  await syncFolder(r.gitDir);
}

/** Whether the process `pid` still runs (a zombie, dead but not yet reaped, does not). */
export async function running(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // Linux: "<pid> (<name>) <state> …"; Z is a zombie, X dead.
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return !/\) [ZX] /.test(stat);
  } catch {
    return true;
  }
}

/** Waits for `pid` to end, at most `timeoutMs`. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && (await running(pid))) await new Promise((r) => setTimeout(r, 100));
}

/** Prefix of the temporary folders of this process: `estudio-<kind>-<pid>-`. */
export const tempPrefix = (kind: 'publicar' | 'indice') =>
  path.join(os.tmpdir(), `estudio-${kind}-${process.pid}-`);

/** Removes the temporary folders of publishes whose process is gone (a crash left them). */
export async function removeStaleTemp(): Promise<void> {
  const dir = os.tmpdir();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const m = /^estudio-(?:publicar|indice)-(\d+)-/.exec(name);
    if (!m || Number(m[1]) === process.pid || (await running(Number(m[1])))) continue;
    await rm(path.join(dir, name), { recursive: true, force: true }).catch(() => {});
  }
}

type CrashStep = 'check' | 'commit-object' | 'branch-moved' | 'push';
const crashAt = /^(check|commit-object|branch-moved|push)(?::(\d+))?$/.exec(
  process.env.ESTUDIO_CRASH_AT ?? '',
);
const reached = new Map<CrashStep, number>();

/**
 * For the crash tests only: with ESTUDIO_CRASH_AT=<step>[:<n>] the process kills itself with
 * SIGKILL the n-th time (default the first) a publish or restore reaches <step>: `check` (the
 * build running), `commit-object` (the commit made, the branch not moved), `branch-moved` (the
 * branch moved, nothing pushed), `push` (git push running).
 */
export function crashPoint(step: CrashStep): void {
  if (crashAt?.[1] !== step) return;
  const n = (reached.get(step) ?? 0) + 1;
  reached.set(step, n);
  if (n === Number(crashAt[2] ?? 1)) process.kill(process.pid, 'SIGKILL');
}
