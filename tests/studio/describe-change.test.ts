/**
 * Histórico's sentences (studio/server/describe-change.ts) over the site's real page files, edited
 * as a person would, and resolved by the real loader (variants merged with their base).
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parseDocument } from 'yaml';
import * as blockRegistry from '../../blocks/index.ts';
import * as loadStage from '../../runtime/load/index.ts';
import {
  BLOCK_ARTICLES,
  describePageChange,
  pageVocabulary,
  type PageSide,
} from '../../studio/server/describe-change.ts';
import { createHistoryWords } from '../../studio/server/history-words.ts';
import type { Runtime } from '../../studio/server/runtime.ts';
import pageSchema from '../../schema/page.schema.json';

const { blockList } = blockRegistry;
const { loadProject } = loadStage;

const root = path.resolve(import.meta.dirname, '../..');
const real = (name: string) => readFile(path.join(root, 'pages', name), 'utf8');

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/**
 * The page `name` as the loader resolves it from these texts, in the real site (its other pages
 * are there: links to them must lead somewhere, as the check requires).
 */
async function side(name: string, files: Record<string, string | null>): Promise<PageSide> {
  const text = files[name] ?? null;
  if (text === null) return { text: null };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'descreve-'));
  dirs.push(dir);
  await cp(path.join(root, 'pages'), path.join(dir, 'pages'), { recursive: true });
  for (const [file, body] of Object.entries(files)) {
    if (body !== null) await writeFile(path.join(dir, 'pages', file), body);
    else await rm(path.join(dir, 'pages', file), { force: true });
  }
  try {
    const project = await loadProject({
      root: dir,
      pagesDir: path.join(dir, 'pages'),
      blocks: blockList,
      only: [path.join(dir, 'pages', name)],
    });
    return { text, page: project.pages[0]!.model as unknown as Record<string, unknown> };
  } catch {
    return { text };
  }
}

/** Sentences for `name` between two sets of files, both resolved by the loader. */
async function words(
  name: string,
  before: Record<string, string | null>,
  after: Record<string, string | null>,
): Promise<string[]> {
  return describePageChange(await side(name, before), await side(name, after));
}

/** `text` with the YAML node at `at` set (or deleted with undefined), comments kept. */
function edit(text: string, ...edits: [at: (string | number)[], value: unknown][]): string {
  const doc = parseDocument(text);
  for (const [at, value] of edits) {
    if (value === undefined) doc.deleteIn(at);
    else doc.setIn(at, value);
  }
  return doc.toString();
}

/** The index of the first block of `type` in a page's text. */
function indexOf(text: string, type: string): number {
  const blocks = (parseDocument(text).toJS() as { blocks: { type: string }[] }).blocks;
  const i = blocks.findIndex((b) => b.type === type);
  expect(i, `${type} in the page`).toBeGreaterThanOrEqual(0);
  return i;
}

describe('a page', () => {
  test("the hero's title, and the page's SEO title", async () => {
    const page = await real('agendamento.yaml');
    const hero = indexOf(page, 'hero');
    const title = edit(page, [['blocks', hero, 'title'], 'Recarga de CO2 sem sair de casa.']);
    expect(
      await words('agendamento.yaml', { 'agendamento.yaml': page }, { 'agendamento.yaml': title }),
    ).toEqual(['Muda o título da Abertura da página']);
    const seo = edit(page, [['title'], 'Recarga de CO2 | Fillgás']);
    expect(
      await words('agendamento.yaml', { 'agendamento.yaml': page }, { 'agendamento.yaml': seo }),
    ).toEqual(['Muda o título da página (SEO)']);
    const two = edit(
      page,
      [['blocks', hero, 'title'], 'Outro título.'],
      [['blocks', hero, 'subtitle'], 'Outra frase.'],
    );
    expect(
      await words('agendamento.yaml', { 'agendamento.yaml': page }, { 'agendamento.yaml': two }),
    ).toEqual(['Muda o título e o subtítulo da Abertura da página']);
  });

  test('a block added, removed, moved; the blocks reordered', async () => {
    const recarga = await real('recarga.yaml');
    const faq = (
      parseDocument(await real('agendamento.yaml')).toJS() as { blocks: { type: string }[] }
    ).blocks.find((b) => b.type === 'faq');
    const doc = parseDocument(recarga);
    const blocks = doc.get('blocks') as { items: unknown[] };
    blocks.items.splice(indexOf(recarga, 'footer'), 0, doc.createNode(faq));
    const added = doc.toString();
    expect(await words('recarga.yaml', { 'recarga.yaml': recarga }, { 'recarga.yaml': added })).toEqual([
      'Adiciona Perguntas frequentes',
    ]);
    expect(await words('recarga.yaml', { 'recarga.yaml': added }, { 'recarga.yaml': recarga })).toEqual([
      'Remove Perguntas frequentes',
    ]);

    const moved = parseDocument(recarga);
    const list = moved.get('blocks') as { items: unknown[] };
    const [testimonials] = list.items.splice(indexOf(recarga, 'testimonials'), 1);
    list.items.splice(indexOf(recarga, 'credibility'), 0, testimonials);
    expect(
      await words('recarga.yaml', { 'recarga.yaml': recarga }, { 'recarga.yaml': moved.toString() }),
    ).toEqual(['Muda os Depoimentos de lugar']);

    const shuffled = parseDocument(recarga);
    (shuffled.get('blocks') as { items: unknown[] }).items.reverse();
    expect(
      await words('recarga.yaml', { 'recarga.yaml': recarga }, { 'recarga.yaml': shuffled.toString() }),
    ).toEqual(['Muda a ordem dos blocos']);
  });

  test('questions of the FAQ: answers changed, one added, one removed', async () => {
    const page = await real('agendamento.yaml');
    const faq = indexOf(page, 'faq');
    const three = edit(
      page,
      [['blocks', faq, 'items', 0, 'answer'], 'Outra resposta.'],
      [['blocks', faq, 'items', 1, 'answer'], 'Mais uma.'],
      [['blocks', faq, 'items', 2, 'question'], 'Outra pergunta?'],
    );
    expect(
      await words('agendamento.yaml', { 'agendamento.yaml': page }, { 'agendamento.yaml': three }),
    ).toEqual(['Muda 3 perguntas das Perguntas frequentes']);
    const doc = parseDocument(page);
    (doc.getIn(['blocks', faq, 'items']) as { items: unknown[] }).items.push(
      doc.createNode({ question: 'Vocês entregam aos domingos?', answer: 'Não, de segunda a sábado.' }),
    );
    expect(
      await words('agendamento.yaml', { 'agendamento.yaml': page }, { 'agendamento.yaml': doc.toString() }),
    ).toEqual(['Adiciona uma pergunta às Perguntas frequentes']);
    const fewer = parseDocument(page);
    (fewer.getIn(['blocks', faq, 'items']) as { items: unknown[] }).items.splice(1, 1);
    expect(
      await words('agendamento.yaml', { 'agendamento.yaml': page }, { 'agendamento.yaml': fewer.toString() }),
    ).toEqual(['Remove uma pergunta das Perguntas frequentes']);
  });

  test('created, deleted, only comments, broken YAML', async () => {
    const page = await real('recarga.yaml');
    expect(await words('recarga.yaml', {}, { 'recarga.yaml': page })).toEqual(['Cria a página']);
    expect(await words('recarga.yaml', { 'recarga.yaml': page }, {})).toEqual(['Apaga a página']);
    expect(
      await words(
        'recarga.yaml',
        { 'recarga.yaml': page },
        { 'recarga.yaml': `# Revisado em novembro\n${page}` },
      ),
    ).toEqual(['Muda só comentários ou espaços do arquivo; a página fica igual']);
    expect(
      await words('recarga.yaml', { 'recarga.yaml': page }, { 'recarga.yaml': `${page}\n  - type: [` }),
    ).toEqual(['Muda o arquivo da página, que ficou com um erro de escrita (YAML)']);
  });

  test('many changes at once are summed up, not listed one by one', async () => {
    const page = await real('agendamento.yaml');
    const hero = indexOf(page, 'hero');
    const many = edit(
      page,
      [['title'], 'Outro título | Fillgás'],
      [['description'], 'Outra descrição da página.'],
      [['blocks', hero, 'title'], 'Outro.'],
      [['blocks', hero, 'subtitle'], 'Outra.'],
      [['blocks', hero, 'eyebrow'], 'SELO'],
      [['blocks', hero, 'highlight'], undefined],
      [['blocks', indexOf(page, 'steps'), 'heading'], 'Passos'],
      [['blocks', indexOf(page, 'features'), 'heading'], 'Vantagens'],
      [['blocks', indexOf(page, 'offer'), 'price'], 'R$ 140'],
      [['blocks', indexOf(page, 'testimonials'), 'heading'], 'O que dizem'],
    );
    const said = await words('agendamento.yaml', { 'agendamento.yaml': page }, { 'agendamento.yaml': many });
    expect(said).toEqual([
      'Muda o título da página (SEO)',
      'Muda a descrição da página (SEO)',
      'Muda 4 campos da Abertura da página',
      'Muda o título do Passo a passo',
      'Muda o título dos Cartões de benefícios',
      'E mais 2 mudanças',
    ]);
  });
});

describe('a variant (extends)', () => {
  test('a change: entry reads like the same change written in a page', async () => {
    const base = await real('sodastream-t.yaml');
    const variant = await real('recarrega-site.yaml');
    const changed = edit(variant, [['change', 'hero', 'title'], 'Recarga de CO2 no mesmo dia.']);
    expect(
      await words(
        'recarrega-site.yaml',
        { 'sodastream-t.yaml': base, 'recarrega-site.yaml': variant },
        { 'sodastream-t.yaml': base, 'recarrega-site.yaml': changed },
      ),
    ).toEqual(['Muda o título da Abertura da página']);
    // The same words for the base page's own edit.
    const hero = indexOf(base, 'hero');
    const baseEdit = edit(base, [['blocks', hero, 'title'], 'Recarga de CO2 no mesmo dia.']);
    expect(
      await words('sodastream-t.yaml', { 'sodastream-t.yaml': base }, { 'sodastream-t.yaml': baseEdit }),
    ).toEqual(['Muda o título da Abertura da página']);
  });

  test('remove, insertAfter and move, described by what the page shows', async () => {
    const base = await real('sodastream-t.yaml');
    const variant = await real('recarrega-site.yaml');
    const ids = (parseDocument(base).toJS() as { blocks: { type: string; id?: string }[] }).blocks;
    const testimonials = ids.find((b) => b.type === 'testimonials' || b.id === 'depoimentos');
    expect(testimonials, 'a testimonials block in /sodastream-t').toBeDefined();
    const ref = testimonials!.id ?? testimonials!.type;
    const files = (text: string) => ({ 'sodastream-t.yaml': base, 'recarrega-site.yaml': text });

    const removed = edit(variant, [
      ['remove'],
      [...((parseDocument(variant).toJS() as { remove?: string[] }).remove ?? []), ref],
    ]);
    expect(await words('recarrega-site.yaml', files(variant), files(removed))).toEqual([
      'Remove Depoimentos',
    ]);

    const inserted = edit(variant, [
      ['insertAfter'],
      {
        hero: [{ type: 'banner', title: 'Recarga em 24 horas', cta: { label: 'Agendar', track: 'BannerC' } }],
      },
    ]);
    const said = await words('recarrega-site.yaml', files(variant), files(inserted));
    expect(said).toEqual(['Adiciona Faixa de chamada']);

    const footer = ids.find((b) => b.type === 'footer')!;
    const moved = edit(variant, [['move'], { [ref]: { before: footer.id ?? 'footer' } }]);
    expect(await words('recarrega-site.yaml', files(variant), files(moved))).toEqual([
      'Muda os Depoimentos de lugar',
    ]);
  });

  test('a variant the loader cannot resolve (its base is gone) is told by its operations', async () => {
    const variant = await real('recarrega-site.yaml');
    const changed = edit(
      variant,
      [['change', 'hero', 'title'], 'Outro título.'],
      [['remove'], ['depoimentos']],
    );
    const gone = { 'sodastream-t.yaml': null }; // its base
    const before = await side('recarrega-site.yaml', { ...gone, 'recarrega-site.yaml': variant });
    expect(before.page).toBeUndefined();
    expect(
      describePageChange(
        before,
        await side('recarrega-site.yaml', { ...gone, 'recarrega-site.yaml': changed }),
      ),
    ).toEqual(['Muda o título da Abertura da página', 'Remove o bloco #depoimentos']);
  });

  test('becoming a variant, and changing the base', () => {
    const page = 'title: A\ndescription: B\nblocks: []\n';
    expect(describePageChange({ text: page }, { text: 'extends: agendamento\n' })[0]).toBe(
      'Passa a ser uma variante de agendamento',
    );
    expect(describePageChange({ text: 'extends: agendamento\n' }, { text: 'extends: recarga\n' })[0]).toBe(
      'Passa a ser uma variante de recarga (era de agendamento)',
    );
  });
});

describe('names', () => {
  test('every block type has its title and the article its sentences use', () => {
    const types = (
      pageSchema as {
        properties: { blocks: { items: { oneOf: { properties: { type: { const: string } } }[] } } };
      }
    ).properties.blocks.items.oneOf.map((s) => s.properties.type.const);
    expect(types.length).toBeGreaterThan(10);
    for (const type of types) {
      expect(pageVocabulary.blockTitle(type), type).toBeTruthy();
      expect(BLOCK_ARTICLES[type], `BLOCK_ARTICLES.${type}`).toBeDefined();
    }
    expect(blockList.map((b) => b.type).sort()).toEqual([...types].sort());
  });

  test('a block hidden from paid-ad visitors, and shown again', () => {
    const page = (extra: string) =>
      `title: A\ndescription: B\nblocks:\n  - type: mediaText\n    heading: Sobre${extra}\n    paragraphs: [Um texto.]\n`;
    expect(describePageChange({ text: page('') }, { text: page('\n    hideFor: paidTraffic') })).toEqual([
      'Esconde o bloco Imagem e texto de quem vem de anúncio pago',
    ]);
    expect(describePageChange({ text: page('\n    hideFor: paidTraffic') }, { text: page('') })).toEqual([
      'Volta a mostrar o bloco Imagem e texto para quem vem de anúncio pago',
    ]);
    expect(describePageChange({ text: page('') }, { text: page('').replace('Sobre', 'Quem somos') })).toEqual(
      ['Muda o título do bloco Imagem e texto'],
    );
  });

  test('two blocks of one type are told apart by their id', () => {
    const page = (second: string) =>
      `title: A\ndescription: B\nblocks:\n  - type: banner\n    id: topo\n    title: Um\n  - type: banner\n    id: fim\n    title: ${second}\n`;
    expect(describePageChange({ text: page('Dois') }, { text: page('Três') })).toEqual([
      'Muda o título da Faixa de chamada (#fim)',
    ]);
  });
});

describe('Histórico over real git (studio/server/history-words.ts)', () => {
  test('commits made with plain git: each version told against its parent, bases read at that commit', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'historico-git-'));
    dirs.push(dir);
    const run = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', ...args], {
        cwd: dir,
        encoding: 'utf8',
      }).trim();
    run('init', '-q', '-b', 'main');
    await mkdir(path.join(dir, 'pages'));
    for (const name of ['_site.yaml', 'sodastream-t.yaml', 'recarrega-site.yaml'])
      await writeFile(path.join(dir, 'pages', name), await real(name));
    run('add', '-A');
    run('commit', '-qm', 'Initial import');
    const variant = path.join(dir, 'pages', 'recarrega-site.yaml');
    const base = path.join(dir, 'pages', 'sodastream-t.yaml');
    await writeFile(
      variant,
      edit(await readFile(variant, 'utf8'), [['change', 'hero', 'title'], 'Outro título.']),
    );
    run('commit', '-qam', 'Hero copy\n\nAsked by marketing.');
    // The base changes later: the variant's earlier version is still told by its own change.
    const baseText = await readFile(base, 'utf8');
    await writeFile(base, edit(baseText, [['blocks', indexOf(baseText, 'hero'), 'subtitle'], 'Nova frase.']));
    run('commit', '-qam', 'Base subtitle');
    run('rm', '-q', 'pages/recarrega-site.yaml');
    run('commit', '-qm', 'Drop the variant');

    const words = createHistoryWords({
      runtime: { load: async () => loadStage, blocks: async () => blockRegistry } as unknown as Runtime,
      pagesDir: path.join(dir, 'pages'),
      publicDir: path.join(dir, 'public'),
    });
    const commits = run('log', '--format=%H', '--', 'pages/recarrega-site.yaml').split('\n');
    expect(commits).toHaveLength(3);
    const answer = await words.history({
      file: 'pages/recarrega-site.yaml',
      route: '/recarrega-site',
      exists: false,
      entries: commits.map((commit) => ({
        commit,
        short: commit.slice(0, 7),
        name: 'Dev',
        email: 'dev@example.com',
        date: new Date().toISOString(),
        message: run('log', '-1', '--format=%s', commit),
      })),
    });
    expect(answer.entries.map((e) => e.changes)).toEqual([
      ['Apaga a página'],
      ['Muda o título da Abertura da página'],
      ['Cria a página'],
    ]);
    expect(answer.entries[1]!.body).toBe('Hero copy\n\nAsked by marketing.');
    const diff = await words.diff({
      file: 'pages/recarrega-site.yaml',
      commit: commits[1]!,
      before: null,
      after: null,
      diff: '',
      files: [],
    });
    expect(diff.changes).toEqual(['Muda o título da Abertura da página']);
  });
});
