/**
 * `npm run experiments -- report` reads the shares from _site.yaml whenever the export names one
 * declared experiment, and refuses to guess otherwise (issue 36.4): on a 60/40 experiment the CLI
 * with and without --experiment gives the same JSON as `judgeExport` with the declared experiment
 * (what the Estúdio's Resultados shows), where equal shares would report a false SRM.
 */
import { execFile } from 'node:child_process';
import { appendFile, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockList } from '../../blocks/index.ts';
import { judgeExport } from '../../runtime/experiments/index.ts';
import { loadProject } from '../../runtime/load/index.ts';
import { siteDay } from '../../runtime/edge/site-day.ts';
import { projectArgs } from '../helpers/tsx.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const FIXTURE = path.join(root, 'tests/fixtures/experiments/ga4-60-40.csv');

/** /sodastream-t split 60/40 with /recarrega-site, 1 to 14 November 2026 (the fixture's days). */
const EXPERIMENT = [
  'experiments:',
  '  - id: t-60-40',
  '    route: /sodastream-t',
  '    variants:',
  '      - page: sodastream-t',
  '        weight: 60',
  '      - page: recarrega-site',
  '        weight: 40',
  '    start: 2026-11-01',
  '    end: 2026-11-14',
  '',
].join('\n');

let dir: string;
let pagesDir: string;
let csv: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'experimento-cli-'));
  pagesDir = path.join(dir, 'pages');
  await cp(path.join(root, 'pages'), pagesDir, { recursive: true });
  await appendFile(path.join(pagesDir, '_site.yaml'), EXPERIMENT);
  csv = path.join(dir, 'ga4-60-40.csv');
  await cp(FIXTURE, csv);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const cli = async (...args: string[]) =>
  run(process.execPath, [...(await projectArgs('runtime/cli.ts')), 'experiments', 'report', ...args], {
    cwd: root,
  });

describe('npm run experiments -- report on a 60/40 experiment', () => {
  it('gives the same JSON with and without --experiment as judgeExport with the declared experiment', async () => {
    const [withFlag, without] = await Promise.all([
      cli(csv, '--pages', pagesDir, '--experiment', 't-60-40', '--json'),
      cli(csv, '--pages', pagesDir, '--json'),
    ]);
    const { experiments } = await loadProject({ root, pagesDir, blocks: blockList });
    const experiment = experiments.find((e) => e.id === 't-60-40')!;
    const screen = judgeExport(await readFile(csv, 'utf8'), experiment, {
      file: csv,
      today: siteDay(new Date()),
    });
    const expected = JSON.parse(JSON.stringify(screen)) as typeof screen;
    expect(JSON.parse(without.stdout)).toEqual(expected);
    expect(JSON.parse(withFlag.stdout)).toEqual(expected);

    expect(expected.variants.map((v) => [v.variant, v.weight])).toEqual([
      ['FGS-t-60-40-sodastream-t', 60],
      ['FGS-t-60-40-recarrega-site', 40],
    ]);
    expect(expected.control).toBe('FGS-t-60-40-sodastream-t');
    expect(expected.days).toBe(14);
    expect(expected.srm.flagged).toBe(false);
    expect(expected.notes).toHaveLength(3);
    // What the CLI used to assume: equal shares, and a false SRM.
    const equal = judgeExport(await readFile(csv, 'utf8'), undefined, {
      file: csv,
      today: siteDay(new Date()),
      weights: { 'FGS-t-60-40-sodastream-t': 50, 'FGS-t-60-40-recarrega-site': 50 },
    });
    expect(equal.srm.flagged).toBe(true);
  });

  it('says which experiment it read, and prints the export’s notes', async () => {
    const { stdout } = await cli(csv, '--pages', pagesDir);
    expect(stdout).toMatch(
      /^Experimento t-60-40 de _site\.yaml \(reconhecido pelas variantes da exportação\): pesos, original e datas de lá\.\n/,
    );
    expect(stdout).toContain('Exportação diária: 14 dias, de 01/11/2026 a 14/11/2026');
    expect(stdout).toContain(
      `\nSobre a exportação:\n  • ${csv}:7: a linha de total "Grand total" foi ignorada (o relatório soma as páginas por conta própria).\n`,
    );
    expect(stdout).toContain(
      '2 linhas "(not set)" foram ignoradas (linhas 14 e 27; 19 visitantes, 1 conversão)',
    );
    expect(stdout).toContain('as datas foram lidas como mês/dia/ano (como nos EUA)');
  });
});

describe('npm run experiments -- report refuses to guess the shares', () => {
  it('when the export names no declared experiment', async () => {
    const other = path.join(dir, 'outro.csv');
    await writeFile(other, 'Variante,Visitantes,Conversões\nagendamento,1000,50\nagendamento-b,1000,70\n');
    await expect(cli(other, '--pages', pagesDir)).rejects.toMatchObject({
      code: 1,
      stderr: `✖ ${other}: as variantes da exportação (agendamento, agendamento-b) não são todas páginas de um mesmo experimento de _site.yaml (há: t-60-40), e sem os pesos de cada página o relatório não adivinha: passe --experiment id, ou os pesos com --weights agendamento=<peso>,agendamento-b=<peso>.\n`,
    });
    // With the weights given, the export is judged alone.
    const { stdout } = await cli(
      other,
      '--pages',
      pagesDir,
      '--weights',
      'agendamento=50,agendamento-b=50',
      '--json',
    );
    expect(JSON.parse(stdout)).toMatchObject({ control: 'agendamento', notes: [] });
  });

  it('when the site declares no experiment and no weights are given', async () => {
    await expect(cli(FIXTURE)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        `${FIXTURE}: _site.yaml não declara experimentos, e sem os pesos de cada página o relatório não adivinha (dividir igualmente acusaria um SRM falso num teste 60/40): passe os pesos com --weights FGS-t-60-40-sodastream-t=<peso>,FGS-t-60-40-recarrega-site=<peso>, ou declare o experimento em _site.yaml e passe --experiment id.`,
      ),
    });
  });

  it('lists the declared experiments for an unknown --experiment', async () => {
    await expect(cli(csv, '--pages', pagesDir, '--experiment', 'nada')).rejects.toMatchObject({
      code: 1,
      stderr: '✖ --experiment nada: não há esse experimento em _site.yaml (há: t-60-40).\n',
    });
  });
});
