/**
 * "Toda publicação precisa de aprovação" (issue 39, decision 0049) binds every action that changes
 * the live site, not only Publicar: with the setting on, Restaurar, Desfazer, Agendar, Alterar
 * horário, Cancelar, Trazer para as páginas and Levar a vencedora are refused on the server in
 * words that say what to do instead, for the Publicador and the Administrador alike, and the bare
 * remote gets no commit. With the setting off the same requests do what they did before.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryAnswer, MeAnswer, PublishAnswer } from '../../studio/api.ts';
import type { ScheduleAnswer } from '../../studio/schedules-api.ts';
import { cachedAppDir } from '../../studio/server/app-cache.ts';
import { writeAccountsFile } from '../../studio/server/hosted/accounts.ts';
import { ROUTE_RULES } from '../../studio/server/hosted/roles.ts';
import { APPROVAL_BOUND } from '../../studio/server/requests.ts';
import { createStudioServer, type StudioServer } from '../../studio/server/server.ts';
import { git, makeGitSite, root, type GitSite } from './git-site.ts';
import { cheapHash } from './helpers.ts';

const ANA = {
  name: 'Ana Editora',
  email: 'ana@fillgas.com.br',
  password: 'cilindro azul no portão',
  role: 'editor',
};
const BRUNO = {
  name: 'Bruno Publicador',
  email: 'bruno@fillgas.com.br',
  password: 'outra frase bem comprida',
  role: 'publicador',
};
const CARLA = {
  name: 'Carla Admin',
  email: 'carla@fillgas.com.br',
  password: 'a terceira frase longa',
  role: 'administrador',
};
type Who = typeof ANA;

let site: GitSite;
let server: StudioServer;
let base: string;
const cookies = new Map<string, string>();

const page = (name: string) => path.join(site.work, 'pages', name);
const commits = () => Number(git(site.remote, 'rev-list', '--count', 'main'));

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function signIn(who: Who): Promise<string> {
  const res = await fetch(`${base}/entrar`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: who.email, senha: who.password }).toString(),
  });
  expect(res.status).toBe(303);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** The API as `who`'s browser calls it: their session cookie, Origin on writes, JSON. */
async function api<T>(
  who: Who,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      Cookie: cookies.get(who.email)!,
      ...(method === 'GET' ? {} : { Origin: base }),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

beforeAll(async () => {
  site = await makeGitSite({
    pages: ['_site.yaml', '404.yaml', 'index.yaml', 'recarga.yaml', 'termos-de-uso.yaml'],
  });
  const accountsFile = path.join(site.tmp, 'dados', 'contas.json');
  await writeAccountsFile(
    accountsFile,
    [ANA, BRUNO, CARLA].map((p) => ({
      name: p.name,
      email: p.email,
      hash: cheapHash(p.password),
      role: p.role as 'editor',
    })),
  );
  const port = await freePort();
  server = await createStudioServer({
    root,
    runtime: 'loaded', // the test process's own modules (helpers.ts)
    pagesDir: path.join(site.work, 'pages'),
    publicDir: path.join(site.work, 'public'),
    dataDir: path.join(site.tmp, 'dados'),
    host: '127.0.0.1',
    port,
    hosted: { publicUrl: `http://127.0.0.1:${port}`, accountsFile, appDir: await cachedAppDir(root) },
  });
  base = `http://127.0.0.1:${server.port}`;
  for (const who of [ANA, BRUNO, CARLA]) cookies.set(who.email, await signIn(who));
}, 240_000);

afterAll(async () => {
  await server?.close();
  if (site) await rm(site.tmp, { recursive: true, force: true });
});

async function edit(name: string, from: string, to: string) {
  const text = await readFile(page(name), 'utf8');
  expect(text).toContain(from);
  await writeFile(page(name), text.replace(from, to));
}

const nextYear = new Date().getUTCFullYear() + 1;
const START = `${nextYear}-12-20 00:00`;
const END = `${nextYear}-12-26 00:00`;

describe('toda publicação precisa de aprovação', () => {
  let published: PublishAnswer;
  let scheduled: string;

  it('with the setting off, a Publicador publishes and schedules directly (the fixture of what follows)', async () => {
    await edit('recarga.yaml', 'title: ', 'title: Direto | ');
    const pub = await api<PublishAnswer>(BRUNO, 'POST', '/api/publish', {
      files: ['pages/recarga.yaml'],
      message: 'Muda o título da recarga',
    });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    published = pub.body;
    await edit('termos-de-uso.yaml', 'title: ', 'title: Natal | ');
    const sch = await api<ScheduleAnswer>(BRUNO, 'POST', '/api/schedules', {
      files: ['pages/termos-de-uso.yaml'],
      start: START,
      end: END,
      note: 'Termos de Natal',
    });
    expect(sch.status, JSON.stringify(sch.body)).toBe(200);
    scheduled = sch.body.id;
  });

  it('every route whose action changes the live site is bound by the setting (a new one must say)', () => {
    const direct = Object.entries(ROUTE_RULES)
      .filter(([, rule]) => rule === 'publish' || rule === 'restore' || rule === 'schedule')
      .map(([route]) => route)
      // Publicar refuses in its own handler (pointing to Pedir publicação); Editar writes drafts only.
      .filter((route) => route !== 'POST /api/publish' && route !== 'POST /api/schedules/edit');
    expect(Object.keys(APPROVAL_BOUND).sort()).toEqual(direct.sort());
  });

  it('with the setting on, each is refused in words for a Publicador and an Administrador; the remote gets nothing', async () => {
    expect((await api(CARLA, 'PUT', '/api/requests/settings', { approvalRequired: true })).status).toBe(200);
    const me = await api<MeAnswer>(BRUNO, 'GET', '/api/eu');
    expect(me.body.approvalRequired).toBe(true);
    const history = await api<HistoryAnswer>(BRUNO, 'GET', '/api/history?file=pages/recarga.yaml');
    const older = history.body.entries[1]!.commit;
    await edit('index.yaml', 'title: ', 'title: Agendar | ');
    const cases: [string, unknown, RegExp][] = [
      [
        '/api/history/restore',
        { file: 'pages/recarga.yaml', commit: older },
        /Restaurar publicaria.*Pedir publicação/,
      ],
      ['/api/history/revert', { commit: published.commit }, /Desfazer publicaria.*no editor/],
      ['/api/schedules', { files: ['pages/index.yaml'], start: START, note: 'x' }, /agendamento entra no ar/],
      ['/api/schedules/times', { id: scheduled, start: START }, /Alterar horário/],
      ['/api/schedules/cancel', { id: scheduled }, /Cancelar tira/],
      ['/api/schedules/apply', { id: scheduled }, /Trazer para as páginas/],
      ['/api/experiments/conclude', { id: 'qualquer' }, /Levar a vencedora.*Pedir publicação/],
    ];
    const head = git(site.remote, 'rev-parse', 'main');
    const before = commits();
    for (const who of [BRUNO, CARLA])
      for (const [url, body, words] of cases) {
        const res = await api<{ error: string }>(who, 'POST', url, body);
        expect(res.status, `${who.role} ${url}`).toBe(403);
        expect(res.body.error, url).toMatch(/^Toda publicação deste site precisa de aprovação: /);
        expect(res.body.error, url).toMatch(words);
        expect(res.body.error, url).toMatch(/Administrador para desligar/);
        expect(res.body.error, url).toMatch(/Nada mudou no site\.$/);
      }
    expect(commits()).toBe(before);
    expect(git(site.remote, 'rev-parse', 'main')).toBe(head);
    // The schedule is still there, unchanged; the saved change of index.yaml is still saved.
    const list = await api<{ upcoming: { id: string }[] }>(BRUNO, 'GET', '/api/schedules');
    expect(list.body.upcoming.map((s) => s.id)).toContain(scheduled);
    expect(await readFile(page('index.yaml'), 'utf8')).toContain('title: Agendar | ');
    // Reading is not a publication: still allowed.
    expect((await api(BRUNO, 'GET', '/api/history?file=pages/recarga.yaml')).status).toBe(200);
  });

  it('with the setting off again, Restaurar and Cancelar publish as before', async () => {
    expect((await api(CARLA, 'PUT', '/api/requests/settings', { approvalRequired: false })).status).toBe(200);
    expect((await api<MeAnswer>(BRUNO, 'GET', '/api/eu')).body.approvalRequired).toBeUndefined();
    const before = commits();
    const history = await api<HistoryAnswer>(BRUNO, 'GET', '/api/history?file=pages/recarga.yaml');
    const restored = await api<PublishAnswer>(BRUNO, 'POST', '/api/history/restore', {
      file: 'pages/recarga.yaml',
      commit: history.body.entries[1]!.commit,
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const cancelled = await api<PublishAnswer>(CARLA, 'POST', '/api/schedules/cancel', { id: scheduled });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(commits()).toBe(before + 2);
  });
});
