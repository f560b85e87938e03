/**
 * _site.yaml through the Estúdio's API against real git (a bare repository as the remote, the
 * real build as the check): read, saved over its version only, checked by the loader with the
 * unsaved text; an invalid setting refused at Publicar with nothing committed; an experiment
 * published with the vercel.json and middleware.ts it implies in the same commit; a winner
 * brought home in one commit (base merged, variant and entry gone, middleware removed).
 */
import { cp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  HistoryAnswer,
  HistoryDiffAnswer,
  PublishAnswer,
  PublishRefused,
  SaveAnswer,
  SaveConflict,
  SiteAnswer,
  SiteCheckAnswer,
} from '../../studio/api.ts';
import { addExperiment, setExperimentField, setSetting } from '../../studio/app/shared/site-edits.ts';
import { createStudioServer, type StudioServer } from '../../studio/server/server.ts';
import { apiOf, git, makeGitSite, root, type GitSite } from './git-site.ts';

let site: GitSite;
let server: StudioServer;

let api: ReturnType<typeof apiOf>;

const remoteHead = () => git(site.remote, 'rev-parse', 'main');
const siteFile = () => path.join(site.work, 'pages/_site.yaml');

async function saveSite(change: (text: string) => string): Promise<void> {
  const current = await api<SiteAnswer>('GET', '/api/site');
  const saved = await api<SaveAnswer>('PUT', '/api/site', {
    source: change(current.body.source),
    version: current.body.version,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

beforeAll(async () => {
  site = await makeGitSite();
  await cp(path.join(root, 'vercel.json'), path.join(site.work, 'vercel.json'));
  git(site.work, 'add', 'vercel.json');
  git(site.work, 'commit', '-qm', 'Publica na Vercel também');
  git(site.work, 'push', '-q', 'origin', 'main');
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

describe('_site.yaml in the Estúdio', () => {
  it('is read with its placeholders, and saved only over the version that was opened', async () => {
    const { status, body } = await api<SiteAnswer>('GET', '/api/site');
    expect(status).toBe(200);
    expect(body.file).toBe('pages/_site.yaml');
    expect(body.source).toBe(await readFile(siteFile(), 'utf8'));
    expect(body.published).toBe(body.source);
    expect(body.timeZone).toBe('America/Sao_Paulo');
    expect(body.placeholders.map((p) => p.key)).toContain('phone');
    expect(body.experiments).toEqual([]);
    const stale = await api<SaveConflict>('PUT', '/api/site', {
      source: 'brand: x\n',
      version: 'f'.repeat(64),
    });
    expect(stale.status).toBe(409);
    expect(await readFile(siteFile(), 'utf8')).toBe(body.source);
  });

  it('checks an unsaved text as the loader does: every rule located, nothing written', async () => {
    const { body: current } = await api<SiteAnswer>('GET', '/api/site');
    const badPhone = setSetting(current.source, ['phone'], '11 9999');
    const phone = await api<SiteCheckAnswer>('POST', '/api/site/check', { source: badPhone });
    expect(phone.body.problems.map((p) => `${p.loc.line}: ${p.message}`)).toEqual([
      expect.stringMatching(/^7: Valor inválido "11 9999" em "phone"/),
    ]);
    // The experiments' rules run once the settings' shape is right.
    const draft = addExperiment(current.source, {
      id: 'agendamento-oferta',
      route: '/agendamento',
      variants: [
        { page: 'agendamento', weight: 60 },
        { page: 'agendamento-ofreta', weight: 30 },
      ],
      start: '2026-12-10',
      end: '2026-12-01',
    });
    const { status, body } = await api<SiteCheckAnswer>('POST', '/api/site/check', { source: draft });
    expect(status).toBe(200);
    const messages = body.problems.map((p) => `${p.loc.line}: ${p.message}${p.hint ? ` ${p.hint}` : ''}`);
    const lineOf = (text: string) => draft.split('\n').findIndex((l) => l.includes(text)) + 1;
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${lineOf('agendamento-ofreta')}: .*não existe`)),
        expect.stringMatching(new RegExp(`^${lineOf('variants:')}: .*somam 90, não 100`)),
        expect.stringMatching(new RegExp(`^${lineOf('end:')}: .*termina \\(2026-12-01\\) antes de começar`)),
      ]),
    );
    expect(await readFile(siteFile(), 'utf8')).toBe(current.source);
  });

  it('refuses to publish an invalid setting: nothing is committed', async () => {
    const head = remoteHead();
    await saveSite((text) => setSetting(text, ['phone'], '11 9999'));
    const refused = await api<PublishRefused>('POST', '/api/publish', {
      files: ['pages/_site.yaml'],
      message: 'Muda o WhatsApp do site',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.output).toContain('pages/_site.yaml:');
    expect(remoteHead()).toBe(head);
    expect(git(site.work, 'rev-parse', 'HEAD')).toBe(head);
    await saveSite((text) => setSetting(text, ['phone'], '5511912345678'));
  }, 120_000);

  it('publishes an experiment with the vercel.json and middleware.ts it implies, in one commit', async () => {
    const created = await api('POST', '/api/pages', { route: 'agendamento-oferta', from: 'agendamento' });
    expect(created.status).toBe(201);
    const variant = path.join(site.work, 'pages/agendamento-oferta.yaml');
    await writeFile(
      variant,
      `${await readFile(variant, 'utf8')}change:\n  hero:\n    title: Oferta de teste, fácil e rápido.\n`,
    );
    await saveSite((text) =>
      addExperiment(text, {
        id: 'agendamento-oferta',
        route: '/agendamento',
        variants: [
          { page: 'agendamento', weight: 50 },
          { page: 'agendamento-oferta', weight: 50 },
        ],
      }),
    );
    const { body: changes } = await api<{ changes: { file: string; summary: string }[] }>(
      'GET',
      '/api/changes',
    );
    expect(changes.changes.find((c) => c.file === 'pages/_site.yaml')?.summary).toBe(
      'Começa o experimento agendamento-oferta em /agendamento e muda o WhatsApp do site',
    );
    const published = await api<PublishAnswer>('POST', '/api/publish', {
      files: ['pages/_site.yaml', 'pages/agendamento-oferta.yaml'],
      message: 'Começa o experimento agendamento-oferta',
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const files = git(site.remote, 'show', '--name-only', '--format=', 'main').split('\n').sort();
    expect(files).toEqual(['middleware.ts', 'pages/_site.yaml', 'pages/agendamento-oferta.yaml']);
    const middleware = git(site.remote, 'show', 'main:middleware.ts');
    expect(middleware).toContain('"agendamento-oferta"');
    expect(middleware).toContain('matcher: ["/agendamento","/agendamento/","/agendamento/index.html"]');
    // The Estúdio's clone has the generated file too and nothing left to publish.
    expect(await readFile(path.join(site.work, 'middleware.ts'), 'utf8')).toBe(`${middleware}\n`);
    expect(git(site.work, 'status', '--porcelain')).toBe('');
    const { body: after } = await api<SiteAnswer>('GET', '/api/site');
    expect(after.experiments.map((e) => [e.id, e.state, e.unpublished])).toEqual([
      ['agendamento-oferta', 'no-ar', false],
    ]);
  }, 120_000);

  it('brings the winner home in one commit: base merged, variant and experiment gone, middleware removed', async () => {
    const early = await api('POST', '/api/experiments/conclude', { id: 'agendamento-oferta' });
    expect(early.status).toBe(409);
    await saveSite((text) => setExperimentField(text, 0, 'winner', 'agendamento-oferta'));
    const ended = await api<PublishAnswer>('POST', '/api/publish', {
      files: ['pages/_site.yaml'],
      message: 'Encerra o experimento agendamento-oferta com a vencedora agendamento-oferta',
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const before = await readFile(path.join(site.work, 'pages/agendamento.yaml'), 'utf8');
    const { status, body } = await api<PublishAnswer>('POST', '/api/experiments/conclude', {
      id: 'agendamento-oferta',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe(
      'Leva a vencedora /agendamento-oferta para /agendamento e encerra o experimento agendamento-oferta',
    );
    const files = git(site.remote, 'show', '--name-status', '--format=', 'main').split('\n').sort();
    expect(files).toEqual([
      'D\tmiddleware.ts',
      'D\tpages/agendamento-oferta.yaml',
      'M\tpages/_site.yaml',
      'M\tpages/agendamento.yaml',
    ]);
    const merged = git(site.remote, 'show', 'main:pages/agendamento.yaml');
    expect(merged).toContain('Oferta de teste');
    // Only the hero's title line differs from the base as it was.
    // (git() trims the output's last line break.)
    const a = before.trimEnd().split('\n');
    const b = merged.split('\n');
    expect(b.length).toBe(a.length);
    expect(b.filter((line, i) => line !== a[i])).toEqual([expect.stringContaining('title: Oferta de teste')]);
    expect(git(site.remote, 'show', 'main:pages/_site.yaml')).not.toContain('experiments');
    await expect(stat(path.join(site.work, 'pages/agendamento-oferta.yaml'))).rejects.toThrow();
    await expect(stat(path.join(site.work, 'middleware.ts'))).rejects.toThrow();
    expect(git(site.work, 'status', '--porcelain')).toBe('');
  }, 180_000);

  it('shows the bring-home as one change in Histórico, which can be undone whole', async () => {
    const { body: history } = await api<HistoryAnswer>('GET', '/api/history?file=pages/agendamento.yaml');
    const change = history.entries[0]!;
    expect(change.message).toMatch(/^Leva a vencedora \/agendamento-oferta para \/agendamento/);
    const { body: diff } = await api<HistoryDiffAnswer>(
      'GET',
      `/api/history/diff?file=pages/agendamento.yaml&commit=${change.commit}`,
    );
    expect(diff.files.sort()).toEqual([
      'middleware.ts',
      'pages/_site.yaml',
      'pages/agendamento-oferta.yaml',
      'pages/agendamento.yaml',
    ]);
    const { status, body } = await api<PublishAnswer>('POST', '/api/history/revert', {
      commit: change.commit,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe(`Desfaz “${change.message}” (${change.short})`);
    expect(git(site.remote, 'show', '--name-status', '--format=', 'main').split('\n').sort()).toEqual([
      'A\tmiddleware.ts',
      'A\tpages/agendamento-oferta.yaml',
      'M\tpages/_site.yaml',
      'M\tpages/agendamento.yaml',
    ]);
    expect(git(site.remote, 'show', 'main:pages/_site.yaml')).toContain('winner: agendamento-oferta');
    expect(await readFile(path.join(site.work, 'pages/agendamento-oferta.yaml'), 'utf8')).toContain(
      'Oferta de teste',
    );
    expect(git(site.work, 'status', '--porcelain')).toBe('');
    // A change that later ones touched again is not undone (it would erase them).
    const again = await api('POST', '/api/history/revert', { commit: change.commit });
    expect(again.status).toBe(409);
  }, 180_000);
});
