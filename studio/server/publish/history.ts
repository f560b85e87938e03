/**
 * Reading the history, outside the queue: a page's published versions and their differences,
 * deleted pages, each page's last change, the day an experiment was first published, the tree a
 * commit names.
 */
import type { DeletedPage, HistoryAnswer, HistoryDiffAnswer } from '../../api.ts';
import { changedPaths, git, gitAtCommit, revParse } from '../git.ts';
import { HttpError } from '../http.ts';
import { siteDay } from '../site.ts';
import { need, type PublishContext } from './context.ts';
import { headText, toApiFile, toRepoPath, worktreeText } from './files.ts';
import { knownTree, rememberTree } from './trees.ts';

/**
 * The tree a commit or tree id (40 hex digits) names in the repository, or undefined. An id once
 * found names the same tree for ever, and the review's trees and the Estúdio's commits are known
 * from when they were made (trees.ts): the review's pictures ask without a git process.
 */
export async function resolveTree(ctx: PublishContext, id: string): Promise<string | undefined> {
  if (!/^[0-9a-f]{40}$/.test(id)) return undefined;
  const r = need(ctx);
  const known = knownTree(r, id);
  if (known !== undefined) return known;
  const run = await git(r.top, ['rev-parse', '--verify', '--quiet', `${id}^{tree}`], {
    okCodes: [1],
  });
  const tree = run.stdout.trim() || undefined;
  if (tree !== undefined) rememberTree(r, id, tree);
  return tree;
}

/** A pages/ file as published (HEAD), null outside git or when it is not there. */
export async function publishedText(ctx: PublishContext, file: string): Promise<string | null> {
  const { repo } = ctx;
  if (!repo) return null;
  return headText(repo, toRepoPath(repo, file));
}

/**
 * For experiments without a start: the São Paulo day each experiment id was first published
 * in `file` (_site.yaml), from the lines its commits added.
 */
export async function firstDays(ctx: PublishContext, file: string): Promise<(id: string) => string | null> {
  const { repo } = ctx;
  if (!repo) return () => null;
  const log = await gitAtCommit(repo, 'HEAD', (commit) => [
    'log',
    '--reverse',
    '-n',
    '500',
    '--format=%x1e%aI',
    '--unified=0',
    '--no-color',
    '-p',
    commit,
    '--',
    toRepoPath(repo, file),
  ]);
  const first = new Map<string, string>();
  for (const record of log.split('\x1e').filter((x) => x.trim())) {
    const [date, ...lines] = record.split('\n');
    for (const line of lines) {
      const m = /^\+\s*(?:-\s+)?id:\s*['"]?([a-z0-9-]+)/.exec(line);
      if (m && !first.has(m[1]!)) first.set(m[1]!, siteDay(new Date(date!.trim())));
    }
  }
  return (id) => first.get(id) ?? null;
}

/** For the Páginas screen: each page's last published change, and whether it has unpublished ones. */
export async function pageStates(
  ctx: PublishContext,
): Promise<Map<string, { lastChange: { name: string; date: string } | null; unpublished: boolean }>> {
  const states = new Map<
    string,
    { lastChange: { name: string; date: string } | null; unpublished: boolean }
  >();
  const { repo } = ctx;
  if (!repo) return states;
  const r = repo;
  const log = await gitAtCommit(r, 'HEAD', (commit) => [
    'log',
    '-n',
    '2000',
    '--format=%x1e%an%x1f%aI',
    '--name-only',
    '--no-renames',
    commit,
    '--',
    r.pagesPath || '.',
  ]);
  for (const record of log.split('\x1e').filter((x) => x.trim())) {
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
}

export async function history(ctx: PublishContext, file: string): Promise<HistoryAnswer> {
  const r = need(ctx);
  const repoPath = toRepoPath(r, file);
  // An approved publication request names both people in trailers (requests.ts).
  const trailer = (key: string) => `%(trailers:key=${key},valueonly,separator=%x1d)`;
  const log = await gitAtCommit(r, 'HEAD', (commit) => [
    'log',
    `--format=%H%x1f%an%x1f%ae%x1f%aI%x1f%s%x1f${trailer('Pedido-por')}%x1f${trailer('Aprovado-por')}%x1e`,
    commit,
    '--',
    repoPath,
  ]);
  const entries = log
    .split('\x1e')
    .map((e) => e.trim())
    .filter(Boolean)
    .map((line) => {
      const [commit, name, email, date, message, asked, approved] = line.split('\x1f') as [
        string,
        string,
        string,
        string,
        string,
        string?,
        string?,
      ];
      const requestedBy = asked?.trim().split('\x1d')[0]?.trim();
      const approvedBy = approved?.trim().split('\x1d')[0]?.trim();
      return {
        commit,
        short: commit.slice(0, 7),
        name,
        email,
        date,
        message,
        ...(requestedBy && approvedBy ? { requestedBy, approvedBy } : {}),
      };
    });
  const exists = (await worktreeText(r, repoPath)) !== null;
  return { file, route: ctx.options.routeOf(file), exists, entries };
}

export async function diff(ctx: PublishContext, file: string, commit: string): Promise<HistoryDiffAnswer> {
  const r = need(ctx);
  const repoPath = toRepoPath(r, file);
  const sha = await revParse(r, commit);
  if (!sha || !/^[0-9a-f]{40}$/.test(commit)) throw new HttpError(404, 'Versão não encontrada no histórico.');
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
}

export async function deleted(ctx: PublishContext): Promise<DeletedPage[]> {
  const r = need(ctx);
  const log = await gitAtCommit(r, 'HEAD', (commit) => [
    'log',
    '--diff-filter=D',
    '--name-only',
    '--format=%x1e%H%x1f%an%x1f%ae%x1f%aI',
    commit,
    '--',
    r.pagesPath || '.',
  ]);
  const seen = new Set<string>();
  const out: DeletedPage[] = [];
  for (const record of log.split('\x1e').filter((x) => x.trim())) {
    const [head, ...names] = record.split('\n').filter(Boolean);
    const [commit, name, email, date] = head!.split('\x1f') as [string, string, string, string];
    for (const repoPath of names) {
      if (seen.has(repoPath)) continue;
      seen.add(repoPath);
      const file = toApiFile(r, repoPath);
      if (!file || (await worktreeText(r, repoPath)) !== null) continue;
      const route = ctx.options.routeOf(file);
      if (route === null) continue;
      out.push({ file, route, deletedIn: commit, name, email, date, restoreFrom: `${commit}^` });
    }
  }
  return out;
}
