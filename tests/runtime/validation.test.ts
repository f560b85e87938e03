import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PageErrors, type PageProblem } from '../../runtime/load/errors.ts';
import { loadProject } from '../../runtime/load/project.ts';
import { blockList, blockMap } from '../../blocks/index.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');

async function problemsOf(fixture: string): Promise<PageProblem[]> {
  const root = path.join(fixtures, fixture);
  try {
    await loadProject({ root, pagesDir: path.join(root, 'pages'), blocks: blockList });
  } catch (error) {
    if (error instanceof PageErrors) return error.problems;
    throw error;
  }
  throw new Error(`${fixture}: esperava erros`);
}

const brief = (p: PageProblem) => `${p.loc.file}:${p.loc.line}:${p.loc.column} [${p.code}] ${p.message}`;

describe('validation errors on fixture pages', async () => {
  const problems = await problemsOf('errors');
  const of = (file: string) => problems.filter((p) => p.loc.file === `pages/${file}`).map(brief);

  it('reports every problem of every page in one run, valid pages excepted', () => {
    expect(new Set(problems.map((p) => p.loc.file)).size).toBe(16);
    expect(of('valid.yaml')).toEqual([]);
  });

  it('YAML syntax: an unclosed quote points at the quote', () => {
    expect(of('syntax.yaml')).toEqual(['pages/syntax.yaml:2:14 [yaml-syntax] Aspas abertas e não fechadas.']);
  });

  it('duplicate keys', () => {
    expect(of('duplicate-key.yaml')).toEqual([
      'pages/duplicate-key.yaml:3:1 [yaml-syntax] Chave repetida: a mesma propriedade aparece duas vezes no mesmo nível.',
    ]);
  });

  it('an empty file and a file that is not a mapping', () => {
    expect(of('empty.yaml')).toEqual(['pages/empty.yaml:1:1 [empty-file] O arquivo está vazio.']);
    expect(of('list.yaml')).toEqual([
      'pages/list.yaml:1:1 [not-a-mapping] O arquivo precisa ser um mapa de chaves (title:, description:, blocks:…), mas é uma lista.',
    ]);
  });

  it('an unknown block type suggests the closest one and lists all', () => {
    const [problem] = problems.filter((p) => p.loc.file === 'pages/unknown-block.yaml');
    expect(brief(problem!)).toBe(
      'pages/unknown-block.yaml:5:11 [unknown-block] Tipo de bloco desconhecido: "choiseCards". Você quis dizer "choiceCards"?',
    );
    expect(problem!.loc.endColumn).toBe(22);
    const types = blockList.map((b) => b.type).sort((a, b) => a.localeCompare(b));
    expect(problem!.hint).toBe(`Tipos disponíveis: ${types.join(', ')}.`);
    expect(types).toContain('choiceCards');
  });

  it('an unknown prop suggests the closest one and lists the block props', () => {
    const [problem] = problems.filter((p) => p.loc.file === 'pages/unknown-prop.yaml');
    expect(brief(problem!)).toBe(
      'pages/unknown-prop.yaml:5:5 [unknown-prop] Propriedade desconhecida "algin" no bloco "navbar". Você quis dizer "align"?',
    );
    const navbarProps = Object.keys(blockMap.get('navbar')!.schema.properties);
    expect(problem!.hint).toBe(`Propriedades aceitas: type, id, hideFor, ${navbarProps.join(', ')}.`);
  });

  it('a missing required prop points at the block and names the prop', () => {
    expect(of('missing-prop.yaml')).toEqual([
      'pages/missing-prop.yaml:4:5 [missing-prop] Falta a propriedade obrigatória "cards" no bloco "choiceCards".',
    ]);
  });

  it('a wrong type says what was expected and what was found', () => {
    expect(of('wrong-type.yaml')).toEqual([
      'pages/wrong-type.yaml:5:14 [wrong-type] "heading" do bloco "choiceCards" deveria ser texto, mas é número 2025.',
    ]);
  });

  it('a value outside the list suggests the closest one', () => {
    expect(of('bad-enum.yaml')).toEqual([
      'pages/bad-enum.yaml:3:9 [invalid-value] Valor inválido "index" em "robots".',
      'pages/bad-enum.yaml:6:12 [invalid-value] Valor inválido "centre" em "align" do bloco "navbar". Você quis dizer "center"?',
    ]);
  });

  it('javascript: and data: links are unsafe, protocol-relative ones invalid', () => {
    expect(of('unsafe-url.yaml')).toEqual([
      'pages/unsafe-url.yaml:5:11 [unsafe-url] Endereço inseguro em "href" do bloco "notFound": links "javascript:" não são permitidos.',
      'pages/unsafe-url.yaml:12:17 [unsafe-url] Endereço inseguro em "href" do bloco "choiceCards": links "data:" não são permitidos.',
      'pages/unsafe-url.yaml:16:17 [invalid-url] Endereço inválido em "href" do bloco "choiceCards": "//outro-site.com".',
    ]);
  });

  it('one of two keys required: a footer link needs href or whatsapp', () => {
    expect(of('footer-link.yaml')).toEqual([
      'pages/footer-link.yaml:6:9 [missing-prop] Cada link do rodapé precisa de href (um endereço) ou whatsapp (recarga ou duvidas).',
    ]);
  });

  it('two blocks with the same anchor id', () => {
    expect(of('anchors.yaml')).toEqual([
      'pages/anchors.yaml:7:9 [duplicate-anchor] O id "topo" já foi usado na linha 5: cada seção precisa de um id diferente.',
    ]);
  });

  it('an alias bomb fails fast', () => {
    expect(of('alias-bomb.yaml')).toEqual([
      'pages/alias-bomb.yaml:2:18 [alias-bomb] Uso excessivo de âncoras e aliases (&nome / *nome): 50 aliases expandem para conteúdo demais.',
    ]);
  });

  it('two files for one route, a file name that is not a URL, a .yml file', () => {
    expect(of('dup/index.yaml')).toEqual([
      'pages/dup/index.yaml:1:1 [duplicate-route] Dois arquivos para o mesmo endereço /dup: pages/dup.yaml e pages/dup/index.yaml.',
    ]);
    expect(of('Ruim/pagina.yaml')).toEqual([
      'pages/Ruim/pagina.yaml:1:1 [bad-file-name] O nome "Ruim" não serve para endereço de página.',
    ]);
    expect(of('old.yml')).toEqual([
      'pages/old.yml:1:1 [bad-file-name] Extensão ".yml" não é lida: renomeie para "old.yaml".',
    ]);
  });
});

describe('site settings', () => {
  it('checks origin, phone, e-mail and the chat messages', async () => {
    expect((await problemsOf('bad-site')).map(brief)).toEqual([
      'pages/_site.yaml:2:9 [invalid-value] Valor inválido "https://fillgas.example/" em "origin".',
      'pages/_site.yaml:3:8 [invalid-value] Valor inválido "(11) 90000-0000" em "phone".',
      'pages/_site.yaml:5:8 [invalid-value] Valor inválido "contato" em "email".',
      'pages/_site.yaml:7:3 [missing-prop] Falta a propriedade obrigatória "duvidas" em "messages".',
      'pages/_site.yaml:8:3 [unknown-prop] Propriedade desconhecida "duvida" em "messages". Você quis dizer "duvidas"?',
    ]);
  });

  it('says so when _site.yaml is missing', async () => {
    expect((await problemsOf('no-site')).map(brief)).toEqual([
      'pages/_site.yaml:1:1 [missing-site] Arquivo de configurações do site não encontrado: pages/_site.yaml.',
    ]);
  });
});

describe('the real pages', () => {
  it('are all valid, with schema defaults filled in', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const project = await loadProject({ root, pagesDir: path.join(root, 'pages'), blocks: blockList });
    const home = project.pages.find((p) => p.route === '/')!;
    expect(home.model.robots).toBe('index, follow');
    expect(home.model.blocks[0]).toMatchObject({ type: 'navbar', logoHref: '/', align: 'center' });
    expect(project.pages.map((p) => p.route)).toContain('/404');
  });
});
