/**
 * `experiments:` in _site.yaml, validated like every page: located Portuguese errors for an
 * unknown page, weights that do not sum to 100, a route in two experiments, an experiment whose
 * route is not one of its pages, a winner that is not one of them; resolved when all is well.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockList } from '../../blocks/index.ts';
import { PageErrors, type PageProblem } from '../../runtime/load/errors.ts';
import { formatProblems } from '../../runtime/load/format-error.ts';
import { loadProject } from '../../runtime/load/project.ts';

const root = path.resolve(import.meta.dirname, '../..');
const pagesDir = path.join(root, 'pages');
const site = await readFile(path.join(pagesDir, '_site.yaml'), 'utf8');

function load(experiments: string) {
  return loadProject({
    root,
    pagesDir,
    blocks: blockList,
    sources: new Map([['pages/_site.yaml', `${site}experiments:\n${experiments}`]]),
  });
}

async function problems(experiments: string): Promise<PageProblem[]> {
  try {
    await load(experiments);
  } catch (error) {
    if (error instanceof PageErrors) return error.problems;
    throw error;
  }
  throw new Error('esperava problemas');
}

const firstLine = site.split('\n').length; // the line of "experiments:"
const variants = (a: string, b: string, wa = 50, wb = 50) =>
  `    variants:\n      - page: ${a}\n        weight: ${wa}\n      - page: ${b}\n        weight: ${wb}\n`;

describe('experiments in _site.yaml', () => {
  it('resolves each variant to its page and route', async () => {
    const project = await load(
      `  - id: sodastream-t-site\n    route: /sodastream-t\n${variants('sodastream-t', 'recarrega-site', 70, 30)}    start: 2026-12-01\n`,
    );
    expect(project.experiments).toEqual([
      expect.objectContaining({
        id: 'sodastream-t-site',
        route: '/sodastream-t',
        start: '2026-12-01',
        pages: [
          { page: 'sodastream-t', file: 'sodastream-t.yaml', route: '/sodastream-t', weight: 70 },
          { page: 'recarrega-site', file: 'recarrega-site.yaml', route: '/recarrega-site', weight: 30 },
        ],
      }),
    ]);
  });

  it('names an unknown page with a suggestion, on its line', async () => {
    const found = await problems(
      `  - id: teste\n    route: /sodastream-t\n${variants('sodastream-t', 'recarega-site')}`,
    );
    expect(found).toEqual([
      expect.objectContaining({
        code: 'experiment-page',
        message: 'A página "recarega-site" do experimento "teste" não existe.',
        hint: 'Você quis dizer "recarrega-site"?',
        loc: expect.objectContaining({ file: 'pages/_site.yaml', line: firstLine + 6, column: 15 }),
      }),
    ]);
  });

  it('refuses weights that do not sum to 100', async () => {
    const found = await problems(
      `  - id: teste\n    route: /sodastream-t\n${variants('sodastream-t', 'recarrega-site', 50, 40)}`,
    );
    expect(found.map((p) => p.message)).toEqual(['Os pesos do experimento "teste" somam 90, não 100.']);
    expect(found[0]!.loc.line).toBe(firstLine + 3);
    expect(formatProblems(found)).toContain(`pages/_site.yaml:${firstLine + 3}:`);
  });

  it('refuses a route in two experiments', async () => {
    const one = `  - id: um\n    route: /sodastream-t\n${variants('sodastream-t', 'recarrega-site')}`;
    const two = `  - id: dois\n    route: /sodastream-t\n${variants('sodastream-t', 'sodastream-m')}`;
    const found = (await problems(one + two)).filter((p) => p.code === 'experiment-route');
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toBe(
      'O endereço /sodastream-t já está no experimento "um": um endereço só pode estar num experimento por vez.',
    );
  });

  it('refuses a page in two experiments', async () => {
    const one = `  - id: um\n    route: /sodastream-t\n${variants('sodastream-t', 'recarrega-site')}`;
    const two = `  - id: dois\n    route: /sodastream-m\n${variants('sodastream-m', 'recarrega-site')}`;
    const found = await problems(one + two);
    expect(found.map((p) => p.message)).toEqual([
      'A página "recarrega-site" já está no experimento "um": uma página só pode estar num experimento por vez.',
    ]);
  });

  it('refuses an experiment whose route is not one of its own pages', async () => {
    const found = await problems(
      `  - id: teste\n    route: /agendamento\n${variants('sodastream-t', 'recarrega-site')}`,
    );
    expect(found.map((p) => p.message)).toEqual([
      'O experimento "teste" divide o endereço /agendamento, mas nenhuma das páginas dele é /agendamento.',
    ]);
  });

  it('refuses a winner that is not one of its pages, and an end before the start', async () => {
    const found = await problems(
      `  - id: teste\n    route: /sodastream-t\n${variants('sodastream-t', 'recarrega-site')}    start: 2026-12-10\n    end: 2026-12-01\n    winner: sodastream-m\n`,
    );
    expect(found.map((p) => p.code).sort()).toEqual(['experiment-dates', 'experiment-winner']);
  });

  it('checks the shape with the schema: a weight of 0, a bad id, a bad date', async () => {
    const found = await problems(
      `  - id: Teste Um\n    route: /sodastream-t\n${variants('sodastream-t', 'recarrega-site', 100, 0)}    start: 01/12/2026\n`,
    );
    expect(found.length).toBeGreaterThanOrEqual(3);
    expect(found.every((p) => p.loc.file === 'pages/_site.yaml')).toBe(true);
  });
});
