/**
 * The check: the whole site built from exactly the tree that would be committed (as `npm run
 * build` builds it), and the generated files (vercel.json, middleware.ts) that tree implies.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gitShowBytes, linksInTree, type Repo, type TreeChange } from '../git.ts';
import { crashPoint } from '../publish-journal.ts';
import { CHECK_REUSE_MS, PAGES, type CheckResult, type PublishContext } from './context.ts';
import { toApiFile } from './files.ts';
import { linkReason, siteFolders } from './links.ts';
import { treeWithKept } from './trees.ts';

/**
 * Vercel reads vercel.json and middleware.ts from the repository before it builds, so they are
 * generated from _site.yaml and committed with it (never out of step with the experiments).
 * Only in a repository that deploys to Vercel: one with vercel.json beside the pages folder.
 */
export async function derivedChanges(r: Repo, tree: string, generated: string): Promise<TreeChange[]> {
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
  const [currentMiddleware, nextMiddleware] = await Promise.all([inTree(middleware), read('middleware.ts')]);
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
export async function withDerived(
  r: Repo,
  tree: string,
  checked: CheckResult,
  indexFile: string,
): Promise<string> {
  if (checked.derived.length === 0) return tree;
  return treeWithKept(r, tree, checked.derived, indexFile);
}

/** The whole site built from `tree`, exactly as `npm run build` builds it. */
export async function check(
  ctx: PublishContext,
  r: Repo,
  tree: string,
  maxAgeMs = CHECK_REUSE_MS,
): Promise<CheckResult> {
  // A tree with a link in pages/ or public/ (one the remote brought, for a replayed commit) is
  // refused before anything is written out; the build would refuse it too, located the same way.
  const links = (await linksInTree(r, tree, siteFolders(r))).map((l) => toApiFile(r, l) ?? l);
  if (links.length > 0) {
    const output = links.map((l) => `${l}:1:1  ${linkReason(l, l)}`).join('\n');
    return { ok: false, output, pages: links.filter((l) => l.startsWith(PAGES)), derived: [] };
  }
  // The build of this tree a review made a moment ago, when there is one (review/site-builds.ts).
  const built = await ctx.builds.build(r, tree, maxAgeMs);
  if (built.reused) crashPoint('check');
  try {
    const { code, output, pagesDir, vercelOut } = built;
    // The build names files relative to the project root: name them as the Estúdio does.
    const relPages = path.relative(ctx.options.root, pagesDir).split(path.sep).join('/');
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
