/**
 * Publicar: the author's saved files (merged in the merge view, or chosen over another person's
 * version) checked against what the remote brought, then through the pipeline (commit.ts); and
 * the two trees a publish goes between, for its review.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ChangedFile, PublishedVersion, RefusedFile } from '../../api.ts';
import { revParse, SymbolicLinkError, type Repo, type TreeChange } from '../git.ts';
import { HttpError } from '../http.ts';
import { serialised, writeAtomic } from '../page-files.ts';
import type { Person } from '../people.ts';
import { tempPrefix } from '../publish-journal.ts';
import { conflictEntry, conflictMessage, lastChange } from '../publish-merge.ts';
import { changes } from './changes.ts';
import { commitAndPush } from './commit.ts';
import type { PublishContext, PublishOutcome } from './context.ts';
import { formatDate } from './describe.ts';
import { headText, toApiFile, toRepoPath, worktreeText } from './files.ts';
import { linkReason } from './links.ts';
import { commitTreeOf, treeWithKept } from './trees.ts';

/**
 * The two trees a publish of `files` goes between (review/, "Páginas que esta publicação muda"):
 * the published one (HEAD's) and the one Publicar would check and commit. `current` is what
 * `changes` found, in the queue.
 */
export async function reviewTrees(
  ctx: PublishContext,
  r: Repo,
  current: { files: ChangedFile[]; refused: RefusedFile[] },
  files: string[],
): Promise<{ before: string; after: string; edited: string[] }> {
  const { options } = ctx;
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
    const after = await treeWithKept(r, parent, changeList, path.join(work, 'index')).catch((error) => {
      if (error instanceof SymbolicLinkError)
        throw new HttpError(409, linkReason(files[0]!, error.paths[0]!));
      throw error;
    });
    const edited = files.map((f) => options.routeOf(f)).filter((x): x is string => x !== null);
    return { before: await commitTreeOf(r, parent), after, edited };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** A publication request being approved (requests.ts): its exact texts and its requester. */
export interface ApprovedRequest {
  /** API file → the text that was requested (null: the file's removal); absent files: the saved one. */
  exact?: Map<string, string | null>;
  /** The requester: the commit's author (the approver commits). */
  author?: Pick<Person, 'name' | 'email'>;
}

/**
 * Publicar `files` (run in the queue): texts merged in the merge view are saved first; a file
 * another person published over since it was saved (stale) goes out only when the author saw
 * both versions (`overwrite`, or merged), and the message names whose version it replaces.
 */
export async function publishFiles(
  ctx: PublishContext,
  r: Repo,
  person: Person,
  files: string[],
  message: string,
  overwrite: string[],
  resolved: { file: string; text: string; against: string | null }[],
  request: ApprovedRequest = {},
): Promise<PublishOutcome> {
  const { options, audit, stale } = ctx;
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
  const current = await changes(ctx);
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
    ctx,
    r,
    person,
    fullMessage,
    repoPaths.map((p, i): TreeChange => {
      // An approved request: the very text that was asked for, not whatever is saved by now.
      const text = request.exact?.get(files[i]!);
      if (text === undefined) return { path: p, from: 'worktree' };
      return text === null ? { path: p, from: 'delete' } : { path: p, from: 'text', text };
    }),
    'publicar',
    files,
    request.author,
  );
}
