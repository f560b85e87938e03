import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isMap, isSeq, parseDocument, type Node } from 'yaml';
import { blockList } from '../../blocks/index.ts';
import { promoteVariant, PromoteError } from '../../runtime/author/index.ts';
import { loadProject } from '../../runtime/load/project.ts';
import { resolvePageName } from '../../runtime/load/extends.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(repo, 'tests/fixtures/extends');
const tmp = await mkdtemp(path.join(os.tmpdir(), 'fillgas-promote-'));
afterAll(() => rm(tmp, { recursive: true, force: true }));

async function modelOf(root: string, file: string, sources?: Map<string, string>) {
  const project = await loadProject({
    root,
    pagesDir: path.join(root, 'pages'),
    blocks: blockList,
    only: [file],
    sources,
  });
  return project.pages.find((p) => p.file === file)!.model;
}

/** The base file a variant extends, root-relative. */
function baseOf(root: string, variantFile: string): string {
  const name = String(parseDocument(readFileSync(path.join(root, variantFile), 'utf8')).get('extends'));
  const files = readdirSync(path.join(root, 'pages'), { recursive: true }).map(String);
  const found = resolvePageName(name, files);
  if (!('file' in found)) throw new Error(`no base for ${variantFile}`);
  return `pages/${found.file}`;
}

/**
 * Each block of a page's text not named by the variant's operations: its lines, from the comment
 * lines right above it to its last line that is not a comment.
 */
function untouchedBlocks(baseText: string, variantText: string): string[] {
  const base = parseDocument(baseText);
  const variant = parseDocument(variantText).toJS() as Record<string, unknown>;
  const blocks = (base.toJS() as { blocks: { id?: string; type: string }[] }).blocks;
  const named = new Set<number>();
  const names = [
    ...['change', 'replace', 'insertBefore', 'insertAfter'].flatMap((op) =>
      Object.keys((variant[op] ?? {}) as object),
    ),
    ...((variant.remove ?? []) as string[]),
  ];
  for (const name of names) {
    const byId = blocks.findIndex((b) => b.id === name);
    named.add(byId >= 0 ? byId : blocks.findIndex((b) => b.type === name));
  }
  const seq = base.get('blocks', true);
  if (!isSeq(seq)) throw new Error('no blocks');
  return seq.items.flatMap((item, i) => {
    if (named.has(i)) return [];
    const node = item as Node;
    const dash = baseText.lastIndexOf('-', node.range![0]);
    let start = baseText.lastIndexOf('\n', dash) + 1;
    const lines = baseText.slice(start, node.range![1]).split('\n');
    while (lines.length > 1 && /^\s*(#.*)?$/.test(lines[lines.length - 1]!)) lines.pop();
    // The comment lines right above the block.
    while (start > 0) {
      const previous = baseText.lastIndexOf('\n', start - 2) + 1;
      if (!/^\s*#/.test(baseText.slice(previous, start - 1))) break;
      start = previous;
    }
    return [baseText.slice(start, baseText.lastIndexOf('\n', dash) + 1) + lines.join('\n')];
  });
}

/** The base's header comments and each top-level key the variant does not set, as written. */
function untouchedSettings(baseText: string, variantText: string): string[] {
  const set = Object.keys(parseDocument(variantText).toJS() as object);
  const root = parseDocument(baseText).contents;
  if (!isMap(root)) throw new Error('not a map');
  const header = /^(\s*#.*\n)*/.exec(baseText)![0];
  const pairs = root.items.filter((p) => !set.includes(String(p.key)) && String(p.key) !== 'blocks');
  return [
    header,
    ...pairs.map((pair) => {
      const from = (pair.key as Node).range![0];
      const end = baseText.indexOf('\n', (pair.value as Node).range![1] - 1);
      const lines = baseText.slice(from, end < 0 ? undefined : end).split('\n');
      while (lines.length > 1 && /^\s*(#.*)?$/.test(lines[lines.length - 1]!)) lines.pop();
      return `\n${lines.join('\n')}\n`;
    }),
  ];
}

/**
 * The property: the promoted base, loaded at the base's route, is the variant's page; every base
 * block the variant does not name, the header comments and every top-level key the variant does
 * not set are in the result exactly as they were written.
 */
async function expectFaithful(root: string, variantFile: string) {
  const baseFile = baseOf(root, variantFile);
  const baseSource = readFileSync(path.join(root, baseFile), 'utf8');
  const variantSource = readFileSync(path.join(root, variantFile), 'utf8');
  const text = promoteVariant({ baseSource, variantSource, baseFile, variantFile });
  const promoted = await modelOf(root, baseFile, new Map([[baseFile, text]]));
  expect(promoted).toEqual(await modelOf(root, variantFile));
  expect(text.startsWith(untouchedSettings(baseSource, variantSource)[0]!)).toBe(true);
  for (const setting of untouchedSettings(baseSource, variantSource)) expect(text).toContain(setting);
  if (!/^extends:/m.test(baseSource)) {
    for (const block of untouchedBlocks(baseSource, variantSource)) expect(text).toContain(block);
    expect(text).not.toMatch(/^(extends|change|replace|remove|insertBefore|insertAfter|move):/m);
  }
  return { text, baseSource };
}

/** A project in a temporary folder: _site.yaml of the fixtures plus `pages`. */
let projects = 0;
async function project(pages: Record<string, string>) {
  const root = path.join(tmp, String(projects++));
  await mkdir(path.join(root, 'pages'), { recursive: true });
  await writeFile(path.join(root, 'pages/_site.yaml'), readFileSync(path.join(fixtures, 'pages/_site.yaml')));
  for (const [file, text] of Object.entries(pages)) await writeFile(path.join(root, 'pages', file), text);
  return root;
}

const promote = (baseSource: string, variantSource: string, baseFile = 'pages/base.yaml') =>
  promoteVariant({ baseSource, variantSource, baseFile, variantFile: 'pages/vencedora.yaml' });

function refusal(run: () => unknown): PromoteError {
  try {
    run();
  } catch (error) {
    if (error instanceof PromoteError) return error;
    throw error;
  }
  throw new Error('esperava PromoteError');
}

const BASE = `# yaml-language-server: $schema=../schema/page.schema.json
# A page written for these tests: comments everywhere.
title: Página base # the title
description: Uma página completa.
analytics:
  pageView: base_page
  clickEvent: base_click
reveal: offset
blocks:
  # The header.
  - type: navbar

  - type: hero
    title: Título da base # keep me
    subtitle: Frase da base.
    cta:
      label: Agendar agora
      track: HeroSectionT
    image: { src: /images/entrega.svg, alt: Entrega, width: 480, height: 320 }

  # How it works: three steps.
  - type: steps
    id: como-funciona
    heading: Como funciona
    items:
      - icon: chat
        title: Agende
        description: Pelo WhatsApp.
      - icon: truck
        title: Receba
        description: Em casa.

  - type: features
    id: beneficios
    heading: Benefícios # the benefits
    items:
      - icon: truck
        title: Entrega grátis
        description: Em São Paulo.
    # a comment at the end of the block

  - type: faq
    id: duvidas
    heading: Dúvidas
    items:
      - question: Quanto custa?
        answer: R$ 150.

  - type: footer
`;

describe('promoteVariant on the real pages', () => {
  const variants = readdirSync(path.join(repo, 'pages'))
    .filter(
      (f) => f.endsWith('.yaml') && /^extends:/m.test(readFileSync(path.join(repo, 'pages', f), 'utf8')),
    )
    .map((f) => `pages/${f}`);

  it('finds the variants of pages/', () => {
    expect(variants).toContain('pages/recarrega-site.yaml');
  });

  it.each(variants)('%s: the promoted base is the variant, untouched blocks byte-identical', async (file) => {
    await expectFaithful(repo, file);
  });

  it('recarrega-site into sodastream-t: values set in place, the header comments kept', async () => {
    const { text, baseSource } = await expectFaithful(repo, 'pages/recarrega-site.yaml');
    expect(text.split('\n').slice(0, 3)).toEqual(baseSource.split('\n').slice(0, 3));
    expect(text).toContain('\nrobots: index, follow\n');
    expect(text).toContain(
      "\n  pageView: recarga_site_page\nreveal: intersection\njsonLd:\n  - '@type': Service\n",
    );
    expect(text).toContain("\n      - label: Experiência\n        href: '#experiencia'\n    cta:\n");
    expect(text).not.toContain('Pré-lançamento\n        href');
    // A nested change: only the leaf moves, its siblings stay as written.
    expect(text).toContain(
      '        message: duvidas\n        track: CTASectionC\n    structuredData: true\n',
    );
    expect(text).toContain('    tone: alt\n    hideFor: paidTraffic\n\n  - type: footer\n');
  });
});

describe('promoteVariant on the fixtures of tests/runtime/extends.test.ts', () => {
  it('variant.yaml (every operation) into base.yaml', async () => {
    const root = await project({
      'base.yaml': readFileSync(path.join(fixtures, 'pages/base.yaml'), 'utf8'),
      'variant.yaml': readFileSync(path.join(fixtures, 'pages/variant.yaml'), 'utf8'),
    });
    await expectFaithful(root, 'pages/variant.yaml');
  });

  it('move.yaml (blocks moved, one of them inserted by the variant) into base.yaml', async () => {
    const root = await project({
      'base.yaml': readFileSync(path.join(fixtures, 'pages/base.yaml'), 'utf8'),
      'move.yaml': readFileSync(path.join(fixtures, 'pages/move.yaml'), 'utf8'),
    });
    await expectFaithful(root, 'pages/move.yaml');
  });
});

describe('each operation, on text', () => {
  it('change: scalars in place (comments after them kept), maps merged at any depth, null deletes', async () => {
    const variant = `extends: base
change:
  hero:
    title: Título novo
    subtitle: null
    cta:
      label: Quero agendar
    image:
      alt: Entrega na porta
  beneficios:
    items:
      - icon: clock
        title: Rápido
        description: Em 24 horas.
`;
    const root = await project({ 'base.yaml': BASE, 'vencedora.yaml': variant });
    const { text } = await expectFaithful(root, 'pages/vencedora.yaml');
    expect(text).toContain(
      '    title: Título novo # keep me\n    cta:\n      label: Quero agendar\n      track: HeroSectionT\n',
    );
    expect(text).not.toContain('subtitle');
    // A map written in flow style is written again, merged.
    expect(text).toContain(
      '    image: {"src":"/images/entrega.svg","alt":"Entrega na porta","width":480,"height":320}\n',
    );
    // A list is replaced whole; the block's other lines and its trailing comment stay.
    expect(text).toContain(`    heading: Benefícios # the benefits
    items:
      - icon: clock
        title: Rápido
        description: Em 24 horas.
    # a comment at the end of the block
`);
  });

  it('change: a map whose every key is deleted stays, empty; a new prop is a new line', async () => {
    // Not a valid hero (cta needs a label): the text only, read back as the loader merges it.
    const emptied = promote(
      BASE,
      'extends: base\nchange:\n  hero:\n    cta:\n      label: null\n      track: null\n',
    );
    expect(emptied).toContain('    subtitle: Frase da base.\n    cta: {}\n    image: {');
    const variant =
      'extends: base\nchange:\n  hero:\n    cta:\n      track: null\n    note: Mais de 500 trocas por mês\n';
    const root = await project({ 'base.yaml': BASE, 'vencedora.yaml': variant });
    const { text } = await expectFaithful(root, 'pages/vencedora.yaml');
    expect(text).toContain('    cta:\n      label: Agendar agora\n    image: {');
    expect(text).toContain('height: 320 }\n    note: Mais de 500 trocas por mês\n');
  });

  it('replace and remove: the block goes with the comment lines above it; the new block brings its comments', async () => {
    const variant = `extends: base
replace:
  # A banner instead of the steps.
  como-funciona:
    type: banner # was steps
    heading: Pronto para recarregar?
    # The button.
    cta:
      label: Agendar
remove:
  - beneficios
`;
    const root = await project({ 'base.yaml': BASE, 'vencedora.yaml': variant });
    const { text } = await expectFaithful(root, 'pages/vencedora.yaml');
    expect(text).not.toContain('How it works');
    expect(text).not.toContain('Benefícios');
    expect(text).not.toContain('a comment at the end of the block');
    expect(text).toContain(`    image: { src: /images/entrega.svg, alt: Entrega, width: 480, height: 320 }

  # A banner instead of the steps.
  - type: banner # was steps
    heading: Pronto para recarregar?
    # The button.
    cta:
      label: Agendar

  - type: faq
`);
  });

  it('insertBefore and insertAfter: re-indented to the base list, in the loader’s order, comments along', async () => {
    const variant = `extends: base
insertBefore:
  hero:
        # An offer above the hero.
        - type: banner
          id: oferta
          heading: Oferta de inverno
          cta:
            label: Ver oferta
insertAfter:
  footer:
    - type: sideChat
      label: Fale com a gente # the bubble
      cta:
        label: Conversar
  navbar:
    - type: banner
      id: aviso
      heading: Aviso
      cta: { label: Saber mais }
`;
    const root = await project({ 'base.yaml': BASE, 'vencedora.yaml': variant });
    const { text } = await expectFaithful(root, 'pages/vencedora.yaml');
    expect(text).toContain(`  # The header.
  - type: navbar

  - type: banner
    id: aviso
    heading: Aviso
    cta: { label: Saber mais }

  # An offer above the hero.
  - type: banner
    id: oferta
    heading: Oferta de inverno
    cta:
      label: Ver oferta

  - type: hero
`);
    expect(
      text.endsWith(`  - type: footer

  - type: sideChat
    label: Fale com a gente # the bubble
    cta:
      label: Conversar
`),
    ).toBe(true);
  });

  it('move: each block goes with its comment lines, where the loader puts it; a changed one too', async () => {
    const variant = `extends: base
change:
  beneficios:
    heading: Vantagens
move:
  duvidas: { after: hero }
  beneficios:
    before: como-funciona
`;
    const root = await project({ 'base.yaml': BASE, 'vencedora.yaml': variant });
    const { text } = await expectFaithful(root, 'pages/vencedora.yaml');
    expect(text).toContain(`    image: { src: /images/entrega.svg, alt: Entrega, width: 480, height: 320 }

  - type: faq
    id: duvidas
    heading: Dúvidas
    items:
      - question: Quanto custa?
        answer: R$ 150.

  - type: features
    id: beneficios
    heading: Vantagens # the benefits
    items:
      - icon: truck
        title: Entrega grátis
        description: Em São Paulo.
    # a comment at the end of the block

  # How it works: three steps.
  - type: steps
    id: como-funciona
`);
    expect(text).toMatch(/ {8}description: Em casa\.\n\n {2}- type: footer\n$/);
  });

  it('page settings: set in place, maps merged, new keys above blocks; extends and the operations never written', async () => {
    const variant = `# The winner.
extends: base
title: Título da vencedora
analytics:
  pageView: vencedora_page
robots: noindex, follow
`;
    const root = await project({ 'base.yaml': BASE, 'vencedora.yaml': variant });
    const { text } = await expectFaithful(root, 'pages/vencedora.yaml');
    expect(text).toBe(
      BASE.replace('title: Página base # the title', 'title: Título da vencedora # the title')
        .replace('pageView: base_page', 'pageView: vencedora_page')
        .replace('reveal: offset\n', 'reveal: offset\nrobots: noindex, follow\n'),
    );
    expect(text).not.toContain('extends');
    expect(text).not.toContain('The winner');
  });
});

describe('a base that is itself a variant', () => {
  const base = readFileSync(path.join(fixtures, 'pages/base.yaml'), 'utf8');
  const middle = `# The middle page.
extends: base
title: Variante do meio
analytics:
  pageView: meio_page
change:
  hero:
    title: Título do meio
    cta:
      label: Quero agendar
remove:
  - vantagens
insertAfter:
  footer:
    - type: sideChat
      label: Fale com a gente
      cta:
        label: Conversar
`;

  it('keeps its extends and composes the operations; the result is the winner', async () => {
    const winner = `extends: meio
title: Vencedora
change:
  hero:
    subtitle: null
    cta:
      track: HeroSectionW
  duvidas:
    heading: Perguntas
replace:
  como-funciona:
    type: banner
    heading: Pronto para recarregar?
    cta:
      label: Agendar
insertAfter:
  navbar:
    - type: banner
      id: aviso
      heading: Aviso
      cta:
        label: Saber mais
`;
    const root = await project({ 'base.yaml': base, 'meio.yaml': middle, 'vencedora.yaml': winner });
    const { text } = await expectFaithful(root, 'pages/vencedora.yaml');
    expect(text).toContain('# The middle page.\nextends: base\ntitle: Vencedora\n');
    expect(text).toContain(`change:
  hero:
    title: Título do meio
    cta:
      label: Quero agendar
      track: HeroSectionW
    subtitle: null
  duvidas:
    heading: Perguntas
`);
  });

  it('refuses what would depend on the page further up', () => {
    const refuses = (winner: string) => refusal(() => promote(middle, winner, 'pages/meio.yaml')).message;
    // A map merged into a value the middle page replaces whole (here: a text).
    expect(refuses('extends: meio\nchange:\n  hero:\n    title:\n      text: x\n')).toBe(
      'Em change hero, pages/vencedora.yaml muda "title" por partes, mas pages/meio.yaml troca esse valor inteiro: o resultado dependeria de "base", a página que pages/meio.yaml estende.',
    );
    // A key deleted inside a map the middle page changes.
    expect(refuses('extends: meio\nchange:\n  hero:\n    cta:\n      label: null\n')).toContain(
      'apaga "cta.label" (null) dentro de um valor que pages/meio.yaml também muda',
    );
    // A block the middle page writes itself, or removes.
    expect(refuses('extends: meio\nchange:\n  sideChat:\n    label: Oi\n')).toContain(
      'usa o bloco "sideChat", que pages/meio.yaml escreve ela mesma',
    );
    expect(refuses('extends: meio\ninsertAfter:\n  vantagens:\n    - type: footer\n')).toContain(
      'usa o bloco "vantagens", que pages/meio.yaml troca ou remove',
    );
  });

  it('refuses a winner that moves blocks (its moves were made on the middle page)', () => {
    const error = refusal(() =>
      promote(middle, 'extends: meio\nmove:\n  duvidas: { after: hero }\n', 'pages/meio.yaml'),
    );
    expect(error.message).toBe(
      'pages/vencedora.yaml muda blocos de lugar (move), e pages/meio.yaml também é uma variante (de "base"): não dá para levar a vencedora automaticamente.',
    );
  });

  it('chain.yaml of the fixtures removes a block its base inserted: refused', () => {
    const error = refusal(() =>
      promoteVariant({
        baseSource: readFileSync(path.join(fixtures, 'pages/variant.yaml'), 'utf8'),
        variantSource: readFileSync(path.join(fixtures, 'pages/chain.yaml'), 'utf8'),
        baseFile: 'pages/variant.yaml',
        variantFile: 'pages/chain.yaml',
      }),
    );
    expect(error.message).toBe(
      'Em remove, pages/chain.yaml usa o bloco "oferta", que pages/variant.yaml escreve ela mesma (em replace ou insert). Como pages/variant.yaml também é uma variante (de "base"), não dá para levar a vencedora automaticamente.',
    );
    expect(error.hint).toBe('Leve essa mudança para pages/variant.yaml à mão.');
  });
});

describe('refusals', () => {
  it('names the file and what is wrong, in Portuguese', () => {
    const message = (variant: string, base = BASE) => refusal(() => promote(base, variant)).message;
    expect(message('title: Sem extends\n')).toBe(
      'pages/vencedora.yaml não é uma variante: falta a linha "extends:".',
    );
    expect(message('extends: outra\n')).toBe(
      'pages/vencedora.yaml é variante de "outra", não de pages/base.yaml.',
    );
    expect(message('extends: base\nchange:\n  herro:\n    title: x\n')).toBe(
      'Em change, pages/vencedora.yaml usa o bloco "herro", que não existe em pages/base.yaml.',
    );
    expect(message('extends: base\nchange:\n  hero:\n    title: x\nremove:\n  - hero\n')).toBe(
      'pages/vencedora.yaml usa o bloco "hero" em change e em remove: cada bloco pode ser mudado, trocado ou removido uma vez só.',
    );
    expect(message('extends: base\nchange:\n  hero:\n    type: banner\n')).toBe(
      'Em change hero, pages/vencedora.yaml muda o tipo do bloco.',
    );
    expect(message('extends: base\nblocks: []\n')).toBe(
      'pages/vencedora.yaml tem "blocks": uma variante herda os blocos da base.',
    );
    expect(message('extends: base\ntitle: &t Título\ndescription: *t\n')).toContain(
      'pages/vencedora.yaml usa âncoras, aliases ou tags',
    );
    expect(message('extends: base\ntitle: "sem fim\n')).toContain(
      'pages/vencedora.yaml tem um erro de YAML na linha',
    );
    expect(message('extends: base\n', '- a\n')).toContain('pages/base.yaml não é uma página');
    expect(
      message('extends: base\nremove: [navbar, hero, como-funciona, beneficios, duvidas, footer]\n'),
    ).toBe('pages/vencedora.yaml tira todos os blocos de pages/base.yaml: a página ficaria vazia.');
  });

  it('a PromoteError carries a hint', () => {
    const error = refusal(() => promote(BASE, 'extends: base\nremove:\n  - depoimentos\n'));
    expect(error).toBeInstanceOf(Error);
    expect(error.hint).toContain('npm run check');
  });
});

describe('files written in other styles', () => {
  const base = `# header
title: "Base: quatro"   # c1
description: >
    Uma descrição
    dobrada.
analytics: {pageView: b4, clickEvent: ck}
blocks:
    -   type: navbar
    -   type: hero
        title: 'Título'
        subtitle: |
            Linha 1
            Linha 2
        cta:
            label: A
            track: T
    # faq
    -   type: faq
        id: duvidas
        heading: D
        items:
            -   question: Q?
                answer: R.
    -   {type: footer}
`;

  it('4-space indentation, flow maps and block texts on either side', async () => {
    const variant = `# yaml-language-server: $schema=../schema/page.schema.json
robots: noindex, follow
extends: base
title: >-
  Dobrado
  aqui
analytics:
  pageView: v
change:
  hero:
    subtitle: |
      Outra
        recuada
    cta:
      track: null
  duvidas:
    items:
    - question: "Nova?"
      answer: Sim.
  footer: {linksHeading: Links}
insertAfter:
  hero: [{type: banner, id: x, heading: "H, h", cta: {label: L}}]
insertBefore:
  footer:
  # before footer
  - type: banner
    id: y
    heading: |
      Bloco
      texto
    cta:
      label: L
replace:
  navbar:
      type: navbar
      sticky: true
`;
    const root = await project({ 'base.yaml': base, 'vencedora.yaml': variant });
    const { text } = await expectFaithful(root, 'pages/vencedora.yaml');
    expect(text).toBe(`# header
title: >-
  Dobrado
  aqui
description: >
    Uma descrição
    dobrada.
analytics: {"pageView":"v","clickEvent":"ck"}
robots: noindex, follow
blocks:
    -   type: navbar
        sticky: true
    -   type: hero
        title: 'Título'
        subtitle: |
          Outra
            recuada
        cta:
            label: A
    - {type: banner, id: x, heading: "H, h", cta: {label: L}}
    # faq
    -   type: faq
        id: duvidas
        heading: D
        items:
        - question: "Nova?"
          answer: Sim.
    # before footer
    - type: banner
      id: y
      heading: |
        Bloco
        texto
      cta:
        label: L
    -   {"type":"footer","linksHeading":"Links"}
`);
  });

  it('refuses a block text that keeps its final line breaks (|+)', () => {
    expect(refusal(() => promote(base, 'extends: base\ntitle: |+\n  T\n\n')).message).toBe(
      'pages/vencedora.yaml usa um texto em bloco com |+ ou >+: troque por | ou > antes de levar a vencedora para a página.',
    );
  });
});

describe('the blocks list as the base writes it', () => {
  it('works with dashes at column 0 and blocks without blank lines between them', () => {
    const base =
      'title: T\ndescription: D\nblocks:\n- type: navbar\n- type: hero\n  title: A\n- type: footer\n';
    const text = promote(
      base,
      'extends: base\ninsertAfter:\n  hero:\n    - type: banner\n      heading: B\n',
    );
    expect(text).toBe(
      'title: T\ndescription: D\nblocks:\n- type: navbar\n- type: hero\n  title: A\n- type: banner\n  heading: B\n- type: footer\n',
    );
  });

  it('a block whose id is deleted keeps its other lines', () => {
    const base = 'title: T\nblocks:\n  - id: topo\n    type: hero\n    title: A\n  - type: footer\n';
    expect(promote(base, 'extends: base\nchange:\n  hero:\n    id: null\n')).toBe(
      'title: T\nblocks:\n  - type: hero\n    title: A\n  - type: footer\n',
    );
  });

  it('a variant that changes nothing gives the base back, byte for byte', () => {
    expect(promote(BASE, 'extends: base\n')).toBe(BASE);
  });
});
