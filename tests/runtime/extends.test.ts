import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PageErrors, type PageProblem } from '../../runtime/load/errors.ts';
import { formatProblems } from '../../runtime/load/format-error.ts';
import { loadProject, type LoadedPage } from '../../runtime/load/project.ts';
import { blockList } from '../../blocks/index.ts';

const root = path.resolve(import.meta.dirname, '../fixtures/extends');
const pagesDir = path.join(root, 'pages');

async function load(only?: string[]) {
  return loadProject({ root, pagesDir, blocks: blockList, only });
}

async function problemsOf(only?: string[]): Promise<PageProblem[]> {
  const error = await load(only).catch((e: unknown) => e);
  if (error instanceof PageErrors) return error.problems;
  throw new Error(`esperava erros, veio ${String(error)}`);
}

async function pageOf(file: string): Promise<LoadedPage> {
  const project = await load([`pages/${file}`]);
  return project.pages.find((p) => p.file === `pages/${file}`)!;
}

const brief = (p: PageProblem) => `${p.loc.file}:${p.loc.line}:${p.loc.column} [${p.code}] ${p.message}`;

describe('a valid variant', () => {
  it('inherits the base and applies page settings, change, replace, remove and inserts', async () => {
    const { route, model } = await pageOf('variant.yaml');
    expect(route).toBe('/variant');
    expect(model.title).toBe('Variante dos testes');
    expect(model.description).toBe('Uma página completa que as variantes destes testes estendem.');
    // Maps merge key by key.
    expect(model.analytics).toEqual({ pageView: 'variante_page', clickEvent: 'base_click' });
    expect(model.reveal).toBe('intersection');
    expect(model.blocks.map((b) => `${b.type}${b.id ? `#${b.id}` : ''}`)).toEqual([
      'navbar',
      'hero',
      'banner',
      'features#beneficios',
      'banner#oferta',
      'faq#duvidas',
      'footer',
      'sideChat',
    ]);
    const hero = model.blocks[1]!;
    expect(hero.title).toBe('Título da variante');
    // In change, null deletes a prop.
    expect(hero).not.toHaveProperty('subtitle');
    // Only the label changed: the base's track stays, and schema defaults are filled in.
    expect(hero.cta).toEqual({
      label: 'Quero agendar',
      track: 'HeroSectionT',
      action: 'whatsapp',
      message: 'recarga',
    });
    expect(model.blocks[2]!.heading).toBe('Pronto para recarregar?');
  });

  it('can itself be extended, addressing blocks its own base added', async () => {
    const { model } = await pageOf('chain.yaml');
    expect(model.title).toBe('Variante dos testes');
    expect(model.blocks.map((b) => b.type)).toEqual([
      'navbar',
      'hero',
      'banner',
      'features',
      'faq',
      'footer',
      'sideChat',
    ]);
    expect(model.blocks[1]!.title).toBe('Título da cadeia');
    expect((model.blocks[1]!.cta as { label: string }).label).toBe('Quero agendar');
  });

  it('leaves the base page as it was', async () => {
    const { model } = await pageOf('base.yaml');
    expect(model.blocks).toHaveLength(7);
    expect(model.blocks[1]!.title).toBe('Título da base');
    expect(model.reveal).toBe('offset');
  });
});

describe('variant errors', async () => {
  const problems = await problemsOf();
  const of = (file: string) => problems.filter((p) => p.loc.file === `pages/${file}`).map(brief);

  it('a bad value inside an override points at the variant file and line where it is written', () => {
    expect(of('override-error.yaml')).toEqual([
      'pages/override-error.yaml:5:5 [unknown-prop] Propriedade desconhecida "titel" no bloco "hero". Você quis dizer "title"?',
      'pages/override-error.yaml:11:19 [wrong-type] "question" do bloco "faq" deveria ser texto, mas é número 42.',
      // A page setting set to null is an ordinary (wrong) value: only change deletes with null.
      'pages/override-error.yaml:13:9 [wrong-type] "reveal" deveria ser texto, mas é vazio.',
      'pages/override-error.yaml:13:9 [invalid-value] Valor inválido null em "reveal".',
    ]);
  });

  it('an error in the inherited part points at the base file', async () => {
    const only = await problemsOf(['pages/uses-bad-base.yaml']);
    expect(only.map(brief)).toEqual([
      'pages/_bad-base.yaml:8:11 [invalid-value] Valor inválido "roxo" em "tone" do bloco "hero".',
    ]);
    expect(only[0]!.source).toContain('title: Modelo com erro');
    expect(formatProblems(only)).toContain('> 8 |     tone: roxo');
  });

  it('an unknown block id suggests the closest one and lists the base blocks', () => {
    const found = problems.filter((p) => p.loc.file === 'pages/bad-id.yaml');
    expect(found.map(brief)).toEqual([
      'pages/bad-id.yaml:4:3 [unknown-block-id] Bloco "herro" não existe em pages/base.yaml. Você quis dizer "hero"?',
      'pages/bad-id.yaml:7:5 [unknown-block-id] Bloco "depoimentos" não existe em pages/base.yaml.',
    ]);
    expect(found[0]!.loc.endColumn).toBe(8);
    expect(found[0]!.hint).toContain(
      'Blocos de pages/base.yaml: navbar, hero, como-funciona (steps), beneficios (features), vantagens (features), duvidas (faq), footer.',
    );
  });

  it('a type that appears twice in the base asks for an id', () => {
    const [problem] = problems.filter((p) => p.loc.file === 'pages/ambiguous.yaml');
    expect(brief(problem!)).toBe(
      'pages/ambiguous.yaml:4:3 [ambiguous-block-id] pages/base.yaml tem 2 blocos "features": diga qual deles pelo id.',
    );
    expect(problem!.hint).toContain('beneficios, vantagens');
  });

  it('one block changed and removed at once', () => {
    expect(of('conflict.yaml')).toEqual([
      'pages/conflict.yaml:7:5 [extends-conflict] O bloco "hero" já aparece em change: cada bloco da base pode ser mudado, trocado ou removido uma vez só.',
    ]);
  });

  it('a missing base suggests the closest page', () => {
    expect(of('missing-base.yaml')).toEqual([
      'pages/missing-base.yaml:2:10 [extends-missing] A página base "bsae" não existe. Você quis dizer "base"?',
    ]);
  });

  it('a page that extends itself, and a cycle of two pages', () => {
    expect(of('self.yaml')).toEqual(['pages/self.yaml:2:10 [extends-cycle] Esta página estende a si mesma.']);
    expect(of('cycle-a.yaml')).toEqual([
      'pages/cycle-a.yaml:2:10 [extends-cycle] Ciclo de páginas base: pages/cycle-b.yaml → pages/cycle-a.yaml → pages/cycle-b.yaml.',
    ]);
    expect(of('cycle-b.yaml')).toEqual([
      'pages/cycle-b.yaml:2:10 [extends-cycle] Ciclo de páginas base: pages/cycle-a.yaml → pages/cycle-b.yaml → pages/cycle-a.yaml.',
    ]);
  });

  it('extending a file that is not a page', () => {
    expect(of('site.yaml')).toEqual([
      'pages/site.yaml:2:10 [extends-not-a-page] "_site" não é uma página: extends precisa do nome de uma página de pages/.',
    ]);
    expect(of('_lista.yaml')).toEqual([
      'pages/_lista.yaml:1:1 [not-a-mapping] O arquivo precisa ser um mapa de chaves (title:, description:, blocks:…), mas é uma lista.',
    ]);
  });

  it('an id added by the variant that the base already uses', () => {
    expect(of('dup-id.yaml')).toEqual([
      'pages/dup-id.yaml:6:11 [duplicate-anchor] O id "duvidas" já foi usado em pages/base.yaml:46: cada seção precisa de um id diferente.',
    ]);
  });

  it('"__proto__" in an override stays an ordinary, refused key', () => {
    expect(of('proto.yaml')).toEqual([
      'pages/proto.yaml:5:5 [unknown-prop] Propriedade desconhecida "__proto__" no bloco "hero".',
    ]);
  });

  it('a variant with its own blocks list', () => {
    expect(of('blocks-in-variant.yaml')).toEqual([
      'pages/blocks-in-variant.yaml:3:1 [extends-bad-override] Uma variante não tem "blocks": ela herda os blocos da página base.',
    ]);
  });

  it('valid variants and the base report nothing, and each problem is reported once', () => {
    for (const file of ['variant.yaml', 'chain.yaml', 'base.yaml', 'uses-bad-base.yaml', 'move.yaml'])
      expect(of(file)).toEqual([]);
    expect(new Set(problems.map(brief)).size).toBe(problems.length);
  });

  it('every problem reads in Portuguese with the line and a caret (format-error)', () => {
    const text = formatProblems(problems.filter((p) => p.loc.file === 'pages/bad-id.yaml'));
    expect(text).toContain(
      'pages/bad-id.yaml:4:3  Bloco "herro" não existe em pages/base.yaml. Você quis dizer "hero"?',
    );
    expect(text).toContain('  > 4 |   herro:\n      |   ^^^^^');
  });
});

describe('move: blocks in another order', () => {
  it('puts each moved block right before or after its target, inserted blocks included', async () => {
    const { model, blockSources } = await pageOf('move.yaml');
    expect(model.blocks.map((b) => b.id ?? b.type)).toEqual([
      'navbar',
      'hero',
      'duvidas',
      'oferta',
      'beneficios',
      'como-funciona',
      'footer',
    ]);
    // The Estúdio's block sources follow the blocks.
    expect(blockSources.map((s) => `${s.file} ${s.path.join('.')}`)).toEqual([
      'pages/base.yaml blocks.0',
      'pages/base.yaml blocks.1',
      'pages/base.yaml blocks.5',
      'pages/move.yaml insertAfter.hero.0',
      'pages/base.yaml blocks.3',
      'pages/base.yaml blocks.2',
      'pages/base.yaml blocks.6',
    ]);
  });

  it('chains follow their target, whatever the order they are written in, and a variant of a variant moves again', async () => {
    const { model } = await variantOf(`extends: base
move:
  beneficios: { after: duvidas }
  duvidas: { before: hero }
  footer: { before: navbar }
`);
    expect(model.blocks.map((b) => b.id ?? b.type)).toEqual([
      'footer',
      'navbar',
      'duvidas',
      'beneficios',
      'hero',
      'como-funciona',
      'vantagens',
    ]);
    const chained = await variantOf(
      'extends: meio\nmove:\n  hero: { before: footer }\n  duvidas: { after: navbar }\n',
      {
        'meio.yaml': 'extends: base\nmove:\n  duvidas: { after: hero }\n',
      },
    );
    expect(chained.model.blocks.map((b) => b.id ?? b.type)).toEqual([
      'navbar',
      'duvidas',
      'como-funciona',
      'beneficios',
      'vantagens',
      'hero',
      'footer',
    ]);
  });

  it('names a replaced block by its base name, and a block the variant wrote by its id or its only type', async () => {
    const { model } = await variantOf(`extends: base
replace:
  como-funciona:
    type: banner
    heading: Pronto?
    cta:
      label: Agendar
insertBefore:
  footer:
    - type: sideChat
      label: Fale com a gente
      cta:
        label: Conversar
move:
  como-funciona: { after: duvidas }
  sideChat: { after: navbar }
`);
    expect(model.blocks.map((b) => `${b.type}${b.id ? `#${b.id}` : ''}`)).toEqual([
      'navbar',
      'sideChat',
      'hero',
      'features#beneficios',
      'features#vantagens',
      'faq#duvidas',
      'banner',
      'footer',
    ]);
  });

  it('refuses unknown, removed and ambiguous blocks, before and after together or neither, and itself, located', async () => {
    const problems = await variantProblems(`extends: base
remove:
  - vantagens
move:
  duvida: { after: hero }
  vantagens: { after: hero }
  beneficios: { after: vantagens }
  features: { after: hero }
  hero: { before: navbar, after: footer }
  footer: {}
  navbar: { after: navbar }
`);
    expect(problems.map(brief)).toEqual([
      'pages/teste.yaml:5:3 [unknown-block-id] Bloco "duvida" não existe em pages/base.yaml. Você quis dizer "duvidas"?',
      'pages/teste.yaml:6:3 [extends-bad-move] O bloco "vantagens" é tirado da página por remove: não há o que mudar de lugar.',
      'pages/teste.yaml:7:24 [extends-bad-move] O bloco "vantagens" é tirado da página por remove: "beneficios" não pode ficar antes ou depois dele.',
      'pages/teste.yaml:8:3 [ambiguous-block-id] pages/base.yaml tem 2 blocos "features": diga qual deles pelo id.',
      'pages/teste.yaml:9:27 [extends-bad-move] Em move, "hero" tem before e after: escreva só um dos dois.',
      'pages/teste.yaml:10:3 [extends-bad-move] Em move, falta dizer onde fica "footer": escreva before: <bloco> ou after: <bloco>.',
      'pages/teste.yaml:11:20 [extends-bad-move] O bloco "navbar" não pode ficar depois dele mesmo.',
    ]);
    expect(problems[0]!.hint).toContain('Blocos de pages/base.yaml: navbar, hero, como-funciona (steps)');
  });

  it('refuses two blocks in one place and moves that only depend on each other', async () => {
    const problems = await variantProblems(`extends: base
move:
  duvidas: { after: hero }
  beneficios: { after: hero }
  navbar: { after: footer }
  footer: { after: navbar }
`);
    expect(problems.map(brief)).toEqual([
      'pages/teste.yaml:4:24 [extends-move-conflict] "duvidas" e "beneficios" querem o mesmo lugar: logo depois de "hero".',
    ]);
    expect(problems[0]!.hint).toBe('Para pôr um depois do outro, escreva beneficios: { after: duvidas }.');
    const cycle = await variantProblems(
      'extends: base\nmove:\n  navbar: { after: footer }\n  footer: { before: navbar }\n',
    );
    expect(cycle.map(brief)).toEqual([
      'pages/teste.yaml:3:20 [extends-move-conflict] As mudanças de lugar de "navbar" e "footer" dependem umas das outras (navbar → footer → navbar): nenhuma fica junto de um bloco que não muda de lugar.',
    ]);
  });

  it('a misspelt before/after key is the schema’s located unknown prop', async () => {
    const problems = await variantProblems('extends: base\nmove:\n  duvidas: { depois: hero }\n');
    expect(problems.map((p) => `${p.loc.line}:${p.loc.column} [${p.code}]`)).toEqual(['3:14 [unknown-prop]']);
  });
});

const scratch: string[] = [];
afterAll(() => Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A project of the fixtures' _site.yaml and base.yaml, `pages/teste.yaml` and `others`. */
async function scratchProject(text: string, others: Record<string, string> = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fillgas-move-'));
  scratch.push(dir);
  await mkdir(path.join(dir, 'pages'));
  for (const file of ['_site.yaml', 'base.yaml'])
    await writeFile(path.join(dir, 'pages', file), await readFile(path.join(pagesDir, file)));
  for (const [file, source] of Object.entries({ ...others, 'teste.yaml': text }))
    await writeFile(path.join(dir, 'pages', file), source);
  return loadProject({
    root: dir,
    pagesDir: path.join(dir, 'pages'),
    blocks: blockList,
    only: ['pages/teste.yaml'],
  });
}

async function variantOf(text: string, others?: Record<string, string>): Promise<LoadedPage> {
  const project = await scratchProject(text, others);
  return project.pages.find((p) => p.file === 'pages/teste.yaml')!;
}

async function variantProblems(text: string): Promise<PageProblem[]> {
  const error = await scratchProject(text).catch((e: unknown) => e);
  if (error instanceof PageErrors) return error.problems;
  throw new Error(`esperava erros, veio ${String(error)}`);
}
