/**
 * The experiment report against the fixtures of ../shared/docs/experiments.md, and exports that
 * must get no verdict (SRM, too early, too few conversions), through the real CLI too.
 */
import { execFile } from 'node:child_process';
import { appendFile, cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildReport,
  chanceToBeat,
  chanceToBeatApprox,
  parseExport,
  sampleRatioMismatch,
  sampleSizePerArm,
  zTest,
  type Report,
} from '../../runtime/experiments/index.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

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

  it('names a winner only with enough days, conversions and a clean split', () => {
    const report = buildReport(rows([10000, 500], [10000, 620]), { days: 14 });
    expect(report.noVerdict).toEqual([]);
    expect(report.verdict).toEqual({ kind: 'winner', variant: 'agendamento-b' });
    const b = report.variants[1]!;
    expect(b.uplift).toBeCloseTo(0.24, 5);
    expect(b.chanceToBeatControl).toBeGreaterThan(0.99);
    expect(report.summary[0]).toMatch(
      /^Vencedora: agendamento-b, com mais de 99,9% de chance de trazer mais conversas que agendamento \(\+24,0%\)/,
    );
  });

  const noVerdict = (report: Report, reason: RegExp) => {
    expect(report.verdict).toBeNull();
    expect(report.noVerdict.some((r) => reason.test(r))).toBe(true);
    expect(report.summary[0]).toBe('Ainda sem veredito:');
  };
  it('gives no verdict while the split fails the SRM test', () => {
    noVerdict(
      buildReport(rows([5000, 400], [5400, 500]), { days: 14 }),
      /não bate com os pesos \(χ² = 15,38/,
    );
  });
  it('gives no verdict before 7 days', () => {
    noVerdict(buildReport(rows([10000, 500], [10000, 620]), { days: 6 }), /há 6 dias; espere ao menos 7/);
  });
  it('gives no verdict below 150 conversions per variant', () => {
    noVerdict(
      buildReport(rows([1000, 50], [1000, 70]), { days: 14 }),
      /são precisas ao menos 150 por página/,
    );
  });
  it('gives no verdict without knowing the duration', () => {
    noVerdict(
      buildReport(rows([10000, 500], [10000, 620])),
      /informe a data de início \(--start AAAA-MM-DD\)/,
    );
  });
  it('says how many visitors are still needed when nothing is clear yet', () => {
    const report = buildReport(rows([4000, 200], [4000, 210]), { days: 10 });
    expect(report.verdict).toEqual({ kind: 'undecided' });
    expect(report.summary[0]).toMatch(
      /^Ainda sem vencedor claro: faltam cerca de 4\.\d{3} visitantes por página/,
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
  const cli = (...args: string[]) =>
    run(
      process.execPath,
      ['--import', 'tsx', 'runtime/cli.ts', 'experiments', 'report', path.join(dir, 'ga4.csv'), ...args],
      {
        cwd: root,
      },
    );

  it('prints the table and why there is no verdict yet, in Portuguese', async () => {
    const { stdout } = await cli('--start', '2026-11-01', '--end', '2026-11-21');
    expect(stdout).toContain('Experimento: original agendamento; 21 dias; efeito mínimo de interesse 20%.');
    expect(stdout).toMatch(/agendamento-b +50% +1\.000 +70 +7,00% \(5,58%–8,75%\) +\+40,0% +97,0% +0,0597/);
    expect(stdout).toContain('são precisas ao menos 150 por página');
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
        '--import',
        'tsx',
        'runtime/cli.ts',
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
