/**
 * The whole-site check at every scheduled instant (issue 38): a copy of the real pages/ with
 * schedules beside it, checked with a set clock. A problem found only at an instant is located in
 * the file its author wrote and dated; a page taken away while another still uses it is refused in
 * words with the instant; ended schedules do not fail the check; `npm run check` says what it checked.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blockList } from '../../blocks/index.ts';
import { projectArgs } from '../helpers/tsx.ts';
import {
  checkSite,
  formatProblems,
  PageErrors,
  parseSiteInstant,
  type PageProblem,
} from '../../runtime/load/index.ts';

const repo = path.resolve(import.meta.dirname, '../..');
let root: string;
let pages: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'schedule-check-'));
  pages = path.join(root, 'pages');
  await cp(path.join(repo, 'pages'), pages, { recursive: true });
});
afterEach(() => rm(root, { recursive: true, force: true }));

const write = async (file: string, text: string) => {
  const abs = path.join(pages, file);
  await mkdir(path.dirname(abs), { recursive: true });
  await writeFile(abs, text);
};
const schedule = (id: string, meta: string, files: Record<string, string> = {}) =>
  Promise.all([
    write(`_agendamentos/${id}/_agendamento.yaml`, meta),
    ...Object.entries(files).map(([f, text]) => write(`_agendamentos/${id}/${f}`, text)),
  ]);

const at = (text: string) => parseSiteInstant(text)!;
const check = (now: string) => checkSite({ root, pagesDir: pages, blocks: blockList, now: at(now) });
async function problems(now: string): Promise<PageProblem[]> {
  try {
    await check(now);
  } catch (error) {
    if (error instanceof PageErrors) return error.problems;
    throw error;
  }
  throw new Error('esperava problemas');
}
const located = (p: PageProblem) => `${p.loc.file}:${p.loc.line}:${p.loc.column} ${p.message}`;

const natalPage = 'extends: agendamento\ntitle: Natal na Fillgás | Agende\n';

describe('the site at every scheduled instant', () => {
  it('without schedules, is the site as loadProject reads it, and nothing later', async () => {
    const checked = await check('2026-12-01 00:00');
    expect(checked.schedules).toEqual([]);
    expect(checked.future).toEqual([]);
    expect(checked.warnings).toEqual([]);
    expect(checked.project.pages.map((p) => p.route)).toContain('/agendamento');
  });

  it('loads the site as it will be at each start and end, files named where they were written', async () => {
    await schedule(
      'natal',
      'start: 2026-12-20 00:00\nend: 2026-12-26 00:00\nremove: [recarregar-sodastream.yaml]\n',
      {
        'agendamento-natal.yaml': natalPage,
      },
    );
    const checked = await check('2026-12-01 00:00');
    expect(checked.project.pages.map((p) => p.route)).not.toContain('/agendamento-natal');
    expect(checked.future.map((s) => [s.at.toISOString(), s.changing.map((c) => c.id)])).toEqual([
      ['2026-12-20T03:00:00.000Z', ['natal']],
      ['2026-12-26T03:00:00.000Z', ['natal']],
    ]);
    const [during, after] = checked.future;
    const natal = during!.project.pages.find((p) => p.route === '/agendamento-natal')!;
    expect(natal.file).toBe('pages/_agendamentos/natal/agendamento-natal.yaml');
    expect(natal.model.title).toBe('Natal na Fillgás | Agende');
    expect(during!.project.pages.find((p) => p.route === '/agendamento')!.file).toBe(
      'pages/agendamento.yaml',
    );
    expect(during!.project.pages.map((p) => p.route)).not.toContain('/recarregar-sodastream');
    expect(after!.project.pages.map((p) => p.route)).toContain('/recarregar-sodastream');
    expect(after!.project.pages.map((p) => p.route)).not.toContain('/agendamento-natal');
    // Live now: the site now is pages/ with the schedule.
    const live = await check('2026-12-21 10:00');
    expect(live.project.pages.map((p) => p.route)).toContain('/agendamento-natal');
    expect(live.future.map((s) => s.at.toISOString())).toEqual(['2026-12-26T03:00:00.000Z']);
  });

  it('locates a problem of a scheduled file in it, dated with the instant', async () => {
    await schedule('natal', 'start: 2026-12-20 00:00\nend: 2026-12-26 00:00\n', {
      'agendamento.yaml': 'title: Natal\ndescription: Oferta\nblocks:\n  - type: heroo\n',
    });
    const found = await problems('2026-12-01 00:00');
    expect(found.map(located)).toEqual([
      'pages/_agendamentos/natal/agendamento.yaml:4:11 Em 20/12/2026 às 00:00 (agendamento natal): tipo de bloco desconhecido: "heroo". Você quis dizer "hero"?',
    ]);
    expect(formatProblems(found)).toContain('> 4 |   - type: heroo');
  });

  it('refuses, in words and with the instant, a page taken away that another page still extends', async () => {
    await schedule('limpeza', 'start: 2027-01-05 09:30\nremove:\n  - sodastream-t.yaml\n');
    const found = await problems('2026-12-01 00:00');
    // Other pages link to /sodastream-t#sobre too: those links are refused on their own lines.
    expect(found.filter((p) => !/ainda tem um link/.test(p.message)).map(located)).toEqual([
      'pages/recarrega-site.yaml:6:10 Em 05/01/2027 às 09:30 (agendamento limpeza): a página /sodastream-t sai do ar (o agendamento limpeza a tira do ar), mas pages/recarrega-site.yaml ainda a estende (extends: sodastream-t).',
    ]);
    expect(found.every((p) => p.code === 'schedule-gone')).toBe(true);
  });

  it('refuses a page that goes away when its schedule ends while a later one still extends it', async () => {
    await schedule('natal', 'start: 2026-12-20 00:00\nend: 2026-12-26 00:00\n', {
      'agendamento-natal.yaml': natalPage,
    });
    await schedule('reveillon', 'start: 2026-12-24 00:00\nend: 2027-01-02 00:00\n', {
      'agendamento-reveillon.yaml': 'extends: agendamento-natal\ntitle: Réveillon\n',
    });
    const found = await problems('2026-12-01 00:00');
    expect(found.map(located)).toEqual([
      'pages/_agendamentos/reveillon/agendamento-reveillon.yaml:1:10 Em 26/12/2026 às 00:00 (agendamento natal): a página /agendamento-natal sai do ar (ela vem do agendamento natal, que termina), mas pages/_agendamentos/reveillon/agendamento-reveillon.yaml ainda a estende (extends: agendamento-natal).',
    ]);
  });

  it('refuses a page taken away while other pages still link to it, each link located and dated', async () => {
    await schedule('natal', 'start: 2026-12-20 00:00\nend: 2026-12-26 00:00\nremove: [termos-de-uso.yaml]\n');
    const found = await problems('2026-12-01 00:00');
    // Only the links (a footer's href, a legal text's [Termos de Uso](/termos-de-uso)).
    expect(found.map((p) => p.loc.file).sort()).toEqual([
      'pages/politica-de-reembolso.yaml',
      'pages/recarga.yaml',
      'pages/sodastream-f.yaml',
      'pages/sodastream-m.yaml',
      'pages/sodastream-t.yaml',
    ]);
    const recarga = found.find((p) => p.loc.file === 'pages/recarga.yaml')!;
    expect(located(recarga)).toBe(
      'pages/recarga.yaml:163:15 Em 20/12/2026 às 00:00 (agendamento natal): a página /termos-de-uso sai do ar (o agendamento natal a tira do ar), mas pages/recarga.yaml ainda tem um link para ela (/termos-de-uso).',
    );
    expect(recarga.code).toBe('schedule-gone');
    expect(recarga.hint).toContain('Tire pages/termos-de-uso.yaml do ar só junto com quem a usa');
    expect(formatProblems([recarga])).toContain('> 163 |         href: /termos-de-uso');
    const legal = found.find((p) => p.loc.file === 'pages/politica-de-reembolso.yaml')!;
    expect(`${legal.loc.line}:${legal.loc.column}`).toBe('87:39');
    // The same site is fine before and after: the link is refused only while the page is away.
    await rm(path.join(pages, '_agendamentos'), { recursive: true });
    await schedule('natal', 'start: 2026-12-20 00:00\nend: 2026-12-26 00:00\n');
    await expect(check('2026-12-01 00:00')).resolves.toBeDefined();
  });

  it('refuses an audience or an experiment still naming a page scheduled to go away', async () => {
    await write(
      '_site.yaml',
      `${await import('node:fs/promises').then((fs) => fs.readFile(path.join(pages, '_site.yaml'), 'utf8'))}audiences:\n  - route: /agendamento\n    page: recarga\n    when:\n      utm_campaign: natal\n`,
    );
    await schedule('sem-recarga', 'start: 2026-12-20 00:00\nremove: [recarga.yaml]\n');
    const found = await problems('2026-12-01 00:00');
    expect(found.map((p) => p.message)).toEqual([
      'Em 20/12/2026 às 00:00 (agendamento sem-recarga): a página /recarga sai do ar (o agendamento sem-recarga a tira do ar), mas um público de /agendamento em _site.yaml ainda a mostra (page: recarga).',
    ]);
    expect(found[0]!.loc.file).toBe('pages/_site.yaml');
  });

  it('says a problem that exists now once, as it is, not again at each instant', async () => {
    await write('recarga.yaml', 'title: Recarga\ndescription: x\nblocks:\n  - type: heroo\n');
    await schedule('natal', 'start: 2026-12-20 00:00\nend: 2026-12-26 00:00\n', {
      'agendamento-natal.yaml': natalPage,
    });
    const found = await problems('2026-12-01 00:00');
    expect(found.map((p) => p.message)).toEqual([
      'Tipo de bloco desconhecido: "heroo". Você quis dizer "hero"?',
    ]);
  });

  it('checks a scheduled file named alone at the instants it is live (npm run check <file>)', async () => {
    await schedule('natal', 'start: 2026-12-20 00:00\nend: 2026-12-26 00:00\n', {
      'agendamento-natal.yaml': 'extends: agendamento\nblocks: 3\n',
    });
    const only = ['pages/_agendamentos/natal/agendamento-natal.yaml'];
    const error = await checkSite({
      root,
      pagesDir: pages,
      blocks: blockList,
      now: at('2026-12-01 00:00'),
      only,
    }).catch((e: unknown) => e);
    expect((error as PageErrors).problems.map(located)).toEqual([
      'pages/_agendamentos/natal/agendamento-natal.yaml:2:1 Em 20/12/2026 às 00:00 (agendamento natal): uma variante não tem "blocks": ela herda os blocos da página base.',
    ]);
  });

  it('does not fail on an ended schedule, whatever its files hold', async () => {
    await schedule('black-friday', 'start: 2026-11-27 00:00\nend: 2026-11-28 00:00\n', {
      'agendamento.yaml': 'title: quebrada\nblocks: 3\n',
    });
    const checked = await check('2026-12-01 00:00');
    expect(checked.future).toEqual([]);
    expect(checked.schedules.map((s) => s.id)).toEqual(['black-friday']);
  });

  it('refuses a removal of a file that does not exist when the schedule starts', async () => {
    await schedule('natal', 'start: 2026-12-20 00:00\nremove:\n  - termos-de-usos.yaml\n');
    const found = await problems('2026-12-01 00:00');
    expect(found.map(located)).toEqual([
      'pages/_agendamentos/natal/_agendamento.yaml:3:5 Em 20/12/2026 às 00:00 (agendamento natal): termos-de-usos.yaml não existe nessa hora: não há o que tirar do ar.',
    ]);
    expect(found[0]!.hint).toBe('Você quis dizer "termos-de-uso.yaml"?');
  });

  it('warns, in words, of two schedules changing the same page at the same time (the later start wins)', async () => {
    await schedule('natal', 'start: 2026-12-20 00:00\nend: 2026-12-26 00:00\n', {
      'agendamento.yaml': natalPage.replace('extends: agendamento\n', 'extends: recarga\n'),
    });
    await schedule('vespera', 'start: 2026-12-24 00:00\nend: 2026-12-25 00:00\n', {
      'agendamento.yaml': 'extends: recarga\ntitle: Véspera\n',
    });
    const checked = await check('2026-12-01 00:00');
    expect(checked.warnings).toEqual([
      'Os agendamentos natal e vespera mudam /agendamento ao mesmo tempo (de 24/12/2026 às 00:00 a 25/12/2026 às 00:00): vale o de vespera, que começa depois.',
    ]);
    const eve = checked.future.find((s) => s.at.getTime() === at('2026-12-24 00:00').getTime())!;
    expect(eve.project.pages.find((p) => p.route === '/agendamento')!.model.title).toBe('Véspera');
  });

  it('refuses every pending schedule on a static host, at its start', async () => {
    const { readFile } = await import('node:fs/promises');
    await write('_site.yaml', `${await readFile(path.join(pages, '_site.yaml'), 'utf8')}host: estatico\n`);
    await schedule('natal', '# Natal\nstart: 2026-12-20 00:00\n', { 'agendamento-natal.yaml': natalPage });
    const found = await problems('2026-12-01 00:00');
    expect(found.map(located)).toEqual([
      'pages/_agendamentos/natal/_agendamento.yaml:2:8 O agendamento "natal" não funciona com host: estatico em _site.yaml: num host estático nada troca a página na hora marcada nem escolhe a página de cada visitante: ali não roda código na borda.',
    ]);
  });

  it('npm run check prints the instants it checked in one line', async () => {
    await schedule('natal', 'start: 2026-12-20 00:00\nend: 2026-12-26 00:00\n', {
      'agendamento-natal.yaml': natalPage,
    });
    const { stdout } = await promisify(execFile)(
      process.execPath,
      // The CLI from its kept bundle, as the Estúdio's check runs it (bundled-entry.test.ts: it
      // answers check as tsx does): about a second of CPU less than through tsx.
      await projectArgs('runtime/cli.ts', 'check', '--pages', pages, '--now', '2026-12-01 08:00'),
      { cwd: repo },
    );
    expect(stdout.trim().split('\n')).toEqual([
      '✓ 14 páginas válidas.',
      '✓ Site verificado agora (01/12/2026 às 08:00, horário de São Paulo) e em 2 instantes agendados: 20/12/2026 às 00:00 (agendamento natal) e 26/12/2026 às 00:00 (agendamento natal).',
    ]);
  }, 60_000);
});
