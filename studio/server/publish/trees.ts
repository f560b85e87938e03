/**
 * Trees a publish already made, remembered so that the next step does not ask git again: the tree
 * of HEAD with the author's saved files (the review builds it, Publicar a moment later builds the
 * same one), the tree of each commit the Estúdio made (the parent of the next publish), and the
 * trees the review's pictures name (decision 0044, session 35).
 *
 * Every key names content for ever: a commit or tree id, and for the saved files their bytes'
 * blob id (computed here as git computes it) and executable bit. So nothing kept goes stale: a
 * file saved again, another parent (a terminal commit, the remote followed) or another text is
 * another key, and the tree is made anew by git. What is kept belongs to one opened repository
 * (its Repo object, the publisher's): a folder made again at the same path starts empty.
 */
import { createHash } from 'node:crypto';
import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { linkOnPath, SymbolicLinkError, treeOf, treeWith, type Repo, type TreeChange } from '../git.ts';

const KEEP = 128;
const OBJECT_ID = /^[0-9a-f]{40}$|^[0-9a-f]{64}$/;
interface Kept {
  /** parent + the changes' contents → the tree treeWith wrote. */
  byChanges: Map<string, string>;
  /** A commit or tree id → its tree (a tree's is itself). */
  byId: Map<string, string>;
}
const keptByRepo = new WeakMap<Repo, Kept>();
function kept(r: Repo): Kept {
  let found = keptByRepo.get(r);
  if (!found) {
    found = { byChanges: new Map(), byId: new Map() };
    keptByRepo.set(r, found);
  }
  return found;
}

function remember(map: Map<string, string>, key: string, value: string): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > KEEP) map.delete(map.keys().next().value!);
}

/** A blob's id as git names it: the hash of "blob <size>\0" and the bytes (SHA-1, or SHA-256 in such a repository). */
function blobId(bytes: Buffer | string, sha256: boolean): string {
  const body = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  return createHash(sha256 ? 'sha256' : 'sha1')
    .update(`blob ${body.length}\0`)
    .update(body)
    .digest('hex');
}

/**
 * What `changes` put into a tree, by content: undefined when a working-tree path cannot be
 * described so (a link, not a file), then git reads it and refuses or takes it as before.
 */
async function contentKey(r: Repo, base: string, changes: TreeChange[]): Promise<string | undefined> {
  const sha256 = base.length === 64;
  const parts: string[] = [base];
  for (const change of changes) {
    if (change.from === 'blob') parts.push(`${change.path}\0b${change.mode}:${change.blob}`);
    else if (change.from === 'delete') parts.push(`${change.path}\0d`);
    else if (change.from === 'text') parts.push(`${change.path}\0t${blobId(change.text, sha256)}`);
    else {
      const abs = path.join(r.top, ...change.path.split('/'));
      const stat = await lstat(abs).catch(() => null);
      if (stat === null) {
        // Gone from the working tree: update-index --remove takes it out (unless a folder above is a link).
        if ((await linkOnPath(r, change.path)) !== undefined) return undefined;
        parts.push(`${change.path}\0-`);
        continue;
      }
      if (!stat.isFile()) return undefined;
      const bytes = await readFile(abs).catch(() => null);
      if (bytes === null) return undefined;
      parts.push(`${change.path}\0w${stat.mode & 0o111 ? 'x' : ''}:${blobId(bytes, sha256)}`);
    }
  }
  return parts.join('\0\0');
}

/**
 * treeWith (the tree of `base` with `changes`), or the tree it wrote for the same base and the
 * same contents a moment ago (the review's, when Publicar follows it). A working-tree path that
 * is or lies under a symbolic link is still refused with SymbolicLinkError, checked right here.
 */
export async function treeWithKept(
  r: Repo,
  base: string,
  changes: TreeChange[],
  indexFile: string,
): Promise<string> {
  const key = await contentKey(r, base, changes);
  const known = key === undefined ? undefined : kept(r).byChanges.get(key);
  if (known !== undefined) {
    const worktree = changes.filter((c) => c.from === 'worktree').map((c) => c.path);
    const links = (await Promise.all(worktree.map((p) => linkOnPath(r, p)))).filter(
      (l): l is string => l !== undefined,
    );
    if (links.length > 0) throw new SymbolicLinkError([...new Set(links)]);
    remember(kept(r).byChanges, key!, known);
    return known;
  }
  const tree = await treeWith(r, base, changes, indexFile);
  if (key !== undefined) remember(kept(r).byChanges, key, tree);
  remember(kept(r).byId, tree, tree);
  return tree;
}

/** The tree of a commit, with the commits this Estúdio made answered without git. */
export async function commitTreeOf(r: Repo, commit: string): Promise<string> {
  const known = kept(r).byId.get(commit);
  if (known !== undefined) return known;
  const tree = await treeOf(r, commit);
  if (OBJECT_ID.test(commit)) remember(kept(r).byId, commit, tree);
  remember(kept(r).byId, tree, tree);
  return tree;
}

/** A commit this Estúdio made, and its tree (the next publish's parent). */
export function rememberCommit(r: Repo, commit: string, tree: string): void {
  remember(kept(r).byId, commit, tree);
  remember(kept(r).byId, tree, tree);
}

/** The tree an id names when it is known here (a commit or tree made or read before), else undefined. */
export function knownTree(r: Repo, id: string): string | undefined {
  return kept(r).byId.get(id);
}

/** An id found to name `tree` (by rev-parse). */
export function rememberTree(r: Repo, id: string, tree: string): void {
  remember(kept(r).byId, id, tree);
}
