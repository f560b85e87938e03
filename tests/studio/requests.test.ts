/**
 * Pedidos de publicação (issue 39, decision 0049) on a hosted Estúdio with three accounts (Editor,
 * Publicador, Administrador), a bare repository as the remote and the real build as the check:
 * an Editor asks, a Publicador approves and the remote gets one commit naming both; a returned
 * request shows its comment to the requester; an approval over a file saved again meanwhile is
 * refused naming it; hostile requests are refused in words with nothing written or published.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryAnswer, PublishAnswer } from '../../studio/api.ts';
import type { PublicationRequest, RequestChanged, RequestsAnswer } from '../../studio/requests-api.ts';
import { cachedAppDir } from '../../studio/server/app-cache.ts';
import { writeAccountsFile } from '../../studio/server/hosted/accounts.ts';
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

describe('Pedidos de publicação', () => {
  let asked: PublicationRequest;

  it('an Editor cannot publish, but asks: the request names the saved file and its sha256', async () => {
    await edit('recarga.yaml', 'title: ', 'title: Pedido | ');
    const refused = await api<{ error: string }>(ANA, 'POST', '/api/publish', {
      files: ['pages/recarga.yaml'],
      message: 'Muda o título',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('Editor');
    const before = commits();
    const { status, body } = await api<PublicationRequest>(ANA, 'POST', '/api/requests', {
      files: ['pages/recarga.yaml'],
      message: 'Título da recarga para a campanha',
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ status: 'pendente', requester: { name: ANA.name, email: ANA.email } });
    expect(body.files).toEqual([
      { file: 'pages/recarga.yaml', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
    asked = body;
    expect(commits()).toBe(before);
    // Kept in the state folder, never in the repository.
    expect(await readFile(path.join(site.tmp, 'dados', 'pedidos.json'), 'utf8')).toContain(body.id);
    expect(git(site.work, 'status', '--porcelain')).toBe('M pages/recarga.yaml');
  });

  it('the Publicador sees it with a count; the Editor sees only theirs, not to decide', async () => {
    const bruno = await api<RequestsAnswer>(BRUNO, 'GET', '/api/requests');
    expect(bruno.status).toBe(200);
    expect(bruno.body.attention).toBe(1);
    expect(bruno.body.mayApprove).toBe(true);
    expect(bruno.body.requests[0]).toMatchObject({
      id: asked.id,
      canDecide: true,
      mine: false,
      routes: ['/recarga'],
      changedSince: [],
    });
    const ana = await api<RequestsAnswer>(ANA, 'GET', '/api/requests');
    expect(ana.body.mayPublish).toBe(false);
    expect(ana.body.requests[0]).toMatchObject({ id: asked.id, mine: true, canDecide: false });
    const refused = await api<{ error: string }>(ANA, 'POST', '/api/requests/approve', { id: asked.id });
    expect(refused.status).toBe(403);
  });

  it('Aprovar e publicar: one commit on the remote, authored by the requester, committed by the approver, both named; Histórico shows both', async () => {
    const before = commits();
    const { status, body } = await api<PublishAnswer>(BRUNO, 'POST', '/api/requests/approve', {
      id: asked.id,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.pushed).toBe(true);
    expect(commits()).toBe(before + 1);
    expect(git(site.remote, 'log', '-1', '--format=%an <%ae>|%cn <%ce>', 'main')).toBe(
      `${ANA.name} <${ANA.email}>|${BRUNO.name} <${BRUNO.email}>`,
    );
    expect(git(site.remote, 'log', '-1', '--format=%B', 'main')).toBe(
      `Título da recarga para a campanha\n\nPedido-por: ${ANA.name} <${ANA.email}>\nAprovado-por: ${BRUNO.name} <${BRUNO.email}>`,
    );
    expect(git(site.remote, 'show', 'main:pages/recarga.yaml')).toContain('title: Pedido | ');
    expect(git(site.remote, 'diff', '--name-only', 'main~1', 'main')).toBe('pages/recarga.yaml');
    const history = await api<HistoryAnswer>(ANA, 'GET', '/api/history?file=pages/recarga.yaml');
    expect(history.body.entries[0]).toMatchObject({
      name: ANA.name,
      requestedBy: `${ANA.name} <${ANA.email}>`,
      approvedBy: `${BRUNO.name} <${BRUNO.email}>`,
    });
    // The requester sees the outcome.
    const ana = await api<RequestsAnswer>(ANA, 'GET', '/api/requests');
    expect(ana.body.requests[0]).toMatchObject({
      status: 'aprovado',
      decidedBy: { name: BRUNO.name },
      commit: body.commit,
    });
    const again = await api<{ error: string }>(BRUNO, 'POST', '/api/requests/approve', { id: asked.id });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(`Este pedido já foi aprovado por ${BRUNO.name}.`);
    const audit = await readFile(path.join(site.tmp, 'dados', 'audit.log'), 'utf8');
    expect(audit).toContain('"action":"pedir-publicacao","who":"ana@fillgas.com.br"');
    expect(audit).toContain('"action":"aprovar-pedido","who":"bruno@fillgas.com.br"');
  }, 240_000);

  it('a request published but not recorded (a crash between the push and pedidos.json) is recorded, not published twice', async () => {
    const file = path.join(site.tmp, 'dados', 'pedidos.json');
    const state = JSON.parse(await readFile(file, 'utf8')) as { requests: PublicationRequest[] };
    const stored = state.requests.find((r) => r.id === asked.id)!;
    const commit = stored.commit!;
    Object.assign(stored, { status: 'pendente' });
    delete stored.decidedBy;
    delete stored.decidedAt;
    delete stored.commit;
    await writeFile(file, JSON.stringify(state));
    const before = commits();
    const { status, body } = await api<{ error: string }>(BRUNO, 'POST', '/api/requests/approve', {
      id: asked.id,
    });
    expect(status).toBe(409);
    expect(body.error).toBe(
      `Este pedido já foi publicado (${commit.slice(0, 7)}, aprovado por ${BRUNO.name}); o registro do pedido foi corrigido.`,
    );
    expect(commits()).toBe(before);
    const ana = await api<RequestsAnswer>(ANA, 'GET', '/api/requests');
    expect(ana.body.requests.find((r) => r.id === asked.id)).toMatchObject({
      status: 'aprovado',
      commit,
      decidedBy: { name: BRUNO.name, email: BRUNO.email },
    });
  });

  it('an approval over a file saved again since the request is refused, naming it; nothing is published', async () => {
    await edit('termos-de-uso.yaml', 'title: ', 'title: Versão pedida | ');
    const { body: request } = await api<PublicationRequest>(ANA, 'POST', '/api/requests', {
      files: ['pages/termos-de-uso.yaml'],
      message: 'Termos novos',
    });
    await edit('termos-de-uso.yaml', 'Versão pedida', 'Versão mudada depois');
    const listed = await api<RequestsAnswer>(BRUNO, 'GET', '/api/requests');
    expect(listed.body.requests.find((r) => r.id === request.id)!.changedSince).toEqual([
      'pages/termos-de-uso.yaml',
    ]);
    const before = git(site.remote, 'rev-parse', 'main');
    const { status, body } = await api<RequestChanged>(BRUNO, 'POST', '/api/requests/approve', {
      id: request.id,
    });
    expect(status).toBe(409);
    expect(body.changed).toEqual([
      { file: 'pages/termos-de-uso.yaml', route: '/termos-de-uso', now: 'alterado' },
    ]);
    expect(body.error).toContain(`/termos-de-uso mudou depois do pedido de ${ANA.name}`);
    expect(body.error).toContain('Nada foi publicado');
    expect(git(site.remote, 'rev-parse', 'main')).toBe(before);
    // Pedir de novo: the request takes the text saved now and can be decided again.
    const renewed = await api<PublicationRequest>(ANA, 'POST', '/api/requests/renew', { id: request.id });
    expect(renewed.status).toBe(200);
    expect(renewed.body.status).toBe('pendente');
    const after = await api<RequestsAnswer>(BRUNO, 'GET', '/api/requests');
    expect(after.body.requests.find((r) => r.id === request.id)!.changedSince).toEqual([]);
  });

  it('Devolver: the requester sees the comment, markup kept as plain text', async () => {
    const { body: list } = await api<RequestsAnswer>(BRUNO, 'GET', '/api/requests');
    const pending = list.requests.find((r) => r.status === 'pendente')!;
    const comment = 'Falta o preço <script>alert("x")</script> & revisar o título';
    const empty = await api<{ error: string }>(BRUNO, 'POST', '/api/requests/return', {
      id: pending.id,
      comment: '  ',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Escreva um comentário para quem pediu.');
    const { status } = await api(BRUNO, 'POST', '/api/requests/return', { id: pending.id, comment });
    expect(status).toBe(200);
    const ana = await api<RequestsAnswer>(ANA, 'GET', '/api/requests');
    const mine = ana.body.requests.find((r) => r.id === pending.id)!;
    expect(mine).toMatchObject({ status: 'devolvido', comment, decidedBy: { name: BRUNO.name } });
    expect(ana.body.attention).toBe(1);
    const late = await api<{ error: string }>(BRUNO, 'POST', '/api/requests/approve', { id: pending.id });
    expect(late.status).toBe(409);
  });

  it("refuses forged ids, oversized messages and comments, files outside the site, someone else's renew", async () => {
    const before = await readFile(path.join(site.tmp, 'dados', 'pedidos.json'), 'utf8');
    const cases: [Who, string, unknown, number, string][] = [
      [BRUNO, '/api/requests/approve', { id: '../../contas.json' }, 400, 'Informe o pedido'],
      [BRUNO, '/api/requests/approve', { id: 'AAAAAAAAAAAAAAAA' }, 404, 'não existe'],
      [BRUNO, '/api/requests/approve', { id: ['x'] }, 400, 'Informe o pedido'],
      [
        BRUNO,
        '/api/requests/return',
        { id: 'AAAAAAAAAAAAAAAA', comment: 'x'.repeat(1001) },
        413,
        'O comentário tem 1001 caracteres; o limite é 1000.',
      ],
      [
        ANA,
        '/api/requests',
        { files: ['pages/index.yaml'], message: 'x'.repeat(2001) },
        413,
        'A mensagem tem 2001 caracteres; o limite é 2000.',
      ],
      [ANA, '/api/requests', { files: ['../contas.json'], message: 'oi' }, 400, ''],
      [ANA, '/api/requests', { files: [], message: 'oi' }, 400, 'ao menos um arquivo'],
      [
        ANA,
        '/api/requests',
        { files: ['pages/index.yaml'], message: 'nada mudou' },
        409,
        'não tem mudanças salvas',
      ],
      [BRUNO, '/api/requests/renew', { id: JSON.parse(before).requests[1].id }, 403, 'Só quem fez o pedido'],
      [ANA, '/api/requests/settings', { approvalRequired: true }, 403, ''],
    ];
    for (const [who, url, body, status, words] of cases) {
      const res = await api<{ error: string }>(who, url.endsWith('settings') ? 'PUT' : 'POST', url, body);
      expect(res.status, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBe(status);
      expect(res.body.error).toContain(words);
    }
    expect(await readFile(path.join(site.tmp, 'dados', 'pedidos.json'), 'utf8')).toBe(before);
  });

  it('"toda publicação precisa de aprovação": Publicar refused to a Publicador, who asks, and cannot approve their own', async () => {
    const set = await api(CARLA, 'PUT', '/api/requests/settings', { approvalRequired: true });
    expect(set.status).toBe(200);
    await edit('index.yaml', 'title: ', 'title: Aprovação | ');
    const publish = await api<{ error: string }>(BRUNO, 'POST', '/api/publish', {
      files: ['pages/index.yaml'],
      message: 'Direto',
    });
    expect(publish.status).toBe(403);
    expect(publish.body.error).toContain('Pedir publicação');
    const { body: own } = await api<PublicationRequest>(BRUNO, 'POST', '/api/requests', {
      files: ['pages/index.yaml'],
      message: 'Home',
    });
    const listed = await api<RequestsAnswer>(BRUNO, 'GET', '/api/requests');
    expect(listed.body).toMatchObject({ approvalRequired: true, mayPublish: false });
    expect(listed.body.requests.find((r) => r.id === own.id)!.canDecide).toBe(false);
    const self = await api<{ error: string }>(BRUNO, 'POST', '/api/requests/approve', { id: own.id });
    expect(self.status).toBe(403);
    expect(self.body.error).toContain('não pode aprovar o seu próprio pedido');
    const carla = await api<RequestsAnswer>(CARLA, 'GET', '/api/requests');
    expect(carla.body.requests.find((r) => r.id === own.id)!.canDecide).toBe(true);
  });
});
