/**
 * A schedule request whose start passes while it waits (decision 0049, session 21): the approval
 * is refused saying in words that the time passed and that the requester asks again with a new
 * one (not the direct action's "use Publicar agora"); "Pedir de novo" with the same times says the
 * same to the requester; asked again with new times, it is approved and the remote has them. A
 * schedule made without a name reads by its start, never "agendamento agendamento".
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PublishAnswer } from '../../studio/api.ts';
import type { PublicationRequest } from '../../studio/requests-api.ts';
import { git } from './git-site.ts';
import { ANA, BRUNO, teamStudio } from './requests-team.ts';

const team = teamStudio();
const { api, commits, edit } = team;
const nextYear = new Date().getUTCFullYear() + 1;

describe('a schedule request whose time passed before approval', () => {
  it('is refused in words, asked again with new times, approved; unnamed, it reads by its start', async () => {
    await edit('recarga.yaml', 'title: ', 'title: Natal | ');
    const asked = await api<PublicationRequest>(ANA, 'POST', '/api/requests/action', {
      kind: 'agendar',
      body: { files: ['pages/recarga.yaml'], start: `${nextYear}-12-20 00:00`, end: null, note: '' },
      message: 'Natal na recarga',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    // No name: the commit's words end with the time, not "(agendamento agendamento)".
    expect(asked.body.action!.summary).toBe(`Agenda /recarga para 20/12/${nextYear} às 00:00`);
    expect(asked.body.action!.body.id).toBe('agendamento');

    // The request waits past its start (as stored: the clock cannot be moved under the server).
    const file = path.join(team.site.tmp, 'dados', 'pedidos.json');
    const state = JSON.parse(await readFile(file, 'utf8')) as { requests: PublicationRequest[] };
    state.requests.find((r) => r.id === asked.body.id)!.action!.body.start = '2020-01-01 10:00';
    await writeFile(file, JSON.stringify(state));
    const before = commits();

    const refused = await api<{ error: string }>(BRUNO, 'POST', '/api/requests/approve', {
      id: asked.body.id,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^O início \(01\/01\/2020 às 10:00\) já passou/);
    expect(refused.body.error).toContain(
      'O horário pedido já passou, e o pedido não pode ser aprovado assim: devolva-o, e Ana Editora pede de novo com um novo horário.',
    );
    expect(refused.body.error).not.toContain('Publicar agora');
    expect(refused.body.error).not.toContain('Escolha um dia');
    expect(commits()).toBe(before);

    // Asked again as it was: the requester is told to choose a new time.
    const same = await api<{ error: string }>(ANA, 'POST', '/api/requests/renew', { id: asked.body.id });
    expect(same.status).toBe(409);
    expect(same.body.error).toContain(
      'O horário pedido já passou: em Pedidos, use “Pedir de novo com outro horário”',
    );
    // New times only for a schedule's request, and as text.
    expect(
      (await api(ANA, 'POST', '/api/requests/renew', { id: asked.body.id, start: 5, end: null })).status,
    ).toBe(400);

    const renewed = await api<PublicationRequest>(ANA, 'POST', '/api/requests/renew', {
      id: asked.body.id,
      start: `${nextYear}-12-22 09:00`,
      end: `${nextYear}-12-26 00:00`,
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.status).toBe('pendente');
    expect(renewed.body.action!.summary).toBe(
      `Agenda /recarga para 22/12/${nextYear} às 09:00 até 26/12/${nextYear} às 00:00`,
    );

    const approved = await api<PublishAnswer>(BRUNO, 'POST', '/api/requests/approve', { id: asked.body.id });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(commits()).toBe(before + 1);
    const meta = git(team.site.remote, 'show', 'main:pages/_agendamentos/agendamento/_agendamento.yaml');
    expect(meta).toContain(`start: ${nextYear}-12-22 09:00`);
    expect(meta).toContain(`end: ${nextYear}-12-26 00:00`);

    // Its later changes name it by its start.
    const moved = await api<PublicationRequest>(ANA, 'POST', '/api/requests/action', {
      kind: 'alterar-horario',
      body: { id: 'agendamento', start: `${nextYear}-12-23 09:00`, end: null },
      message: 'Um dia depois',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    expect(moved.body.action!.summary).toBe(
      `Muda o horário do agendamento de 22/12/${nextYear} às 09:00 para 23/12/${nextYear} às 09:00`,
    );
    // And a direct one with no time left to change says what it is about in words too.
    expect(
      (
        await api<PublicationRequest>(ANA, 'POST', '/api/requests/action', {
          kind: 'cancelar-agendamento',
          body: { id: 'agendamento' },
          message: 'Melhor não',
        })
      ).body.action!.summary,
    ).toBe(`Cancela o agendamento de 22/12/${nextYear} às 09:00`);
  }, 400_000);
});
