/**
 * Where a file the Estúdio publishes lives in the repository ("pages/x.yaml" ↔ its repository
 * path), its text as published or as saved, and writing a commit's version into the working tree.
 */
import { mkdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { entriesAt, gitBlobBytes, gitBlobs, gitShowBytes, type Repo } from '../git.ts';
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
/**
 * headText of several paths, by one `cat-file --batch` (a path holding a newline, which the
 * batch cannot take, is read alone): path → text, null where `rev` has no file there.
 */
export async function headTexts(
  r: Repo,
  repoPaths: string[],
  rev = 'HEAD',
): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  const batched = [...new Set(repoPaths)].filter((p) => !p.includes('\n'));
  const texts = await gitBlobs(
    r.top,
    batched.map((p) => `${rev}:${p}`),
  );
  batched.forEach((p, i) => out.set(p, texts[i] ?? null));
  for (const p of repoPaths) if (!out.has(p)) out.set(p, await headText(r, p, rev));
  return out;
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
  await writeFromCommit(r, commit, [repoPath]);
}

/**
 * Each of `paths` written as writeFromBlob writes one, in their order: their entries read by one
 * ls-tree and their blobs by one cat-file, before the first write.
 */
export async function writeFromCommit(r: Repo, commit: string, paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  const entries = await entriesAt(r, commit, paths);
  const blobs = [...entries.values()].filter((e) => e.type === 'blob' && e.mode !== LINK_MODE);
  const read = await gitBlobBytes(
    r.top,
    blobs.map((e) => e.object),
  );
  const bytesOf = new Map(blobs.map((e, i) => [e.object, read[i]]));
  for (const repoPath of paths) {
    const abs = path.join(r.top, ...repoPath.split('/'));
    const entry = entries.get(repoPath);
    const bytes =
      entry && entry.type === 'blob' && entry.mode !== LINK_MODE ? bytesOf.get(entry.object) : undefined;
    await serialised(abs, async () => {
      if (bytes === undefined) await unlink(abs).catch(() => {});
      else {
        await mkdir(path.dirname(abs), { recursive: true });
        await writeAtomic(abs, bytes, 0o644);
      }
    });
  }
}
