/**
 * Publicar, Histórico and Restaurar: from the saved files to a commit on the branch and a push
 * to the remote the static host rebuilds from.
 *
 * A publish is: the tree of HEAD with the chosen files → the whole site built from exactly that
 * tree (`npm run build` in a child process, NODE_ENV=production, so JSON-LD rules and JavaScript
 * budgets hold as in CI) → a commit under the author's name → the branch moved by
 * compare-and-swap → a push. A push the remote rejects because it moved on is fetched, the
 * author's commit replayed onto it (`git merge-tree`), the result checked again and pushed. Any
 * refusal on the way puts the branch back where it was: the author's files stay saved, never
 * lost and never half-committed.
 */
import { mkdir, mkdtemp, readFile, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import type {
  ChangedFile,
  ChangesAnswer,
  DeletedPage,
  HistoryAnswer,
  HistoryDiffAnswer,
  PublishAnswer,
  PublishConflict,
  PublishedVersion,
  PublishRefused,
  RefusedFile,
} from '../api.ts';
import type { AuditLog } from './audit.ts';
import {
  authorEnv,
  changedPaths,
  commitTree,
  git,
  GitError,
  gitShowBytes,
  linkOnPath,
  linksInTree,
  moveBranch,
  openRepo,
  revParse,
  SymbolicLinkError,
  treeOf,
  treeWith,
  type Repo,
  type TreeChange,
} from './git.ts';
import { HttpError } from './http.ts';
import { serialised, writeAtomic } from './page-files.ts';
import {
  clearJournal,
  crashPoint,
  readJournal,
  removeStaleTemp,
  tempPrefix,
  waitForExit,
  writeJournal,
  type PublishJournal,
} from './publish-journal.ts';
import type { Person } from './people.ts';
import { createSiteBuilds, type SiteBuilds } from './review/site-builds.ts';
import { conflictEntry, conflictMessage, lastChange } from './publish-merge.ts';
import type { Runtime } from './runtime.ts';
import { describeSiteChange, placeholdersOf, SITE_API_FILE, siteDay } from './site.ts';

export interface PublishOptions {
  /** The project root: runtime/ and node_modules/ (the build runs from here). */
  root: string;
  repo: Repo | undefined;
  audit: AuditLog;
  /** The file → route rule and the blocks' titles, for default messages. */
  routeOf(apiFile: string): string | null;
  blockTitle(type: string): string | undefined;
  /** The kept builds of trees (shared with the review of a publish); default: a new set. */
  builds?: SiteBuilds;
}

/** A build kept from a review this recent is the check of the same tree (no second build). */
const CHECK_REUSE_MS = 10 * 60_000;

/** An outcome the API sends as is (200 published, 409 conflict, 422 refused by the check). */
type Action = 'publicar' | 'restaurar' | 'concluir';

export type PublishOutcome =
  | { status: 200; body: PublishAnswer }
  | { status: 409; body: PublishConflict }
  | { status: 422; body: PublishRefused };

interface CheckResult {
  ok: boolean;
  output: string;
  pages: string[];
  /** The generated files the checked tree implies (vercel.json, middleware.ts) where they differ from it. */
  derived: TreeChange[];
}

const PAGES = 'pages/';
const IMAGES = 'public/images/';

export function createPublisher(options: PublishOptions) {
  const { repo, audit } = options;
  const builds = options.builds ?? createSiteBuilds({ root: options.root });
  /**
   * One publish or restore at a time: each reads HEAD, builds on it and moves the branch. The
   * first in line is the recovery from a publish a crash interrupted (`recover`, below).
   */
  let queue: Promise<unknown> = Promise.resolve().then(() =>
    recover().catch((error: unknown) => {
      process.stderr.write(
        `Estúdio: a publicação interrompida não pôde ser concluída nem desfeita agora (${String(error)}); nova tentativa antes da próxima publicação.\n`,
      );
    }),
  );
  const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => {});
    return run;
  };
  /**
   * Files whose saved text was written against an older version than the branch now has (the
   * remote brought another person's change to them): publishing one needs the author to have
   * seen both versions (`overwrite`).
   */
  const stale = new Map<string, string>(); // repository path → the commit the saved text started from

  const need = (): Repo => {
    if (!repo) {
      throw new HttpError(
        409,
        'Esta pasta não está num repositório git: o Estúdio salva as páginas, mas não tem onde publicá-las.',
        {
          hint: 'Peça a quem cuida do site para abrir o Estúdio dentro da cópia do repositório (git clone).',
        },
      );
    }
    return repo;
  };

  /** "pages/x.yaml" → "pages/x.yaml" inside the repository (its pages folder may be elsewhere). */
  const toRepoPath = (r: Repo, file: string): string => {
    if (file.startsWith(PAGES)) return join(r.pagesPath, file.slice(PAGES.length));
    if (file.startsWith(IMAGES)) return join(join(r.publicPath, 'images'), file.slice(IMAGES.length));
    throw new HttpError(
      400,
      `${JSON.stringify(file)} não é um arquivo que o Estúdio publica (pages/ ou public/images/).`,
    );
  };
  const toApiFile = (r: Repo, repoPath: string): string | undefined => {
    const pages = r.pagesPath === '' ? '' : `${r.pagesPath}/`;
    const images = `${r.publicPath === '' ? '' : `${r.publicPath}/`}images/`;
    if (repoPath.startsWith(pages) && repoPath.endsWith('.yaml')) return PAGES + repoPath.slice(pages.length);
    if (repoPath.startsWith(images)) return IMAGES + repoPath.slice(images.length);
    return undefined;
  };

  async function headText(r: Repo, repoPath: string, rev = 'HEAD'): Promise<string | null> {
    const bytes = await gitShowBytes(r.top, `${rev}:${repoPath}`);
    return bytes === undefined ? null : bytes.toString('utf8');
  }
  async function worktreeText(r: Repo, repoPath: string): Promise<string | null> {
    try {
      return await readFile(path.join(r.top, ...repoPath.split('/')), 'utf8');
    } catch {
      return null;
    }
  }

  /**
   * The saved changes Publicar offers, and those it refuses with the reason: a symbolic link in
   * the working tree (git would commit it as a 120000 entry, and the host's build follow it).
   */
  async function changes(): Promise<{ files: ChangedFile[]; refused: RefusedFile[] }> {
    const r = need();
    const found = await changedPaths(r, [r.pagesPath || '.', join(r.publicPath, 'images')]);
    const files: ChangedFile[] = [];
    const refusedFiles: RefusedFile[] = [];
    for (const change of found) {
      const file = toApiFile(r, change.path);
      if (!file) continue;
      const route = file.startsWith(PAGES) ? options.routeOf(file) : null;
      const isSite = file === SITE_API_FILE;
      if (file.startsWith(PAGES) && route === null && !isSite) continue;
      const link = await linkOnPath(r, change.path);
      if (link !== undefined) {
        refusedFiles.push({ file, reason: linkReason(file, toApiFile(r, link) ?? link) });
        continue;
      }
      const summary = file.startsWith(IMAGES)
        ? `Envia a imagem /${file.slice('public/'.length)}`
        : isSite
          ? describeSiteChange(await headText(r, change.path), await worktreeText(r, change.path))
          : describeChange(
              await headText(r, change.path),
              await worktreeText(r, change.path),
              route!,
              options.blockTitle,
            );
      files.push({ file, route, status: change.status, summary, stale: stale.has(change.path) });
    }
    const byFile = (a: { file: string }, b: { file: string }) => (a.file < b.file ? -1 : 1);
    return { files: files.sort(byFile), refused: refusedFiles.sort(byFile) };
  }

  /** The folders of the repository no symbolic link may be committed in: pages/ and public/. */
  const siteFolders = (r: Repo) => [r.pagesPath || '.', r.publicPath];

  /** Refuses (409, audited, nothing committed) when `tree` holds a symbolic link in pages/ or public/. */
  async function refuseLinksIn(
    r: Repo,
    tree: string,
    person: Person,
    action: Action,
    files: string[],
  ): Promise<void> {
    const links = await linksInTree(r, tree, siteFolders(r));
    if (links.length > 0) await refuseLinks(r, links, person, action, files);
  }

  async function refuseLinks(
    r: Repo,
    links: string[],
    person: Person,
    action: Action,
    files: string[],
  ): Promise<never> {
    const named = links.map((l) => toApiFile(r, l) ?? l);
    await audit.record(`${action}-recusado` as 'publicar-recusado', person.email, {
      files,
      reason: 'atalho',
      links: named,
    });
    throw new HttpError(409, `${linkReason(named[0]!, named[0]!, named.length)} Nada foi publicado.`, {
      hint: 'Quem cuida do site pode trocar o atalho pelo próprio arquivo, ou apagá-lo (git rm), e enviar pelo git.',
    });
  }

  /**
   * Vercel reads vercel.json and middleware.ts from the repository before it builds, so they are
   * generated from _site.yaml and committed with it (never out of step with the experiments).
   * Only in a repository that deploys to Vercel: one with vercel.json beside the pages folder.
   */
  async function derivedChanges(r: Repo, tree: string, generated: string): Promise<TreeChange[]> {
    const project = path.posix.dirname(r.pagesPath || '.');
    const at = (name: string) => (project === '.' ? name : `${project}/${name}`);
    const inTree = async (repoPath: string) => {
      const bytes = await gitShowBytes(r.top, `${tree}:${repoPath}`);
      return bytes === undefined ? null : bytes.toString('utf8');
    };
    const vercel = at('vercel.json');
    const currentVercel = await inTree(vercel);
    if (currentVercel === null) return [];
    const read = (name: string) => readFile(path.join(generated, name), 'utf8').catch(() => null);
    const out: TreeChange[] = [];
    const nextVercel = await read('vercel.json');
    if (nextVercel !== null && nextVercel !== currentVercel)
      out.push({ path: vercel, from: 'text', text: nextVercel });
    const middleware = at('middleware.ts');
    const [currentMiddleware, nextMiddleware] = await Promise.all([
      inTree(middleware),
      read('middleware.ts'),
    ]);
    if (nextMiddleware !== currentMiddleware) {
      out.push(
        nextMiddleware === null
          ? { path: middleware, from: 'delete' }
          : { path: middleware, from: 'text', text: nextMiddleware },
      );
    }
    return out;
  }

  /** The checked tree with its generated files folded in (the tree itself when they already match). */
  async function withDerived(
    r: Repo,
    tree: string,
    checked: CheckResult,
    indexFile: string,
  ): Promise<string> {
    if (checked.derived.length === 0) return tree;
    return treeWith(r, tree, checked.derived, indexFile);
  }

  /** The whole site built from `tree`, exactly as `npm run build` builds it. */
  async function check(r: Repo, tree: string, maxAgeMs = CHECK_REUSE_MS): Promise<CheckResult> {
    // A tree with a link in pages/ or public/ (one the remote brought, for a replayed commit) is
    // refused before anything is written out; the build would refuse it too, located the same way.
    const links = (await linksInTree(r, tree, siteFolders(r))).map((l) => toApiFile(r, l) ?? l);
    if (links.length > 0) {
      const output = links.map((l) => `${l}:1:1  ${linkReason(l, l)}`).join('\n');
      return { ok: false, output, pages: links.filter((l) => l.startsWith(PAGES)), derived: [] };
    }
    // The build of this tree a review made a moment ago, when there is one (review/site-builds.ts).
    const built = await builds.build(r, tree, maxAgeMs);
    if (built.reused) crashPoint('check');
    try {
      const { code, output, pagesDir, vercelOut } = built;
      // The build names files relative to the project root: name them as the Estúdio does.
      const relPages = path.relative(options.root, pagesDir).split(path.sep).join('/');
      const shown = output.split(`${relPages}/`).join(PAGES).split(`${pagesDir}${path.sep}`).join(PAGES);
      // The pages the errors are located in (a line that starts with "pages/x.yaml:line:col").
      const located = [...shown.matchAll(/^(pages\/[a-z0-9/_-]+\.yaml):\d+/gm)].map((m) => m[1]!);
      const pages = [...new Set(located)].sort();
      const derived = code === 0 ? await derivedChanges(r, tree, vercelOut) : [];
      return { ok: code === 0, output: shown.trim(), pages, derived };
    } finally {
      built.release();
    }
  }

  /** Back to `parent` after a refusal: the branch, and the index entries of the published paths. */
  async function undo(
    r: Repo,
    commit: string,
    parent: string,
    paths: string[],
    written: string[] = [],
  ): Promise<void> {
    await moveBranch(r, parent, commit, 'estudio: publicação desfeita');
    // Files the commit wrote into the working tree go back to the parent's version.
    for (const p of written) await writeFromBlob(r, parent, p);
    if (paths.length > 0) await git(r.top, ['reset', '-q', parent, '--', ...paths]);
  }

  /**
   * Moves the branch from `from` to `to` (commits of the remote) and updates the working tree's
   * files that changed between them, except files with saved, unpublished changes: those keep
   * the author's text and are marked stale (publishing one shows both versions first).
   */
  async function syncTo(r: Repo, from: string, to: string): Promise<string[]> {
    const diff = (await git(r.top, ['diff', '--name-only', '-z', '--no-renames', from, to])).stdout
      .split('\0')
      .filter(Boolean);
    const dirty = new Set((await changedPaths(r, ['.'])).map((c) => c.path));
    await moveBranch(r, to, from, 'estudio: atualizado do repositório remoto');
    const kept: string[] = [];
    for (const repoPath of diff) {
      if (dirty.has(repoPath)) {
        kept.push(repoPath);
        // The version the author's text was written against: the merge view's common base.
        if (!stale.has(repoPath)) stale.set(repoPath, from);
        continue;
      }
      await writeFromBlob(r, to, repoPath);
    }
    const clean = diff.filter((p) => !dirty.has(p));
    if (clean.length > 0) await git(r.top, ['reset', '-q', to, '--', ...clean]);
    return kept;
  }

  async function push(
    r: Repo,
    commit: string,
    onSpawn: (pid: number | undefined) => void,
  ): Promise<'ok' | 'rejected'> {
    try {
      await git(r.top, ['push', '--porcelain', r.remote!, `${commit}:refs/heads/${r.branch}`], {
        timeoutMs: PUSH_TIMEOUT_MS,
        onSpawn,
      });
      return 'ok';
    } catch (error) {
      if (
        error instanceof GitError &&
        /\[rejected\]|\[remote rejected\].*(?:fetch first|non-fast-forward)|non-fast-forward|fetch first/.test(
          `${error.stdout}\n${error.stderr}`,
        )
      ) {
        return 'rejected';
      }
      throw error;
    }
  }

  async function fetchRemote(r: Repo): Promise<string> {
    const tracking = `refs/remotes/${r.remote}/${r.branch}`;
    await git(r.top, ['fetch', '--quiet', r.remote!, `+refs/heads/${r.branch}:${tracking}`], {
      timeoutMs: 120_000,
    });
    return (await revParse(r, tracking))!;
  }

  /**
   * The publish pipeline shared by Publicar and Restaurar: `changes` on top of HEAD, checked,
   * committed, pushed (replayed onto the remote when it moved on).
   */
  async function commitAndPush(
    r: Repo,
    person: Person,
    message: string,
    changeList: TreeChange[],
    action: Action,
    files: string[],
  ): Promise<PublishOutcome> {
    let paths = changeList.map((c) => c.path);
    // A publish a crash interrupted, not yet put right (its remote was out of reach at start).
    await recoverNow(r);
    const parent = await revParse(r, 'HEAD');
    if (!parent)
      throw new HttpError(409, 'O repositório ainda não tem nenhum commit: faça o primeiro pelo terminal.');
    const work = await mkdtemp(tempPrefix('indice'));
    try {
      let tree: string;
      try {
        tree = await treeWith(r, parent, changeList, path.join(work, 'index'));
      } catch (error) {
        // A file swapped for a link after the list was read: refused right before git read it.
        if (error instanceof SymbolicLinkError) return refuseLinks(r, error.paths, person, action, files);
        throw error;
      }
      // Whatever put it there (a link swapped in meanwhile, one in HEAD, one from the history).
      await refuseLinksIn(r, tree, person, action, files);
      if (tree === (await treeOf(r, parent))) {
        throw new HttpError(409, 'Nada a publicar: estes arquivos já estão publicados assim.');
      }
      const checked = await check(r, tree);
      if (!checked.ok) return refused(person, action, files, checked, false);
      const finalTree = await withDerived(r, tree, checked, path.join(work, 'index'));
      const generated = checked.derived.map((c) => c.path);
      paths = [...new Set([...paths, ...generated])];

      const env = authorEnv(person);
      let commit = await commitTree(r, finalTree, parent, message, env);
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
              await undo(r, commit, base, paths, fromCommit);
              throw pushFailed(error);
            }
            if (answer === 'ok') {
              pushed = true;
              break;
            }
            if (attempt === 2) {
              await undo(r, commit, base, paths, fromCommit);
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
              await undo(r, commit, base, paths, fromCommit);
              const kept = await syncTo(r, base, upstream);
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
            const rechecked = await check(r, mergedTree!);
            if (!rechecked.ok) {
              await undo(r, commit, base, paths, fromCommit);
              await syncTo(r, base, upstream);
              return refused(person, action, files, rechecked, true);
            }
            const replayedTree = await withDerived(r, mergedTree!, rechecked, path.join(work, 'index'));
            const replayed = await commitTree(r, replayedTree, upstream, message, env);
            await note({ commits: [...journal.commits, replayed] });
            // The local branch follows: to the replayed commit, with the remote's files.
            await syncTo(r, commit, replayed);
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
            await recoverFrom(r, journal);
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

  /**
   * At start: the temporary folders of a process that died are removed, and a publish or restore
   * it left half-way (its journal) is finished when the remote has its commit, else undone.
   */
  async function recover(): Promise<void> {
    await removeStaleTemp();
    if (repo) await recoverNow(repo);
  }

  async function recoverNow(r: Repo): Promise<void> {
    const journal = await readJournal(r);
    if (!journal) return;
    try {
      await recoverFrom(r, journal);
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
  async function recoverFrom(r: Repo, journal: PublishJournal): Promise<void> {
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
    await audit.record(
      (published ? journal.action : `${journal.action}-recusado`) as 'publicar',
      journal.email,
      published
        ? { files: journal.files, commit: tip, pushed: r.remote !== undefined, recuperado: true }
        : { files: journal.files, reason: 'interrompido' },
    );
  }

  /** The working tree and the index in line with `target` after an interruption (see recoverFrom). */
  async function reconcile(r: Repo, journal: PublishJournal, target: string): Promise<void> {
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
    for (const p of journal.written) await writeFromBlob(r, target, p);
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

  async function refused(
    person: Person,
    action: Action,
    files: string[],
    checked: CheckResult,
    afterRebase: boolean,
  ): Promise<PublishOutcome> {
    await audit.record(`${action}-recusado` as 'publicar-recusado', person.email, {
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

  async function writeFromCommit(r: Repo, commit: string, paths: string[]): Promise<void> {
    for (const repoPath of paths) await writeFromBlob(r, commit, repoPath);
  }

  return {
    enabled: repo !== undefined,

    /** The kept builds of trees: the review of a publish reads the sites they built. */
    builds,

    /**
     * The two trees a publish of `files` goes between (review/, "Páginas que esta publicação
     * muda"): the published one (HEAD's) and the one Publicar would check and commit.
     */
    async reviewTrees(files: string[]): Promise<{ before: string; after: string; edited: string[] }> {
      const r = need();
      const current = await exclusive(changes);
      const known = new Set(current.files.map((c) => c.file));
      const missing = files.find((f) => !known.has(f));
      if (missing !== undefined)
        throw new HttpError(
          409,
          `${missing} não tem mudanças salvas para publicar (já publicado, ou não existe).`,
        );
      const link = current.refused.find((x) => files.includes(x.file));
      if (link) throw new HttpError(409, link.reason);
      const parent = await revParse(r, 'HEAD');
      if (!parent)
        throw new HttpError(409, 'O repositório ainda não tem nenhum commit: faça o primeiro pelo terminal.');
      const work = await mkdtemp(tempPrefix('indice'));
      try {
        const changeList = files.map((f) => ({ path: toRepoPath(r, f), from: 'worktree' as const }));
        const after = await treeWith(r, parent, changeList, path.join(work, 'index')).catch((error) => {
          if (error instanceof SymbolicLinkError)
            throw new HttpError(409, linkReason(files[0]!, error.paths[0]!));
          throw error;
        });
        const edited = files.map((f) => options.routeOf(f)).filter((x): x is string => x !== null);
        return { before: await treeOf(r, parent), after, edited };
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },

    /**
     * The check of `tree` (a build, refused with located errors like Publicar's), reusing a kept
     * build younger than `maxAgeMs`; its site stays in `builds` for a while.
     */
    checkTree(tree: string, maxAgeMs?: number): Promise<CheckResult> {
      return check(need(), tree, maxAgeMs);
    },

    /** The tree a commit or tree id (40 hex digits) names in the repository, or undefined. */
    async resolveTree(id: string): Promise<string | undefined> {
      if (!/^[0-9a-f]{40}$/.test(id)) return undefined;
      const run = await git(need().top, ['rev-parse', '--verify', '--quiet', `${id}^{tree}`], {
        okCodes: [1],
      });
      return run.stdout.trim() || undefined;
    },

    async changes(person: Person): Promise<ChangesAnswer> {
      if (!repo) {
        return {
          publishing: {
            enabled: false,
            remote: null,
            branch: null,
            reason: 'Esta pasta não está num repositório git: o Estúdio salva, mas não publica.',
          },
          author: person,
          changes: [],
          placeholders: [],
        };
      }
      const site = await worktreeText(repo, join(repo.pagesPath, '_site.yaml'));
      const found = await exclusive(changes);
      return {
        publishing: { enabled: true, remote: repo.remote ?? null, branch: repo.branch },
        author: person,
        changes: found.files,
        placeholders: site === null ? [] : placeholdersOf(site),
        ...(found.refused.length > 0 ? { refused: found.refused } : {}),
      };
    },

    publish(
      person: Person,
      files: string[],
      message: string,
      overwrite: string[],
      resolved: { file: string; text: string; against: string | null }[] = [],
    ): Promise<PublishOutcome> {
      const r = need();
      return exclusive(async () => {
        // Merged in the merge view: saved as the author's text, then published as if chosen over.
        for (const merge of resolved) {
          const p = toRepoPath(r, merge.file);
          if (!files.includes(merge.file))
            throw new HttpError(400, `${merge.file} foi juntado, mas não está entre os arquivos a publicar.`);
          const now = await lastChange(r, 'HEAD', p);
          if ((now?.commit ?? null) !== merge.against) {
            const mine = await worktreeText(r, p);
            const conflict = await conflictEntry(r, merge.file, p, mine, 'HEAD', stale.get(p));
            return {
              status: 409,
              body: {
                error: `Enquanto você juntava as versões de ${merge.file}, outra pessoa publicou outra. Nada foi publicado; junte de novo com a versão mais nova.`,
                conflicts: [conflict],
              },
            };
          }
          const abs = path.join(r.top, ...p.split('/'));
          await serialised(abs, () => writeAtomic(abs, Buffer.from(merge.text, 'utf8'), 0o644));
          if (merge.text === (await headText(r, p))) {
            // The published text kept whole: the file has nothing left to publish.
            stale.delete(p);
            files = files.filter((f) => f !== merge.file);
          }
        }
        if (files.length === 0) {
          throw new HttpError(
            409,
            'A junção é igual à versão publicada: não há nada a publicar. O arquivo salvo agora é a versão publicada.',
          );
        }
        const merged = resolved.map((m) => m.file);
        const current = await changes();
        const byFile = new Map(current.files.map((c) => [c.file, c]));
        const links = current.refused.filter((x) => files.includes(x.file));
        if (links.length > 0) {
          await audit.record('publicar-recusado', person.email, {
            files,
            reason: 'atalho',
            links: links.map((l) => l.file),
          });
          throw new HttpError(409, `${links[0]!.reason} Nada foi publicado.`, {
            hint: 'Quem cuida do site pode trocar o atalho pelo próprio arquivo, ou apagá-lo (git rm).',
          });
        }
        for (const file of files) {
          if (!byFile.has(file)) {
            throw new HttpError(
              409,
              `${file} não tem mudanças salvas para publicar (já publicado, ou não existe).`,
            );
          }
        }
        const repoPaths = files.map((f) => toRepoPath(r, f));
        const seen = (file: string) => overwrite.includes(file) || merged.includes(file);
        const unseen = repoPaths.filter((p, i) => stale.has(p) && !seen(files[i]!));
        if (unseen.length > 0) {
          const conflicts = await Promise.all(
            unseen.map(async (p) =>
              conflictEntry(r, toApiFile(r, p)!, p, await worktreeText(r, p), 'HEAD', stale.get(p)),
            ),
          );
          return {
            status: 409,
            body: {
              error: `Depois que você salvou ${conflicts.map((c) => c.file).join(', ')}, outra pessoa publicou outra versão. Compare as duas antes de publicar a sua.`,
              conflicts,
            },
          };
        }
        // Whose published change this one replaces or merges with, and when: in the message.
        const replacedBy = async (kind: (file: string) => boolean) => {
          const out: { route: string; version: PublishedVersion }[] = [];
          for (const [i, p] of repoPaths.entries()) {
            const version = stale.has(p) && kind(files[i]!) ? await lastChange(r, 'HEAD', p) : null;
            if (version) out.push({ route: options.routeOf(files[i]!) ?? files[i]!, version });
          }
          return out;
        };
        const fullMessage = conflictMessage(
          message,
          await replacedBy((f) => overwrite.includes(f) && !merged.includes(f)),
          await replacedBy((f) => merged.includes(f)),
          formatDate,
        );
        return commitAndPush(
          r,
          person,
          fullMessage,
          repoPaths.map((p) => ({ path: p, from: 'worktree' as const })),
          'publicar',
          files,
        );
      });
    },

    /** A pages/ file as published (HEAD), null outside git or when it is not there. */
    async publishedText(file: string): Promise<string | null> {
      if (!repo) return null;
      return headText(repo, toRepoPath(repo, file));
    },

    /**
     * For experiments without a start: the São Paulo day each experiment id was first published
     * in `file` (_site.yaml), from the lines its commits added.
     */
    async firstDays(file: string): Promise<(id: string) => string | null> {
      if (!repo) return () => null;
      const log = await git(repo.top, [
        'log',
        '--reverse',
        '-n',
        '500',
        '--format=%x1e%aI',
        '--unified=0',
        '--no-color',
        '-p',
        '--',
        toRepoPath(repo, file),
      ]);
      const first = new Map<string, string>();
      for (const record of log.stdout.split('\x1e').filter((x) => x.trim())) {
        const [date, ...lines] = record.split('\n');
        for (const line of lines) {
          const m = /^\+\s*(?:-\s+)?id:\s*['"]?([a-z0-9-]+)/.exec(line);
          if (m && !first.has(m[1]!)) first.set(m[1]!, siteDay(new Date(date!.trim())));
        }
      }
      return (id) => first.get(id) ?? null;
    },

    /**
     * Several files of pages/ set to new texts (or removed) and published as one commit, after
     * the same check: what "Levar a vencedora para a página" does. Refused while any of them has
     * saved, unpublished changes (nobody's work is overwritten).
     */
    publishTexts(
      person: Person,
      texts: { file: string; text: string | null }[],
      message: string,
    ): Promise<PublishOutcome> {
      const r = need();
      return exclusive(async () => {
        const repoPaths = texts.map((t) => toRepoPath(r, t.file));
        const dirty = await changedPaths(r, repoPaths);
        if (dirty.length > 0) {
          const names = dirty.map((d) => toApiFile(r, d.path) ?? d.path);
          throw new HttpError(
            409,
            `${names.join(', ')} ${names.length === 1 ? 'tem' : 'têm'} mudanças salvas que ainda não foram publicadas. Publique-as ou desfaça-as antes: esta operação não apaga trabalho de ninguém.`,
          );
        }
        return commitAndPush(
          r,
          person,
          message,
          texts.map((t, i) =>
            t.text === null
              ? { path: repoPaths[i]!, from: 'delete' as const }
              : { path: repoPaths[i]!, from: 'text' as const, text: t.text },
          ),
          'concluir',
          texts.map((t) => t.file),
        );
      });
    },

    /**
     * Undoes one published change as a new one: every file it touched goes back to its version
     * before it (a removed file comes back, a created one goes). Refused when a later change
     * touched one of those files (restore that page's version instead), when the change touched
     * files the Estúdio does not publish, or while one of them has saved, unpublished changes.
     */
    revert(person: Person, commit: string): Promise<PublishOutcome> {
      const r = need();
      return exclusive(async () => {
        const sha = /^[0-9a-f]{40}$/.test(commit) ? await revParse(r, commit) : undefined;
        const parent = sha ? await revParse(r, `${sha}^`) : undefined;
        if (!sha || !parent)
          throw new HttpError(404, 'Esta mudança não está no histórico (ou é a primeira).');
        const touched = (
          await git(r.top, ['diff-tree', '--no-commit-id', '--name-only', '-r', '-z', parent, sha])
        ).stdout
          .split('\0')
          .filter(Boolean);
        const project = path.posix.dirname(r.pagesPath || '.');
        const generated = new Set(
          ['vercel.json', 'middleware.ts'].map((n) => (project === '.' ? n : `${project}/${n}`)),
        );
        const foreign = touched.filter((p) => toApiFile(r, p) === undefined && !generated.has(p));
        if (foreign.length > 0) {
          throw new HttpError(
            409,
            `Esta mudança também mexeu em arquivos que o Estúdio não publica (${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? '…' : ''}): peça a quem cuida do site para desfazê-la.`,
          );
        }
        const entry = async (rev: string, p: string) =>
          (await git(r.top, ['ls-tree', rev, '--', p])).stdout.trim();
        const later: string[] = [];
        for (const p of touched) {
          if (generated.has(p)) continue;
          if ((await entry('HEAD', p)) !== (await entry(sha, p))) later.push(toApiFile(r, p) ?? p);
        }
        if (later.length > 0) {
          throw new HttpError(
            409,
            `Depois desta mudança, ${later.join(', ')} mudou de novo: desfazê-la apagaria o que veio depois. Restaure a versão de cada página pelo histórico dela.`,
          );
        }
        const dirty = await changedPaths(r, touched);
        if (dirty.length > 0) {
          const names = dirty.map((d) => toApiFile(r, d.path) ?? d.path);
          throw new HttpError(
            409,
            `${names.join(', ')} ${names.length === 1 ? 'tem' : 'têm'} mudanças salvas que ainda não foram publicadas. Publique-as ou desfaça-as antes: desfazer não apaga trabalho de ninguém.`,
          );
        }
        const changeList: TreeChange[] = [];
        for (const p of touched) {
          // Generated files follow the pages: the check's build writes them again.
          if (generated.has(p)) continue;
          const m = /^(\d{6}) blob ([0-9a-f]{40})\t/.exec(await entry(parent, p));
          if (m?.[1] === LINK_MODE) {
            const file = toApiFile(r, p) ?? p;
            await audit.record('restaurar-recusado', person.email, {
              files: [file],
              reason: 'atalho',
              commit: sha,
            });
            throw new HttpError(
              409,
              `Desfazer esta mudança traria de volta ${file}, que antes dela era um atalho (link simbólico): o Estúdio não publica atalhos, porque o site publicaria o arquivo para onde ele aponta. Nada foi publicado.`,
              {
                hint: 'Restaure uma versão de cada página pelo histórico dela, ou peça a quem cuida do site para desfazer a mudança pelo git.',
              },
            );
          }
          changeList.push(
            m ? { path: p, from: 'blob', blob: m[2]!, mode: m[1]! } : { path: p, from: 'delete' },
          );
        }
        const subject = (await git(r.top, ['show', '-s', '--format=%s', sha])).stdout.trim();
        const message = `Desfaz “${subject}” (${sha.slice(0, 7)})`;
        return commitAndPush(
          r,
          person,
          message,
          changeList,
          'restaurar',
          changeList.map((c) => toApiFile(r, c.path) ?? c.path),
        );
      });
    },

    /** For the Páginas screen: each page's last published change, and whether it has unpublished ones. */
    async pageStates(): Promise<
      Map<string, { lastChange: { name: string; date: string } | null; unpublished: boolean }>
    > {
      const states = new Map<
        string,
        { lastChange: { name: string; date: string } | null; unpublished: boolean }
      >();
      if (!repo) return states;
      const r = repo;
      const log = await git(r.top, [
        'log',
        '-n',
        '2000',
        '--format=%x1e%an%x1f%aI',
        '--name-only',
        '--no-renames',
        '--',
        r.pagesPath || '.',
      ]);
      for (const record of log.stdout.split('\x1e').filter((x) => x.trim())) {
        const [head, ...names] = record.split('\n').filter(Boolean);
        const [name, date] = head!.split('\x1f') as [string, string];
        for (const repoPath of names) {
          const file = toApiFile(r, repoPath);
          if (file && !states.has(file)) states.set(file, { lastChange: { name, date }, unpublished: false });
        }
      }
      for (const change of await changedPaths(r, [r.pagesPath || '.'])) {
        const file = toApiFile(r, change.path);
        if (!file) continue;
        states.set(file, { lastChange: states.get(file)?.lastChange ?? null, unpublished: true });
      }
      return states;
    },

    async history(file: string): Promise<HistoryAnswer> {
      const r = need();
      const repoPath = toRepoPath(r, file);
      const log = await git(r.top, ['log', '--format=%H%x1f%an%x1f%ae%x1f%aI%x1f%s%x1e', '--', repoPath]);
      const entries = log.stdout
        .split('\x1e')
        .map((e) => e.trim())
        .filter(Boolean)
        .map((line) => {
          const [commit, name, email, date, message] = line.split('\x1f') as [
            string,
            string,
            string,
            string,
            string,
          ];
          return { commit, short: commit.slice(0, 7), name, email, date, message };
        });
      const exists = (await worktreeText(r, repoPath)) !== null;
      return { file, route: options.routeOf(file), exists, entries };
    },

    async diff(file: string, commit: string): Promise<HistoryDiffAnswer> {
      const r = need();
      const repoPath = toRepoPath(r, file);
      const sha = await revParse(r, commit);
      if (!sha || !/^[0-9a-f]{40}$/.test(commit))
        throw new HttpError(404, 'Versão não encontrada no histórico.');
      const parentSha = await revParse(r, `${sha}^`);
      const before = parentSha ? await headText(r, repoPath, parentSha) : null;
      const after = await headText(r, repoPath, sha);
      const diff = (
        await git(r.top, [
          'diff',
          '--no-color',
          '--no-ext-diff',
          '--unified=3',
          parentSha ?? '4b825dc642cb6eb9a060e54bf8d69288fbee4904',
          sha,
          '--',
          repoPath,
        ])
      ).stdout;
      const files = (
        await git(r.top, ['diff-tree', '--no-commit-id', '--name-only', '-r', '-z', '--root', sha])
      ).stdout
        .split('\0')
        .filter(Boolean)
        .map((p) => toApiFile(r, p) ?? p);
      return { file, commit: sha, before, after, diff, files };
    },

    async deleted(): Promise<DeletedPage[]> {
      const r = need();
      const log = await git(r.top, [
        'log',
        '--diff-filter=D',
        '--name-only',
        '--format=%x1e%H%x1f%an%x1f%ae%x1f%aI',
        '--',
        r.pagesPath || '.',
      ]);
      const seen = new Set<string>();
      const out: DeletedPage[] = [];
      for (const record of log.stdout.split('\x1e').filter((x) => x.trim())) {
        const [head, ...names] = record.split('\n').filter(Boolean);
        const [commit, name, email, date] = head!.split('\x1f') as [string, string, string, string];
        for (const repoPath of names) {
          if (seen.has(repoPath)) continue;
          seen.add(repoPath);
          const file = toApiFile(r, repoPath);
          if (!file || (await worktreeText(r, repoPath)) !== null) continue;
          const route = options.routeOf(file);
          if (route === null) continue;
          out.push({ file, route, deletedIn: commit, name, email, date, restoreFrom: `${commit}^` });
        }
      }
      return out;
    },

    restore(person: Person, file: string, commit: string): Promise<PublishOutcome> {
      const r = need();
      return exclusive(async () => {
        const repoPath = toRepoPath(r, file);
        if (!/^[0-9a-f]{40}(\^)?$/.test(commit)) throw new HttpError(400, 'Versão inválida.');
        const sha = await revParse(r, commit);
        const entry = sha ? (await git(r.top, ['ls-tree', sha, '--', repoPath])).stdout.trim() : '';
        const match = /^(\d{6}) blob ([0-9a-f]{40})\t/.exec(entry);
        if (!sha || !match) throw new HttpError(404, `Esta versão de ${file} não existe no histórico.`);
        if (match[1] === LINK_MODE) {
          await audit.record('restaurar-recusado', person.email, {
            files: [file],
            reason: 'atalho',
            commit: sha,
          });
          throw new HttpError(
            409,
            `Esta versão de ${file} é um atalho (link simbólico), não uma página: o Estúdio não publica atalhos, porque o site publicaria o arquivo para onde ele aponta. Nada foi publicado.`,
            { hint: 'Escolha outra versão no histórico.' },
          );
        }
        const dirty = (await changedPaths(r, [repoPath])).length > 0;
        if (dirty) {
          throw new HttpError(
            409,
            `${file} tem mudanças salvas que ainda não foram publicadas. Publique-as ou desfaça-as antes de restaurar outra versão: a restauração não apaga trabalho de ninguém.`,
          );
        }
        const date = (await git(r.top, ['show', '-s', '--format=%aI', sha])).stdout.trim();
        const route = options.routeOf(file) ?? file;
        const message = `Restaura ${route} à versão de ${formatDate(date)} (${sha.slice(0, 7)})`;
        return commitAndPush(
          r,
          person,
          message,
          [{ path: repoPath, from: 'blob', blob: match[2]!, mode: match[1]! }],
          'restaurar',
          [file],
        );
      });
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;

/**
 * A working-tree file set to its content in `commit` (removed when not there), atomically, after
 * any save in progress. A symbolic link there (one the remote brought) is not made, nor its target
 * written as text: the file is removed, and Publicar offers removing the link from the branch.
 */
async function writeFromBlob(r: Repo, commit: string, repoPath: string): Promise<void> {
  const abs = path.join(r.top, ...repoPath.split('/'));
  const entry = (await git(r.top, ['ls-tree', '-z', commit, '--', repoPath])).stdout;
  const bytes = entry.startsWith(`${LINK_MODE} `)
    ? undefined
    : await gitShowBytes(r.top, `${commit}:${repoPath}`);
  await serialised(abs, async () => {
    if (bytes === undefined) await unlink(abs).catch(() => {});
    else {
      await mkdir(path.dirname(abs), { recursive: true });
      await writeAtomic(abs, bytes, 0o644);
    }
  });
}

function pushFailed(error: unknown): HttpError {
  const detail =
    error instanceof GitError ? error.stderr.trim().split('\n').slice(-3).join(' ') : String(error);
  return new HttpError(
    502,
    `Não foi possível enviar ao repositório remoto: nada foi publicado e o seu texto continua salvo. Detalhe do git: ${detail}`,
    {
      hint: 'Confira a conexão e as credenciais de envio (chave de deploy ou token) de quem instalou o Estúdio.',
    },
  );
}

/** How long a push may take; recovery waits this long for one a crash left running. */
const PUSH_TIMEOUT_MS = 120_000;

/** The mode git gives a symbolic link. */
const LINK_MODE = '120000';

/**
 * Why Publicar refuses `file` (API names: "pages/x.yaml"): it is a symbolic link, or lies inside
 * `link`, a folder that is one; `count` links in all when several are named at once.
 */
function linkReason(file: string, link: string, count = 1): string {
  const what =
    link !== file
      ? `${file} está dentro de ${link}, que é um atalho (link simbólico)`
      : count === 1
        ? `${file} é um atalho (link simbólico)`
        : `${file} e ${count === 2 ? 'outro arquivo' : `outros ${count - 1} arquivos`} são atalhos (links simbólicos)`;
  return `${what}: o Estúdio não publica atalhos, porque o site publicaria o que está do outro lado do atalho, que pode ser um arquivo de fora do repositório.`;
}

const join = (folder: string, rest: string) =>
  folder === '' ? rest : rest === '' ? folder : `${folder}/${rest}`;

/** "2026-11-23T20:14:40+00:00" → "23/11/2026 20:14" */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * The default commit message, from what changed: "Muda o título de /promo-verao", "Adiciona o
 * bloco Perguntas frequentes a /recarga", "Cria /promo", "Exclui /promo".
 */
export function describeChange(
  before: string | null,
  after: string | null,
  route: string,
  blockTitle: (type: string) => string | undefined,
): string {
  if (before === null) return `Cria ${route}`;
  if (after === null) return `Exclui ${route}`;
  let a: Record<string, unknown>;
  let b: Record<string, unknown>;
  try {
    a = (parse(before) ?? {}) as Record<string, unknown>;
    b = (parse(after) ?? {}) as Record<string, unknown>;
  } catch {
    return `Muda ${route}`;
  }
  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !same(a[k], b[k]));
  if (keys.length === 0) return `Muda a formatação de ${route}`;
  const phrases: string[] = [];
  const titleOf = (block: unknown) => {
    const type = (block as { type?: unknown } | null)?.type;
    return typeof type === 'string' ? (blockTitle(type) ?? type) : 'bloco';
  };
  for (const key of keys) {
    if (key === 'title') phrases.push('o título');
    else if (key === 'description') phrases.push('a descrição');
    else if (key === 'blocks' || key === 'change') {
      const before = Array.isArray(a[key]) ? (a[key] as unknown[]) : [];
      const after = Array.isArray(b[key]) ? (b[key] as unknown[]) : [];
      if (after.length > before.length) {
        const added = after.filter((x) => !before.some((y) => same(x, y)));
        return `Adiciona o bloco ${added.map(titleOf)[0] ?? ''} a ${route}`.replace('  ', ' ');
      }
      if (after.length < before.length) {
        const removed = before.filter((x) => !after.some((y) => same(x, y)));
        return `Remove o bloco ${removed.map(titleOf)[0] ?? ''} de ${route}`.replace('  ', ' ');
      }
      const changed = after.filter((x, i) => !same(x, before[i])).map(titleOf);
      const unique = [...new Set(changed)];
      if (unique.length === 1) phrases.push(`o bloco ${unique[0]}`);
      else phrases.push(`${unique.length} blocos`);
    } else phrases.push(`"${key}"`);
  }
  const list = phrases.length === 1 ? phrases[0]! : `${phrases.slice(0, -1).join(', ')} e ${phrases.at(-1)!}`;
  return `Muda ${list} de ${route}`;
}

/** The publisher of the repository that holds `pagesDir` (publishing disabled when there is none). */
export async function publisherFor(folders: {
  root: string;
  pagesDir: string;
  publicDir: string;
  audit: AuditLog;
  runtime: Runtime;
}): Promise<Publisher> {
  const load = await folders.runtime.load();
  const { blockMap } = await folders.runtime.blocks();
  return createPublisher({
    root: folders.root,
    repo: await openRepo(folders.pagesDir, folders.publicDir),
    audit: folders.audit,
    routeOf: (file) => {
      const rel = file.slice(PAGES.length);
      return load.isRouteFile(rel) && load.badRouteFileName(rel) === undefined ? load.fileToRoute(rel) : null;
    },
    blockTitle: (type) => blockMap.get(type)?.title,
  });
}
