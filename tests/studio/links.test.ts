/**
 * Issue 29: Publicar never commits a symbolic link. A link sitting in pages/ or public/images/ of
 * the server's clone (to a file outside the repository, dangling, or to a file beside it) is left
 * out of the changes list with its reason, refused by Publicar with nothing committed, and never
 * written or committed by Restaurar or Desfazer, even when someone committed one by hand. Real git:
 * a bare remote and the Estúdio in a clone of it.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiError,
  ChangesAnswer,
  DeletedAnswer,
  PublishAnswer,
  PublishRefused,
} from '../../studio/api.ts';
import { linksInTree, openRepo, SymbolicLinkError, treeWith, type Repo } from '../../studio/server/git.ts';
import { createStudioServer, type StudioServer } from '../../studio/server/server.ts';
import { apiOf, git, makeGitSite, root, type GitSite } from './git-site.ts';

let site: GitSite;
let server: StudioServer;
let api: ReturnType<typeof apiOf>;
/** A file outside the repository a link must never bring into the site. */
let secret: string;

const inWork = (...parts: string[]) => path.join(site.work, ...parts);
const remoteHead = () => git(site.remote, 'rev-parse', 'main');
const localHead = () => git(site.work, 'rev-parse', 'HEAD');
/** Every 120000 entry of a commit (the links it holds). */
const linkEntries = (repo: string, rev: string) =>
  git(repo, 'ls-tree', '-r', rev)
    .split('\n')
    .filter((l) => l.startsWith('120000 '));

const LINK_REASON = /é um atalho \(link simbólico\): o Estúdio não publica atalhos/;

beforeAll(async () => {
  site = await makeGitSite();
  secret = path.join(await mkdtemp(path.join(os.tmpdir(), 'estudio-segredo-')), 'segredo.txt');
  await writeFile(secret, 'SENHA-DO-SERVIDOR\n');
  server = await createStudioServer({
    root,
    runtime: 'loaded', // the test process's own modules (helpers.ts)
    pagesDir: inWork('pages'),
    publicDir: inWork('public'),
    dataDir: path.join(site.tmp, 'dados'),
    port: 0,
  });
  api = apiOf(server);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await rm(site.tmp, { recursive: true, force: true });
  await rm(path.dirname(secret), { recursive: true, force: true });
});

async function edit(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  expect(text).toContain(from);
  await writeFile(file, text.replace(from, to));
}

describe('links in the working tree', () => {
  it('are listed as refused, with the reason, and never offered as changes', async () => {
    await symlink(secret, inWork('pages', 'segredo.yaml'));
    await symlink(path.join(site.tmp, 'nao-existe.yaml'), inWork('pages', 'quebrado.yaml'));
    await symlink('recarga.yaml', inWork('pages', 'copia.yaml'));
    await mkdir(inWork('public', 'images'), { recursive: true });
    await symlink(secret, inWork('public', 'images', 'foto.png'));
    await symlink(path.dirname(secret), inWork('public', 'images', 'pasta'));
    await edit(inWork('pages', 'recarga.yaml'), 'title: ', 'title: Recarga nova | ');

    const { status, body } = await api<ChangesAnswer>('GET', '/api/changes');
    expect(status).toBe(200);
    expect(body.changes.map((c) => c.file)).toEqual(['pages/recarga.yaml']);
    const refused = body.refused ?? [];
    expect(refused.map((r) => r.file)).toEqual([
      'pages/copia.yaml',
      'pages/quebrado.yaml',
      'pages/segredo.yaml',
      'public/images/foto.png',
      'public/images/pasta',
    ]);
    for (const r of refused) {
      expect(r.reason).toMatch(LINK_REASON);
      expect(r.reason.startsWith(r.file)).toBe(true);
    }
    expect(JSON.stringify(body)).not.toContain('SENHA-DO-SERVIDOR');
  });

  it('refuse a publish that names one: 409 with the reason, nothing committed, the index untouched', async () => {
    const [remoteBefore, localBefore] = [remoteHead(), localHead()];
    for (const files of [
      ['pages/segredo.yaml'],
      ['public/images/foto.png'],
      ['pages/quebrado.yaml'],
      ['pages/recarga.yaml', 'pages/copia.yaml'],
    ]) {
      const { status, body } = await api<ApiError>('POST', '/api/publish', { files, message: 'Publica' });
      expect(status, JSON.stringify(body)).toBe(409);
      expect(body.error).toMatch(LINK_REASON);
      expect(body.error).toMatch(/Nada foi publicado\.$/);
    }
    expect(remoteHead()).toBe(remoteBefore);
    expect(localHead()).toBe(localBefore);
    expect(git(site.work, 'diff', '--cached', '--name-only')).toBe('');
    expect(
      git(site.work, 'ls-files', '--', 'pages/segredo.yaml', 'public/images/foto.png', 'public/images/pasta'),
    ).toBe('');
    const audit = await readFile(path.join(site.tmp, 'dados/audit.log'), 'utf8');
    expect(audit).toContain('"reason":"atalho"');
  });

  it('do not stop the other files from being published, and stay out of the commit', async () => {
    const { status, body } = await api<PublishAnswer>('POST', '/api/publish', {
      files: ['pages/recarga.yaml'],
      message: 'Muda o título de /recarga',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(remoteHead()).toBe(body.commit);
    expect(linkEntries(site.remote, 'main')).toEqual([]);
    expect(git(site.remote, 'show', '--name-only', '--format=', 'main')).toBe('pages/recarga.yaml');
  }, 120_000);

  it('are refused right before git reads them, when one is swapped in after the list was read', async () => {
    const repo = (await openRepo(inWork('pages'), inWork('public'))) as Repo;
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'estudio-indice-teste-'));
    try {
      const index = path.join(tmp, 'index');
      const tried = async (p: string) =>
        treeWith(repo, 'HEAD', [{ path: p, from: 'worktree' }], index).catch((e: unknown) => e);
      // The page itself swapped for a link…
      await rm(inWork('pages', 'termos-de-uso.yaml'));
      await symlink(secret, inWork('pages', 'termos-de-uso.yaml'));
      const error = await tried('pages/termos-de-uso.yaml');
      expect(error).toBeInstanceOf(SymbolicLinkError);
      expect((error as SymbolicLinkError).paths).toEqual(['pages/termos-de-uso.yaml']);
      // …or a folder above it.
      await symlink(path.dirname(secret), inWork('pages', 'sub'));
      await writeFile(path.join(path.dirname(secret), 'x.yaml'), 'title: x\n');
      expect(((await tried('pages/sub/x.yaml')) as SymbolicLinkError).paths).toEqual(['pages/sub']);
      // A regular file still goes in, and the tree check finds no link in it.
      const tree = await treeWith(repo, 'HEAD', [{ path: 'pages/recarga.yaml', from: 'worktree' }], index);
      expect(await linksInTree(repo, tree, ['pages', 'public'])).toEqual([]);
      expect(git(site.work, 'diff', '--cached', '--name-only')).toBe('');
    } finally {
      await rm(tmp, { recursive: true, force: true });
      await rm(inWork('pages', 'sub'));
      git(site.work, 'checkout', '--', 'pages/termos-de-uso.yaml');
    }
  });
});

describe('links in the history', () => {
  let linked: string;
  let removed: string;

  it('refuse every publish while the branch holds one, naming it', async () => {
    // Someone commits and pushes a link by hand.
    git(site.work, 'add', 'pages/segredo.yaml');
    git(site.work, 'commit', '-qm', 'Atalho por engano');
    git(site.work, 'push', '-q', 'origin', 'main');
    linked = localHead();
    expect(linkEntries(site.remote, 'main')).toHaveLength(1);

    await edit(inWork('pages', 'recarga.yaml'), 'title: Recarga nova | ', 'title: Recarga | ');
    const { status, body } = await api<ApiError>('POST', '/api/publish', {
      files: ['pages/recarga.yaml'],
      message: 'Muda o título',
    });
    expect(status, JSON.stringify(body)).toBe(409);
    expect(body.error).toMatch(
      /^pages\/segredo\.yaml é um atalho \(link simbólico\): o Estúdio não publica atalhos/,
    );
    expect(remoteHead()).toBe(linked);
    expect(localHead()).toBe(linked);
    expect(git(site.work, 'diff', '--cached', '--name-only')).toBe('');

    // Then removes it the same way.
    git(site.work, 'rm', '-q', 'pages/segredo.yaml');
    git(site.work, 'commit', '-qm', 'Remove o atalho');
    git(site.work, 'push', '-q', 'origin', 'main');
    removed = localHead();
  });

  it('is never restored: Restaurar refuses a version that is a link', async () => {
    const deleted = await api<DeletedAnswer>('GET', '/api/history/deleted');
    const entry = deleted.body.pages.find((p) => p.file === 'pages/segredo.yaml');
    expect(entry?.restoreFrom).toBe(`${removed}^`);
    for (const commit of [linked, `${removed}^`]) {
      const { status, body } = await api<ApiError>('POST', '/api/history/restore', {
        file: 'pages/segredo.yaml',
        commit,
      });
      expect(status, JSON.stringify(body)).toBe(409);
      expect(body.error).toMatch(/pages\/segredo\.yaml é um atalho \(link simbólico\), não uma página/);
      expect(body.error).toMatch(/Nada foi publicado\.$/);
    }
    expect(remoteHead()).toBe(removed);
    expect(localHead()).toBe(removed);
    await expect(readFile(inWork('pages', 'segredo.yaml'))).rejects.toThrow();
  });

  it('is never brought back: Desfazer refuses a change whose undoing would restore a link', async () => {
    const { status, body } = await api<ApiError>('POST', '/api/history/revert', { commit: removed });
    expect(status, JSON.stringify(body)).toBe(409);
    expect(body.error).toMatch(
      /traria de volta pages\/segredo\.yaml, que antes dela era um atalho \(link simbólico\)/,
    );
    expect(remoteHead()).toBe(removed);
    expect(localHead()).toBe(removed);
    expect(linkEntries(site.work, 'HEAD')).toEqual([]);
    await expect(readFile(inWork('pages', 'segredo.yaml'))).rejects.toThrow();
    expect(git(site.work, 'diff', '--cached', '--name-only')).toBe('');
  });

  it('leaves publishing working once the link is gone', async () => {
    const { status, body } = await api<PublishAnswer>('POST', '/api/publish', {
      files: ['pages/recarga.yaml'],
      message: 'Muda o título',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(remoteHead()).toBe(body.commit);
    expect(linkEntries(site.remote, 'main')).toEqual([]);
  }, 120_000);

  it('refuses a replay onto a remote that brought a link, and never writes the link into the clone', async () => {
    const other = site.clone('outra');
    await symlink(secret, path.join(other, 'pages', 'outro.yaml'));
    git(other, 'add', 'pages/outro.yaml');
    git(other, 'commit', '-qm', 'Outro atalho por engano');
    git(other, 'push', '-q', 'origin', 'main');
    const theirs = remoteHead();

    await edit(inWork('pages', 'recarga.yaml'), 'title: Recarga | ', 'title: Recarga já | ');
    const { status, body } = await api<PublishRefused>('POST', '/api/publish', {
      files: ['pages/recarga.yaml'],
      message: 'Muda o título outra vez',
    });
    expect(status, JSON.stringify(body)).toBe(422);
    expect(body.error).toMatch(/nada foi publicado/);
    expect(body.pages).toEqual(['pages/outro.yaml']);
    expect(body.output).toMatch(
      /^pages\/outro\.yaml:1:1 {2}pages\/outro\.yaml é um atalho \(link simbólico\)/,
    );
    expect(remoteHead()).toBe(theirs);
    // The clone follows the remote, but the link is neither made nor written as a file…
    expect(localHead()).toBe(theirs);
    await expect(readFile(inWork('pages', 'outro.yaml'))).rejects.toThrow();
    expect(await readFile(inWork('pages', 'recarga.yaml'), 'utf8')).toContain('title: Recarga já | ');
    // …so removing it is what Publicar offers, and publishing that clears the way.
    const listed = await api<ChangesAnswer>('GET', '/api/changes');
    expect(listed.body.changes.find((c) => c.file === 'pages/outro.yaml')?.status).toBe('excluído');
    const fixed = await api<PublishAnswer>('POST', '/api/publish', {
      files: ['pages/outro.yaml', 'pages/recarga.yaml'],
      message: 'Remove o atalho e muda o título',
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(linkEntries(site.remote, 'main')).toEqual([]);
  }, 120_000);
});
