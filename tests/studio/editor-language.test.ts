/**
 * The Estúdio editor's schema help, driven in Node through the same language-service wrapper the
 * browser's YAML worker runs (studio/app/screens/editor/yaml-language/yaml-service.ts), on the real agendamento page.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import pageSchema from '../../schema/page.schema.json';
import {
  createYamlService,
  type YamlService,
} from '../../studio/app/screens/editor/yaml-language/yaml-service.ts';

const PAGE = readFileSync(new URL('../../pages/agendamento.yaml', import.meta.url), 'utf8');

interface PropSchema {
  description?: string;
  examples?: unknown[];
}
interface BlockSchema {
  title: string;
  properties: Record<string, PropSchema> & { type: { const: string } };
}
const BLOCKS = pageSchema.properties.blocks.items.oneOf as unknown as BlockSchema[];
const block = (type: string): BlockSchema => BLOCKS.find((b) => b.properties.type.const === type)!;

/** The page with `find` replaced (it must occur once); a ‸ in `replace` marks the cursor. */
function edit(find: string, replace: string): { text: string; offset: number } {
  expect(PAGE.split(find)).toHaveLength(2);
  const marked = PAGE.replace(find, replace);
  return { text: marked.replace('‸', ''), offset: marked.indexOf('‸') };
}

/** 1-based line and column of the first occurrence of `needle`. */
function lineColumn(text: string, needle: string): { line: number; column: number } {
  const at = text.indexOf(needle);
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

let service: YamlService;
beforeAll(() => {
  service = createYamlService();
});

describe('validation', () => {
  it('finds nothing wrong with the page as committed', async () => {
    expect(await service.validate(PAGE)).toEqual([]);
  });

  it('reports a misspelt prop in Portuguese, at its exact line and column, with the right name', async () => {
    const { text } = edit('    highlight: fácil e rápido.', '    higlight: fácil e rápido.');
    const found = await service.validate(text);
    expect(found).toHaveLength(1);
    const [problem] = found;
    expect(problem).toMatchObject({
      ...lineColumn(text, 'higlight:'),
      severity: 'error',
      message: '"higlight" não é uma propriedade aceita aqui. Você quis dizer "highlight"?',
      english: 'Property higlight is not allowed.',
      source: 'Abertura da página',
    });
    expect(text.slice(problem!.from, problem!.to)).toBe('higlight');
  });

  it('says in Portuguese what is missing, mistyped or not among the allowed values', async () => {
    const cases: Array<[find: string, replace: string, at: string, message: string]> = [
      [
        '    title: Sodastream Refil fácil e rápido.\n',
        '',
        'type: hero',
        'Falta a propriedade obrigatória "title".',
      ],
      ['    sticky: true', '    sticky: sim', 'sim', 'Tipo incorreto: aqui vai true ou false.'],
      ['    solidAfter: 20', '    solidAfter: vinte', 'vinte', 'Tipo incorreto: aqui vai um número inteiro.'],
      [
        'reveal: offset',
        'reveal: ofset',
        'ofset',
        'Valor não aceito. Valores válidos: "offset", "intersection". Você quis dizer "offset"?',
      ],
      ['    solidAfter: 20', '    solidAfter: -5', '-5', 'Valor abaixo do mínimo, que é 0.'],
      ['    eyebrow: Recarga de CO2 em casa', "    eyebrow: ''", "''", 'O texto não pode ficar vazio.'],
      ['type: hero', 'type: heroo', 'heroo', 'O valor deve ser "hero".'],
    ];
    for (const [find, replace, at, message] of cases) {
      const { text } = edit(find, replace);
      const found = await service.validate(text);
      expect(
        found.map((d) => d.message),
        replace,
      ).toEqual([message]);
      expect(found[0], replace).toMatchObject(lineColumn(text, at));
    }
  });

  it('passes the schema’s own Portuguese messages through', async () => {
    const { text } = edit('pageView: agendamento_page', 'pageView: Agendamento Page');
    const [problem] = await service.validate(text);
    expect(problem?.message).toBe('Use letras minúsculas, números e _, ex.: agendamento_page.');
  });

  it('translates every problem met when breaking the page in the usual ways', async () => {
    const breakages: Array<[string, string]> = [
      ['    eyebrow: Recarga de CO2 em casa', '    eyebrow: ' + 'x'.repeat(80)],
      ['    eyebrow: Recarga de CO2 em casa', '    eyebrow: Recarga de CO2 em casa\n    eyebrow: x'],
      ['    eyebrow: Recarga de CO2 em casa', '\teyebrow: Recarga de CO2 em casa'],
      ['    eyebrow: Recarga de CO2 em casa', "    eyebrow: 'Recarga de CO2 em casa"],
      ['    eyebrow: Recarga de CO2 em casa', '    eyebrow: Recarga: de CO2 em casa'],
      ['    eyebrow: Recarga de CO2 em casa', '     eyebrow: Recarga de CO2 em casa'],
      ['    eyebrow: Recarga de CO2 em casa', '   eyebrow: Recarga de CO2 em casa'],
      ['    eyebrow: Recarga de CO2 em casa', '    eyebrow: "a\\q"'],
      ['    eyebrow: Recarga de CO2 em casa', '    eyebrow: [a, b'],
      ['    eyebrow: Recarga de CO2 em casa', '    eyebrow:\n      a: 1'],
      ['  - type: hero\n', '  - type: hero\n  x: 1\n'],
      ['  - type: hero\n', '  - eyebrow: x\n'],
      ['robots: index, follow', 'robots: index, follow\nextends: agendamento'],
      [
        '    items:\n      - title: Agende pelo WhatsApp',
        '    items: []\n    itens:\n      - title: Agende pelo WhatsApp',
      ],
    ];
    for (const [find, replace] of breakages) {
      const found = await service.validate(edit(find, replace).text);
      expect(found.length, replace).toBeGreaterThan(0);
      const untranslated = found.filter((d) => d.message === d.english).map((d) => d.english);
      expect(untranslated, replace).toEqual([]);
    }
  });
});

describe('completion', () => {
  it('offers, inside a hero block, the hero props not yet written, as `key: `', async () => {
    const { text, offset } = edit('    eyebrow: Recarga', '    ‸\n    eyebrow: Recarga');
    const items = await service.complete(text, offset);
    const labels = items.filter((i) => i.kind === 'property').map((i) => i.label);
    const heroProps = Object.keys(block('hero').properties);
    expect(labels).toEqual(expect.arrayContaining(['entrance', 'floating', 'tone', 'noteIcon']));
    expect(labels.every((label) => heroProps.includes(label))).toBe(true);
    // faq's and steps' props are not hero's; eyebrow is already there.
    expect(labels).not.toContain('items');
    expect(labels).not.toContain('heading');
    expect(labels).not.toContain('eyebrow');
    const entrance = items.find((i) => i.label === 'entrance')!;
    expect(entrance).toMatchObject({ text: 'entrance: ', from: offset, to: offset });
    expect(entrance.documentation).toBe(block('hero').properties.entrance!.description);
  });

  it('writes nested objects as YAML with their required keys, and their fields as tab stops', async () => {
    const { text, offset } = edit('  - type: navbar\n', '  - type: hero\n    ‸\n  - type: navbar\n');
    const items = await service.complete(text, offset);
    expect(items.find((i) => i.label === 'cta')).toMatchObject({
      text: 'cta:\n  label: ',
      template: 'cta:\n  label: ',
    });
    expect(items.find((i) => i.label === 'image')).toMatchObject({
      text: 'image:\n  src: \n  alt: \n  width: \n  height: ',
      template: 'image:\n  src: ${1}\n  alt: ${2}\n  width: ${3}\n  height: ${4}',
    });
  });

  it('offers the 21 block types after `type: `, each with its Portuguese title', async () => {
    const { text, offset } = edit('  - type: navbar\n', '  - type: ‸\n  - type: navbar\n');
    const items = await service.complete(text, offset);
    expect(items.map((i) => i.label).sort()).toEqual(BLOCKS.map((b) => b.properties.type.const).sort());
    expect(items.find((i) => i.label === 'hero')).toMatchObject({
      kind: 'value',
      detail: 'Abertura da página',
    });
  });

  it('offers the blocks, by their Portuguese titles, in an empty list item', async () => {
    const { text, offset } = edit('  - type: navbar\n', '  - ‸\n  - type: navbar\n');
    const items = await service.complete(text, offset);
    expect(items.every((i) => i.kind === 'block')).toBe(true);
    expect(items.find((i) => i.detail === 'hero')).toMatchObject({
      label: 'Abertura da página',
      text: 'type: hero\n  title: Sodastream Refil fácil e rápido.',
    });
  });

  it('offers the values of an enum prop', async () => {
    const top = edit('reveal: offset', 'reveal: ‸');
    expect((await service.complete(top.text, top.offset)).map((i) => i.label)).toEqual([
      'offset',
      'intersection',
    ]);
    const inBlock = edit(
      '    tone: alt\n    items:\n      - title: Economia',
      '    tone: ‸\n    items:\n      - title: Economia',
    );
    expect((await service.complete(inBlock.text, inBlock.offset)).map((i) => i.label).sort()).toEqual([
      'alt',
      'dark',
      'light',
    ]);
  });
});

describe('hover', () => {
  it('gives a prop’s Portuguese description and its examples', async () => {
    const offset = PAGE.indexOf('    highlight:') + 6;
    const hover = await service.hover(PAGE, offset);
    const highlight = block('hero').properties.highlight!;
    expect(hover?.markdown).toContain(highlight.description);
    expect(hover?.markdown).toContain('Exemplos:');
    expect(hover?.markdown).toContain(String(highlight.examples![0]));
    expect(hover?.markdown).not.toMatch(/Example|Source/);
    expect(PAGE.slice(hover!.from, hover!.to)).toBe('highlight');
  });

  it('lists an enum’s values in Portuguese', async () => {
    const hover = await service.hover(PAGE, PAGE.indexOf('reveal:') + 2);
    expect(hover?.markdown).toContain('Valores aceitos:\n\n* `offset`\n* `intersection`');
  });
});
