/**
 * Publicar, Histórico and Restaurar against real git: a bare repository as the remote, the
 * Estúdio in a clone of it, a second clone pushing meanwhile, and the real build as the check.
 */
import { readFile, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChangesAnswer,
  DeletedAnswer,
  HistoryAnswer,
  HistoryDiffAnswer,
  PublishAnswer,
  PublishConflict,
  PublishRefused,
} from '../../studio/api.ts';
import { createStudioServer, type StudioServer } from '../../studio/server/server.ts';
import { describeChange } from '../../studio/server/publish.ts';
import { apiOf, git, makeGitSite, root, type GitSite } from './git-site.ts';
import { cheapHash } from './helpers.ts';

let site: GitSite;
let server: StudioServer;

let api: ReturnType<typeof apiOf>;

const page = (name: string) => path.join(site.work, 'pages', name);
const remoteHead = () => git(site.remote, 'rev-parse', 'main');
const remoteLog = () => git(site.remote, 'log', '--format=%an <%ae>|%s', 'main').split('\n');

async function edit(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  expect(text).toContain(from);
  await writeFile(file, text.replace(from, to));
}

/**
 * The pages the tests publish, with the variant and its base (the refused publish) and the home,
 * 404 and settings every site has: each check builds this site, not the whole one (issue 40.3).
 */
const PAGES = [
  '_site.yaml',
  '404.yaml',
  'index.yaml',
  'recarga.yaml',
  'termos-de-uso.yaml',
  'politica-de-reembolso.yaml',
  'recarregar-sodastream.yaml',
  'sodastream-t.yaml',
  'recarrega-site.yaml',
];

beforeAll(async () => {
  site = await makeGitSite({ pages: PAGES });
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
  await rm(site.tmp, { recursive: true, force: true });
});

describe('Publicar', () => {
  it('lists saved changes with a default message and the author from git', async () => {
    await edit(page('recarga.yaml'), 'title: ', 'title: Nova recarga | ');
    const { status, body } = await api<ChangesAnswer>('GET', '/api/changes');
    expect(status).toBe(200);
    expect(body.publishing).toEqual({ enabled: true, remote: 'origin', branch: 'main' });
    expect(body.author).toEqual({ name: 'Ana Marketing', email: 'ana@example.com' });
    expect(body.changes).toEqual([
      {
        file: 'pages/recarga.yaml',
        route: '/recarga',
        status: 'alterado',
        summary: 'Muda o título de /recarga',
        stale: false,
      },
    ]);
  });

  it('commits under the author, pushes, and a fresh clone of the remote builds the change', async () => {
    const { status, body } = await api<PublishAnswer>('POST', '/api/publish', {
      files: ['pages/recarga.yaml'],
      message: 'Muda o título de /recarga',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ pushed: true, rebased: false, remote: 'origin', branch: 'main' });
    expect(remoteHead()).toBe(body.commit);
    expect(remoteLog()[0]).toBe('Ana Marketing <ana@example.com>|Muda o título de /recarga');
    // The Estúdio's clone is clean and on the same commit; nothing else was staged.
    expect(git(site.work, 'status', '--porcelain')).toBe('');
    expect(git(site.work, 'rev-parse', 'HEAD')).toBe(body.commit);

    const fresh = site.clone('host');
    const { buildSite } = await import('../../runtime/build/index.ts');
    const outDir = path.join(site.tmp, 'host-dist');
    await buildSite({
      root,
      pagesDir: path.join(fresh, 'pages'),
      publicDir: path.join(fresh, 'public'),
      outDir,
    });
    const html = await readFile(path.join(outDir, 'recarga/index.html'), 'utf8');
    expect(html).toMatch(/<title>Nova recarga \| /);
    const audit = await readFile(path.join(site.tmp, 'dados/audit.log'), 'utf8');
    expect(audit).toContain('"action":"publicar"');
    expect(audit).toContain('"who":"ana@example.com"');
  }, 120_000);

  it('refuses when a change to a base page breaks its variant, naming it, and commits nothing', async () => {
    const before = remoteHead();
    const head = git(site.work, 'rev-parse', 'HEAD');
    await edit(page('sodastream-t.yaml'), 'id: experiencia\n', 'id: experiencia-nova\n');
    const { status, body } = await api<PublishRefused>('POST', '/api/publish', {
      files: ['pages/sodastream-t.yaml'],
      message: 'Muda o id da seção',
    });
    expect(status).toBe(422);
    expect(body.pages).toContain('pages/recarrega-site.yaml');
    expect(body.error).toMatch(/nada foi publicado/);
    expect(body.output).toMatch(/pages\/recarrega-site\.yaml:\d+:\d+/);
    expect(remoteHead()).toBe(before);
    expect(git(site.work, 'rev-parse', 'HEAD')).toBe(head);
    // The author's text is still saved, unpublished.
    expect(await readFile(page('sodastream-t.yaml'), 'utf8')).toContain('id: experiencia-nova');
    expect(git(site.work, 'status', '--porcelain')).toBe('M pages/sodastream-t.yaml');
    await edit(page('sodastream-t.yaml'), 'id: experiencia-nova\n', 'id: experiencia\n');
  }, 60_000);

  it('replays the commit onto the remote when another person pushed meanwhile', async () => {
    const other = site.clone('outra');
    await edit(path.join(other, 'pages/termos-de-uso.yaml'), 'title: ', 'title: Termos | ');
    git(other, 'commit', '-qam', 'Muda o título dos termos');
    git(other, 'push', '-q', 'origin', 'main');

    await edit(page('politica-de-reembolso.yaml'), 'title: ', 'title: Reembolso | ');
    const { status, body } = await api<PublishAnswer>('POST', '/api/publish', {
      files: ['pages/politica-de-reembolso.yaml'],
      message: 'Muda o título do reembolso',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.rebased).toBe(true);
    expect(remoteLog().slice(0, 2)).toEqual([
      'Ana Marketing <ana@example.com>|Muda o título do reembolso',
      'Outra Pessoa <outra@example.com>|Muda o título dos termos',
    ]);
    expect(remoteHead()).toBe(body.commit);
    // The Estúdio's copy now has the other person's change too, and nothing pending.
    expect(await readFile(page('termos-de-uso.yaml'), 'utf8')).toContain('title: Termos | ');
    expect(git(site.work, 'status', '--porcelain')).toBe('');
  }, 120_000);

  it('keeps the author’s work and shows both versions when the other change touches the same lines', async () => {
    const other = site.clone('outra2');
    await edit(path.join(other, 'pages/recarga.yaml'), 'title: Nova recarga | ', 'title: Recarga já | ');
    git(other, 'commit', '-qam', 'Outro título');
    git(other, 'push', '-q', 'origin', 'main');
    const before = remoteHead();

    await edit(page('recarga.yaml'), 'title: Nova recarga | ', 'title: Minha recarga | ');
    const { status, body } = await api<PublishConflict>('POST', '/api/publish', {
      files: ['pages/recarga.yaml'],
      message: 'Meu título',
    });
    expect(status).toBe(409);
    expect(body.error).toMatch(/Nada foi publicado/);
    expect(body.conflicts).toHaveLength(1);
    expect(body.conflicts[0]!.file).toBe('pages/recarga.yaml');
    expect(body.conflicts[0]!.mine).toContain('title: Minha recarga | ');
    expect(body.conflicts[0]!.theirs).toContain('title: Recarga já | ');
    expect(remoteHead()).toBe(before);
    expect(await readFile(page('recarga.yaml'), 'utf8')).toContain('title: Minha recarga | ');

    // Listed as seen-by-nobody until the author confirms: publishing again shows both first…
    const changes = await api<ChangesAnswer>('GET', '/api/changes');
    expect(changes.body.changes).toEqual([
      expect.objectContaining({ file: 'pages/recarga.yaml', stale: true }),
    ]);
    const again = await api<PublishConflict>('POST', '/api/publish', {
      files: ['pages/recarga.yaml'],
      message: 'Meu título',
    });
    expect(again.status).toBe(409);
    // …and with the author's choice it goes out on top of the other person's commit.
    const chosen = await api<PublishAnswer>('POST', '/api/publish', {
      files: ['pages/recarga.yaml'],
      message: 'Meu título',
      overwrite: ['pages/recarga.yaml'],
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(git(site.remote, 'rev-parse', 'main^')).toBe(before);
    expect(git(site.remote, 'log', '-1', '--format=%b', 'main')).toBe('Meu título');
  }, 120_000);
});

describe('Histórico', () => {
  it('lists every change of a page with who, when and the diff, and restores a version as a new commit', async () => {
    const history = await api<HistoryAnswer>('GET', '/api/history?file=pages/recarga.yaml');
    expect(history.status).toBe(200);
    expect(history.body.entries.map((e) => `${e.name}|${e.message}`)).toEqual([
      // Published over the other person's version: the message says so (decision 30).
      expect.stringMatching(
        /^Ana Marketing\|Publica \/recarga no lugar da versão de Outra Pessoa \(commit [0-9a-f]{7}, \d\d\/\d\d\/\d{4} \d\d:\d\d\)$/,
      ),
      'Outra Pessoa|Outro título',
      'Ana Marketing|Muda o título de /recarga',
      'Dev Fillgás|Site inicial',
    ]);
    const first = history.body.entries[2]!;
    const diff = await api<HistoryDiffAnswer>(
      'GET',
      `/api/history/diff?file=pages/recarga.yaml&commit=${first.commit}`,
    );
    expect(diff.body.diff).toContain('+title: Nova recarga | ');
    expect(diff.body.after).toContain('title: Nova recarga | ');

    const original = history.body.entries[3]!;
    const restored = await api<PublishAnswer>('POST', '/api/history/restore', {
      file: 'pages/recarga.yaml',
      commit: original.commit,
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.message).toMatch(
      /^Restaura \/recarga à versão de \d\d\/\d\d\/\d{4} \d\d:\d\d \([0-9a-f]{7}\)$/,
    );
    expect(remoteHead()).toBe(restored.body.commit);
    expect(git(site.remote, 'show', `main:pages/recarga.yaml`)).toBe(
      git(site.remote, 'show', `${original.commit}:pages/recarga.yaml`),
    );
    expect(await readFile(page('recarga.yaml'), 'utf8')).toBe(
      `${git(site.remote, 'show', `${original.commit}:pages/recarga.yaml`)}\n`,
    );
  }, 120_000);

  it('finds a deleted page and brings it back', async () => {
    // A page no other page links to (a linked one could not be deleted: npm run check refuses the link).
    await unlink(page('recarregar-sodastream.yaml'));
    const published = await api<PublishAnswer>('POST', '/api/publish', {
      files: ['pages/recarregar-sodastream.yaml'],
      message: 'Exclui /recarregar-sodastream',
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const deleted = await api<DeletedAnswer>('GET', '/api/history/deleted');
    expect(deleted.body.pages).toEqual([
      expect.objectContaining({
        file: 'pages/recarregar-sodastream.yaml',
        route: '/recarregar-sodastream',
        name: 'Ana Marketing',
      }),
    ]);
    const restored = await api<PublishAnswer>('POST', '/api/history/restore', {
      file: 'pages/recarregar-sodastream.yaml',
      commit: deleted.body.pages[0]!.restoreFrom,
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(git(site.remote, 'cat-file', '-e', 'main:pages/recarregar-sodastream.yaml')).toBe('');
    expect((await api<DeletedAnswer>('GET', '/api/history/deleted')).body.pages).toEqual([]);
  }, 120_000);
});

describe('the default message', () => {
  const title = (type: string) => ({ faq: 'Perguntas frequentes' })[type];
  it('names what changed', () => {
    expect(describeChange(null, 'title: x', '/p', title)).toBe('Cria /p');
    expect(describeChange('title: x', null, '/p', title)).toBe('Exclui /p');
    expect(describeChange('title: a\nblocks: []', 'title: b\nblocks: []', '/p', title)).toBe(
      'Muda o título de /p',
    );
    expect(describeChange('blocks: []', 'blocks: [{type: faq}]', '/p', title)).toBe(
      'Adiciona o bloco Perguntas frequentes a /p',
    );
    expect(describeChange('blocks: [{type: faq, a: 1}]', 'blocks: [{type: faq, a: 2}]', '/p', title)).toBe(
      'Muda o bloco Perguntas frequentes de /p',
    );
  });
});

describe('hosted', () => {
  it('commits under the signed-in person’s account, not the machine’s git identity', async () => {
    const { writeAccountsFile } = await import('../../studio/server/hosted/accounts.ts');
    const { default: http } = await import('node:http');
    const hostedSite = await makeGitSite({ pages: ['_site.yaml', '404.yaml', 'index.yaml', 'recarga.yaml'] });
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    const accountsFile = path.join(hostedSite.tmp, 'contas.json');
    await writeAccountsFile(accountsFile, [
      {
        name: 'Bruno Lima',
        email: 'bruno@fillgas.com.br',
        hash: cheapHash('uma frase bem comprida'),
        role: 'administrador',
      },
    ]);
    const origin = `http://127.0.0.1:${port}`;
    const hosted = await createStudioServer({
      root,
      runtime: 'loaded', // the test process's own modules (helpers.ts)
      pagesDir: path.join(hostedSite.work, 'pages'),
      publicDir: path.join(hostedSite.work, 'public'),
      dataDir: path.join(hostedSite.tmp, 'dados'),
      host: '127.0.0.1',
      port,
      hosted: { publicUrl: origin, accountsFile },
    });
    try {
      const login = await fetch(`${origin}/entrar`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          email: 'bruno@fillgas.com.br',
          senha: 'uma frase bem comprida',
        }).toString(),
      });
      expect(login.status).toBe(303);
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const file = path.join(hostedSite.work, 'pages/recarga.yaml');
      await writeFile(file, (await readFile(file, 'utf8')).replace('title: ', 'title: Hospedado | '));
      const published = await fetch(`${origin}/api/publish`, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: origin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ files: ['pages/recarga.yaml'], message: 'Muda o título de /recarga' }),
      });
      expect(published.status, await published.clone().text()).toBe(200);
      expect(git(hostedSite.remote, 'log', '-1', '--format=%an <%ae>|%cn|%s', 'main')).toBe(
        'Bruno Lima <bruno@fillgas.com.br>|Bruno Lima|Muda o título de /recarga',
      );
      const audit = await readFile(path.join(hostedSite.tmp, 'dados/audit.log'), 'utf8');
      expect(audit).toMatch(/"action":"publicar","who":"bruno@fillgas\.com\.br"/);
    } finally {
      await hosted.close();
      await rm(hostedSite.tmp, { recursive: true, force: true });
    }
  }, 180_000);
});
