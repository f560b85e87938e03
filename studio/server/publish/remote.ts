/**
 * The remote: pushing a commit (rejected when the remote moved on), fetching it, and following it
 * with the branch and the working tree (files with saved work are kept and marked stale).
 */
import { changedPaths, git, GitError, moveBranch, revParse, type Repo } from '../git.ts';
import { HttpError } from '../http.ts';
import { PUSH_TIMEOUT_MS, type PublishContext } from './context.ts';
import { writeFromCommit } from './files.ts';

/**
 * Moves the branch from `from` to `to` (commits of the remote) and updates the working tree's
 * files that changed between them, except files with saved, unpublished changes: those keep
 * the author's text and are marked stale (publishing one shows both versions first).
 */
export async function syncTo(ctx: PublishContext, r: Repo, from: string, to: string): Promise<string[]> {
  const diff = (await git(r.top, ['diff', '--name-only', '-z', '--no-renames', from, to])).stdout
    .split('\0')
    .filter(Boolean);
  const dirty = new Set((await changedPaths(r, ['.'])).map((c) => c.path));
  await moveBranch(r, to, from, 'estudio: atualizado do repositório remoto');
  const { stale } = ctx;
  const kept: string[] = [];
  for (const repoPath of diff) {
    if (dirty.has(repoPath)) {
      kept.push(repoPath);
      // The version the author's text was written against: the merge view's common base.
      if (!stale.has(repoPath)) stale.set(repoPath, from);
    }
  }
  const clean = diff.filter((p) => !dirty.has(p));
  await writeFromCommit(r, to, clean);
  if (clean.length > 0) await git(r.top, ['reset', '-q', to, '--', ...clean]);
  return kept;
}

export async function push(
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

export async function fetchRemote(r: Repo): Promise<string> {
  const tracking = `refs/remotes/${r.remote}/${r.branch}`;
  await git(r.top, ['fetch', '--quiet', r.remote!, `+refs/heads/${r.branch}:${tracking}`], {
    timeoutMs: 120_000,
  });
  return (await revParse(r, tracking))!;
}

export function pushFailed(error: unknown): HttpError {
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
