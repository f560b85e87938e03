/**
 * The CLI kept running in a child process for the checks Publicar runs (runtime/cli-jobs.ts,
 * decision 0019): a check sends `build …` to it and gets the command's exit code and output, as
 * from `npm run build`. One process per project root, started at the first check; a new one
 * when the CLI's sources changed (its bundle is another: entryArgs), after MAX_JOBS checks (what
 * a long-lived process may gather stays bounded) and after its own ten idle minutes. It never
 * keeps the Estúdio's process alive, and ends with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { CliJob, CliJobDone } from '../../../runtime/cli-jobs.ts';
import { entryArgs } from '../bundled-entry.ts';

/** Checks one process runs before the next check starts another. */
const MAX_JOBS = 100;
/** What the process printed outside any job (a crash's last words), kept for the job it ends. */
const KEPT_OUTPUT = 16 * 1024;

interface Kept {
  args: string[];
  child: ChildProcess;
  jobs: number;
  waiting: Map<number, (done: Omit<CliJobDone, 'id'>) => void>;
  /** Its own stdout and stderr (a job's output comes with the job's answer). */
  printed: string;
  /** Replaced: it ends once its jobs are answered. */
  retired?: boolean;
}

const kept = new Map<string, Kept>();
let nextId = 0;

function start(root: string, args: string[]): Kept {
  const child = spawn(process.execPath, [...args, 'montagens'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const k: Kept = { args, child, jobs: 0, waiting: new Map(), printed: '' };
  const keep = (chunk: Buffer) => (k.printed = (k.printed + chunk.toString()).slice(-KEPT_OUTPUT));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.on('message', (message: CliJobDone) => {
    const answer = k.waiting.get(message.id);
    k.waiting.delete(message.id);
    if (k.waiting.size === 0) {
      if (k.retired) k.child.kill();
      else idle(k);
    }
    answer?.({ code: message.code, output: message.output });
  });
  const ended = (code: number | null, signal: NodeJS.Signals | null) => {
    if (kept.get(root) === k) kept.delete(root);
    // A build that crashed its process: the check fails with what it printed, as a child's did.
    for (const answer of k.waiting.values())
      answer({ code: code || 1, output: `${k.printed}${signal ? `\n(encerrado por ${signal})\n` : ''}` });
    k.waiting.clear();
  };
  child.on('exit', ended);
  child.on('error', () => ended(null, null));
  idle(k);
  return k;
}

/** Nothing asked of it: the process and its channel do not keep the Estúdio's process alive. */
function idle(k: Kept): void {
  k.child.unref();
  k.child.channel?.unref();
}

function busy(k: Kept): void {
  k.child.ref();
  k.child.channel?.ref();
}

/** Per root, the last choice of a process: choices are made one after another (one start). */
const choosing = new Map<string, Promise<Kept>>();

/** The kept process of `root` for the CLI of now, started when there is none (or it is spent). */
function keptFor(absRoot: string): Promise<Kept> {
  const next = (choosing.get(absRoot) ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => choose(absRoot));
  choosing.set(absRoot, next);
  return next;
}

async function choose(absRoot: string): Promise<Kept> {
  const cli = await entryArgs(absRoot, 'runtime/cli.ts');
  let k = kept.get(absRoot);
  if (k && (k.args.join('\0') !== cli.join('\0') || k.jobs >= MAX_JOBS || !k.child.connected)) {
    // Another CLI (a source changed), or enough checks: the old process ends once its jobs are answered.
    kept.delete(absRoot);
    k.retired = true;
    if (k.waiting.size === 0) k.child.kill();
    k = undefined;
  }
  if (!k) {
    k = start(absRoot, cli);
    kept.set(absRoot, k);
  }
  return k;
}

/**
 * Starts the kept process of `root` now, when none runs, so that the first check finds it
 * loaded (a review calls it before its own git work: the process loads meanwhile).
 */
export async function startKept(root: string): Promise<void> {
  const absRoot = path.resolve(root);
  const k = kept.get(absRoot);
  // One runs (the usual case): nothing to do, not even the sources' fingerprint (the check's own
  // call still compares it, and starts another process when the CLI changed).
  if (k && k.child.connected && k.jobs < MAX_JOBS) return;
  await keptFor(absRoot);
}

/**
 * Runs `args` (a CLI command) in the kept process of `root`: its exit code and what it printed.
 * `sent`, when given, is called once the command is in the process's hands (or could not be).
 */
export async function runKept(
  root: string,
  args: string[],
  sent?: () => void,
): Promise<{ code: number; output: string }> {
  const absRoot = path.resolve(root);
  const k = await keptFor(absRoot).catch((error: unknown) => {
    sent?.();
    throw error;
  });
  k.jobs++;
  const id = ++nextId;
  return new Promise((resolve) => {
    k.waiting.set(id, resolve);
    busy(k);
    const job: CliJob = { id, args };
    k.child.send(job, (error) => {
      sent?.();
      if (!error) return;
      k.waiting.delete(id);
      resolve({
        code: 1,
        output: `${k.printed}\nO processo da verificação não recebeu o pedido: ${error.message}\n`,
      });
    });
  });
}

/** The kept process of `root`, if one runs: its pid and how many checks it is running (for tests). */
export function keptProcess(root: string): { pid: number; running: number } | undefined {
  const k = kept.get(path.resolve(root));
  return k?.child.pid === undefined ? undefined : { pid: k.child.pid, running: k.waiting.size };
}
