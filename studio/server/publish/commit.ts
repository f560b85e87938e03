/**
 * The pipeline every publish goes through (Publicar, Restaurar, Desfazer, levar a vencedora):
 * the changes on top of HEAD, checked by the build, committed under the author's name, the
 * branch moved by compare-and-swap (journaled, so a crash is put right at the next start), pushed,
 * and replayed onto the remote when it moved on. Any refusal puts everything back.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  authorEnv,
  commitTree,
  entriesAt,
  git,
  moveBranch,
  revParse,
  SymbolicLinkError,
  type Repo,
  type TreeChange,
  type TreeEntry,
} from '../git.ts';
import { HttpError } from '../http.ts';
import type { Person } from '../people.ts';
import {
  clearJournal,
  crashPoint,
  tempPrefix,
  writeJournal,
  type PublishJournal,
} from '../publish-journal.ts';
import { conflictEntry } from '../publish-merge.ts';
import { check, withDerived } from './check.ts';
import type { Action, CheckResult, PublishContext, PublishOutcome } from './context.ts';
import { toApiFile, worktreeText, writeFromCommit } from './files.ts';
import { refuseLinks, refuseLinksIn } from './links.ts';
import { recoverFrom, recoverNow } from './recovery.ts';
import { behalf, compareWrites, PlanChanged, PlannedPublish, type PlannedWrite } from './on-behalf.ts';
import { fetchRemote, push, pushFailed, syncTo } from './remote.ts';
import { commitTreeOf, rememberCommit, treeWithKept } from './trees.ts';

/** Each path's blob in `parent` and in `tree` (null: absent there). */
async function plannedWrites(
  r: Repo,
  parent: string,
  tree: string,
  paths: string[],
): Promise<PlannedWrite[]> {
  const unique = [...new Set(paths)].sort();
  const [before, after] = await Promise.all([entriesAt(r, parent, unique), entriesAt(r, tree, unique)]);
  const blob = (entries: Map<string, TreeEntry>, p: string) => {
    const entry = entries.get(p);
    return entry?.type === 'blob' ? entry.object : null;
  };
  const out: PlannedWrite[] = [];
  for (const p of unique)
    out.push({
      file: toApiFile(r, p) ?? p,
      path: p,
      before: blob(before, p),
      after: blob(after, p),
    });
  return out;
}

/** Back to `parent` after a refusal: the branch, and the index entries of the published paths. */
async function rollBack(
  r: Repo,
  commit: string,
  parent: string,
  paths: string[],
  written: string[] = [],
): Promise<void> {
  await moveBranch(r, parent, commit, 'estudio: publicação desfeita');
  // Files the commit wrote into the working tree go back to the parent's version.
  await writeFromCommit(r, parent, written);
  if (paths.length > 0) await git(r.top, ['reset', '-q', parent, '--', ...paths]);
}

/**
 * The publish pipeline shared by Publicar, Restaurar, Desfazer and the winner: `changes` on top of HEAD, checked,
 * committed, pushed (replayed onto the remote when it moved on).
 */
export async function commitAndPush(
  ctx: PublishContext,
  r: Repo,
  person: Person,
  message: string,
  changeList: TreeChange[],
  action: Action,
  files: string[],
  /** Who wrote the change when it is not `person` (an approved request's requester): the commit's author. */
  author?: Pick<Person, 'name' | 'email'>,
): Promise<PublishOutcome> {
  const { audit, stale } = ctx;
  let paths = changeList.map((c) => c.path);
  // A publish a crash interrupted, not yet put right (its remote was out of reach at start).
  await recoverNow(ctx, r);
  const parent = await revParse(r, 'HEAD');
  if (!parent)
    throw new HttpError(409, 'O repositório ainda não tem nenhum commit: faça o primeiro pelo terminal.');
  const work = await mkdtemp(tempPrefix('indice'));
  try {
    let tree: string;
    try {
      tree = await treeWithKept(r, parent, changeList, path.join(work, 'index'));
    } catch (error) {
      // A file swapped for a link after the list was read: refused right before git read it.
      if (error instanceof SymbolicLinkError) return refuseLinks(ctx, r, error.paths, person, action, files);
      throw error;
    }
    // Whatever put it there (a link swapped in meanwhile, one in HEAD, one from the history).
    await refuseLinksIn(ctx, r, tree, person, action, files);
    // For a request (on-behalf.ts): the approval of exactly the planned publish (compared before
    // "nothing to publish", so a request already carried out is told apart), or the plan only.
    const asked = behalf();
    if (asked?.expect) {
      const writes = await plannedWrites(r, parent, tree, paths);
      const differences = compareWrites(asked.expect, writes);
      if (differences.length > 0) throw new PlanChanged(differences, writes);
      author = asked.author;
      message = `${message}\n\n${asked.trailers}`;
    }
    if (tree === (await commitTreeOf(r, parent))) {
      throw new HttpError(409, 'Nada a publicar: estes arquivos já estão publicados assim.');
    }
    if (asked?.dryRun)
      throw new PlannedPublish({
        parent,
        tree,
        message,
        writes: await plannedWrites(r, parent, tree, paths),
      });
    const checked = await check(ctx, r, tree);
    if (!checked.ok) return refused(ctx, person, action, files, checked, false);
    const finalTree = await withDerived(r, tree, checked, path.join(work, 'index'));
    const generated = checked.derived.map((c) => c.path);
    paths = [...new Set([...paths, ...generated])];

    const env = authorEnv(person, author);
    let commit = await commitTree(r, finalTree, parent, message, env);
    rememberCommit(r, commit, finalTree);
    crashPoint('commit-object');
    // Files the commit wrote that the working tree does not have yet: restored or generated ones.
    const fromCommit = action === 'publicar' ? generated : paths;
    // From here on a crash is put right at the next start (publish-journal.ts).
    const journal: PublishJournal = {
      branch: r.branch,
      parent,
      base: parent,
      commits: [commit],
      paths,
      written: fromCommit,
      action,
      files,
      email: person.email,
    };
    await writeJournal(r, journal);
    let journaled = Promise.resolve();
    const note = (change: Partial<PublishJournal>): Promise<void> => {
      Object.assign(journal, change);
      const write = journaled.then(() => writeJournal(r, journal));
      journaled = write.catch(() => {});
      return write;
    };
    let keepJournal = false;
    try {
      await moveBranch(r, commit, parent, `estudio: ${action}`);
      crashPoint('branch-moved');
      await writeFromCommit(r, commit, fromCommit);
      await git(r.top, ['reset', '-q', '--', ...paths]);

      let pushed = false;
      let rebased = false;
      const warnings: string[] = [];
      if (r.remote) {
        let base = parent;
        for (let attempt = 0; ; attempt++) {
          let answer: 'ok' | 'rejected';
          try {
            answer = await push(r, commit, (pid) => {
              // The push's process id on disk before the crash test's kill: recovery waits for it.
              note({ pushPid: pid }).then(
                () => crashPoint('push'),
                () => {},
              );
            });
            delete journal.pushPid;
            await note({});
          } catch (error) {
            await rollBack(r, commit, base, paths, fromCommit);
            throw pushFailed(error);
          }
          if (answer === 'ok') {
            pushed = true;
            break;
          }
          if (attempt === 2) {
            await rollBack(r, commit, base, paths, fromCommit);
            throw new HttpError(
              503,
              'O repositório remoto mudou três vezes seguidas durante a publicação. Nada foi publicado; tente de novo em instantes.',
            );
          }
          // The remote moved on: replay the author's commit onto it.
          const upstream = await fetchRemote(r);
          // Interrupted from here on, the branch goes back to the remote's commit, not the old one.
          await note({ base: upstream });
          const merge = await git(
            r.top,
            ['merge-tree', '--write-tree', '--name-only', '--no-messages', upstream, commit],
            { okCodes: [1] },
          );
          const [mergedTree, ...conflicted] = merge.stdout.split('\n').filter(Boolean);
          if (merge.code === 1) {
            await rollBack(r, commit, base, paths, fromCommit);
            const kept = await syncTo(ctx, r, base, upstream);
            for (const p of paths) if (!stale.has(p)) stale.set(p, base);
            const conflicts = await Promise.all(
              [...new Set(conflicted)].map(async (p) =>
                conflictEntry(r, toApiFile(r, p) ?? p, p, await worktreeText(r, p), upstream, stale.get(p)),
              ),
            );
            void kept;
            await audit.record(`${action}-recusado` as 'publicar-recusado', person.email, {
              files,
              reason: 'conflito',
              conflicts: conflicts.map((c) => c.file),
            });
            return {
              status: 409,
              body: {
                error: `Outra pessoa publicou uma mudança em ${conflicts.map((c) => c.file).join(', ')} enquanto você editava, e as duas mudanças mexem no mesmo trecho. Nada foi publicado e o seu texto continua salvo aqui. Compare as duas versões, ajuste o seu texto se quiser e publique de novo.`,
                conflicts,
              },
            };
          }
          const rechecked = await check(ctx, r, mergedTree!);
          if (!rechecked.ok) {
            await rollBack(r, commit, base, paths, fromCommit);
            await syncTo(ctx, r, base, upstream);
            return refused(ctx, person, action, files, rechecked, true);
          }
          const replayedTree = await withDerived(r, mergedTree!, rechecked, path.join(work, 'index'));
          const replayed = await commitTree(r, replayedTree, upstream, message, env);
          rememberCommit(r, replayed, replayedTree);
          await note({ commits: [...journal.commits, replayed] });
          // The local branch follows: to the replayed commit, with the remote's files.
          await syncTo(ctx, r, commit, replayed);
          base = upstream;
          commit = replayed;
          rebased = true;
        }
      } else {
        warnings.push(
          'Este repositório não tem um remoto configurado: a mudança ficou registrada aqui, mas nenhum site foi atualizado.',
        );
      }
      for (const p of paths) stale.delete(p);
      await audit.record(action, person.email, {
        files,
        commit,
        pushed,
        rebased,
        remote: r.remote ?? null,
      });
      return {
        status: 200,
        body: {
          commit,
          short: commit.slice(0, 7),
          message,
          pushed,
          rebased,
          remote: r.remote ?? null,
          branch: r.branch,
          warnings,
        },
      };
    } catch (error) {
      // Refusals (HttpError) have put everything back already; anything unforeseen is put
      // right now, as a restart would.
      if (!(error instanceof HttpError)) {
        try {
          await recoverFrom(ctx, r, journal);
        } catch {
          keepJournal = true;
        }
      }
      throw error;
    } finally {
      await journaled;
      if (!keepJournal) await clearJournal(r);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function refused(
  ctx: PublishContext,
  person: Person,
  action: Action,
  files: string[],
  checked: CheckResult,
  afterRebase: boolean,
): Promise<PublishOutcome> {
  await ctx.audit.record(`${action}-recusado` as 'publicar-recusado', person.email, {
    files,
    reason: 'verificação',
    pages: checked.pages,
  });
  const named = checked.pages.length > 0 ? ` Páginas com problemas: ${checked.pages.join(', ')}.` : '';
  return {
    status: 422,
    body: {
      error: `${afterRebase ? 'Combinada com o que outra pessoa acabou de publicar, a sua mudança não passa na verificação do site' : 'O site não passa na verificação (a mesma do npm run build)'}: nada foi publicado.${named} Corrija e publique de novo; o seu texto continua salvo.`,
      pages: checked.pages,
      output: checked.output,
    },
  };
}
