/**
 * List items in a variant's `change:` (docs/decisions/0037-list-items-in-variants.md): a map
 * written where the base has a list changes the items it addresses, by position (1 for the first)
 * or by `id`, at any depth; every error is located in the variant, in Portuguese.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { blockList } from '../../blocks/index.ts';
import { promoteVariant, PromoteError } from '../../runtime/author/index.ts';
import { PageErrors, type PageProblem } from '../../runtime/load/errors.ts';
import { createAjv } from '../../runtime/load/validate.ts';
import { formatProblems } from '../../runtime/load/format-error.ts';
import { loadProject, type LoadedPage } from '../../runtime/load/project.ts';
import { projectArgs } from '../helpers/tsx.ts';

const repo = path.resolve(import.meta.dirname, '../..');
let root: string;
let pagesDir: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'extends-items-'));
  pagesDir = path.join(root, 'pages');
  await cp(path.join(repo, 'pages'), pagesDir, { recursive: true });
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function load(file: string, text: string) {
  await writeFile(path.join(pagesDir, file), text);
  return loadProject({ root, pagesDir, blocks: blockList, only: [`pages/${file}`] });
}

async function pageOf(file: string, text: string): Promise<LoadedPage> {
  const project = await load(file, text);
  return project.pages.find((p) => p.file === `pages/${file}`)!;
}

async function base(file: string): Promise<LoadedPage> {
  const project = await loadProject({ root, pagesDir, blocks: blockList, only: [`pages/${file}`] });
  return project.pages.find((p) => p.file === `pages/${file}`)!;
}

async function problemsOf(file: string, text: string): Promise<PageProblem[]> {
  const error = await load(file, text).catch((e: unknown) => e);
  if (error instanceof PageErrors) return error.problems;
  throw new Error(`esperava erros, veio ${String(error)}`);
}

const brief = (p: PageProblem) => `${p.loc.file}:${p.loc.line}:${p.loc.column} [${p.code}] ${p.message}`;
type Data = Record<string, unknown>;
const blockOf = (page: LoadedPage, id: string) => page.model.blocks.find((b) => b.id === id) as Data;

describe('change: a map over a list changes the items it addresses', () => {
  it('by position: one FAQ answer, the rest of the page as the base', async () => {
    const agendamento = await base('agendamento.yaml');
    const page = await pageOf(
      'v-faq.yaml',
      'extends: agendamento\nchange:\n  duvidas:\n    items:\n      2:\n        answer: Trocamos na hora.\n',
    );
    const expected = structuredClone(agendamento.model);
    const at = expected.blocks.findIndex((b) => b.id === 'duvidas');
    (expected.blocks[at] as unknown as { items: Data[] }).items[1]!.answer = 'Trocamos na hora.';
    expect(page.model).toEqual(expected);
    // The block's source is still the base's block (for the Estúdio's outlines).
    expect(page.blockSources[at]).toEqual({
      file: 'pages/agendamento.yaml',
      path: ['blocks', agendamento.model.blocks.findIndex((b) => b.id === 'duvidas')],
    });
  });

  it('at any depth: a value in a row of the comparison, with flow and block maps', async () => {
    const page = await pageOf(
      'v-deep.yaml',
      [
        'extends: agendamento',
        'change:',
        '  comparativo:',
        '    heading: Faça as contas',
        '    rows: { 1: { values: { 2: R$ 140 } }, 3: { label: Entrega grátis } }',
        '',
      ].join('\n'),
    );
    const block = blockOf(page, 'comparativo') as {
      heading: string;
      rows: { label: string; values: unknown[] }[];
    };
    expect(block.heading).toBe('Faça as contas');
    expect(block.rows[0]).toEqual({ label: 'Preço', values: ['R$ 350', 'R$ 140'] });
    expect(block.rows[2]!.label).toBe('Entrega grátis');
    expect(block.rows[2]!.values).toEqual([false, true]);
    expect(block.rows).toHaveLength(4);
  });

  it('by id, when the items have one; a list inside it by position; a string item replaced', async () => {
    const privacidade = await base('politica-de-privacidade.yaml');
    const page = await pageOf(
      'v-legal.yaml',
      [
        'extends: politica-de-privacidade',
        'change:',
        '  legal:',
        '    sections:',
        '      dados-coletados:',
        '        heading: Os dados que coletamos',
        '        items:',
        '          2: quando você navega no site.',
        '',
      ].join('\n'),
    );
    const expected = structuredClone(privacidade.model);
    const legal = expected.blocks.find((b) => b.type === 'legal') as unknown as { sections: Data[] };
    const section = legal.sections.find((s) => s.id === 'dados-coletados')! as Data & { items: string[] };
    section.heading = 'Os dados que coletamos';
    section.items[1] = 'quando você navega no site.';
    expect(page.model).toEqual(expected);
  });

  it('null deletes a prop of an item, and takes out an item; addresses refer to the base list', async () => {
    const page = await pageOf(
      'v-null.yaml',
      [
        'extends: agendamento',
        'change:',
        '  comparativo:',
        '    columns: { 2: { badge: null } }',
        '    rows:',
        '      2: null',
        '      3: { label: Grátis }',
        '',
      ].join('\n'),
    );
    const block = blockOf(page, 'comparativo') as { columns: Data[]; rows: { label: string }[] };
    expect(block.columns[1]).toEqual({ label: 'Recarga Fillgás', highlight: true });
    expect(block.rows.map((r) => r.label)).toEqual(['Preço', 'Grátis', 'Cilindro vazio reaproveitado']);
  });

  it('a list still replaces the whole list, and an empty map changes nothing', async () => {
    const page = await pageOf(
      'v-list.yaml',
      'extends: agendamento\nchange:\n  comparativo:\n    rows:\n      - { label: Só esta, values: [a, b] }\n    columns: {}\n',
    );
    const agendamento = await base('agendamento.yaml');
    const block = blockOf(page, 'comparativo') as { rows: unknown[]; columns: unknown[] };
    expect(block.rows).toEqual([{ label: 'Só esta', values: ['a', 'b'] }]);
    expect(block.columns).toEqual(blockOf(agendamento, 'comparativo').columns);
  });

  it('a variant of a variant addresses the items of its base as resolved', async () => {
    await writeFile(
      path.join(pagesDir, '_meio.yaml'),
      'extends: agendamento\nchange:\n  duvidas:\n    items:\n      1: null\n',
    );
    const page = await pageOf(
      'v-chain.yaml',
      'extends: _meio\nchange:\n  duvidas:\n    items:\n      1:\n        question: Primeira do meio\n',
    );
    const items = (blockOf(page, 'duvidas') as { items: Data[] }).items;
    expect(items[0]!.question).toBe('Primeira do meio');
    expect(items[0]!.answer).toMatch(/^Você agenda pelo WhatsApp/);
    expect(items).toHaveLength(8);
  });

  it('a list the base does not write: its items are the block default, as the page shows them', async () => {
    const recarga = await base('recarregar-sodastream.yaml');
    const footer = recarga.model.blocks.find((b) => b.type === 'footer') as unknown as { safety: Data[] };
    const page = await pageOf(
      'v-default.yaml',
      'extends: recarregar-sodastream\nchange:\n  footer:\n    safety:\n      2: { text: Outro texto }\n',
    );
    const safety = (page.model.blocks.find((b) => b.type === 'footer') as unknown as { safety: Data[] })
      .safety;
    expect(safety).toEqual(
      footer.safety.map((item, i) => (i === 1 ? { ...item, text: 'Outro texto' } : item)),
    );
    const problems = await problemsOf(
      'v-default-bad.yaml',
      'extends: recarregar-sodastream\nchange:\n  footer:\n    safety:\n      20: { text: Outro texto }\n',
    );
    expect(problems.map(brief)).toEqual([
      `pages/v-default-bad.yaml:5:7 [unknown-item] Em change footer, a lista safety tem ${footer.safety.length} itens: não existe o item 20.`,
    ]);
  });

  it('a problem inside a changed item is located in the variant, at the value', async () => {
    const problems = await problemsOf(
      'v-bad-value.yaml',
      'extends: agendamento\nchange:\n  duvidas:\n    items:\n      2:\n        answer: 42\n',
    );
    expect(problems.map(brief)).toEqual([
      expect.stringMatching(/^pages\/v-bad-value\.yaml:6:17 \[wrong-type\]/),
    ]);
  });
});

describe('a wrong item address', () => {
  it('a position past the end: the list and its size, located at the key', async () => {
    const problems = await problemsOf(
      'v-bad-pos.yaml',
      'extends: agendamento\nchange:\n  duvidas:\n    items:\n      12:\n        answer: Sim.\n',
    );
    expect(problems.map(brief)).toEqual([
      'pages/v-bad-pos.yaml:5:7 [unknown-item] Em change duvidas, a lista items tem 9 itens: não existe o item 12.',
    ]);
    expect(problems[0]!.hint).toBe(
      'Escreva a posição do item na lista da página base (1 é o primeiro) ou o id dele. Itens de items: de 1 a 9.',
    );
  });

  it('0 is not a position (the count starts at 1)', async () => {
    const problems = await problemsOf(
      'v-zero.yaml',
      'extends: agendamento\nchange:\n  duvidas:\n    items:\n      0: { answer: Sim. }\n',
    );
    expect(problems.map((p) => p.code)).toEqual(['unknown-item']);
    expect(problems[0]!.message).toBe('Em change duvidas, a lista items tem 9 itens: não existe o item 0.');
  });

  it('a misspelt id: "você quis dizer" and the valid addresses, nested lists named by path', async () => {
    const problems = await problemsOf(
      'v-bad-id.yaml',
      'extends: politica-de-privacidade\nchange:\n  legal:\n    sections:\n      dados-coletado:\n        heading: X\n',
    );
    expect(problems.map(brief)).toEqual([
      'pages/v-bad-id.yaml:5:7 [unknown-item] Em change legal, a lista sections não tem item com o id "dados-coletado". Você quis dizer "dados-coletados"?',
    ]);
    expect(problems[0]!.hint).toContain('Itens de sections: de 1 a ');
    expect(problems[0]!.hint).toContain('2 (id dados-coletados)');

    const nested = await problemsOf(
      'v-bad-nested.yaml',
      'extends: agendamento\nchange:\n  comparativo:\n    rows:\n      1:\n        values:\n          3: R$ 1\n',
    );
    expect(nested.map(brief)).toEqual([
      'pages/v-bad-nested.yaml:7:11 [unknown-item] Em change comparativo, a lista rows.1.values tem 2 itens: não existe o item 3.',
    ]);
  });

  it('the same item twice (by position and by id) is a conflict; every wrong address is reported', async () => {
    const problems = await problemsOf(
      'v-twice.yaml',
      [
        'extends: politica-de-privacidade',
        'change:',
        '  legal:',
        '    sections:',
        '      1: { heading: A }',
        '      controlador: { heading: B }',
        '      cookie: { heading: C }',
        '',
      ].join('\n'),
    );
    expect(problems.map(brief)).toEqual([
      'pages/v-twice.yaml:6:7 [extends-conflict] Em change legal, "controlador" e "1" são o mesmo item (o 1º) da lista sections.',
      'pages/v-twice.yaml:7:7 [unknown-item] Em change legal, a lista sections não tem item com o id "cookie". Você quis dizer "cookies"?',
    ]);
  });

  it('two items with the same id: say which one by position', async () => {
    const legal = readFileSync(path.join(repo, 'pages/politica-de-privacidade.yaml'), 'utf8').replace(
      '- id: cookies',
      '- id: controlador',
    );
    await writeFile(path.join(pagesDir, '_dup.yaml'), legal);
    const problems = await problemsOf(
      'v-dup.yaml',
      'extends: _dup\nchange:\n  legal:\n    sections:\n      controlador: { heading: X }\n',
    );
    expect(problems.map(brief)).toEqual([
      'pages/v-dup.yaml:5:7 [ambiguous-item] Em change legal, a lista sections tem 2 itens com o id "controlador": diga qual deles pela posição.',
    ]);
    expect(problems[0]!.hint).toMatch(/^Posições desses itens: 1, \d+ \(1 é o primeiro\)\.$/);
  });

  it('npm run check prints the located Portuguese error', async () => {
    await writeFile(
      path.join(pagesDir, 'v-cli.yaml'),
      'extends: agendamento\nchange:\n  duvidas:\n    items:\n      10:\n        answer: Sim.\n',
    );
    const result = await promisify(execFile)(
      process.execPath,
      await projectArgs('runtime/cli.ts', 'check', 'pages/v-cli.yaml'),
      { cwd: root, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
    ).then(
      () => ({ code: 0, out: '' }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );
    expect(result.code).toBe(1);
    expect(result.out).toContain('pages/v-cli.yaml:5:7');
    expect(result.out).toContain('Em change duvidas, a lista items tem 9 itens: não existe o item 10.');
    expect(result.out).toContain('Itens de items: de 1 a 9.');
    await rm(path.join(pagesDir, 'v-cli.yaml'));
  });

  it('formats like every other problem', async () => {
    const problems = await problemsOf(
      'v-format.yaml',
      'extends: agendamento\nchange:\n  duvidas:\n    items:\n      dúvida: { answer: Sim. }\n',
    );
    const text = formatProblems(problems);
    expect(text).toContain('v-format.yaml:5:7');
    expect(text).toContain('não tem item com o id "dúvida"');
    expect(await readFile(path.join(pagesDir, 'agendamento.yaml'), 'utf8')).toBe(
      await readFile(path.join(repo, 'pages/agendamento.yaml'), 'utf8'),
    );
  });
});

describe('schema/page.schema.json (editors)', () => {
  it('accepts items addressed by position or id in change:, as yaml-language-server reads it', () => {
    const schema = JSON.parse(readFileSync(path.join(repo, 'schema/page.schema.json'), 'utf8')) as object;
    const validate = createAjv().compile(schema);
    const variant = parse(
      [
        'extends: agendamento',
        'change:',
        '  duvidas:',
        '    items:',
        '      2: { answer: Sim. }',
        '      9: null',
        '  comparativo:',
        '    rows: { 1: { values: { 2: R$ 140 } } }',
        '  legal:',
        '    sections: { dados-coletados: { heading: X } }',
        '',
      ].join('\n'),
    ) as unknown;
    expect(validate(variant), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('"levar a vencedora para a página" (runtime/author/promote.ts)', () => {
  const agendamento = readFileSync(path.join(repo, 'pages/agendamento.yaml'), 'utf8');
  const promote = (baseSource: string, variantSource: string, baseFile = 'pages/agendamento.yaml') =>
    promoteVariant({ baseSource, variantSource, baseFile, variantFile: 'pages/vencedora.yaml' });
  const refusal = (run: () => unknown): PromoteError => {
    try {
      run();
    } catch (error) {
      if (error instanceof PromoteError) return error;
      throw error;
    }
    throw new Error('esperava PromoteError');
  };

  it('replays list items changed one by one: the base page gives exactly the variant', async () => {
    const variant = [
      'extends: agendamento',
      'change:',
      '  duvidas:',
      '    items:',
      '      2:',
      '        answer: Trocamos na hora.',
      '      9: null',
      '  comparativo:',
      '    columns: { 2: { badge: null } }',
      '    rows:',
      '      1: { values: { 2: R$ 140 } }',
      '      3: null',
      '      4:',
      '        label: Cilindro reaproveitado',
      '',
    ].join('\n');
    const text = promote(agendamento, variant);
    const expected = (await pageOf('v-promote.yaml', variant)).model;
    const root2 = await mkdtemp(path.join(os.tmpdir(), 'extends-items-promote-'));
    try {
      await cp(path.join(repo, 'pages'), path.join(root2, 'pages'), { recursive: true });
      await writeFile(path.join(root2, 'pages/agendamento.yaml'), text);
      const project = await loadProject({
        root: root2,
        pagesDir: path.join(root2, 'pages'),
        blocks: blockList,
        only: ['pages/agendamento.yaml'],
      });
      expect(project.pages[0]!.model).toEqual(expected);
    } finally {
      await rm(root2, { recursive: true, force: true });
    }
    // Only the lines of the edited items changed; the comments above the FAQ stayed.
    expect(text).toContain('  # The nine questions, with the "Ainda tem dúvidas" card.');
    expect(text).toContain('        answer: Trocamos na hora.\n      - question: Vocês aceitam');
    expect(text).not.toContain('E se eu não ficar satisfeito?');
    expect(text).toContain('values: ["R$ 350","R$ 140"]');
    const before = agendamento.split('\n');
    const after = text.split('\n');
    expect(after.slice(0, before.indexOf('  - type: comparison'))).toEqual(
      before.slice(0, before.indexOf('  - type: comparison')),
    );
  });

  it('refuses an address that does not exist, before any edit', () => {
    const error = refusal(() =>
      promote(agendamento, 'extends: agendamento\nchange:\n  duvidas:\n    items: { 12: { answer: X } }\n'),
    );
    expect(error.message).toBe(
      'Em change duvidas, pages/vencedora.yaml usa o item "12", que não existe na lista "items" de pages/agendamento.yaml.',
    );
  });

  it('refuses items of a list the base does not write (a default), by their positions', () => {
    const error = refusal(() =>
      promote(agendamento, 'extends: agendamento\nchange:\n  footer:\n    safety: { 2: { text: Outro } }\n'),
    );
    expect(error.message).toBe(
      'Em change footer, pages/vencedora.yaml muda itens da lista "safety" um a um, e pages/agendamento.yaml não escreve essa lista (ela vem do padrão do bloco): não dá para levar a vencedora automaticamente.',
    );
  });

  it('still promotes a change that replaces a list whole', () => {
    const text = promote(
      agendamento,
      'extends: agendamento\nchange:\n  comparativo:\n    rows:\n      - { label: Só esta, values: [a, b] }\n',
    );
    expect(text).toContain('- { label: Só esta, values: [a, b] }');
  });

  it('refuses positions when the base is itself a variant, in the winner or in the base', () => {
    const middle = 'extends: agendamento\nchange:\n  duvidas:\n    items:\n      1: null\n';
    const error = refusal(() =>
      promote(middle, 'extends: meio\nchange:\n  duvidas:\n    heading: Outra\n', 'pages/meio.yaml'),
    );
    expect(error.message).toBe(
      'Em change duvidas, um item de lista é indicado pela posição ("items.1"), e pages/meio.yaml também é uma variante (de "agendamento"): a posição poderia apontar outro item.',
    );
    const winner = refusal(() =>
      promote(
        'extends: agendamento\ntitle: Meio\n',
        'extends: meio\nchange:\n  duvidas:\n    items: { 3: { answer: Sim. } }\n',
        'pages/meio.yaml',
      ),
    );
    expect(winner.message).toContain('("items.3")');
  });
});
