/**
 * "Toda publicação precisa de aprovação" (issue 39, decision 0049) binds every action that changes
 * the live site, not only Publicar: with the setting on, Restaurar, Desfazer, Agendar, Alterar
 * horário, Cancelar, Trazer para as páginas and Levar a vencedora are refused on the server in
 * words that say what to do instead, for the Publicador and the Administrador alike, and the bare
 * remote gets no commit. With the setting off the same requests do what they did before.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { HistoryAnswer, MeAnswer, PublishAnswer } from '../../studio/api.ts';
import type { ScheduleAnswer } from '../../studio/schedules-api.ts';
import { ROUTE_RULES } from '../../studio/server/hosted/roles.ts';
import { APPROVAL_BOUND } from '../../studio/server/requests.ts';
import { git } from './git-site.ts';
import { BRUNO, CARLA, teamStudio } from './requests-team.ts';

const team = teamStudio();
const { api, page, commits, edit } = team;

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
      ['/api/history/restore', { file: 'pages/recarga.yaml', commit: older }, /use “Pedir para restaurar”/],
      ['/api/history/revert', { commit: published.commit }, /use “Pedir para desfazer”/],
      ['/api/schedules', { files: ['pages/index.yaml'], start: START, note: 'x' }, /use “Pedir agendamento”/],
      ['/api/schedules/times', { id: scheduled, start: START }, /use “Pedir mudança de horário”/],
      ['/api/schedules/cancel', { id: scheduled }, /use “Pedir cancelamento”/],
      ['/api/schedules/apply', { id: scheduled }, /use “Pedir para trazer para as páginas”/],
      ['/api/experiments/conclude', { id: 'qualquer' }, /use “Pedir para levar a vencedora”/],
    ];
    const head = git(team.site.remote, 'rev-parse', 'main');
    const before = commits();
    for (const who of [BRUNO, CARLA])
      for (const [url, body, words] of cases) {
        const res = await api<{ error: string }>(who, 'POST', url, body);
        expect(res.status, `${who.role} ${url}`).toBe(403);
        expect(res.body.error, url).toMatch(/^Toda publicação deste site precisa de aprovação: /);
        expect(res.body.error, url).toMatch(words);
        expect(res.body.error, url).toMatch(/outra pessoa com papel de Publicador aprova/);
        expect(res.body.error, url).toMatch(/Nada mudou no site\.$/);
      }
    expect(commits()).toBe(before);
    expect(git(team.site.remote, 'rev-parse', 'main')).toBe(head);
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
