/**
 * The batched git helpers (studio/server/git.ts): one process for many paths or texts gives what
 * one process per path gave, for paths with spaces, accents and newlines, and nothing for none.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  entriesAt,
  entryKey,
  gitAtCommit,
  gitBlobBytes,
  gitBlobs,
  gitShowBytes,
  hashTexts,
  linksInTree,
  openRepo,
  revParse,
  treeOf,
  treeWith,
  type Repo,
} from '../../studio/server/git.ts';
import { writeFromCommit } from '../../studio/server/publish/files.ts';

let tmp: string;
let work: string;
let repo: Repo;
let first: string;

const run = (...args: string[]) =>
  execFileSync('git', args, {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', LC_ALL: 'C' },
  });
const odd = ['pages/com espaço.yaml', 'pages/ação é.yaml', 'pages/linha\nnova.yaml'];

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'estudio-git-lote-'));
  work = path.join(tmp, 'work');
  await mkdir(path.join(work, 'pages'), { recursive: true });
  await mkdir(path.join(work, 'public'), { recursive: true });
  run('init', '-q', '-b', 'main');
  run('config', 'user.name', 'Ana');
  run('config', 'user.email', 'ana@example.com');
  await writeFile(path.join(work, 'pages/a.yaml'), 'title: A\n');
  await writeFile(path.join(work, 'pages/vazio.yaml'), '');
  for (const [i, p] of odd.entries()) await writeFile(path.join(work, p), `title: ${i}\n`);
  run('add', '-A');
  run('commit', '-q', '-m', 'primeiro');
  first = run('rev-parse', 'HEAD').trim();
  repo = (await openRepo(path.join(work, 'pages'), path.join(work, 'public')))!;
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** What one `ls-tree <rev> -- <path>` per path answers: mode, type and object, or '' for none. */
const oneByOne = (rev: string, p: string) => {
  const line = execFileSync('git', ['ls-tree', '-z', rev, '--', p], { cwd: work, encoding: 'utf8' });
  const m = /^(\d{6}) (\w+) ([0-9a-f]+)\t/.exec(line);
  return m ? `${m[1]} ${m[2]} ${m[3]}` : '';
};

describe('entriesAt', () => {
  it('answers each path as its own ls-tree would, odd names included, and nothing for the absent', async () => {
    const paths = [
      'pages/a.yaml',
      'pages/vazio.yaml',
      ...odd,
      'pages/não existe.yaml',
      'pages',
      'pages/nada/x',
    ];
    const entries = await entriesAt(repo, first, paths);
    for (const p of paths) expect(entryKey(entries.get(p)), p).toBe(oneByOne(first, p));
    expect(entries.has('pages/não existe.yaml')).toBe(false);
    expect(entries.get('pages')?.type).toBe('tree');
  });

  it('runs no git for an empty list, and fails as ls-tree does on an unknown revision', async () => {
    expect((await entriesAt(repo, 'nao-existe', [])).size).toBe(0);
    await expect(entriesAt(repo, 'nao-existe', ['pages/a.yaml'])).rejects.toThrow(/ls-tree/);
  });
});

describe('gitBlobBytes and gitBlobs', () => {
  it('reads many blobs by id or <rev>:<path>, empty ones as empty, missing ones as absent', async () => {
    const entries = await entriesAt(repo, first, ['pages/a.yaml', 'pages/vazio.yaml', odd[0]!]);
    const bytes = await gitBlobBytes(work, [
      entries.get('pages/a.yaml')!.object,
      entries.get('pages/vazio.yaml')!.object,
      `${first}:${odd[1]}`,
      `${first}:pages/nada.yaml`,
      `${first}:pages`,
    ]);
    expect(bytes.map((b) => b?.toString('utf8'))).toEqual([
      'title: A\n',
      '',
      'title: 1\n',
      undefined,
      undefined,
    ]);
    expect(await gitBlobs(work, [`${first}:${odd[0]}`, `${first}:pages/nada.yaml`])).toEqual([
      'title: 0\n',
      null,
    ]);
    expect(await gitBlobBytes(work, [])).toEqual([]);
  });
});

describe('the kept cat-file --batch', () => {
  it('answers reads as a new process would: after commits, a moved branch, a gc, many at once, big blobs', async () => {
    const before = run('rev-parse', 'HEAD').trim();
    expect(await revParse(repo, 'HEAD')).toBe(before);
    expect(await revParse(repo, 'nao-existe')).toBeUndefined();
    expect(await revParse(repo, `${before}:pages`)).toBeUndefined();
    expect((await gitShowBytes(work, 'HEAD:pages/a.yaml'))?.toString()).toBe(
      run('show', 'HEAD:pages/a.yaml'),
    );
    // A spec with a newline goes to a process of its own, beside the batch's answers.
    expect(await gitBlobs(work, [`${first}:${odd[2]}`, `${first}:pages/a.yaml`, 'HEAD:nada'])).toEqual([
      'title: 2\n',
      'title: A\n',
      null,
    ]);
    // A commit made by another process, a big file (many chunks of output), then the branch moved back.
    const big = 'x'.repeat(300_000) + '\nfim\n';
    await writeFile(path.join(work, 'pages/grande.yaml'), big);
    run('add', 'pages/grande.yaml');
    run('commit', '-q', '-m', 'grande');
    const after = run('rev-parse', 'HEAD').trim();
    expect(await revParse(repo, 'HEAD')).toBe(after);
    const many = await Promise.all([
      gitShowBytes(work, 'HEAD:pages/grande.yaml'),
      gitBlobs(work, [
        'HEAD:pages/a.yaml',
        'HEAD:pages/nada.yaml',
        'HEAD:pages/grande.yaml',
        'HEAD:pages/vazio.yaml',
      ]),
      revParse(repo, 'main'),
    ]);
    expect(many[0]?.toString()).toBe(big);
    expect(many[1]).toEqual([run('show', 'HEAD:pages/a.yaml'), null, big, '']);
    expect(many[2]).toBe(after);
    run('pack-refs', '--all');
    run('gc', '-q', '--prune=now');
    expect(await gitBlobs(work, [`${after}:pages/grande.yaml`])).toEqual([big]);
    run('update-ref', 'refs/heads/main', before);
    expect(await revParse(repo, 'HEAD')).toBe(before);
    expect(await gitShowBytes(work, 'HEAD:pages/grande.yaml')).toBeUndefined();
    run('update-ref', 'refs/heads/main', after);
    expect((await gitShowBytes(work, 'HEAD:pages/grande.yaml'))?.toString()).toBe(big);
    run('reset', '-q', '--soft', before);
    run('rm', '-q', '--cached', 'pages/grande.yaml');
    await rm(path.join(work, 'pages/grande.yaml'));
  });
});

describe('hashTexts', () => {
  it('writes each text as the blob hash-object --stdin writes, in order, for one or many', async () => {
    const texts = ['um\n', '', 'dois\r\ncom CRLF\r\n', 'três ção\n', 'um\n'];
    const scratch = await mkdtemp(path.join(tmp, 'scratch-'));
    const ids = await hashTexts(repo, texts, scratch);
    const expected = texts.map((t) =>
      execFileSync('git', ['hash-object', '--stdin'], { cwd: work, input: t, encoding: 'utf8' }).trim(),
    );
    expect(ids).toEqual(expected);
    expect(await hashTexts(repo, [texts[2]!], scratch)).toEqual([expected[2]]);
    expect(await hashTexts(repo, [], scratch)).toEqual([]);
    // Written to the object store, and the scratch files removed.
    expect((await gitBlobs(work, ids)).every((t, i) => t === texts[i])).toBe(true);
    expect(execFileSync('ls', ['-A', scratch], { encoding: 'utf8' })).toBe('');
  });
});

describe('treeWith', () => {
  it('puts blobs, texts and removals of odd paths in one update-index, as one per path did', async () => {
    const index = await mkdtemp(path.join(tmp, 'indice-'));
    const a = (await entriesAt(repo, first, ['pages/a.yaml'])).get('pages/a.yaml')!;
    const tree = await treeWith(
      repo,
      first,
      [
        { path: odd[0]!, from: 'text', text: 'novo\n' },
        { path: odd[2]!, from: 'delete' },
        { path: 'pages/nova pasta/b.yaml', from: 'blob', blob: a.object, mode: a.mode },
        { path: odd[1]!, from: 'text', text: 'outro\n' },
        { path: 'pages/nunca existiu.yaml', from: 'delete' },
      ],
      path.join(index, 'index'),
    );
    const listing = execFileSync('git', ['ls-tree', '-r', '-z', '--name-only', tree], {
      cwd: work,
      encoding: 'utf8',
    })
      .split('\0')
      .filter(Boolean)
      .sort();
    expect(listing).toEqual(
      ['pages/a.yaml', 'pages/vazio.yaml', odd[0]!, odd[1]!, 'pages/nova pasta/b.yaml'].sort(),
    );
    expect(
      await gitBlobs(work, [`${tree}:${odd[0]}`, `${tree}:${odd[1]}`, `${tree}:pages/nova pasta/b.yaml`]),
    ).toEqual(['novo\n', 'outro\n', 'title: A\n']);
    // The index folder holds only the index: the texts' files are gone.
    expect(execFileSync('ls', ['-A', index], { encoding: 'utf8' }).trim()).toBe('index');
  });
});

describe('answers kept by object id', () => {
  it('treeOf and linksInTree give the same answer again, and a ref is read every time', async () => {
    const tree = await treeOf(repo, first);
    expect(tree).toBe(run('rev-parse', `${first}^{tree}`).trim());
    expect(await treeOf(repo, first)).toBe(tree);
    expect(await linksInTree(repo, tree, ['pages'])).toEqual([]);
    const again = await linksInTree(repo, tree, ['pages']);
    again.push('mudado');
    expect(await linksInTree(repo, tree, ['pages'])).toEqual([]);
    await writeFile(path.join(work, 'pages/a.yaml'), 'title: A2\n');
    run('commit', '-q', '-am', 'segundo');
    expect(await treeOf(repo, 'HEAD')).toBe(run('rev-parse', 'HEAD^{tree}').trim());
    expect(await treeOf(repo, 'HEAD')).not.toBe(tree);
  });
});

describe('writeFromCommit', () => {
  it('writes each path as the commit has it, removing the absent ones, odd names included', async () => {
    const second = run('rev-parse', 'HEAD').trim();
    await writeFile(path.join(work, odd[1]!), 'rascunho\n');
    await writeFile(path.join(work, 'pages/sobra.yaml'), 'sobra\n');
    await writeFromCommit(repo, first, [
      'pages/a.yaml',
      odd[1]!,
      odd[2]!,
      'pages/sobra.yaml',
      'pages/vazio.yaml',
    ]);
    expect(await readFile(path.join(work, 'pages/a.yaml'), 'utf8')).toBe('title: A\n');
    expect(await readFile(path.join(work, odd[1]!), 'utf8')).toBe('title: 1\n');
    expect(await readFile(path.join(work, odd[2]!), 'utf8')).toBe('title: 2\n');
    expect(await readFile(path.join(work, 'pages/vazio.yaml'), 'utf8')).toBe('');
    await expect(readFile(path.join(work, 'pages/sobra.yaml'))).rejects.toThrow(/ENOENT/);
    await writeFromCommit(repo, second, ['pages/a.yaml']);
    expect(await readFile(path.join(work, 'pages/a.yaml'), 'utf8')).toBe('title: A2\n');
    await writeFromCommit(repo, second, []);
  });
});

describe('gitAtCommit', () => {
  it('answers as git at HEAD does, anew after a commit or a reset in a terminal, and as before once HEAD is back', async () => {
    const log = () => gitAtCommit(repo, 'HEAD', (commit) => ['log', '--format=%s', commit, '--', 'pages']);
    const before = run('log', '--format=%s', '--', 'pages');
    expect(await log()).toBe(before);
    expect(await log()).toBe(before);
    await writeFile(path.join(work, 'pages/a.yaml'), 'title: A3\n');
    run('commit', '-q', '-am', 'terceiro');
    expect(await log()).toBe(run('log', '--format=%s', '--', 'pages'));
    expect((await log()).split('\n')[0]).toBe('terceiro');
    run('reset', '-q', '--hard', 'HEAD~1');
    expect(await log()).toBe(before);
    // A ref that names no commit is asked of git as given, and fails as git does.
    await expect(gitAtCommit(repo, 'nenhum', (commit) => ['log', commit])).rejects.toThrow();
  });
});
