/**
 * Levar a vencedora para a página: several files of pages/ set to new texts (or removed) and
 * published as one commit, after the same check. Refused while any of them has saved,
 * unpublished changes (nobody's work is overwritten).
 */
import { changedPaths, type Repo } from '../git.ts';
import { HttpError } from '../http.ts';
import type { Person } from '../people.ts';
import { commitAndPush } from './commit.ts';
import type { PublishContext, PublishOutcome } from './context.ts';
import { toApiFile, toRepoPath } from './files.ts';

export async function publishTexts(
  ctx: PublishContext,
  r: Repo,
  person: Person,
  texts: { file: string; text: string | null }[],
  message: string,
): Promise<PublishOutcome> {
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
    ctx,
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
}
