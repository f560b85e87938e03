/**
 * Desfazer: one published change undone as a new one. Every file it touched goes back to its
 * version before it (a removed file comes back, a created one goes). Refused when a later change
 * touched one of those files (restore that page's version instead), when the change touched files
 * the Estúdio does not publish, or while one of them has saved, unpublished changes.
 */
import path from 'node:path';
import { changedPaths, entriesAt, entryKey, git, revParse, type Repo, type TreeChange } from '../git.ts';
import { HttpError } from '../http.ts';
import type { Person } from '../people.ts';
import { commitAndPush } from './commit.ts';
import { LINK_MODE, type PublishContext, type PublishOutcome } from './context.ts';
import { toApiFile } from './files.ts';

export async function revert(
  ctx: PublishContext,
  r: Repo,
  person: Person,
  commit: string,
): Promise<PublishOutcome> {
  const { audit } = ctx;
  const sha = /^[0-9a-f]{40}$/.test(commit) ? await revParse(r, commit) : undefined;
  const parent = sha ? await revParse(r, `${sha}^`) : undefined;
  if (!sha || !parent) throw new HttpError(404, 'Esta mudança não está no histórico (ou é a primeira).');
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
  const own = touched.filter((p) => !generated.has(p));
  const [atHead, atSha, atParent] = await Promise.all(
    ['HEAD', sha, parent].map((rev) => entriesAt(r, rev, own)),
  );
  const later: string[] = [];
  for (const p of own) {
    if (entryKey(atHead!.get(p)) !== entryKey(atSha!.get(p))) later.push(toApiFile(r, p) ?? p);
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
    const found = atParent!.get(p);
    const before = found?.type === 'blob' ? found : undefined;
    if (before?.mode === LINK_MODE) {
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
      before
        ? { path: p, from: 'blob', blob: before.object, mode: before.mode }
        : { path: p, from: 'delete' },
    );
  }
  const subject = (await git(r.top, ['show', '-s', '--format=%s', sha])).stdout.trim();
  const message = `Desfaz “${subject}” (${sha.slice(0, 7)})`;
  return commitAndPush(
    ctx,
    r,
    person,
    message,
    changeList,
    'restaurar',
    changeList.map((c) => toApiFile(r, c.path) ?? c.path),
  );
}
