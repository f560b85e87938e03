/**
 * Histórico in a marketer's words: each version of a page described by what it changed on the
 * page (studio/server/describe-change.ts), whoever made it, the Estúdio or plain git.
 *
 * Each version is resolved by the runtime's own loader, as the site would build it then: the
 * page's text at that commit, with the base pages its `extends:` names at the same commit, in a
 * temporary pages folder (the person's working tree and index are never touched). A version the
 * loader refuses (it has errors under today's schema, its base is gone) is described from its
 * YAML alone. Commits never change, so each description is computed once per server.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { dump, load as parseYamlText } from 'js-yaml';
import type { HistoryAnswer, HistoryDiffAnswer } from '../api.ts';
import { describePageChange, type PageSide } from './describe-change.ts';
import { gitAtCommit, gitBlobs, openRepo, revParse, type Repo } from './git.ts';
import type { Runtime } from './runtime.ts';

const PAGES = 'pages/';
/** Versions described when a history is listed, newest first (older ones keep their message). */
export const DESCRIBED_VERSIONS = 60;
/** Bases followed through `extends:` (the loader refuses deeper chains anyway). */
const MAX_CHAIN = 8;
const MAX_CACHE = 2000;

interface Folders {
  runtime: Runtime;
  pagesDir: string;
  publicDir: string;
}

type Data = Record<string, unknown>;
const isRecord = (x: unknown): x is Data => typeof x === 'object' && x !== null && !Array.isArray(x);

export interface HistoryWords {
  /** The sentences of one version of `file` ("pages/x.yaml"), what `commit` changed in it. */
  describe(file: string, commit: string): Promise<string[]>;
  /** The history with every recent version described and its whole commit message. */
  history(answer: HistoryAnswer): Promise<HistoryAnswer>;
  /** The difference of one version, with its sentences. */
  diff(answer: HistoryDiffAnswer): Promise<HistoryDiffAnswer>;
}

const instances = new WeakMap<object, HistoryWords>();

/** One describer per API context (its caches live as long as the server). */
export function historyWordsFor(ctx: Folders): HistoryWords {
  let words = instances.get(ctx);
  if (!words) {
    words = createHistoryWords(ctx);
    instances.set(ctx, words);
  }
  return words;
}

export function createHistoryWords(folders: Folders): HistoryWords {
  let repoPromise: Promise<Repo | undefined> | undefined;
  const repo = () => (repoPromise ??= openRepo(folders.pagesDir, folders.publicDir));
  const described = new Map<string, Promise<string[]>>();
  const resolved = new Map<string, Promise<Data | null>>();
  const remember = <T>(cache: Map<string, T>, key: string, value: T): T => {
    if (cache.size >= MAX_CACHE) cache.delete(cache.keys().next().value!);
    cache.set(key, value);
    return value;
  };

  /** "agendamento.yaml" (inside pages/) → its path in the repository. */
  const repoPathOf = (r: Repo, rel: string) => (r.pagesPath === '' ? rel : `${r.pagesPath}/${rel}`);

  /** The site settings the loader needs beside a page: today's, without experiments (they name other pages). */
  async function siteText(): Promise<string | undefined> {
    try {
      const data = parseYamlText(await readFile(path.join(folders.pagesDir, '_site.yaml'), 'utf8'));
      if (!isRecord(data)) return undefined;
      delete data.experiments;
      return dump(data);
    } catch {
      return undefined;
    }
  }

  /** The page `rel` (inside pages/) as the loader resolves it from these texts, or null. */
  async function resolve(rel: string, texts: Map<string, string>): Promise<Data | null> {
    const site = await siteText();
    if (site === undefined) return null;
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'estudio-historico-'));
    try {
      const pagesDir = path.join(tmp, 'pages');
      for (const [name, text] of texts) {
        const abs = path.join(pagesDir, ...name.split('/'));
        await mkdir(path.dirname(abs), { recursive: true });
        await writeFile(abs, text);
      }
      await mkdir(pagesDir, { recursive: true });
      await writeFile(path.join(pagesDir, '_site.yaml'), site);
      const load = await folders.runtime.load();
      const { blockList } = await folders.runtime.blocks();
      const project = await load.loadProject({
        root: tmp,
        pagesDir,
        blocks: blockList,
        only: [path.join(pagesDir, ...rel.split('/'))],
      });
      const model = project.pages[0]?.model;
      return model ? (JSON.parse(JSON.stringify(model)) as Data) : null;
    } catch {
      return null;
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  }

  /**
   * The page file at each revision ("<commit>", "<commit>^") with the bases its `extends:` names
   * there, read in one `git cat-file --batch` per level of the chain. Null: no file at that rev.
   */
  async function chainsAt(r: Repo, rel: string, revs: string[]): Promise<(Map<string, string> | null)[]> {
    const load = await folders.runtime.load();
    const first = await gitBlobs(
      r.top,
      revs.map((rev) => `${rev}:${repoPathOf(r, rel)}`),
    );
    const chains = first.map((text) => (text === null ? null : new Map([[rel, text]])));
    let open = chains
      .map((chain, i) => (chain ? { i, text: first[i]! } : undefined))
      .filter((x) => x !== undefined);
    for (let depth = 0; depth < MAX_CHAIN && open.length > 0; depth++) {
      const wanted = open.flatMap(({ i, text }) => {
        const name = extendsOf(text);
        const stem = name === undefined ? undefined : stemOf(name);
        return stem === undefined
          ? []
          : [{ i, name: name!, candidates: [`${stem}.yaml`, `${stem}/index.yaml`] }];
      });
      const texts = await gitBlobs(
        r.top,
        wanted.flatMap(({ i, candidates }) => candidates.map((c) => `${revs[i]}:${repoPathOf(r, c)}`)),
      );
      open = [];
      wanted.forEach(({ i, name, candidates }, k) => {
        const found = candidates.filter((_, c) => texts[2 * k + c] !== null);
        const base = load.resolvePageName(name, found);
        const chain = chains[i]!;
        if (!('file' in base) || chain.has(base.file)) return;
        const text = texts[2 * k + candidates.indexOf(base.file)]!;
        chain.set(base.file, text);
        open.push({ i, text });
      });
    }
    return chains;
  }

  /** Each version of the file and, when the loader accepts it, the page it makes. */
  async function sidesAt(r: Repo, file: string, revs: string[]): Promise<PageSide[]> {
    const rel = file.slice(PAGES.length);
    const chains = await chainsAt(r, rel, revs);
    const sides: PageSide[] = [];
    // One at a time: each is a small load, and the machine serves the editor meanwhile.
    for (const chain of chains) {
      if (!chain) {
        sides.push({ text: null });
        continue;
      }
      const key = createHash('sha256')
        .update(JSON.stringify([rel, ...chain]))
        .digest('hex');
      const page = await (resolved.get(key) ?? remember(resolved, key, resolve(rel, chain)));
      sides.push({ text: chain.get(rel)!, page });
    }
    return sides;
  }

  /** Describes the versions of `file` made by these commits, the ones not described yet. */
  async function describeAll(file: string, commits: string[]): Promise<void> {
    const missing = commits.filter((c) => !described.has(`${file}\0${c}`));
    if (missing.length === 0) return;
    const work = (async () => {
      const r = await repo();
      if (!r) return new Map<string, string[]>();
      const sides = await sidesAt(
        r,
        file,
        missing.flatMap((c) => [`${c}^`, c]),
      );
      return new Map(missing.map((c, k) => [c, describePageChange(sides[2 * k]!, sides[2 * k + 1]!)]));
    })();
    for (const commit of missing) {
      const key = `${file}\0${commit}`;
      const one = work.then((all) => all.get(commit) ?? []);
      // A failure (a git hiccup) is not remembered: the next look tries again.
      one.catch(() => described.delete(key));
      remember(described, key, one);
    }
    await work.catch(() => undefined);
  }

  const describe = async (file: string, commit: string): Promise<string[]> => {
    await describeAll(file, [commit]);
    return (await described.get(`${file}\0${commit}`)) ?? [];
  };

  /** The whole message of each commit that touched the file (the list shows only its first line). */
  async function bodies(file: string): Promise<Map<string, string>> {
    const r = await repo();
    const out = new Map<string, string>();
    if (!r) return out;
    const log = await gitAtCommit(r, 'HEAD', (commit) => [
      'log',
      '--format=%H%x1f%B%x1e',
      commit,
      '--',
      repoPathOf(r, file.slice(PAGES.length)),
    ]);
    for (const record of log.split('\x1e')) {
      const [commit, body] = record.trim().split('\x1f');
      if (commit && body !== undefined) out.set(commit, body.trim());
    }
    return out;
  }

  return {
    describe,
    async history(answer) {
      const [messages, changes] = await Promise.all([
        bodies(answer.file),
        (async () => {
          const recent = answer.entries.slice(0, DESCRIBED_VERSIONS).map((e) => e.commit);
          await describeAll(answer.file, recent);
          return Promise.all(recent.map((c) => describe(answer.file, c).catch(() => undefined)));
        })(),
      ]);
      return {
        ...answer,
        entries: answer.entries.map((entry, i) => ({
          ...entry,
          body: messages.get(entry.commit) ?? entry.message,
          ...(changes[i] && changes[i].length > 0 ? { changes: changes[i] } : {}),
        })),
      };
    },
    async diff(answer) {
      const r = await repo();
      const [changes, parent] = await Promise.all([
        describe(answer.file, answer.commit).catch(() => undefined),
        r ? revParse(r, `${answer.commit}^`) : undefined,
      ]);
      return { ...answer, ...(changes && changes.length > 0 ? { changes } : {}), parent: parent ?? null };
    },
  };
}

/** The page name after `extends:` in a file's text, if it has one. */
function extendsOf(text: string): string | undefined {
  try {
    const data: unknown = parseYamlText(text);
    return isRecord(data) && typeof data.extends === 'string' ? data.extends : undefined;
  } catch {
    return undefined;
  }
}

/** The file stem a page name refers to, cleaned as the loader's resolvePageName cleans it. */
function stemOf(name: string): string | undefined {
  const clean = name
    .trim()
    .replace(/^\.?\/+/, '')
    .replace(/^pages\//, '')
    .replace(/\/+$/, '')
    .replace(/\.ya?ml$/, '');
  if (clean.split('/').includes('..') || clean === '_site') return undefined;
  return clean === '' ? 'index' : clean;
}
