/**
 * Públicos beside Agendar (issue 38): the rules a published schedule's _site.yaml brings at its
 * hour come back from GET /api/publicos/agendados, read from what is committed (real git, a bare
 * remote), so the screen can say them in words; schedules without _site.yaml are not listed, and
 * outside the schedule nothing of pages/ is read as a rule.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduledAudiencesAnswer } from '../../studio/audiences.ts';
import { createStudioServer, type StudioServer } from '../../studio/server/server.ts';
import { apiOf, git, makeGitSite, root, type GitSite } from './git-site.ts';

let site: GitSite;
let server: StudioServer;
let api: ReturnType<typeof apiOf>;

const nextYear = new Date().getUTCFullYear() + 1;

beforeAll(async () => {
  site = await makeGitSite({ pages: ['_site.yaml', '404.yaml', 'index.yaml'] });
  const folder = (id: string) => path.join(site.work, 'pages/_agendamentos', id);
  await mkdir(folder('natal'), { recursive: true });
  await writeFile(path.join(folder('natal'), '_agendamento.yaml'), `start: ${nextYear}-12-20 00:00\n`);
  await writeFile(
    path.join(folder('natal'), '_site.yaml'),
    'brand: Fillgás\n# As regras do Natal.\naudiences:\n  - route: /agendamento\n    page: agendamento-natal\n    when:\n      utm_campaign: natal\n  - route: /agendamento\n    page: agendamento-natal\n    when: { referrer: facebook.com, gclid: true }\n',
  );
  await mkdir(folder('pagina'), { recursive: true });
  await writeFile(path.join(folder('pagina'), '_agendamento.yaml'), `start: ${nextYear}-07-01 00:00\n`);
  await writeFile(path.join(folder('pagina'), 'index.yaml'), 'title: Inverno\n');
  git(site.work, 'add', 'pages');
  git(site.work, 'commit', '-qm', 'Agenda o Natal');
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
  if (site) await rm(site.tmp, { recursive: true, force: true });
});

describe('GET /api/publicos/agendados', () => {
  it('gives the rules each scheduled _site.yaml brings, in order, and nothing for other schedules', async () => {
    const answer = await api<ScheduledAudiencesAnswer>('GET', '/api/publicos/agendados');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      schedules: [
        {
          id: 'natal',
          rules: [
            { index: 0, route: '/agendamento', page: 'agendamento-natal', when: { utm_campaign: 'natal' } },
            {
              index: 1,
              route: '/agendamento',
              page: 'agendamento-natal',
              when: { gclid: true, referrer: 'facebook.com' },
            },
          ],
        },
      ],
    });
  });
});
