/**
 * Where a file the Estúdio publishes lives in the repository ("pages/x.yaml" ↔ its repository
 * path), its text as published or as saved, and writing a commit's version into the working tree.
 */
import { mkdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { git, gitShowBytes, type Repo } from '../git.ts';
import { HttpError } from '../http.ts';
import { serialised, writeAtomic } from '../page-files.ts';
import { IMAGES, LINK_MODE, PAGES } from './context.ts';

export const join = (folder: string, rest: string) =>
  folder === '' ? rest : rest === '' ? folder : `${folder}/${rest}`;

/** "pages/x.yaml" → "pages/x.yaml" inside the repository (its pages folder may be elsewhere). */
export const toRepoPath = (r: Repo, file: string): string => {
  if (file.startsWith(PAGES)) return join(r.pagesPath, file.slice(PAGES.length));
  if (file.startsWith(IMAGES)) return join(join(r.publicPath, 'images'), file.slice(IMAGES.length));
  throw new HttpError(
    400,
    `${JSON.stringify(file)} não é um arquivo que o Estúdio publica (pages/ ou public/images/).`,
  );
};
export const toApiFile = (r: Repo, repoPath: string): string | undefined => {
  const pages = r.pagesPath === '' ? '' : `${r.pagesPath}/`;
  const images = `${r.publicPath === '' ? '' : `${r.publicPath}/`}images/`;
  if (repoPath.startsWith(pages) && repoPath.endsWith('.yaml')) return PAGES + repoPath.slice(pages.length);
  if (repoPath.startsWith(images)) return IMAGES + repoPath.slice(images.length);
  return undefined;
};

export async function headText(r: Repo, repoPath: string, rev = 'HEAD'): Promise<string | null> {
  const bytes = await gitShowBytes(r.top, `${rev}:${repoPath}`);
  return bytes === undefined ? null : bytes.toString('utf8');
}
export async function worktreeText(r: Repo, repoPath: string): Promise<string | null> {
  try {
    return await readFile(path.join(r.top, ...repoPath.split('/')), 'utf8');
  } catch {
    return null;
  }
}

/**
 * A working-tree file set to its content in `commit` (removed when not there), atomically, after
 * any save in progress. A symbolic link there (one the remote brought) is not made, nor its target
 * written as text: the file is removed, and Publicar offers removing the link from the branch.
 */
export async function writeFromBlob(r: Repo, commit: string, repoPath: string): Promise<void> {
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

export async function writeFromCommit(r: Repo, commit: string, paths: string[]): Promise<void> {
  for (const repoPath of paths) await writeFromBlob(r, commit, repoPath);
}
