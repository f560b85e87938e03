/**
 * Scheduled changes (issue 38): the São Paulo minute an author writes and reads, the instants the
 * site changes at, which schedules overlay pages/ at an instant and in what order, the pages
 * folder written out as it is then, the folder's problems located, and a schedule in words.
 */
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  activeSchedules,
  describeSchedule,
  formatSiteInstant,
  materializePagesAt,
  parseSiteInstant,
  readSchedules,
  SCHEDULE_META_FILE,
  SCHEDULES_DIR,
  scheduleInstants,
  type Schedule,
} from '../../runtime/load/index.ts';

const at = (text: string) => parseSiteInstant(text)!;

function schedule(id: string, start: string, end: string | null, more: Partial<Schedule> = {}): Schedule {
  return {
    id,
    start: at(start),
    end: end === null ? null : at(end),
    startText: start,
    endText: end,
    files: [],
    remove: [],
    ...more,
  };
}

describe('the São Paulo minute', () => {
  it('reads "AAAA-MM-DD HH:MM" as São Paulo time and shows it back as people read it', () => {
    expect(at('2026-12-20 00:00').toISOString()).toBe('2026-12-20T03:00:00.000Z');
    expect(formatSiteInstant(at('2026-12-20 00:00'))).toBe('20/12/2026 às 00:00');
    // 22:30 in São Paulo is already the next day in UTC: the day shown is São Paulo's.
    expect(at('2026-12-31 22:30').toISOString()).toBe('2027-01-01T01:30:00.000Z');
    expect(formatSiteInstant(new Date('2027-01-01T01:30:00Z'))).toBe('31/12/2026 às 22:30');
    expect(formatSiteInstant(new Date('2027-01-01T03:00:00Z'))).toBe('01/01/2027 às 00:00');
  });

  it('refuses what is not a minute of the calendar', () => {
    for (const text of [
      '2026-02-30 10:00',
      '2026-12-20',
      '2026-12-20 24:00',
      '20/12/2026 00:00',
      '2026-13-01 00:00',
    ]) {
      expect(parseSiteInstant(text), text).toBeUndefined();
    }
  });

  it('follows the zone where Brazil changed its clocks (summer time until 2019)', () => {
    // On 2018-11-04 São Paulo's clocks jumped from 00:00 to 01:00 (UTC-2 from then on).
    expect(at('2018-11-03 23:59').toISOString()).toBe('2018-11-04T02:59:00.000Z');
    expect(at('2018-11-04 01:00').toISOString()).toBe('2018-11-04T03:00:00.000Z');
    expect(formatSiteInstant(at('2018-12-01 12:00'))).toBe('01/12/2018 às 12:00');
    // A minute the jump skipped reads as the same minute after it; a repeated one, as the first.
    expect(formatSiteInstant(at('2018-11-04 00:30'))).toBe('04/11/2018 às 01:30');
    // On 2019-02-17 the clocks went back from 00:00 to 23:00 of the 16th: 23:30 came twice.
    expect(at('2019-02-16 23:30').toISOString()).toBe('2019-02-17T01:30:00.000Z');
  });
});

describe('instants and the overlay', () => {
  const natal = schedule('natal', '2026-12-20 00:00', '2026-12-26 00:00');
  const ano = schedule('ano-novo', '2026-12-26 00:00', '2027-01-02 00:00');
  const verao = schedule('verao', '2026-12-31 22:00', null);

  it('lists every start and end once, sorted, only after a moment when asked', () => {
    expect(scheduleInstants([verao, natal, ano]).map(formatSiteInstant)).toEqual([
      '20/12/2026 às 00:00',
      '26/12/2026 às 00:00',
      '31/12/2026 às 22:00',
      '02/01/2027 às 00:00',
    ]);
    expect(scheduleInstants([verao, natal, ano], at('2026-12-26 00:00')).map(formatSiteInstant)).toEqual([
      '31/12/2026 às 22:00',
      '02/01/2027 às 00:00',
    ]);
  });

  it('a schedule is live from its start to the minute before its end; without end, for ever', () => {
    const ids = (t: string) => activeSchedules([verao, natal, ano], at(t)).map((s) => s.id);
    expect(ids('2026-12-19 23:59')).toEqual([]);
    expect(ids('2026-12-20 00:00')).toEqual(['natal']);
    expect(ids('2026-12-25 23:59')).toEqual(['natal']);
    expect(ids('2026-12-26 00:00')).toEqual(['ano-novo']);
    expect(ids('2027-01-01 00:00')).toEqual(['ano-novo', 'verao']);
    expect(ids('2030-01-01 00:00')).toEqual(['verao']);
  });

  it('overlays in order of start, ties by id', () => {
    const b = schedule('b', '2026-12-20 00:00', null);
    const a = schedule('a', '2026-12-20 00:00', null);
    const early = schedule('z', '2026-12-01 00:00', null);
    expect(activeSchedules([b, a, early], at('2026-12-21 00:00')).map((s) => s.id)).toEqual(['z', 'a', 'b']);
  });
});

describe('the schedules folder on disk', () => {
  let root: string;
  let pages: string;
  const write = async (file: string, text: string) => {
    const abs = path.join(pages, file);
    await mkdir(path.dirname(abs), { recursive: true });
    await writeFile(abs, text);
  };
  const meta = (id: string, text: string) => write(`${SCHEDULES_DIR}/${id}/${SCHEDULE_META_FILE}`, text);

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'schedule-'));
    pages = path.join(root, 'pages');
    await write('_site.yaml', 'brand: base\n');
    await write('agendamento.yaml', 'title: base\n');
    await write('termos-de-uso.yaml', 'title: termos\n');
    await write('blog/a.yaml', 'title: blog a\n');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('reads nothing, and costs nothing, when there is no schedules folder', async () => {
    expect(await readSchedules(pages)).toEqual({ schedules: [], problems: [] });
  });

  it('reads each schedule: dates as written and as instants, note, files mirrored, removals', async () => {
    await meta(
      'natal',
      '# Agendamento\nstart: 2026-12-20 00:00\nend: 2026-12-26 00:00\nnote: Oferta de Natal\nremove: [termos-de-uso.yaml]\n',
    );
    await write(`${SCHEDULES_DIR}/natal/agendamento-natal.yaml`, 'title: natal\n');
    await write(`${SCHEDULES_DIR}/natal/blog/a.yaml`, 'title: blog natal\n');
    await write(`${SCHEDULES_DIR}/natal/_site.yaml`, 'brand: natal\n');
    await meta('verao', 'start: 2027-01-10 08:30\n');
    const { schedules, problems } = await readSchedules(pages);
    expect(problems).toEqual([]);
    expect(schedules).toEqual([
      {
        id: 'natal',
        start: new Date('2026-12-20T03:00:00Z'),
        end: new Date('2026-12-26T03:00:00Z'),
        startText: '2026-12-20 00:00',
        endText: '2026-12-26 00:00',
        note: 'Oferta de Natal',
        files: [
          { path: '_site.yaml', text: 'brand: natal\n' },
          { path: 'agendamento-natal.yaml', text: 'title: natal\n' },
          { path: 'blog/a.yaml', text: 'title: blog natal\n' },
        ],
        remove: ['termos-de-uso.yaml'],
      },
      {
        id: 'verao',
        start: new Date('2027-01-10T11:30:00Z'),
        end: null,
        startText: '2027-01-10 08:30',
        endText: null,
        files: [],
        remove: [],
      },
    ]);
  });

  it('locates each problem of a folder in Portuguese: name, dates, stray files, meta', async () => {
    await meta('Natal_2026', 'start: 2026-12-20 00:00\n');
    await meta('fim-antes', 'start: 2026-12-20 00:00\nend: 2026-12-19 23:00\n');
    await meta('dia', 'start: 2026-02-30 00:00\n');
    await meta('formato', 'start: 20/12/2026\n');
    await meta('remove-e-traz', 'start: 2026-12-20 00:00\nremove:\n  - agendamento.yaml\n');
    await write(`${SCHEDULES_DIR}/remove-e-traz/agendamento.yaml`, 'title: x\n');
    await write(`${SCHEDULES_DIR}/sem-meta/agendamento.yaml`, 'title: x\n');
    await meta('estranhos', 'start: 2026-12-20 00:00\n');
    await write(`${SCHEDULES_DIR}/estranhos/foto.png`, 'png');
    await write(`${SCHEDULES_DIR}/estranhos/pagina.yml`, 'title: x\n');
    await write(`${SCHEDULES_DIR}/estranhos/_rascunho.yaml`, 'title: x\n');
    await write(`${SCHEDULES_DIR}/solto.yaml`, 'title: x\n');
    const { schedules, problems } = await readSchedules(pages);
    expect(schedules).toEqual([]);
    const at = (p: (typeof problems)[number]) => `${p.loc.file}:${p.loc.line}:${p.loc.column} ${p.message}`;
    expect(problems.map(at).sort()).toEqual(
      [
        'pages/_agendamentos/Natal_2026:1:1 O nome do agendamento "Natal_2026" não serve: a pasta de um agendamento tem só letras minúsculas sem acento, números e hífens.',
        'pages/_agendamentos/dia/_agendamento.yaml:1:8 O dia de "2026-02-30 00:00" não existe no calendário.',
        'pages/_agendamentos/estranhos/_rascunho.yaml:1:1 _rascunho.yaml não é uma página: um agendamento só traz páginas (.yaml, como em pages/) e _site.yaml, ao lado do _agendamento.yaml.',
        'pages/_agendamentos/estranhos/foto.png:1:1 foto.png não é uma página: um agendamento só traz páginas (.yaml, como em pages/) e _site.yaml, ao lado do _agendamento.yaml.',
        'pages/_agendamentos/estranhos/pagina.yml:1:1 Extensão ".yml" não é lida: renomeie para "pagina.yaml".',
        'pages/_agendamentos/fim-antes/_agendamento.yaml:2:6 O agendamento "fim-antes" termina (2026-12-19 23:00) antes de começar (2026-12-20 00:00).',
        'pages/_agendamentos/formato/_agendamento.yaml:1:8 Valor inválido "20/12/2026" em "start".',
        'pages/_agendamentos/remove-e-traz/_agendamento.yaml:3:5 O agendamento "remove-e-traz" tira agendamento.yaml do ar e ao mesmo tempo traz uma versão dele (pages/_agendamentos/remove-e-traz/agendamento.yaml).',
        'pages/_agendamentos/sem-meta/_agendamento.yaml:1:1 O agendamento "sem-meta" não tem o arquivo _agendamento.yaml: sem ele não se sabe quando entra no ar.',
        'pages/_agendamentos/solto.yaml:1:1 Em pages/_agendamentos/ só ficam pastas, uma por agendamento: solto.yaml não é uma delas.',
      ].sort(),
    );
    const format = problems.find((p) => p.loc.file.includes('formato'))!;
    expect(format.hint).toBe(
      'Use a data e a hora de São Paulo no formato AAAA-MM-DD HH:MM, ex.: 2026-12-20 00:00.',
    );
  });

  it("names an unknown key and a missing start of the meta file as the agendamento's", async () => {
    await meta('natal', 'inicio: 2026-12-20 00:00\n');
    const { problems } = await readSchedules(pages);
    expect(problems.map((p) => `${p.loc.line}:${p.loc.column} ${p.message}`)).toEqual([
      '1:1 Falta a propriedade obrigatória "start" no agendamento.',
      '1:1 Propriedade desconhecida "inicio" no agendamento.',
    ]);
  });

  it('refuses an end at the very minute of the start', async () => {
    await meta('zero', 'start: 2026-12-20 00:00\nend: 2026-12-20 00:00\n');
    const { problems } = await readSchedules(pages);
    expect(problems.map((p) => p.message)).toEqual([
      'O agendamento "zero" termina (2026-12-20 00:00) na mesma hora em que começar (2026-12-20 00:00).',
    ]);
  });

  it('writes pages/ as it is at an instant: files replaced and created, removals gone, later start wins', async () => {
    await meta('natal', 'start: 2026-12-20 00:00\nend: 2026-12-26 00:00\nremove: [termos-de-uso.yaml]\n');
    await write(`${SCHEDULES_DIR}/natal/agendamento.yaml`, 'title: natal\n');
    await write(`${SCHEDULES_DIR}/natal/agendamento-natal.yaml`, 'title: nova\n');
    await meta('vespera', 'start: 2026-12-24 00:00\nend: 2026-12-25 00:00\n');
    await write(`${SCHEDULES_DIR}/vespera/agendamento.yaml`, 'title: véspera\n');
    await write(`${SCHEDULES_DIR}/vespera/blog/a.yaml`, 'title: blog véspera\n');
    const { schedules } = await readSchedules(pages);
    const out = path.join(root, 'out');
    const look = async (t: string) => {
      await materializePagesAt(pages, schedules, at(t), out);
      const files = (await readdir(out, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => path.relative(out, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .sort();
      const texts = await Promise.all(files.map((f) => readFile(path.join(out, f), 'utf8')));
      return Object.fromEntries(files.map((f, i) => [f, texts[i]!.trim()]));
    };
    const base = {
      '_site.yaml': 'brand: base',
      'agendamento.yaml': 'title: base',
      'blog/a.yaml': 'title: blog a',
      'termos-de-uso.yaml': 'title: termos',
    };
    expect(await look('2026-12-19 23:59')).toEqual(base);
    expect(await look('2026-12-20 00:00')).toEqual({
      '_site.yaml': 'brand: base',
      'agendamento.yaml': 'title: natal',
      'agendamento-natal.yaml': 'title: nova',
      'blog/a.yaml': 'title: blog a',
    });
    expect(await look('2026-12-24 12:00')).toEqual({
      '_site.yaml': 'brand: base',
      'agendamento.yaml': 'title: véspera',
      'agendamento-natal.yaml': 'title: nova',
      'blog/a.yaml': 'title: blog véspera',
    });
    expect(await look('2026-12-26 00:00')).toEqual(base);
  });
});

describe('a schedule in words', () => {
  it('says what goes live and when it goes away', () => {
    const natal = schedule('natal', '2026-12-20 00:00', '2026-12-26 00:00', {
      files: [{ path: 'agendamento-natal.yaml', text: '' }],
    });
    expect(describeSchedule(natal)).toBe(
      '/agendamento-natal entra no ar em 20/12/2026 às 00:00 e sai em 26/12/2026 às 00:00',
    );
  });

  it('tells a new version of a page from a new page, names the settings and what leaves', () => {
    const s = schedule('inverno', '2027-07-01 08:00', null, {
      files: [
        { path: 'agendamento.yaml', text: '' },
        { path: 'index.yaml', text: '' },
        { path: 'campanhas/inverno.yaml', text: '' },
        { path: '_site.yaml', text: '' },
      ],
      remove: ['termos-de-uso.yaml'],
    });
    expect(describeSchedule(s, ['agendamento.yaml', 'index.yaml', 'termos-de-uso.yaml'])).toBe(
      '/campanhas/inverno entra no ar em 01/07/2027 às 08:00; as novas versões de /agendamento e / entram no ar em 01/07/2027 às 08:00; as novas configurações do site valem a partir de 01/07/2027 às 08:00; /termos-de-uso sai do ar em 01/07/2027 às 08:00',
    );
    const back = schedule('pausa', '2026-12-24 18:00', '2026-12-26 08:00', {
      files: [{ path: 'agendamento.yaml', text: '' }],
      remove: ['termos-de-uso.yaml', 'recarga.yaml'],
    });
    expect(describeSchedule(back, ['agendamento.yaml'])).toBe(
      'A nova versão de /agendamento entra no ar em 24/12/2026 às 18:00 e a anterior volta em 26/12/2026 às 08:00; /termos-de-uso e /recarga saem do ar em 24/12/2026 às 18:00 e voltam em 26/12/2026 às 08:00',
    );
  });
});
