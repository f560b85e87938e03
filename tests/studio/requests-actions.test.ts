/**
 * Asking for what publishes directly (decision 0049, session 21): Restaurar, Desfazer, Agendar,
 * Alterar horário, Cancelar and Levar a vencedora become requests. For each kind an Editor asks,
 * nothing reaches the remote until a Publicador approves, and then the remote's commit is the
 * action's own, authored by the requester and committed by the approver, with both trailers. When
 * something the request depended on changed since (a page published again, a draft saved again),
 * the approval is refused naming it and nothing is published; asking again then works. Hostile
 * requests (forged kinds, oversized bodies, one's own approval while approval is required, a second
 * approval) are refused in words.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { HistoryAnswer, PublishAnswer, SaveAnswer, SiteAnswer } from '../../studio/api.ts';
import {
  MAX_ACTION_BODY,
  type PublicationRequest,
  type RequestChanged,
  type RequestsAnswer,
} from '../../studio/requests-api.ts';
import { addExperiment, setExperimentField } from '../../studio/app/shared/site-edits.ts';
import { git } from './git-site.ts';
import { ANA, BRUNO, CARLA, teamStudio, type Who } from './requests-team.ts';

const team = teamStudio();
const { api, page, commits, edit } = team;

const remoteHead = () => git(team.site.remote, 'rev-parse', 'main');
const lastCommit = (format: string) => git(team.site.remote, 'log', '-1', `--format=${format}`, 'main');
const nextYear = new Date().getUTCFullYear() + 1;

async function ask(who: Who, kind: string, body: unknown, message = 'Por favor') {
  return api<PublicationRequest & { error?: string }>(who, 'POST', '/api/requests/action', {
    kind,
    body,
    message,
  });
}

async function approve(id: string, who: Who = BRUNO) {
  return api<PublishAnswer & RequestChanged>(who, 'POST', '/api/requests/approve', { id });
}

/** The remote's last commit names Ana as its author, Bruno as committer, and both in trailers. */
function namesBoth(subject: RegExp) {
  expect(lastCommit('%an <%ae>|%cn <%ce>')).toBe(`${ANA.name} <${ANA.email}>|${BRUNO.name} <${BRUNO.email}>`);
  const message = lastCommit('%B');
  expect(message.split('\n')[0]).toMatch(subject);
  expect(message).toContain(`Pedido-por: ${ANA.name} <${ANA.email}>`);
  expect(message).toContain(`Aprovado-por: ${BRUNO.name} <${BRUNO.email}>`);
}

async function publishDirectly(file: string, message: string) {
  const res = await api<PublishAnswer>(BRUNO, 'POST', '/api/publish', { files: [file], message });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('Pedir para restaurar, desfazer, agendar… (each kind: ask, approve, a dependency changed)', () => {
  it('restaurar: asked by an Editor, refused when the page was published again, renewed, approved', async () => {
    await edit('recarga.yaml', 'title: ', 'title: Primeira | ');
    await publishDirectly('pages/recarga.yaml', 'Primeira mudança');
    const history = await api<HistoryAnswer>(ANA, 'GET', '/api/history?file=pages/recarga.yaml');
    const older = history.body.entries[1]!.commit;
    const original = git(team.site.remote, 'show', `${older}:pages/recarga.yaml`);

    const direct = await api<{ error: string }>(ANA, 'POST', '/api/history/restore', {
      file: 'pages/recarga.yaml',
      commit: older,
    });
    expect(direct.status).toBe(403);
    const before = commits();
    const asked = await ask(
      ANA,
      'restaurar',
      { file: 'pages/recarga.yaml', commit: older },
      'Volta o título',
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.kind).toBe('restaurar');
    expect(asked.body.action!.summary).toMatch(/^Restaura \/recarga à versão de \d\d\/\d\d\/\d{4}/);
    expect(asked.body.action!.routes).toEqual(['/recarga']);
    expect(asked.body.action!.writes.map((w) => w.file)).toEqual(['pages/recarga.yaml']);
    expect(commits()).toBe(before);

    const listed = await api<RequestsAnswer>(BRUNO, 'GET', '/api/requests');
    const mine = listed.body.requests.find((r) => r.id === asked.body.id)!;
    expect([mine.kind, mine.canDecide, mine.changedSince]).toEqual(['restaurar', true, []]);

    // Someone publishes /recarga in the meantime: restoring now would overwrite it.
    await edit('recarga.yaml', 'title: Primeira | ', 'title: Segunda | ');
    await publishDirectly('pages/recarga.yaml', 'Segunda mudança');
    const head = remoteHead();
    const stale = await api<RequestsAnswer>(BRUNO, 'GET', '/api/requests');
    expect(stale.body.requests.find((r) => r.id === asked.body.id)!.changedSince).toEqual([
      'pages/recarga.yaml',
    ]);
    const refused = await approve(asked.body.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(
      /^\/recarga foi publicado depois do pedido de Ana Editora: .*Nada foi publicado/,
    );
    expect(refused.body.changed).toEqual([
      { file: 'pages/recarga.yaml', route: '/recarga', now: 'publicado' },
    ]);
    expect(remoteHead()).toBe(head);

    // Only Ana asks again; then the plan is made on the site as it is now, and approved.
    expect((await api(BRUNO, 'POST', '/api/requests/renew', { id: asked.body.id })).status).toBe(403);
    const renewed = await api<PublicationRequest>(ANA, 'POST', '/api/requests/renew', { id: asked.body.id });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    const done = await approve(asked.body.id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    namesBoth(/^Restaura \/recarga à versão de/);
    expect(`${git(team.site.remote, 'show', 'main:pages/recarga.yaml')}`).toBe(original);
    const history2 = await api<HistoryAnswer>(ANA, 'GET', '/api/history?file=pages/recarga.yaml');
    expect(history2.body.entries[0]).toMatchObject({
      requestedBy: `${ANA.name} <${ANA.email}>`,
      approvedBy: `${BRUNO.name} <${BRUNO.email}>`,
    });
    // A second approval (a second click, another approver) publishes nothing twice.
    const again = await approve(asked.body.id, CARLA);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/já foi aprovado por Bruno Publicador/);
    const ana = await api<RequestsAnswer>(ANA, 'GET', '/api/requests');
    expect(ana.body.requests.find((r) => r.id === asked.body.id)).toMatchObject({
      status: 'aprovado',
      commit: remoteHead(),
    });

    // A crash between the push and pedidos.json leaves it "pendente" while its commit is live:
    // approving again puts the record right from the commit's trailers and publishes nothing.
    const file = `${team.site.tmp}/dados/pedidos.json`;
    const state = JSON.parse(await readFile(file, 'utf8')) as { requests: PublicationRequest[] };
    const cut = state.requests.find((r) => r.id === asked.body.id)!;
    cut.status = 'pendente';
    delete cut.decidedBy;
    delete cut.decidedAt;
    delete cut.commit;
    await writeFile(file, JSON.stringify(state));
    const published = remoteHead();
    const replay = await approve(asked.body.id, CARLA);
    expect(replay.status).toBe(409);
    expect(replay.body.error).toMatch(
      /já foi feito \([0-9a-f]{7}, aprovado por Bruno Publicador\); o registro do pedido foi corrigido/,
    );
    expect(remoteHead()).toBe(published);
    const fixed = await api<RequestsAnswer>(ANA, 'GET', '/api/requests');
    expect(fixed.body.requests.find((r) => r.id === asked.body.id)).toMatchObject({
      status: 'aprovado',
      commit: published,
      decidedBy: { name: BRUNO.name, email: BRUNO.email },
    });
  }, 300_000);

  it('desfazer: the change undone in Ana’s name', async () => {
    await edit('termos-de-uso.yaml', 'title: ', 'title: Desfazer | ');
    const change = await publishDirectly('pages/termos-de-uso.yaml', 'Muda os termos');
    const asked = await ask(ANA, 'desfazer', { commit: change.commit });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.action!.summary).toBe(`Desfaz “Muda os termos” (${change.commit.slice(0, 7)})`);
    expect(asked.body.action!.routes).toEqual(['/termos-de-uso']);
    // Two approvers at once: one publishes, the other is told someone is approving it now.
    const before = commits();
    const both = await Promise.all([approve(asked.body.id), approve(asked.body.id, CARLA)]);
    expect(both.map((b) => b.status).sort()).toEqual([200, 409]);
    expect(both.find((b) => b.status === 409)!.body.error).toMatch(/sendo aprovado|já foi aprovado/);
    expect(commits()).toBe(before + 1);
    expect(lastCommit('%an')).toBe(ANA.name);
    expect(lastCommit('%B').split('\n')[0]).toMatch(/^Desfaz “Muda os termos”/);
    expect(git(team.site.remote, 'show', 'main:pages/termos-de-uso.yaml')).not.toContain('Desfazer | ');
  }, 300_000);

  let scheduled = '';
  it('agendar: refused when the draft was saved again, asked again, approved under the name chosen when asked', async () => {
    await edit('index.yaml', 'title: ', 'title: Natal | ');
    const asked = await ask(ANA, 'agendar', {
      files: ['pages/index.yaml'],
      start: `${nextYear}-12-20 00:00`,
      end: `${nextYear}-12-26 00:00`,
      note: 'Natal na home',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.action!.summary).toMatch(
      /^Agenda \/ para 20\/12\/\d{4} às 00:00 até 26\/12\/\d{4} às 00:00/,
    );
    scheduled = String(asked.body.action!.body.id);
    expect(scheduled).toBe('natal-na-home');
    expect(asked.body.action!.routes).toEqual([]);
    // The draft still holds Ana's text until the approval.
    expect(await readFile(page('index.yaml'), 'utf8')).toContain('title: Natal | ');

    await edit('index.yaml', 'title: Natal | ', 'title: Natal mudado | ');
    const listed = await api<RequestsAnswer>(BRUNO, 'GET', '/api/requests');
    expect(listed.body.requests.find((r) => r.id === asked.body.id)!.changedSince).toEqual([
      'pages/index.yaml',
    ]);
    const head = remoteHead();
    const refused = await approve(asked.body.id);
    expect(refused.status).toBe(409);
    expect(refused.body.changed).toEqual([
      { file: `pages/_agendamentos/${scheduled}/index.yaml`, route: '/', now: 'alterado' },
    ]);
    expect(refused.body.error).toMatch(/^\/ mudou depois do pedido de Ana Editora/);
    expect(remoteHead()).toBe(head);

    expect((await api(ANA, 'POST', '/api/requests/renew', { id: asked.body.id })).status).toBe(200);
    const done = await approve(asked.body.id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    namesBoth(/^Agenda \/ para/);
    expect(git(team.site.remote, 'show', `main:pages/_agendamentos/${scheduled}/index.yaml`)).toContain(
      'title: Natal mudado | ',
    );
  }, 300_000);

  it('alterar-horario and cancelar-agendamento: each asked and approved', async () => {
    const times = await ask(ANA, 'alterar-horario', {
      id: scheduled,
      start: `${nextYear}-12-21 08:00`,
      end: `${nextYear}-12-27 00:00`,
    });
    expect(times.status, JSON.stringify(times.body)).toBe(201);
    expect(times.body.action!.summary).toMatch(/^Muda o horário do agendamento natal na home para 21\/12/);
    expect((await approve(times.body.id)).status).toBe(200);
    namesBoth(/^Muda o horário/);
    expect(git(team.site.remote, 'show', `main:pages/_agendamentos/${scheduled}/_agendamento.yaml`)).toMatch(
      /start: .*21 08:00/,
    );

    const cancel = await ask(ANA, 'cancelar-agendamento', { id: scheduled });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(201);
    expect(cancel.body.action!.summary).toBe('Cancela o agendamento natal na home');
    expect((await approve(cancel.body.id)).status).toBe(200);
    namesBoth(/^Cancela o agendamento natal na home/);
    expect(git(team.site.remote, 'ls-tree', '-r', '--name-only', 'main', 'pages/_agendamentos')).toBe('');
  }, 300_000);

  it('trazer-para-paginas: a schedule live for good becomes the page itself, in Ana’s name', async () => {
    // A schedule with no end whose start has passed, published from a clone (as the team would have).
    const { work } = team.site;
    const folder = 'pages/_agendamentos/termos-ja';
    const text = (await readFile(page('termos-de-uso.yaml'), 'utf8'))
      .replace('$schema=../', '$schema=../../../')
      .replace('title: ', 'title: Já no ar | ');
    await mkdir(`${work}/${folder}`, { recursive: true });
    await writeFile(
      `${work}/${folder}/_agendamento.yaml`,
      'start: 2020-01-01 00:00\nnote: "Termos já no ar"\n',
    );
    await writeFile(`${work}/${folder}/termos-de-uso.yaml`, text);
    git(work, 'add', folder);
    git(work, 'commit', '-qm', 'Agenda os termos');
    git(work, 'push', '-q', 'origin', 'main');

    const asked = await ask(ANA, 'trazer-para-paginas', { id: 'termos-ja' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.action!.summary).toMatch(/^Traz o agendamento termos ja para as páginas/);
    expect(asked.body.action!.routes).toEqual([]);
    expect(asked.body.action!.writes.map((w) => w.file).sort()).toEqual([
      `${folder}/_agendamento.yaml`,
      `${folder}/termos-de-uso.yaml`,
      'pages/termos-de-uso.yaml',
    ]);
    const done = await approve(asked.body.id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    namesBoth(/^Traz o agendamento termos ja para as páginas/);
    expect(git(team.site.remote, 'show', 'main:pages/termos-de-uso.yaml')).toContain('title: Já no ar | ');
    expect(git(team.site.remote, 'ls-tree', '-r', '--name-only', 'main', folder)).toBe('');
  }, 300_000);

  it('levar-vencedora: the winner brought home in Ana’s name', async () => {
    const created = await api(BRUNO, 'POST', '/api/pages', { route: 'recarga-b', from: 'recarga' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const variant = page('recarga-b.yaml');
    await writeFile(
      variant,
      `${await readFile(variant, 'utf8')}change:\n  hero:\n    title: Título vencedor.\n`,
    );
    const saveSite = async (change: (text: string) => string) => {
      const current = await api<SiteAnswer>(CARLA, 'GET', '/api/site');
      const saved = await api<SaveAnswer>(CARLA, 'PUT', '/api/site', {
        source: change(current.body.source),
        version: current.body.version,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    await saveSite((text) =>
      addExperiment(text, {
        id: 'recarga-titulo',
        route: '/recarga',
        variants: [
          { page: 'recarga', weight: 50 },
          { page: 'recarga-b', weight: 50 },
        ],
      }),
    );
    const started = await api<PublishAnswer>(BRUNO, 'POST', '/api/publish', {
      files: ['pages/_site.yaml', 'pages/recarga-b.yaml'],
      message: 'Começa o experimento',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await saveSite((text) => setExperimentField(text, 0, 'winner', 'recarga-b'));
    await publishDirectly('pages/_site.yaml', 'Vencedora: recarga-b');

    const asked = await ask(ANA, 'levar-vencedora', { id: 'recarga-titulo' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.action!.summary).toBe(
      'Leva a vencedora /recarga-b para /recarga e encerra o experimento recarga-titulo',
    );
    expect(asked.body.action!.routes).toEqual(['/recarga']);
    const done = await approve(asked.body.id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    namesBoth(/^Leva a vencedora \/recarga-b para \/recarga/);
    expect(git(team.site.remote, 'show', 'main:pages/recarga.yaml')).toContain('Título vencedor.');
    expect(git(team.site.remote, 'ls-tree', '--name-only', 'main', 'pages/recarga-b.yaml')).toBe('');
  }, 400_000);
});

describe('hostile action requests', () => {
  it('forged kinds, bodies and oversized bodies are refused in words; nothing is kept', async () => {
    const file = `${team.site.tmp}/dados/pedidos.json`;
    const kept = await readFile(file, 'utf8');
    const cases: [unknown, number, RegExp][] = [
      [{ kind: 'apagar-tudo', body: {}, message: 'x' }, 400, /"kind"/],
      [{ kind: 'publicar', body: {}, message: 'x' }, 400, /"kind"|Pedir publicação/],
      [{ kind: '__proto__', body: {}, message: 'x' }, 400, /"kind"/],
      [{ kind: 'restaurar', body: [1], message: 'x' }, 400, /"body"/],
      [{ kind: 'restaurar', body: { file: 'pages/recarga.yaml', commit: 'x' }, message: '' }, 400, /Escreva/],
      [{ kind: 'restaurar', body: { file: 'x'.repeat(MAX_ACTION_BODY) }, message: 'x' }, 413, /limite/],
      [
        { kind: 'restaurar', body: { file: '../../etc/passwd', commit: 'a'.repeat(40) }, message: 'x' },
        400,
        /./,
      ],
      [{ kind: 'desfazer', body: { commit: 'f'.repeat(40) }, message: 'x' }, 404, /não está no histórico/],
      [{ kind: 'cancelar-agendamento', body: { id: 'nao-existe' }, message: 'x' }, 404, /não existe/],
    ];
    for (const [body, status, words] of cases) {
      const res = await api<{ error: string }>(ANA, 'POST', '/api/requests/action', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body.error).toMatch(words);
    }
    expect(await readFile(file, 'utf8')).toBe(kept);
  }, 120_000);

  it('while approval is required nobody approves their own action request, another person does; the direct route says which button to use', async () => {
    expect((await api(CARLA, 'PUT', '/api/requests/settings', { approvalRequired: true })).status).toBe(200);
    const history = await api<HistoryAnswer>(BRUNO, 'GET', '/api/history?file=pages/termos-de-uso.yaml');
    const direct = await api<{ error: string }>(BRUNO, 'POST', '/api/history/restore', {
      file: 'pages/termos-de-uso.yaml',
      commit: history.body.entries[1]!.commit,
    });
    expect(direct.status).toBe(403);
    expect(direct.body.error).toMatch(/use “Pedir para restaurar”/);
    const own = await ask(BRUNO, 'restaurar', {
      file: 'pages/termos-de-uso.yaml',
      commit: history.body.entries[1]!.commit,
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const head = remoteHead();
    const self = await approve(own.body.id, BRUNO);
    expect(self.status).toBe(403);
    expect(self.body.error).toMatch(/não pode aprovar o seu próprio pedido/);
    // An Editor never approves, whatever they forge.
    expect((await approve(own.body.id, ANA)).status).toBe(403);
    expect(remoteHead()).toBe(head);
    // Another person approves it: the direct route stays refused, the request goes through.
    const other = await approve(own.body.id, CARLA);
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(lastCommit('%an|%cn')).toBe(`${BRUNO.name}|${CARLA.name}`);
    expect(lastCommit('%B')).toContain(`Aprovado-por: ${CARLA.name} <${CARLA.email}>`);
    expect((await api(CARLA, 'PUT', '/api/requests/settings', { approvalRequired: false })).status).toBe(200);
  }, 120_000);
});
