/**
 * Agendar never loses the author's work when the Estúdio dies (decision 0026, issue 38). The
 * Estúdio runs as a child process over a real clone with a local bare remote and kills itself
 * with SIGKILL at one step of a schedule's publish (ESTUDIO_CRASH_AT): after the commit object,
 * after the branch moved, during the push. After each kill the next process starts over the same
 * clone, and: `git fsck` is clean, the branch and the remote are both on the commit from before or
 * both on the schedule's, nothing is staged, the saved draft keeps its text (it goes back to the
 * published file only after a schedule went through), and the schedule is listed when it is on
 * the branch. The process that checks after a kill is the next kill's (it schedules again and dies
 * at the next step); the last one schedules it (again, or for the first time) cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { placeModeline } from '../../runtime/load/index.ts';
import type { ChangesAnswer } from '../../studio/api.ts';
import type { ScheduleAnswer, SchedulesAnswer } from '../../studio/schedules-api.ts';
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
  site = await makeGitSite({ pages: ['_site.yaml', '404.yaml', 'index.yaml', 'recarga.yaml'] });
  dataDir = path.join(site.tmp, 'dados');
}, 60_000);

afterAll(async () => {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(site?.tmp ?? '', { recursive: true, force: true });
});

interface Child {
  api: ReturnType<typeof apiOf>;
  exited: Promise<NodeJS.Signals | number | null>;
}

/** The environment of `npm run studio` from a terminal: not the test runner's (VITEST, NODE_ENV=test). */
const serverEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'NODE_ENV'),
);

/** `npm run studio` over the clone, in its own process, with ESTUDIO_CRASH_AT set (or not). */
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
  return { api: apiOf(server), exited };
}

const year = new Date().getUTCFullYear() + 1;
const recarga = () => path.join(site.work, 'pages', 'recarga.yaml');
const tip = () => git(site.work, 'rev-parse', 'refs/heads/main');
const remoteTip = () => git(site.remote, 'rev-parse', 'main');
const schedule = (child: Child, id: string, day = 20) =>
  child.api<ScheduleAnswer>('POST', '/api/schedules', {
    files: ['pages/recarga.yaml'],
    start: `${year}-12-${day} 00:00`,
    id,
  });

it('a kill at any step of Agendar leaves the draft saved and the branch and remote on one side', async () => {
  const published = await readFile(recarga(), 'utf8');
  const draft = published.replace('title: ', 'title: Natal | ');
  await writeFile(recarga(), draft);
  const steps = ['commit-object', 'branch-moved', 'push'];
  // The process that checks what a kill left is the one that schedules next, and dies at the
  // next step (its first schedule is that one); the last process never: four processes in all.
  let child = await startStudio(steps[0]!);
  for (const [i, step] of steps.entries()) {
    const id = `natal-${i + 1}`;
    const before = tip();
    await expect(schedule(child, id)).rejects.toThrow();
    expect(await child.exited, step).toBe('SIGKILL');

    child = await startStudio(steps[i + 1] ?? '');
    const changes = await child.api<ChangesAnswer>('GET', '/api/changes');
    expect(changes.status).toBe(200);
    for (const repo of [site.work, site.remote])
      expect(git(repo, 'fsck', '--full', '--no-dangling', '--no-progress'), step).toBe('');
    const now = tip();
    expect(remoteTip(), step).toBe(now);
    expect(git(site.work, 'diff', '--cached', '--name-only'), step).toBe('');
    // The draft is never lost: still saved, still listed as not published.
    expect(await readFile(recarga(), 'utf8'), step).toBe(draft);
    expect(
      changes.body.changes.map((c) => c.file),
      step,
    ).toEqual(['pages/recarga.yaml']);
    const list = await child.api<SchedulesAnswer>('GET', '/api/schedules');
    const ids = list.body.upcoming.map((s) => s.id);
    if (now === before) expect(ids, step).not.toContain(id);
    else {
      // Landed whole: one commit on top of the one before, with the draft as scheduled.
      expect(git(site.work, 'rev-parse', `${now}^`), step).toBe(before);
      expect(ids, step).toContain(id);
      // (its schema line two folders deeper: runtime/load/modeline.ts)
      expect(git(site.work, 'show', `${now}:pages/_agendamentos/${id}/recarga.yaml`)).toBe(
        placeModeline(draft, `_agendamentos/${id}/recarga.yaml`).trimEnd(),
      );
    }
  }
  // The last process schedules it cleanly: the draft goes back to the published text only now.
  const done = await schedule(child, 'natal-final', 21);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  expect(remoteTip()).toBe(done.body.commit);
  expect(await readFile(recarga(), 'utf8')).toBe(published);
  expect(git(site.work, 'status', '--porcelain')).toBe('');
  running.at(-1)!.kill('SIGTERM');
  await child.exited;
}, 300_000);
