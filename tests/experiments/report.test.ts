/**
 * The experiment report against the fixtures of ../shared/docs/experiments.md, and exports that
 * must get no verdict (SRM, too early, too few conversions), through the real CLI too; the daily
 * export (tests/fixtures/experiments/ga4-diario.csv) and the sequential verdict (decision 0022).
 */
import { execFile } from 'node:child_process';
import { appendFile, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildReport,
  chanceToBeat,
  chanceToBeatApprox,
  judgeExport,
  parseExport,
  sampleRatioMismatch,
  sampleSizePerArm,
  exactSequentialTest,
  visitorsPerPage,
  zTest,
  type Report,
} from '../../runtime/experiments/index.ts';
import type { ResolvedExperiment } from '../../runtime/load/index.ts';
import { projectArgs } from '../helpers/tsx.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const DAILY_FIXTURE = path.join(root, 'tests/fixtures/experiments/ga4-diario.csv');
const DAILY_WEIGHTS = ['--weights', 'agendamento=50,agendamento-oferta=50'];

describe('the statistics, on the fixtures', () => {
  const a = { n: 1000, c: 50 };
  const b = { n: 1000, c: 70 };
  it('two-proportion z-test: z = 1.883, p = 0.0597', () => {
    const { z, p } = zTest(a, b);
    expect(z).toBeCloseTo(1.883, 3);
    expect(p).toBeCloseTo(0.0597, 4);
  });
  it('P(B > A) = 0.9699 exactly, 0.9693 by the normal approximation', () => {
    expect(chanceToBeat(a, b)).toBeCloseTo(0.9699, 4);
    expect(chanceToBeatApprox(a, b)).toBeCloseTo(0.9693, 4);
    expect(chanceToBeat(b, a)).toBeCloseTo(1 - 0.9699, 4);
  });
  it('SRM: 5000 vs 5400 on 50/50 is χ² = 15.38, flagged; 5000 vs 5300 is 8.74, not', () => {
    const bad = sampleRatioMismatch([5000, 5400], [50, 50]);
    expect(bad.chi2).toBeCloseTo(15.38, 2);
    expect(bad.flagged).toBe(true);
    const fine = sampleRatioMismatch([5000, 5300], [50, 50]);
    expect(fine.chi2).toBeCloseTo(8.74, 2);
    expect(fine.flagged).toBe(false);
    expect(sampleRatioMismatch([2000, 3000, 5000], [20, 30, 50]).chi2).toBe(0);
  });
  it('sample size: 5% → 6% needs about 8,158 visitors per arm', () => {
    expect(Math.abs(sampleSizePerArm(0.05, 0.2) - 8158)).toBeLessThanOrEqual(2);
  });
});

const csv = (rows: string[]) => ['# GA4 export', '# 2026-11-01 — 2026-11-21', ...rows, ''].join('\n');

describe('the report', () => {
  it('reads a GA4 export in Portuguese or English, with the consent rate', () => {
    const pt = parseExport(
      csv([
        'Variante,Visitantes,Conversões,Taxa de consentimento',
        'a,"1.000",50,62%',
        'b,1000,70,"0,6"',
        'Total,2000,120,',
      ]),
    );
    expect(pt).toEqual([
      { variant: 'a', visitors: 1000, conversions: 50, consentRate: 0.62 },
      { variant: 'b', visitors: 1000, conversions: 70, consentRate: 0.6 },
    ]);
    const en = parseExport(
      csv(['exp_variant_string,Exposed visitors,Converting visitors', 'a,10,1', 'b,10,2']),
    );
    expect(en.map((r) => r.visitors)).toEqual([10, 10]);
    // A GA4 exploration with the event names as its columns (docs/autoria.md §8).
    const pivot = parseExport(
      csv(['Variante do experimento,experience_impression,whatsapp_click', 'a,10,1', 'b,12,2']),
    );
    expect(pivot).toEqual([
      { variant: 'a', visitors: 10, conversions: 1 },
      { variant: 'b', visitors: 12, conversions: 2 },
    ]);
  });

  it('refuses a broken export with the line and what is wrong, in Portuguese', () => {
    expect(() => parseExport('variante,visitantes\na,10\nb,10\n', 'x.csv')).toThrow(
      /x\.csv:1: faltam as colunas "conversões"/,
    );
    expect(() => parseExport('variante,visitantes,conversões\na,10,20\nb,10,1\n', 'x.csv')).toThrow(
      'x.csv:2: a tem mais conversões (20) que visitantes (10).',
    );
    expect(() => parseExport('variante,visitantes,conversões\na,dez,1\nb,10,1\n', 'x.csv')).toThrow(
      'x.csv:2 (visitantes): "dez" não é um número.',
    );
  });

  const rows = (a: [number, number], b: [number, number]) =>
    parseExport(
      csv(['variante,visitantes,conversões', `agendamento,${a[0]},${a[1]}`, `agendamento-b,${b[0]},${b[1]}`]),
    );

  it('names a winner only with enough days and a clean split, on the side of its interval', () => {
    const report = buildReport(rows([10000, 500], [10000, 620]), { days: 14 });
    expect(report.noVerdict).toEqual([]);
    expect(report.verdict).toEqual({ kind: 'winner', variant: 'agendamento-b' });
    const b = report.variants[1]!;
    expect(b.uplift).toBeCloseTo(0.24, 5);
    expect(b.chanceToBeatControl).toBeGreaterThan(0.99);
    expect(b.sequentialP).toBeCloseTo(0.009436, 5);
    expect(b.sequentialInterval!.low).toBeGreaterThan(0);
    expect(report.summary[0]).toBe(
      'Vencedora: agendamento-b, com +24,0% de conversas em relação a agendamento. A diferença vale mesmo olhando os resultados todo dia (p sequencial 0,0094 ≤ 0,05); chance de superar a original: mais de 99,9%.',
    );
    expect(report.summary[1]).toBe(
      'Para encerrar, use “Encerrar com a vencedora” no Estúdio (ou ponha em winner, no experimento em pages/_site.yaml, o nome da página agendamento-b).',
    );
  });

  it('gives every variant its posterior, sequential p and interval, and the report its rule and progress', () => {
    const report = buildReport(rows([10000, 500], [10000, 620]), { days: 14 });
    const [a, b] = report.variants;
    expect(a!.posterior).toEqual({ alpha: 501, beta: 9501 });
    expect(b!.posterior).toEqual({ alpha: 621, beta: 9381 });
    expect(a!.sequentialP).toBeNull();
    expect(a!.sequentialInterval).toBeNull();
    expect(b!.sequentialInterval!.low).toBeGreaterThan(0);
    expect(b!.sequentialInterval!.high).toBeGreaterThan(0.012);
    expect(report.alpha).toBe(0.05);
    expect(report.daily).toBeNull();
    expect(report.method).toBe(
      'Teste sequencial exato: pode ser consultado todo dia; a variante vence quando seu p sequencial contra a original é ≤ 0,05 e seu intervalo fica todo acima de zero.',
    );
    expect(b!.sequentialUplift!.low).toBeGreaterThan(0);
    // The sequential test's own sample (plan.ts): 16,837 per page at 5% for +20% on 50/50.
    expect(visitorsPerPage(0.05, [1, 1])).toEqual([16837, 16837]);
    expect(report.progress).toEqual({
      variant: 'agendamento',
      visitors: 10000,
      needed: 16837,
      fraction: 10000 / 16837,
    });
    expect(b!.visitorsStillNeeded).toBe(6837);
    const early = buildReport(rows([2000, 100], [1500, 80]), { days: 3 });
    expect(early.progress.visitors).toBe(1500);
    expect(early.progress.variant).toBe('agendamento-b');
    expect(early.progress.fraction).toBeCloseTo(1500 / early.progress.needed, 10);
  });

  it('names no winner on a chance to beat the original alone: the sequential test decides', () => {
    // 97% chance to beat the original and a z-test p of 0.058, but not enough for daily looks.
    const report = buildReport(rows([10000, 500], [10000, 560]), { days: 14 });
    const b = report.variants[1]!;
    expect(b.chanceToBeatControl).toBeGreaterThan(0.95);
    expect(b.sequentialP).toBeGreaterThan(0.5);
    expect(report.verdict).toEqual({ kind: 'undecided' });
    expect(report.summary[0]).toBe(
      'Ainda sem vencedor claro: faltam cerca de 13.674 visitantes no experimento (todas as páginas juntas) para enxergar uma mudança de 20%.',
    );
    expect(report.summary[1]).toBe(
      'agendamento-b tem 97,1% de chance de superar a original, mas quem olha os resultados todo dia precisa de mais evidência que isso (p sequencial acima de 0,05).',
    );
  });

  it('lets the original win when every variant is clearly worse', () => {
    const report = buildReport(rows([10000, 620], [10000, 500]), { days: 14 });
    expect(report.verdict).toEqual({ kind: 'control-wins' });
    expect(report.summary[0]).toBe(
      'A página original (agendamento) vence: a variante traz menos conversas, e a diferença vale mesmo olhando os resultados todo dia (p sequencial ≤ 0,05).',
    );
  });

  it('shares α among the variants (Bonferroni)', () => {
    const one = buildReport(rows([10000, 500], [10000, 605]), { days: 14 });
    expect(one.variants[1]!.sequentialP).toBeCloseTo(0.0356, 4);
    expect(one.verdict).toEqual({ kind: 'winner', variant: 'agendamento-b' });
    const two = buildReport(
      parseExport(
        csv(['variante,visitantes,conversões', 'agendamento,10000,500', 'b,10000,605', 'c,10000,505']),
      ),
      { days: 14 },
    );
    // Same p for b, but two variants: each needs p ≤ 0,025.
    expect(two.variants[1]!.sequentialP).toBeCloseTo(0.0356, 4);
    expect(two.verdict).toEqual({ kind: 'undecided' });
    expect(two.method).toContain('≤ 0,025 (0,05 dividido entre as 2 variantes)');
  });

  const noVerdict = (report: Report, reason: RegExp) => {
    expect(report.verdict).toBeNull();
    expect(report.noVerdict.some((r) => reason.test(r))).toBe(true);
    expect(report.summary[0]).toBe('Ainda sem veredito:');
  };
  it('gives no verdict while the split fails the sequential SRM test, said once in plain words', () => {
    const report = buildReport(rows([5000, 400], [5400, 500]), { days: 14 });
    noVerdict(report, /não bate com as partes combinadas/);
    expect(report.srm).toMatchObject({
      flagged: true,
      level: 0.01,
      observed: [5000, 5400],
      expectedShares: [0.5, 0.5],
    });
    expect(report.srm.chi2).toBeCloseTo(15.38, 2);
    expect(report.srm.p).toBeLessThan(0.01);
    expect(report.summary.join('\n')).not.toMatch(/χ²/);
    expect(report.summary.filter((l) => /partes combinadas/.test(l))).toHaveLength(1);
  });
  it('gives no verdict before 7 days', () => {
    noVerdict(buildReport(rows([10000, 500], [10000, 620]), { days: 6 }), /há 6 dias; espere ao menos 7/);
  });
  it('has no conversion guard any more: the exact test is sound at small counts, and undecided there', () => {
    const report = buildReport(rows([1000, 50], [1000, 70]), { days: 14 });
    expect(report.noVerdict).toEqual([]);
    expect(report.verdict).toEqual({ kind: 'undecided' });
  });
  it('gives no verdict without knowing the duration', () => {
    noVerdict(
      buildReport(rows([10000, 500], [10000, 620])),
      /informe a data de início \(start no experimento, ou --start AAAA-MM-DD na linha de comando\) ou use uma exportação por dia/,
    );
  });
  it('says how many visitors are still needed when nothing is clear yet', () => {
    const report = buildReport(rows([4000, 200], [4000, 210]), { days: 10 });
    expect(report.verdict).toEqual({ kind: 'undecided' });
    expect(report.summary[0]).toMatch(
      /^Ainda sem vencedor claro: faltam cerca de 25\.674 visitantes no experimento \(todas as páginas juntas\)/,
    );
  });
  it('checks the split against unequal weights', () => {
    const three = parseExport(
      csv(['variante,visitantes,conversões', 'a,2000,200', 'b,3000,300', 'c,5000,500']),
    );
    expect(buildReport(three, { days: 10, weights: { a: 20, b: 30, c: 50 } }).srm.flagged).toBe(false);
    expect(buildReport(three, { days: 10 }).srm.flagged).toBe(true);
  });
});

describe('the daily export', () => {
  it("reads a date column in GA4's, ISO or Brazilian format", () => {
    const header = (name: string) => `${name},Variante,Visitantes,Conversões`;
    const expected = [
      { variant: 'a', visitors: 100, conversions: 5, date: '2026-12-01' },
      { variant: 'b', visitors: 100, conversions: 6, date: '2026-12-01' },
      { variant: 'a', visitors: 90, conversions: 4, date: '2026-12-02' },
      { variant: 'b', visitors: 95, conversions: 7, date: '2026-12-02' },
    ];
    const days = (d1: string, d2: string) => [
      `${d1},a,100,5`,
      `${d1},b,100,6`,
      `${d2},a,90,4`,
      `${d2},b,95,7`,
    ];
    expect(parseExport(csv([header('Data'), ...days('20261201', '20261202')]))).toEqual(expected);
    expect(parseExport(csv([header('date'), ...days('2026-12-01', '2026-12-02')]))).toEqual(expected);
    expect(parseExport(csv([header('Date'), ...days('01/12/2026', '2/12/2026')]))).toEqual(expected);
    expect(parseExport(csv([header('dia'), ...days('20261201', '2026-12-02')]))).toEqual(expected);
  });

  it('refuses a bad date and a variant twice on the same day, with the line', () => {
    expect(() =>
      parseExport('data,variante,visitantes,conversões\n20261201,a,10,1\n20261301,b,10,1\n', 'd.csv'),
    ).toThrow(
      'd.csv:3 (data): "20261301" não é uma data (use AAAA-MM-DD, AAAAMMDD como o GA4, ou DD/MM/AAAA).',
    );
    expect(() =>
      parseExport(
        'data,variante,visitantes,conversões\n20261201,a,10,1\n20261201,b,10,1\n2026-12-01,a,12,2\n',
        'd.csv',
      ),
    ).toThrow('d.csv:4: a variante a aparece duas vezes no dia 01/12/2026.');
    expect(() =>
      parseExport('data,variante,visitantes,conversões\n20261201,a,10,1\n20261202,a,10,1\n', 'd.csv'),
    ).toThrow('d.csv: são precisas ao menos duas variantes');
  });

  it('adds the days up, with the cumulative counts day by day, and counts the days it spans', () => {
    const report = buildReport(
      parseExport(
        csv([
          'data,variante,visitantes,conversões',
          '20261203,a,100,9',
          '20261201,a,100,5',
          '20261201,b,100,6',
          '20261203,b,120,8',
        ]),
      ),
    );
    expect(report.days).toBe(3);
    expect(report.variants.map((v) => [v.variant, v.visitors, v.conversions])).toEqual([
      ['a', 200, 14],
      ['b', 220, 14],
    ]);
    expect(report.daily).toEqual([
      {
        date: '2026-12-01',
        variants: [
          {
            variant: 'a',
            visitors: 100,
            conversions: 5,
            cumulativeVisitors: 100,
            cumulativeConversions: 5,
            cumulativeRate: 0.05,
          },
          {
            variant: 'b',
            visitors: 100,
            conversions: 6,
            cumulativeVisitors: 100,
            cumulativeConversions: 6,
            cumulativeRate: 0.06,
          },
        ],
      },
      {
        date: '2026-12-03',
        variants: [
          {
            variant: 'a',
            visitors: 100,
            conversions: 9,
            cumulativeVisitors: 200,
            cumulativeConversions: 14,
            cumulativeRate: 0.07,
          },
          {
            variant: 'b',
            visitors: 120,
            conversions: 8,
            cumulativeVisitors: 220,
            cumulativeConversions: 14,
            cumulativeRate: 14 / 220,
          },
        ],
      },
    ]);
    // Days given by the experiment win over the export's span.
    expect(
      buildReport(
        parseExport(csv(['data,variante,visitantes,conversões', '20261201,a,1,0', '20261201,b,1,0'])),
        { days: 9 },
      ).days,
    ).toBe(9);
  });

  it('takes the sequential p-value as the running minimum over the days', () => {
    const rows = parseExport(
      csv([
        'data,variante,visitantes,conversões',
        // A variant far ahead on the first days, then caught up: the early evidence stays.
        '20261201,a,3000,120',
        '20261201,b,3000,230',
        '20261202,a,3000,260',
        '20261202,b,3000,150',
      ]),
    );
    const report = buildReport(rows, { days: 2 });
    const b = report.variants[1]!;
    const first = exactSequentialTest([{ control: { n: 3000, c: 120 }, variant: { n: 3000, c: 230 } }], {
      mde: 0.2,
    });
    const totals = exactSequentialTest([{ control: { n: 6000, c: 380 }, variant: { n: 6000, c: 380 } }], {
      mde: 0.2,
    });
    expect(totals.p).toBe(1);
    expect(b.sequentialP).toBeCloseTo(first.p, 12);
    expect(b.sequentialP).toBeLessThan(0.001);
  });

  it('names the variant of ga4-diario.csv the winner, with a clean split', async () => {
    const report = buildReport(parseExport(await readFile(DAILY_FIXTURE, 'utf8'), 'ga4-diario.csv'));
    expect(report.days).toBe(14);
    expect(report.daily).toHaveLength(14);
    expect(report.daily![0]!.date).toBe('2026-12-01');
    expect(report.daily![13]!.date).toBe('2026-12-14');
    expect(report.srm.flagged).toBe(false);
    expect(report.noVerdict).toEqual([]);
    expect(report.verdict).toEqual({ kind: 'winner', variant: 'agendamento-oferta' });
    const [control, variant] = report.variants;
    expect([control!.visitors, control!.conversions, variant!.visitors, variant!.conversions]).toEqual([
      6166, 295, 6146, 409,
    ]);
    expect(variant!.sequentialP).toBeCloseTo(0.00084, 5);
    expect(report.daily![13]!.variants[1]!.cumulativeVisitors).toBe(6146);
  });
});

describe('judgeExport', () => {
  const experiment: ResolvedExperiment = {
    id: 'agenda',
    route: '/agendamento',
    start: '2026-12-01',
    variants: [
      { page: 'agendamento', weight: 50 },
      { page: 'agendamento-oferta', weight: 50 },
    ],
    pages: [
      { page: 'agendamento', file: 'pages/agendamento.yaml', route: '/agendamento', weight: 50 },
      {
        page: 'agendamento-oferta',
        file: 'pages/agendamento-oferta.yaml',
        route: '/agendamento-oferta',
        weight: 50,
      },
    ],
  };

  it('takes weights, baseline and days from the experiment, the days up to today', async () => {
    const text = await readFile(DAILY_FIXTURE, 'utf8');
    const report = judgeExport(text, experiment, { file: 'ga4-diario.csv', today: '2026-12-15' });
    expect(report.control).toBe('agendamento');
    expect(report.days).toBe(15);
    expect(report.variants.map((v) => v.weight)).toEqual([50, 50]);
    expect(report.verdict).toEqual({ kind: 'winner', variant: 'agendamento-oferta' });
    // Without an experiment, the export alone: its first variant, equal weights, its own days.
    expect(judgeExport(text, undefined, { today: '2026-12-15' }).days).toBe(14);
    expect(judgeExport(text, experiment, { today: '2026-12-15', days: 30, mde: 0.1 })).toMatchObject({
      days: 30,
      mde: 0.1,
    });
  });

  it('refuses variants that are not pages of the experiment', () => {
    expect(() =>
      judgeExport('variante,visitantes,conversões\nagendamento,10,1\noutra,10,1\n', experiment, {
        file: 'x.csv',
        today: '2026-12-15',
      }),
    ).toThrow(
      'Os números têm variantes que não são páginas do experimento agenda: outra (páginas: agendamento, agendamento-oferta).',
    );
  });
});

describe('npm run experiments -- report', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'experimento-'));
    await writeFile(
      path.join(dir, 'ga4.csv'),
      csv([
        'Variante,Visitantes,Conversões,Taxa de consentimento',
        'agendamento,1000,50,62%',
        'agendamento-b,1000,70,60%',
      ]),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const cli = async (...args: string[]) =>
    run(
      process.execPath,
      [
        ...(await projectArgs('runtime/cli.ts')),
        'experiments',
        'report',
        path.join(dir, 'ga4.csv'),
        // The shares: this site declares no experiment, and the CLI never assumes them (issue 36.4).
        '--weights',
        'agendamento=50,agendamento-b=50',
        ...args,
      ],
      {
        cwd: root,
      },
    );

  it('prints the table and why there is no verdict yet, in Portuguese', async () => {
    const { stdout } = await cli('--start', '2026-11-01', '--end', '2026-11-21');
    expect(stdout).toContain('Experimento: original agendamento; 21 dias; efeito mínimo de interesse 20%.');
    expect(stdout).toMatch(/agendamento-b +50% +1\.000 +70 +7,00% \(5,58%–8,75%\) +\+40,0% +97,0% +0,0597/);
    expect(stdout).toContain('Ainda sem vencedor claro');
    expect(stdout).toContain(
      'Os números cobrem só quem aceitou a medição (consentimento: agendamento 62%, agendamento-b 60%).',
    );
  });
  it('answers JSON for machines', async () => {
    const { stdout } = await cli('--start', '2026-11-01', '--end', '2026-11-21', '--json', '--mde', '10');
    const report = JSON.parse(stdout) as Report;
    expect(report.mde).toBe(0.1);
    expect(report.variants[1]!.pValue).toBeCloseTo(0.0597, 4);
  });
  it('reads the daily export and prints the whole report as JSON', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        ...(await projectArgs('runtime/cli.ts')),
        'experiments',
        'report',
        DAILY_FIXTURE,
        '--json',
        ...DAILY_WEIGHTS,
      ],
      { cwd: root },
    );
    const report = JSON.parse(stdout) as Report;
    expect(report.verdict).toEqual({ kind: 'winner', variant: 'agendamento-oferta' });
    expect(report.daily).toHaveLength(14);
    expect(report.method).toContain('Teste sequencial exato');
    expect(report.progress.needed).toBeGreaterThan(0);
    const text = await run(
      process.execPath,
      [...(await projectArgs('runtime/cli.ts')), 'experiments', 'report', DAILY_FIXTURE, ...DAILY_WEIGHTS],
      { cwd: root },
    );
    expect(text.stdout).toContain('Exportação diária: 14 dias, de 01/12/2026 a 14/12/2026');
    expect(text.stdout).toMatch(/agendamento-oferta +50% +6\.146 +409 .* +0,0008 /);
  });
  it('refuses a bad flag with a Portuguese message and exit 1', async () => {
    await expect(cli('--start', '01/11/2026')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--start 01/11/2026: use uma data AAAA-MM-DD'),
    });
  });
});

describe('npm run experiments -- report --experiment', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'experimento-site-'));
    await cp(path.join(root, 'pages'), path.join(dir, 'pages'), { recursive: true });
    await appendFile(
      path.join(dir, 'pages/_site.yaml'),
      [
        'experiments:',
        '  - id: site-t',
        '    route: /sodastream-t',
        '    variants:',
        '      - page: recarrega-site',
        '        weight: 30',
        '      - page: sodastream-t',
        '        weight: 70',
        '    start: 2026-11-01',
        '    end: 2026-11-21',
        '',
      ].join('\n'),
    );
    await writeFile(
      path.join(dir, 'ga4.csv'),
      csv([
        'exp_variant_string,Exposed visitors,Converting visitors',
        'FGS-site-t-recarrega-site,3000,240',
        'FGS-site-t-sodastream-t,7000,420',
      ]),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('takes the weights, the baseline and the dates from _site.yaml', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        ...(await projectArgs('runtime/cli.ts')),
        'experiments',
        'report',
        path.join(dir, 'ga4.csv'),
        '--experiment',
        'site-t',
        '--pages',
        path.join(dir, 'pages'),
        '--json',
      ],
      { cwd: root },
    );
    const report = JSON.parse(stdout) as Report;
    expect(report.control).toBe('FGS-site-t-sodastream-t');
    expect(report.days).toBe(21);
    expect(report.srm.flagged).toBe(false);
    expect(report.variants.map((v) => v.weight)).toEqual([30, 70]);
    expect(report.verdict).toEqual({ kind: 'winner', variant: 'FGS-site-t-recarrega-site' });
  });
});
