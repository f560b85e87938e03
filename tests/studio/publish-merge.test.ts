/**
 * A publish conflict resolved (decision 30), against real git: the conflict names the published
 * version and the version both started from; a merge chosen per chunk is published exactly; the
 * forced overwrite's commit message names the change it replaced, who made it and when.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishAnswer, PublishConflict } from '../../studio/api.ts';
import { mergeChunks, presetOf, resolveMerge } from '../../studio/app/screens/publicar/merge-chunks.ts';
import { createStudioServer, type StudioServer } from '../../studio/server/server.ts';
import { apiOf, git, makeGitSite, root, type GitSite } from './git-site.ts';

describe('merge chunks', () => {
  const base = 'title: base\na: 1\nb: 2\nc: 3\nd: 4\ne: 5\nf: 6\ng: 7\nh: 8\n';
  const mine = 'title: minha\na: 1\nb: 2\nc: 3\nd: 4\ne: 5\nf: 6\ng: 7\nh: oito\n';
  const theirs = 'title: deles\na: 1\nb: 2\nc: três\nd: 4\ne: 5\nf: 6\ng: 7\nh: 8\n';

  it('says who changed each chunk and starts the one-sided ones with that side', () => {
    const chunks = mergeChunks(mine, theirs, base);
    expect(chunks.map((c) => [c.linesA, c.changedBy])).toEqual([
      [[1, 1], 'both'],
      [[4, 4], 'theirs'],
      [[9, 9], 'mine'],
    ]);
    const presets = chunks.map(presetOf);
    expect(presets).toEqual([null, 'theirs', 'mine']);
    expect(resolveMerge(mine, theirs, chunks, presets)).toBeNull();
    expect(resolveMerge(mine, theirs, chunks, ['theirs', 'theirs', 'mine'])).toBe(
      'title: deles\na: 1\nb: 2\nc: três\nd: 4\ne: 5\nf: 6\ng: 7\nh: oito\n',
    );
  });

  it('gives back either whole version when every chunk takes that side', () => {
    const pairs: [string, string][] = [
      [mine, theirs],
      ['a\nb', 'a\nb\n'],
      ['', 'a\n'],
      ['x\ny\nz', 'q\ny\nr\ns'],
      ['um\ndois\n', 'zero\num\ndois\ntrês'],
    ];
    for (const [a, b] of pairs) {
      const chunks = mergeChunks(a, b, null);
      expect(chunks.every((c) => c.changedBy === 'both')).toBe(true);
      expect(
        resolveMerge(
          a,
          b,
          chunks,
          chunks.map(() => 'mine'),
        ),
      ).toBe(a);
      expect(
        resolveMerge(
          a,
          b,
          chunks,
          chunks.map(() => 'theirs'),
        ),
      ).toBe(b);
    }
  });
});

let site: GitSite;
let server: StudioServer;
let api: ReturnType<typeof apiOf>;

beforeAll(async () => {
  site = await makeGitSite({
    pages: ['_site.yaml', '404.yaml', 'index.yaml', 'recarga.yaml', 'termos-de-uso.yaml'],
  });
  server = await createStudioServer({
    root,
    runtime: 'loaded', // the test process's own modules (helpers.ts)
    pagesDir: path.join(site.work, 'pages'),
    publicDir: path.join(site.work, 'public'),
    dataDir: path.join(site.tmp, 'dados'),
    port: 0,
  });
  api = apiOf(server);
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (site) await rm(site.tmp, { recursive: true, force: true });
});

const FILE = 'pages/recarga.yaml';
const mineFile = () => path.join(site.work, FILE);

/** `text` with each [from, to] replaced, each `from` present exactly once. */
function replaced(text: string, ...pairs: [string, string][]): string {
  for (const [from, to] of pairs) {
    expect(text.split(from)).toHaveLength(2);
    text = text.replace(from, to);
  }
  return text;
}

/** Another person's change, pushed from their own clone; its commit. */
async function pushedByOther(name: string, ...pairs: [string, string][]): Promise<string> {
  const other = site.clone(name);
  const file = path.join(other, FILE);
  await writeFile(file, replaced(await readFile(file, 'utf8'), ...pairs));
  git(other, 'commit', '-qam', `Mudança de ${name}`);
  git(other, 'push', '-q', 'origin', 'main');
  return git(other, 'rev-parse', 'HEAD');
}

describe('a publish conflict resolved', () => {
  it('publishes exactly the merge chosen per chunk, and says whose version it joined', async () => {
    const base = await readFile(mineFile(), 'utf8');
    const theirsCommit = await pushedByOther(
      'outra-juncao',
      ['title: Recarga de Cilindro', 'title: Recarga Expressa de Cilindro'],
      ['eyebrow: Em números', 'eyebrow: Os números'],
      ['eyebrow: Passo a passo', 'eyebrow: Como funciona'],
    );
    await writeFile(
      mineFile(),
      replaced(
        base,
        ['title: Recarga de Cilindro', 'title: Recarga Fácil de Cilindro'],
        ['eyebrow: Em números', 'eyebrow: Nossos números'],
        ['eyebrow: Depoimentos', 'eyebrow: Quem já usa'],
      ),
    );
    const first = await api<PublishConflict>('POST', '/api/publish', {
      files: [FILE],
      message: 'Meu título',
    });
    expect(first.status, JSON.stringify(first.body).slice(0, 300)).toBe(409);
    const [conflict] = first.body.conflicts;
    expect(conflict!.base).toBe(base);
    expect(conflict!.published).toMatchObject({
      commit: theirsCommit,
      short: theirsCommit.slice(0, 7),
      name: 'Outra Pessoa',
      email: 'outra@example.com',
    });

    const chunks = mergeChunks(conflict!.mine!, conflict!.theirs!, conflict!.base);
    expect(chunks.map((c) => c.changedBy)).toEqual(['both', 'both', 'theirs', 'mine']);
    // Mine for the page title, theirs for the numbers' eyebrow; the one-sided ones as they come.
    const text = resolveMerge(conflict!.mine!, conflict!.theirs!, chunks, [
      'mine',
      'theirs',
      'theirs',
      'mine',
    ])!;
    const expected = replaced(
      base,
      ['title: Recarga de Cilindro', 'title: Recarga Fácil de Cilindro'],
      ['eyebrow: Em números', 'eyebrow: Os números'],
      ['eyebrow: Passo a passo', 'eyebrow: Como funciona'],
      ['eyebrow: Depoimentos', 'eyebrow: Quem já usa'],
    );
    expect(text).toBe(expected);

    // Made against a published version the branch no longer has: refused, with the newer one.
    const outdated = await api<PublishConflict>('POST', '/api/publish', {
      files: [FILE],
      message: 'Meu título',
      resolved: [{ file: FILE, text, against: git(site.remote, 'rev-parse', 'main^') }],
    });
    expect(outdated.status).toBe(409);
    expect(outdated.body.error).toMatch(/outra pessoa publicou outra/);
    expect(outdated.body.conflicts[0]!.published!.commit).toBe(theirsCommit);
    expect(await readFile(mineFile(), 'utf8')).toBe(conflict!.mine);

    const published = await api<PublishAnswer>('POST', '/api/publish', {
      files: [FILE],
      message: 'Meu título',
      resolved: [{ file: FILE, text, against: theirsCommit }],
    });
    expect(published.status, JSON.stringify(published.body).slice(0, 300)).toBe(200);
    expect(git(site.remote, 'show', `main:${FILE}`)).toBe(expected.trimEnd());
    expect(git(site.remote, 'rev-parse', 'main^')).toBe(theirsCommit);
    const date = git(
      site.remote,
      'log',
      '-1',
      '--date=format-local:%d/%m/%Y %H:%M',
      '--format=%ad',
      theirsCommit,
    );
    expect(git(site.remote, 'log', '-1', '--format=%B', 'main')).toBe(
      `Meu título\n\nJunta /recarga com a versão de Outra Pessoa (commit ${theirsCommit.slice(0, 7)}, ${date})`,
    );
    // The merge is now the author's saved text, and nothing is left unpublished.
    expect(await readFile(mineFile(), 'utf8')).toBe(expected);
    expect(git(site.work, 'status', '--porcelain')).toBe('');
  }, 120_000);

  it('names the replaced change, its author and date, when the author publishes over it', async () => {
    const theirs = await pushedByOther('outra-substituida', ['eyebrow: Benefícios', 'eyebrow: Vantagens']);
    const mine = replaced(await readFile(mineFile(), 'utf8'), [
      'eyebrow: Benefícios',
      'eyebrow: Por que nós',
    ]);
    await writeFile(mineFile(), mine);
    const first = await api<PublishConflict>('POST', '/api/publish', {
      files: [FILE],
      message: 'Benefícios',
    });
    expect(first.status).toBe(409);
    const chosen = await api<PublishAnswer>('POST', '/api/publish', {
      files: [FILE],
      message: 'Benefícios',
      overwrite: [FILE],
    });
    expect(chosen.status, JSON.stringify(chosen.body).slice(0, 300)).toBe(200);
    const date = git(site.remote, 'log', '-1', '--date=format-local:%d/%m/%Y %H:%M', '--format=%ad', theirs);
    const subject = `Publica /recarga no lugar da versão de Outra Pessoa (commit ${theirs.slice(0, 7)}, ${date})`;
    expect(git(site.remote, 'log', '-1', '--format=%B', 'main')).toBe(`${subject}\n\nBenefícios`);
    expect(chosen.body.message).toBe(`${subject}\n\nBenefícios`);
    expect(git(site.remote, 'show', `main:${FILE}`)).toBe(mine.trimEnd());
    expect(git(site.remote, 'rev-parse', 'main^')).toBe(theirs);
  }, 120_000);
});
