/**
 * Agendar (issue 38) against real git: a bare repository as the remote, the Estúdio in a clone,
 * the real build as the check. A scheduled change is one publish that moves the saved files into
 * pages/_agendamentos/<id>/ and leaves pages/ as published; Alterar horário, Cancelar and Editar;
 * hostile requests refused in words with nothing committed.
 */
import { mkdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, PublishRefused } from '../../studio/api.ts';
import type { ScheduleAnswer, ScheduleEditAnswer, SchedulesAnswer } from '../../studio/schedules-api.ts';
import { createStudioServer, type StudioServer } from '../../studio/server/server.ts';
import { apiOf, git, makeGitSite, root, type GitSite } from './git-site.ts';

let site: GitSite;
let server: StudioServer;
let api: ReturnType<typeof apiOf>;

const page = (name: string) => path.join(site.work, 'pages', name);
const remoteHead = () => git(site.remote, 'rev-parse', 'main');
const remoteFiles = (under: string) =>
  git(site.remote, 'ls-tree', '-r', '--name-only', 'main', '--', under).split('\n').filter(Boolean);
const remoteText = (p: string) => git(site.remote, 'show', `main:${p}`);
const commits = () => Number(git(site.remote, 'rev-list', '--count', 'main'));

/** A year from now, in São Paulo: far enough that no test run crosses it. */
const nextYear = new Date().getUTCFullYear() + 1;
const START = `${nextYear}-12-20 00:00`;
const END = `${nextYear}-12-26 00:00`;

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
  await rm(site.tmp, { recursive: true, force: true });
});

describe('Agendar', () => {
  it('schedules a changed page, a new page and a removed one in one publish; pages/ stays as published', async () => {
    const before = commits();
    const recarga = await readFile(page('recarga.yaml'), 'utf8');
    // /recarga's footer links to /termos-de-uso: the same schedule takes that link out with the page.
    await writeFile(
      page('recarga.yaml'),
      recarga.replace('title: ', 'title: Natal | ').replace('href: /termos-de-uso', 'href: /'),
    );
    await writeFile(
      page('agendamento-natal.yaml'),
      (await readFile(page('termos-de-uso.yaml'), 'utf8')).replace(/^title: .*$/m, 'title: Oferta de Natal'),
    );
    await unlink(page('termos-de-uso.yaml'));
    const files = ['pages/agendamento-natal.yaml', 'pages/recarga.yaml', 'pages/termos-de-uso.yaml'];
    const { status, body } = await api<ScheduleAnswer>('POST', '/api/schedules', {
      files,
      start: START,
      end: END,
      note: 'Oferta de Natal',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.id).toBe('oferta-de-natal');
    expect(body.pushed).toBe(true);
    expect(body.words).toBe(
      `/agendamento-natal entra no ar em 20/12/${nextYear} às 00:00 e sai em 26/12/${nextYear} às 00:00; a nova versão de /recarga entra no ar em 20/12/${nextYear} às 00:00 e a anterior volta em 26/12/${nextYear} às 00:00; /termos-de-uso sai do ar em 20/12/${nextYear} às 00:00 e volta em 26/12/${nextYear} às 00:00`,
    );
    // One commit on the remote, under the author, with the folder and its meta.
    expect(commits()).toBe(before + 1);
    expect(remoteHead()).toBe(body.commit);
    expect(git(site.remote, 'log', '-1', '--format=%an|%s', 'main')).toBe(
      `Ana Marketing|Agenda /agendamento-natal, /recarga e /termos-de-uso para 20/12/${nextYear} às 00:00 até 26/12/${nextYear} às 00:00 (agendamento oferta de natal)`,
    );
    expect(remoteFiles('pages/_agendamentos').sort()).toEqual([
      'pages/_agendamentos/oferta-de-natal/_agendamento.yaml',
      'pages/_agendamentos/oferta-de-natal/agendamento-natal.yaml',
      'pages/_agendamentos/oferta-de-natal/recarga.yaml',
    ]);
    expect(remoteText('pages/_agendamentos/oferta-de-natal/_agendamento.yaml')).toBe(
      [
        '# yaml-language-server: $schema=../../../schema/schedule.schema.json',
        '# Agendamento (docs/autoria.md, "Agendar"). Horário de São Paulo.',
        `start: ${START}`,
        `end: ${END}`,
        'note: "Oferta de Natal"',
        'remove: [termos-de-uso.yaml]',
      ].join('\n'),
    );
    expect(remoteText('pages/_agendamentos/oferta-de-natal/recarga.yaml')).toContain('title: Natal | ');
    // Two folders deeper, each file still names its editor schema by a path that reaches it.
    expect(remoteText('pages/_agendamentos/oferta-de-natal/recarga.yaml').split('\n')[0]).toBe(
      '# yaml-language-server: $schema=../../../schema/page.schema.json',
    );
    // The published pages did not change: the live site is as it was until the instant.
    expect(remoteText('pages/recarga.yaml')).toBe(recarga.trimEnd());
    expect(remoteFiles('pages/termos-de-uso.yaml')).toEqual(['pages/termos-de-uso.yaml']);
    expect(remoteFiles('pages/agendamento-natal.yaml')).toEqual([]);
    // And the Estúdio's pages/ went back to the published files: nothing left to publish.
    expect(git(site.work, 'status', '--porcelain')).toBe('');
    expect(await readFile(page('recarga.yaml'), 'utf8')).toBe(recarga);
    const audit = await readFile(path.join(site.tmp, 'dados/audit.log'), 'utf8');
    expect(audit).toContain('"action":"agendar"');
  }, 180_000);

  it('lists it under Próximos in words, with who scheduled it', async () => {
    const { status, body } = await api<SchedulesAnswer>('GET', '/api/schedules');
    expect(status).toBe(200);
    expect(body.enabled).toBe(true);
    expect(body.zone).toBe('horário de São Paulo');
    expect(body.ended).toEqual([]);
    expect(body.upcoming).toHaveLength(1);
    expect(body.upcoming[0]).toMatchObject({
      id: 'oferta-de-natal',
      start: START,
      end: END,
      startWords: `20/12/${nextYear} às 00:00`,
      endWords: `26/12/${nextYear} às 00:00`,
      note: 'Oferta de Natal',
      state: 'proximo',
      by: 'Ana Marketing',
      files: [
        { file: 'pages/agendamento-natal.yaml', route: '/agendamento-natal', kind: 'cria' },
        { file: 'pages/recarga.yaml', route: '/recarga', kind: 'muda' },
        { file: 'pages/termos-de-uso.yaml', route: '/termos-de-uso', kind: 'remove' },
      ],
    });
  });

  it('refuses hostile and wrong requests in words, committing nothing', async () => {
    const head = remoteHead();
    await writeFile(
      page('index.yaml'),
      (await readFile(page('index.yaml'), 'utf8')).replace('title: ', 'title: X | '),
    );
    const cases: [unknown, number, RegExp][] = [
      [{ files: ['pages/index.yaml'], start: '2020-01-01 10:00' }, 400, /já passou/],
      [{ files: ['pages/index.yaml'], start: `${nextYear}-02-30 10:00` }, 400, /AAAA-MM-DD HH:MM/],
      [{ files: ['pages/index.yaml'], start: `${nextYear}-12-20T00:00Z` }, 400, /AAAA-MM-DD HH:MM/],
      [{ files: ['pages/index.yaml'], start: END, end: START }, 400, /depois do início/],
      [{ files: ['pages/../../etc/passwd'], start: START }, 400, /não é um arquivo de página/],
      [
        { files: ['pages/_agendamentos/oferta-de-natal/recarga.yaml'], start: START },
        400,
        /não é um arquivo de página/,
      ],
      [{ files: ['pages/recarga.yaml'], start: START }, 409, /não tem mudanças salvas/],
      [{ files: ['pages/index.yaml'], start: START, id: '../x' }, 400, /nome de um agendamento/],
      [{ files: ['pages/index.yaml'], start: START, id: 'oferta-de-natal' }, 409, /Já existe um agendamento/],
      [{ files: ['pages/index.yaml'], start: START, replace: 'nao-existe' }, 404, /não existe mais/],
      [{ files: ['pages/index.yaml'], start: START, note: 'a\nb' }, 400, /numa linha/],
      [{ files: [], start: START }, 400, /ao menos um arquivo/],
      [{ files: 'pages/index.yaml', start: START }, 400, /ao menos um arquivo/],
    ];
    for (const [body, status, error] of cases) {
      const answer = await api<ApiError>('POST', '/api/schedules', body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.error, JSON.stringify(body)).toMatch(error);
    }
    for (const [url, body, status] of [
      ['/api/schedules/cancel', { id: '../../x' }, 400],
      ['/api/schedules/cancel', { id: 'nao-existe' }, 404],
      ['/api/schedules/times', { id: 'oferta-de-natal', start: '2020-01-01 00:00' }, 400],
      ['/api/schedules/times', { id: 'oferta-de-natal', start: START, end: END }, 409],
      ['/api/schedules/edit', { id: 'A' }, 400],
    ] as const) {
      const answer = await api<ApiError>('POST', url, body);
      expect(answer.status, `${url} ${JSON.stringify(body)}`).toBe(status);
      expect(answer.body.error).toBeTruthy();
    }
    expect(remoteHead()).toBe(head);
    // The draft was not touched.
    expect(git(site.work, 'status', '--porcelain')).toBe('M pages/index.yaml');
    git(site.work, 'checkout', '--', 'pages/index.yaml');
  });

  it('a schedule that breaks a page at its instant is refused by the check like Publicar, dated; the drafts kept', async () => {
    const head = remoteHead();
    const text = await readFile(page('index.yaml'), 'utf8');
    await writeFile(page('index.yaml'), text.replace(/^blocks:/m, 'blocos:'));
    const { status, body } = await api<PublishRefused>('POST', '/api/schedules', {
      files: ['pages/index.yaml'],
      start: START,
      note: 'quebra',
    });
    expect(status, JSON.stringify(body)).toBe(422);
    expect(body.error).toMatch(/nada foi publicado/);
    expect(body.output).toContain(`Em 20/12/${nextYear} às 00:00`);
    // Located in the file as scheduled, at the line of the mistake.
    expect(body.output).toMatch(
      /pages\/_agendamentos\/quebra\/index\.yaml:12:1 {2}Em 20\/12\/\d{4} às 00:00 \([^)]*quebra\)/,
    );
    expect(remoteHead()).toBe(head);
    expect(await readFile(page('index.yaml'), 'utf8')).toContain('blocos:');
    expect(git(site.work, 'status', '--porcelain')).toBe('M pages/index.yaml');
    await writeFile(page('index.yaml'), text);
  }, 180_000);

  it('Alterar horário rewrites the meta in one publish', async () => {
    const before = commits();
    const { status, body } = await api<ApiError>('POST', '/api/schedules/times', {
      id: 'oferta-de-natal',
      start: `${nextYear}-12-21 08:30`,
      end: null,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(commits()).toBe(before + 1);
    const meta = remoteText('pages/_agendamentos/oferta-de-natal/_agendamento.yaml');
    expect(meta).toContain(`start: ${nextYear}-12-21 08:30`);
    expect(meta).not.toContain('end:');
    expect(meta).toContain('# Agendamento');
    const list = await api<SchedulesAnswer>('GET', '/api/schedules');
    expect(list.body.upcoming[0]!.words).toBe(
      `/agendamento-natal entra no ar em 21/12/${nextYear} às 08:30; a nova versão de /recarga entra no ar em 21/12/${nextYear} às 08:30; /termos-de-uso sai do ar em 21/12/${nextYear} às 08:30`,
    );
  }, 120_000);

  it('Editar brings the files back as drafts, unless one has other drafts; then replacing keeps the id', async () => {
    const recarga = await readFile(page('recarga.yaml'), 'utf8');
    await writeFile(page('recarga.yaml'), recarga.replace('title: ', 'title: Outro rascunho | '));
    const refused = await api<ApiError>('POST', '/api/schedules/edit', { id: 'oferta-de-natal' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/pages\/recarga\.yaml já tem mudanças salvas/);
    await writeFile(page('recarga.yaml'), recarga);

    const { status, body } = await api<ScheduleEditAnswer>('POST', '/api/schedules/edit', {
      id: 'oferta-de-natal',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.files.sort()).toEqual([
      'pages/agendamento-natal.yaml',
      'pages/recarga.yaml',
      'pages/termos-de-uso.yaml',
    ]);
    expect(await readFile(page('recarga.yaml'), 'utf8')).toContain('title: Natal | ');
    expect((await readFile(page('recarga.yaml'), 'utf8')).split('\n')[0]).toBe(
      '# yaml-language-server: $schema=../schema/page.schema.json',
    );
    // (git() trims its output: each line's status letters compared without their leading space)
    expect(
      git(site.work, 'status', '--porcelain')
        .split('\n')
        .map((l) => l.trim())
        .sort(),
    ).toEqual(['?? pages/agendamento-natal.yaml', 'D pages/termos-de-uso.yaml', 'M pages/recarga.yaml']);
    // Scheduled again over the same id: the new page alone this time.
    await writeFile(page('recarga.yaml'), recarga);
    git(site.work, 'checkout', '--', 'pages/termos-de-uso.yaml');
    const again = await api<ScheduleAnswer>('POST', '/api/schedules', {
      files: ['pages/agendamento-natal.yaml'],
      start: START,
      end: END,
      note: 'Oferta de Natal',
      replace: 'oferta-de-natal',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.words).toBe(
      `/agendamento-natal entra no ar em 20/12/${nextYear} às 00:00 e sai em 26/12/${nextYear} às 00:00`,
    );
    expect(remoteFiles('pages/_agendamentos').sort()).toEqual([
      'pages/_agendamentos/oferta-de-natal/_agendamento.yaml',
      'pages/_agendamentos/oferta-de-natal/agendamento-natal.yaml',
    ]);
    expect(git(site.work, 'status', '--porcelain')).toBe('');
  }, 180_000);

  it('only a schedule with no end, already live, can be brought into pages/', async () => {
    const { status, body } = await api<ApiError>('POST', '/api/schedules/apply', { id: 'oferta-de-natal' });
    expect(status).toBe(409);
    expect(body.error).toMatch(/tem fim: depois dele o site volta a ser como era/);
  });

  it('Cancelar removes the folder in one publish', async () => {
    const before = commits();
    const { status, body } = await api<ApiError>('POST', '/api/schedules/cancel', { id: 'oferta-de-natal' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(commits()).toBe(before + 1);
    expect(remoteFiles('pages/_agendamentos')).toEqual([]);
    expect(git(site.remote, 'log', '-1', '--format=%s', 'main')).toBe(
      'Cancela o agendamento oferta de natal',
    );
    const list = await api<SchedulesAnswer>('GET', '/api/schedules');
    expect(list.body.upcoming).toEqual([]);
    expect(git(site.work, 'status', '--porcelain')).toBe('');
    const refused = await api<ApiError>('POST', '/api/schedules/apply', { id: 'oferta-de-natal' });
    expect(refused.status).toBe(404);
  }, 120_000);

  it('an applied schedule with no end is listed under Encerrados and can be brought into pages/ in one publish', async () => {
    const recarga = await readFile(page('recarga.yaml'), 'utf8');
    await mkdir(page('_agendamentos/verao'), { recursive: true });
    await writeFile(page('_agendamentos/verao/_agendamento.yaml'), 'start: 2020-01-01 00:00\nnote: Verão\n');
    await writeFile(page('_agendamentos/verao/recarga.yaml'), recarga.replace('title: ', 'title: Verão | '));
    git(site.work, 'add', 'pages/_agendamentos');
    git(site.work, 'commit', '-q', '-m', 'Agendamento de verão, já no ar');
    git(site.work, 'push', '-q', 'origin', 'main');
    const list = await api<SchedulesAnswer>('GET', '/api/schedules');
    expect(list.body.ended).toMatchObject([
      {
        id: 'verao',
        state: 'encerrado',
        words: 'A nova versão de /recarga entra no ar em 01/01/2020 às 00:00',
      },
    ]);
    const before = commits();
    const { status, body } = await api<ApiError>('POST', '/api/schedules/apply', { id: 'verao' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(commits()).toBe(before + 1);
    expect(remoteFiles('pages/_agendamentos')).toEqual([]);
    expect(remoteText('pages/recarga.yaml')).toContain('title: Verão | ');
    expect(await readFile(page('recarga.yaml'), 'utf8')).toContain('title: Verão | ');
    expect(git(site.work, 'status', '--porcelain')).toBe('');
    const missing = await api<ApiError>('POST', '/api/schedules/apply', { id: 'verao' });
    expect(missing.status).toBe(404);
  }, 120_000);

  it('a site with host: estatico gets the refusal in words', async () => {
    const site_ = await readFile(page('_site.yaml'), 'utf8');
    await writeFile(page('_site.yaml'), `host: estatico\n${site_}`);
    git(site.work, 'commit', '-q', '-am', 'host estático');
    await writeFile(
      page('index.yaml'),
      (await readFile(page('index.yaml'), 'utf8')).replace('title: ', 'title: Y | '),
    );
    const list = await api<SchedulesAnswer>('GET', '/api/schedules');
    expect(list.body.enabled).toBe(false);
    expect(list.body.reason).toMatch(/num host estático nada troca a página na hora marcada/);
    const { status, body } = await api<ApiError>('POST', '/api/schedules', {
      files: ['pages/index.yaml'],
      start: START,
    });
    expect(status).toBe(409);
    expect(body.error).toMatch(/host: estatico/);
  });
});
