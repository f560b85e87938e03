/**
 * Crash recovery: at start the temporary folders of a process that died are removed, and a
 * publish or restore it left half-way (its journal, publish-journal.ts) is finished when the
 * remote has its commit, else undone.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { git, gitShowBytes, moveBranch, revParse, type Repo } from '../git.ts';
import { HttpError } from '../http.ts';
import {
  clearJournal,
  readJournal,
  removeStaleTemp,
  waitForExit,
  type PublishJournal,
} from '../publish-journal.ts';
import { PUSH_TIMEOUT_MS, type PublishContext } from './context.ts';
import { writeFromBlob, writeFromCommit } from './files.ts';
import { fetchRemote } from './remote.ts';

/**
 * At start: the temporary folders of a process that died are removed, and a publish or restore
 * it left half-way (its journal) is finished when the remote has its commit, else undone.
 */
export async function recover(ctx: PublishContext): Promise<void> {
  await removeStaleTemp();
  if (ctx.repo) await recoverNow(ctx, ctx.repo);
}

export async function recoverNow(ctx: PublishContext, r: Repo): Promise<void> {
  const journal = await readJournal(r);
  if (!journal) return;
  try {
    await recoverFrom(ctx, r, journal);
  } catch (error) {
    throw new HttpError(
      503,
      'Uma publicação foi interrompida (o Estúdio parou no meio dela) e ainda não pôde ser concluída nem desfeita: o repositório remoto não respondeu. Nada se perdeu; tente de novo em instantes.',
      { detail: String(error) },
    );
  }
  await clearJournal(r);
}

/**
 * Puts the repository where an interrupted operation should leave it. The branch stays on the
 * commit when the remote has it (or there is no remote: moving the branch was the publish), and
 * the files are brought in line with it; otherwise it goes back to the journal's base. Either
 * way the author's saved files keep their text (the index entries follow the branch, so they
 * show as unpublished when they are not on it), and files the Estúdio was writing from the
 * commit are written from the commit the branch is left on.
 */
export async function recoverFrom(ctx: PublishContext, r: Repo, journal: PublishJournal): Promise<void> {
  if (journal.pushPid !== undefined) await waitForExit(journal.pushPid, PUSH_TIMEOUT_MS + 10_000);
  const tip = await revParse(r, `refs/heads/${r.branch}`);
  if (!tip) throw new Error(`O ramo ${r.branch} não existe mais.`);
  const ours = journal.commits.includes(tip);
  let target = tip;
  if (ours && r.remote) {
    const upstream = await fetchRemote(r);
    const taken =
      tip === upstream ||
      (await git(r.top, ['merge-base', '--is-ancestor', tip, upstream], { okCodes: [1] })).code === 0;
    if (!taken) target = journal.base;
  }
  if (target !== tip) await moveBranch(r, target, tip, 'estudio: publicação interrompida desfeita');
  await reconcile(r, journal, target);
  const published = ours && target === tip;
  await ctx.audit.record(
    (published ? journal.action : `${journal.action}-recusado`) as 'publicar',
    journal.email,
    published
      ? { files: journal.files, commit: tip, pushed: r.remote !== undefined, recuperado: true }
      : { files: journal.files, reason: 'interrompido' },
  );
}

/** The working tree and the index in line with `target` after an interruption (see recoverFrom). */
export async function reconcile(r: Repo, journal: PublishJournal, target: string): Promise<void> {
  const bytesAt = async (rev: string, p: string) => gitShowBytes(r.top, `${rev}:${p}`);
  const onDisk = (p: string) => readFile(path.join(r.top, ...p.split('/'))).catch(() => undefined);
  const same = (a: Buffer | undefined, b: Buffer | undefined) =>
    a === undefined || b === undefined ? a === b : a.equals(b);
  const between =
    target === journal.parent
      ? []
      : (await git(r.top, ['diff', '--name-only', '-z', '--no-renames', journal.parent, target])).stdout
          .split('\0')
          .filter(Boolean);
  const authors = new Set(journal.paths.filter((p) => !journal.written.includes(p)));
  const published = journal.commits.includes(target);
  await writeFromCommit(r, target, journal.written);
  for (const p of between) {
    if (journal.written.includes(p)) continue;
    const current = await onDisk(p);
    if (authors.has(p)) {
      // The author's file: brought to the published (merged) text only when it still holds
      // exactly what the author published; any other text is theirs and stays.
      if (published && same(current, await bytesAt(journal.commits[0]!, p)))
        await writeFromBlob(r, target, p);
      continue;
    }
    // Another person's change the branch brought: written unless the file has saved work.
    if (same(current, await bytesAt(journal.parent, p))) await writeFromBlob(r, target, p);
  }
  const all = [...new Set([...between, ...journal.paths, ...journal.written])];
  if (all.length > 0) await git(r.top, ['reset', '-q', target, '--', ...all]);
}
