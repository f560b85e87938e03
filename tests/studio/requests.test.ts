/**
 * Pedidos de publicação (issue 39, decision 0049) on a hosted Estúdio with three accounts (Editor,
 * Publicador, Administrador), a bare repository as the remote and the real build as the check:
 * an Editor asks, a Publicador approves and the remote gets one commit naming both; a returned
 * request shows its comment to the requester; an approval over a file saved again meanwhile is
 * refused naming it; hostile requests are refused in words with nothing written or published.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HistoryAnswer, PublishAnswer } from '../../studio/api.ts';
import type { PublicationRequest, RequestChanged, RequestsAnswer } from '../../studio/requests-api.ts';
import { git } from './git-site.ts';
import { ANA, BRUNO, CARLA, teamStudio, type Who } from './requests-team.ts';

const team = teamStudio();
const { api, commits, edit } = team;

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
    expect(await readFile(path.join(team.site.tmp, 'dados', 'pedidos.json'), 'utf8')).toContain(body.id);
    expect(git(team.site.work, 'status', '--porcelain')).toBe('M pages/recarga.yaml');
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
    expect(git(team.site.remote, 'log', '-1', '--format=%an <%ae>|%cn <%ce>', 'main')).toBe(
      `${ANA.name} <${ANA.email}>|${BRUNO.name} <${BRUNO.email}>`,
    );
    expect(git(team.site.remote, 'log', '-1', '--format=%B', 'main')).toBe(
      `Título da recarga para a campanha\n\nPedido-por: ${ANA.name} <${ANA.email}>\nAprovado-por: ${BRUNO.name} <${BRUNO.email}>`,
    );
    expect(git(team.site.remote, 'show', 'main:pages/recarga.yaml')).toContain('title: Pedido | ');
    expect(git(team.site.remote, 'diff', '--name-only', 'main~1', 'main')).toBe('pages/recarga.yaml');
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
    const audit = await readFile(path.join(team.site.tmp, 'dados', 'audit.log'), 'utf8');
    expect(audit).toContain('"action":"pedir-publicacao","who":"ana@fillgas.com.br"');
    expect(audit).toContain('"action":"aprovar-pedido","who":"bruno@fillgas.com.br"');
  }, 240_000);

  it('a request published but not recorded (a crash between the push and pedidos.json) is recorded, not published twice', async () => {
    const file = path.join(team.site.tmp, 'dados', 'pedidos.json');
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
    const before = git(team.site.remote, 'rev-parse', 'main');
    const { status, body } = await api<RequestChanged>(BRUNO, 'POST', '/api/requests/approve', {
      id: request.id,
    });
    expect(status).toBe(409);
    expect(body.changed).toEqual([
      { file: 'pages/termos-de-uso.yaml', route: '/termos-de-uso', now: 'alterado' },
    ]);
    expect(body.error).toContain(`/termos-de-uso mudou depois do pedido de ${ANA.name}`);
    expect(body.error).toContain('Nada foi publicado');
    expect(git(team.site.remote, 'rev-parse', 'main')).toBe(before);
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
    const before = await readFile(path.join(team.site.tmp, 'dados', 'pedidos.json'), 'utf8');
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
    expect(await readFile(path.join(team.site.tmp, 'dados', 'pedidos.json'), 'utf8')).toBe(before);
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
