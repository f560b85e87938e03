/**
 * A GA4 export read right or refused in words (issue 36.4): dates in every form GA4 and the tools
 * its numbers pass through write, the day/month order decided from the whole column (or refused
 * with the reason and the line), and totals, "(not set)" and "(other)" rows skipped and named in
 * the report's notes.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, judgeExport, parseExport, readExport } from '../../runtime/experiments/index.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/experiments/ga4-60-40.csv');

/** A daily export: `dates` one by one, two variants a day. */
const daily = (header: string, dates: string[]) =>
  [
    `${header},Variante,Visitantes,Conversões`,
    ...dates.flatMap((d) => [`"${d}",a,100,5`, `"${d}",b,100,6`]),
    '',
  ].join('\n');
const daysOf = (text: string) => [...new Set(parseExport(text, 'x.csv').map((r) => r.date))];

describe('the date column', () => {
  const december = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05'];

  it('reads a US-style 5-day export (MM/DD/AAAA) as 5 days, not 121', () => {
    const text = daily('Date', ['12/1/2026', '12/2/2026', '12/3/2026', '12/4/2026', '12/5/2026']);
    expect(daysOf(text)).toEqual(december);
    const { notes } = readExport(text, 'x.csv');
    expect(notes).toEqual([
      'x.csv: as datas foram lidas como mês/dia/ano (como nos EUA): só assim os dias se seguem; na outra ordem saltariam de mês em mês.',
    ]);
    // The report's span: 5 days, so the 7-day guard holds (it was 121 and got a verdict).
    const report = buildReport(parseExport(text, 'x.csv'));
    expect(report.days).toBe(5);
    expect(report.noVerdict.some((r) => /há 5 dias; espere ao menos 7/.test(r))).toBe(true);
  });

  it('reads the same days in every form GA4, a spreadsheet or a report screen writes', () => {
    const forms: [string, string[]][] = [
      ['Data', ['20261201', '20261202', '20261203', '20261204', '20261205']], // GA4's download and Data API
      ['date', december],
      ['Date', ['2026/12/01', '2026/12/02', '2026/12/03', '2026/12/04', '2026/12/05']],
      ['Data', ['01/12/2026', '02/12/2026', '03/12/2026', '04/12/2026', '05/12/2026']], // Sheets in pt-BR
      ['Date', ['12/01/2026', '12/02/2026', '12/03/2026', '12/04/2026', '12/05/2026']], // Sheets in en-US
      ['Date', ['12/1/26', '12/2/26', '12/3/26', '12/4/26', '12/5/26']],
      ['Dia', ['1.12.2026', '2.12.2026', '3.12.2026', '4.12.2026', '5.12.2026']],
      ['Date', ['Dec 1, 2026', 'Dec 2, 2026', 'Dec 3, 2026', 'Dec 4, 2026', 'Dec 5, 2026']], // Looker Studio
      ['Date', ['December 1, 2026', 'Wed, December 2, 2026', '3 Dec 2026', 'Dec 4th, 2026', '5-Dec-2026']],
      [
        'Data',
        ['1 de dez. de 2026', '2 de dezembro de 2026', 'qui., 3 de dez. de 2026', '4/dez/2026', '5 dez 2026'],
      ],
    ];
    for (const [header, dates] of forms) expect(daysOf(daily(header, dates)), dates[0]).toEqual(december);
  });

  it('decides the order from one value that proves it, anywhere in the column', () => {
    // 13/12 can only be day/month; 12/13 only month/day.
    expect(daysOf(daily('Data', ['12/12/2026', '13/12/2026']))).toEqual(['2026-12-12', '2026-12-13']);
    expect(daysOf(daily('Date', ['12/12/2026', '12/13/2026']))).toEqual(['2026-12-12', '2026-12-13']);
    expect(readExport(daily('Date', ['12/12/2026', '12/13/2026']), 'x.csv').notes).toEqual([
      'x.csv: as datas foram lidas como mês/dia/ano (como nos EUA): "12/13/2026" (linha 4) só pode ser mês/dia/ano.',
    ]);
    // Days that are their own month's read the same either way: no note.
    expect(readExport(daily('Data', ['1/1/2027', '2/2/2027']), 'x.csv').notes).toEqual([]);
  });

  it('takes the order from the date range GA4 writes in the file’s comments when the values cannot tell', () => {
    const text = ['# Start date: 20261201', '# End date: 20261201', daily('Date', ['12/1/2026'])].join('\n');
    expect(daysOf(text)).toEqual(['2026-12-01']);
    expect(readExport(text, 'x.csv').notes[0]).toBe(
      'x.csv: as datas foram lidas como mês/dia/ano (como nos EUA): só assim as datas caem no período que o arquivo declara (01/12/2026 a 01/12/2026).',
    );
  });

  it('refuses a column whose order cannot be told, with the line and the reason', () => {
    expect(() => parseExport(daily('Date', ['12/1/2026']), 'um-dia.csv')).toThrow(
      'um-dia.csv:2 (data): não dá para saber se "12/1/2026" é 12 de janeiro de 2026 (dia/mês) ou 1º de dezembro de 2026 (mês/dia, como nos EUA): nenhuma data da coluna tem um número acima de 12 que mostre a ordem, e as duas leituras dão dias plausíveis. Exporte de novo com as datas como o GA4 as escreve (AAAAMMDD) ou como AAAA-MM-DD.',
    );
    // Both readings jump: 1 February and 2 January are a month apart either way.
    expect(() => parseExport(daily('Date', ['1/2/2026', '2/1/2026']), 'x.csv')).toThrow(
      /^x\.csv:2 \(data\): não dá para saber se "1\/2\/2026" é 1º de fevereiro de 2026 \(dia\/mês\)/,
    );
  });

  it('refuses a column that mixes both orders, and a value that is no day in the column’s order', () => {
    expect(() => parseExport(daily('Date', ['12/13/2026', '25/12/2026']), 'x.csv')).toThrow(
      'x.csv:2 (data): "12/13/2026" só pode ser mês/dia/ano, mas a linha 4 tem "25/12/2026", que só pode ser dia/mês/ano: a coluna mistura as duas ordens.',
    );
    expect(() => parseExport(daily('Date', ['11/13/2026', '11/31/2026']), 'x.csv')).toThrow(
      'x.csv:4 (data): "11/31/2026" não é um dia do calendário lido como mês/dia/ano, a ordem das outras datas da coluna.',
    );
    expect(() => parseExport(daily('Date', ['Dez 1, 2026', 'amanhã']), 'x.csv')).toThrow(
      'x.csv:4 (data): "amanhã" não é uma data',
    );
  });
});

describe('rows that are not a variant', () => {
  it('skips totals in English and Portuguese, in the variant or the date column, and names them', () => {
    for (const label of ['Total', 'Totals', 'Grand total', 'Total geral', 'Totais']) {
      const { rows, notes } = readExport(
        ['Variante,Visitantes,Conversões', `${label},"2.000",120`, 'a,1000,50', 'b,1000,70', ''].join('\n'),
        'x.csv',
      );
      expect(rows.map((r) => r.variant)).toEqual(['a', 'b']);
      expect(notes).toEqual([
        `x.csv:2: a linha de total "${label}" foi ignorada (o relatório soma as páginas por conta própria).`,
      ]);
    }
    // GA4's exploration writes its "Grand total" in the first dimension, the date, with the variant empty.
    const { rows, notes } = readExport(
      [
        'Date,Variant,Users,Converting users',
        'Grand total,,400,22',
        '20261201,a,200,10',
        '20261201,b,200,12',
      ].join('\n'),
      'x.csv',
    );
    expect(rows).toHaveLength(2);
    expect(notes).toEqual([
      'x.csv:2: a linha de total "Grand total" foi ignorada (o relatório soma as páginas por conta própria).',
    ]);
  });

  it('skips "(not set)", "(não definido)" and "(other)" rows, with their lines and numbers', () => {
    const { rows, notes } = readExport(
      [
        '# GA4',
        'Variante,Visitantes,Conversões',
        'a,1000,50',
        '(not set),7,1',
        'b,1000,70',
        '(other),3,0',
        '(não definido),2,0',
        '',
      ].join('\n'),
      'x.csv',
    );
    expect(rows.map((r) => r.variant)).toEqual(['a', 'b']);
    expect(notes).toEqual([
      'x.csv: 2 linhas "(not set)" foram ignoradas (linhas 4 e 7; 9 visitantes, 1 conversão): o GA4 não registrou a variante dessas visitas, então elas não contam para nenhuma página.',
      'x.csv: a linha "(other)" foi ignorada (linha 6; 3 visitantes, 0 conversões): o GA4 juntou ali valores que não cabiam no relatório; se forem muitos, exporte um período menor ou só o evento do experimento.',
    ]);
  });

  it('locates errors by the file’s own lines, comments included', () => {
    expect(() =>
      parseExport(
        ['# GA4', '# período', 'Variante,Visitantes,Conversões', 'a,10,1', 'b,dez,1'].join('\n'),
        'x.csv',
      ),
    ).toThrow('x.csv:5 (visitantes): "dez" não é um número.');
  });
});

describe('the notes in the report', () => {
  it('reach judgeExport’s report, with the days read right, beside the verdict', async () => {
    const text = await readFile(FIXTURE, 'utf8');
    const report = judgeExport(text, undefined, {
      file: 'ga4-60-40.csv',
      today: '2026-11-28',
      weights: { 'FGS-t-60-40-sodastream-t': 60, 'FGS-t-60-40-recarrega-site': 40 },
    });
    expect(report.days).toBe(14);
    expect(report.daily![0]!.date).toBe('2026-11-01');
    expect(report.notes).toEqual([
      'ga4-60-40.csv:7: a linha de total "Grand total" foi ignorada (o relatório soma as páginas por conta própria).',
      'ga4-60-40.csv: 2 linhas "(not set)" foram ignoradas (linhas 14 e 27; 19 visitantes, 1 conversão): o GA4 não registrou a variante dessas visitas, então elas não contam para nenhuma página.',
      'ga4-60-40.csv: as datas foram lidas como mês/dia/ano (como nos EUA): "11/13/2026" (linha 34) só pode ser mês/dia/ano.',
    ]);
    expect(report.srm.flagged).toBe(false);
    // parseExport still gives the rows alone, for callers that want no notes.
    expect(parseExport(text, 'ga4-60-40.csv')).toHaveLength(28);
  });
});
