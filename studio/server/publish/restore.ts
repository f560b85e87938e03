/**
 * Restaurar: one file's version from the history (or a deleted page, from the parent of the
 * commit that deleted it) published as a new commit. Refused while the file has saved,
 * unpublished changes, and for a version that is a symbolic link.
 */
import { changedPaths, git, revParse, type Repo } from '../git.ts';
import { HttpError } from '../http.ts';
import type { Person } from '../people.ts';
import { commitAndPush } from './commit.ts';
import { LINK_MODE, type PublishContext, type PublishOutcome } from './context.ts';
import { formatDate } from './describe.ts';
import { toRepoPath } from './files.ts';

export async function restore(
  ctx: PublishContext,
  r: Repo,
  person: Person,
  file: string,
  commit: string,
): Promise<PublishOutcome> {
  const { options, audit } = ctx;
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
    ctx,
    r,
    person,
    message,
    [{ path: repoPath, from: 'blob', blob: match[2]!, mode: match[1]! }],
    'restaurar',
    [file],
  );
}
