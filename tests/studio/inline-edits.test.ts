/**
 * Issue 27.3, editing texts in the preview: which props are visible text (runtime/dev/text-props.ts,
 * from the block schemas: no links, image files, alternative texts, ids, tracking names or enum
 * values), renderDraft's list of them per block, and each typed value written as the form writes
 * it: that one scalar (every other byte identical), in a variant an inherited block's `change:`
 * entry, and a list of an inherited block only when the variant already writes it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { blockList, blockMap } from '../../blocks/index.ts';
import { renderDraft, textLeaves, type DraftRender } from '../../runtime/dev/index.ts';
import { loadProject } from '../../runtime/load/index.ts';
import { editableTexts, inlineTextEdit } from '../../studio/app/screens/editor/inline-edits.ts';
import { isInlineEditMessage } from '../../studio/app/shared/frame-messages.ts';
import { applyChange } from '../../studio/yaml-edits.ts';

const root = path.resolve(import.meta.dirname, '../..');
const pagesDir = path.join(root, 'pages');
const read = (name: string) => readFile(path.join(pagesDir, name), 'utf8');

type Rendered = Extract<DraftRender, { ok: true }>;
async function render(name: string, source?: string): Promise<Rendered> {
  const file = `pages/${name}`;
  const answer = await renderDraft(root, pagesDir, file, source ?? (await read(name)));
  if (!answer.ok) throw new Error(answer.problems.map((p) => p.text).join('\n'));
  return answer;
}

const paths = (leaves: { path: (string | number)[] }[]) => leaves.map((l) => l.path.join('.'));

describe('textLeaves: the visible texts of a block, from its schema', () => {
  it("takes a hero's words and leaves its links, images, icons, tones and tracking names", () => {
    const hero = {
      type: 'hero',
      id: 'inicio',
      eyebrow: 'ENTREGA GRÁTIS',
      title: 'Sodastream Refil fácil e rápido.',
      highlight: 'fácil e rápido.',
      subtitle: 'Troca na sua porta.',
      cta: {
        label: 'Agendar agora',
        action: 'link',
        message: 'recarga',
        href: '/agendamento',
        track: 'HeroT',
      },
      note: '+500 trocas por mês',
      noteIcon: 'users',
      badge: { value: '70%', label: 'de economia' },
      image: { src: '/images/cilindro.svg', alt: 'Um cilindro de CO2', width: 10, height: 10 },
      tone: 'light',
      entrance: 'none',
      floating: [{ src: '/images/x.svg', alt: '', width: 20, height: 20, top: 1, left: 2 }],
    };
    const leaves = textLeaves(blockMap.get('hero')!.schema, hero);
    expect(paths(leaves)).toEqual([
      'eyebrow',
      'title',
      'highlight',
      'subtitle',
      'cta.label',
      'note',
      'badge.value',
      'badge.label',
    ]);
    expect(leaves[1]).toEqual({ path: ['title'], text: 'Sodastream Refil fácil e rápido.' });
  });

  it('walks lists (of maps and of texts) and a union of a text and a tick', () => {
    const comparison = blockMap.get('comparison')!.schema;
    const leaves = textLeaves(comparison, {
      type: 'comparison',
      heading: 'Compare',
      columns: [{ label: 'Fillgás' }, { label: 'Loja' }],
      rows: [{ label: 'Preço', values: ['R$ 150', true] }],
    });
    expect(paths(leaves)).toEqual([
      'heading',
      'columns.0.label',
      'columns.1.label',
      'rows.0.label',
      'rows.0.values.0',
    ]);
    const media = textLeaves(blockMap.get('mediaText')!.schema, {
      type: 'mediaText',
      heading: 'A recarga',
      paragraphs: ['Um.', 'Dois.'],
      bullets: ['Três.'],
    });
    expect(paths(media)).toEqual(['heading', 'paragraphs.0', 'paragraphs.1', 'bullets.0']);
  });

  it('never offers a link, an image file, an alternative text, an id, a track or an enum value, in any block', async () => {
    const project = await loadProject({ root, pagesDir, blocks: blockList });
    const seen = new Set<string>();
    for (const page of project.pages)
      for (const block of page.model.blocks) {
        for (const leaf of textLeaves(blockMap.get(block.type)!.schema, block)) {
          const last = leaf.path.filter((p) => typeof p === 'string').at(-1)!;
          seen.add(`${block.type}.${last}`);
          expect(['href', 'src', 'alt', 'id', 'track', 'type', 'action', 'tone']).not.toContain(last);
          expect(leaf.text).not.toMatch(/^(\/|#|https:|tel:|mailto:)/);
          // Of a call to action, only its label (its action, message, href and track are settings).
          const cta = leaf.path.findIndex((p) => typeof p === 'string' && /cta$/i.test(p));
          if (cta >= 0) expect(leaf.path.slice(cta + 1)).toEqual(['label']);
        }
      }
    // What a visitor reads is there: titles, questions and answers, labels, list items, prices.
    for (const expected of [
      'hero.title',
      'faq.question',
      'faq.answer',
      'navbar.label',
      'mediaText.paragraphs',
    ])
      expect([...seen]).toContain(expected);
    expect([...seen].some((s) => /\.(price|oldPrice)$/.test(s))).toBe(true);
  });
});

describe('renderDraft lists each block’s texts', () => {
  it('per block, with the values the page shows', async () => {
    const answer = await render('sodastream-t.yaml');
    const hero = answer.blocks.find((b) => b.type === 'hero')!;
    const title = hero.texts.find((t) => t.path.join('.') === 'title')!;
    expect(answer.html).toContain(title.text.split(' ')[0]);
    expect(parse(await read('sodastream-t.yaml')).blocks[1].title).toBe(title.text);
  });
});

describe('a typed value is the form’s edit of that node only', () => {
  it('in a page: the scalar replaced, every other byte identical', async () => {
    const source = await read('sodastream-t.yaml');
    const answer = await render('sodastream-t.yaml');
    const index = answer.blocks.findIndex((b) => b.type === 'hero');
    const hero = answer.blocks[index]!;
    const old = hero.texts.find((t) => t.path[0] === 'title')!.text;
    const change = inlineTextEdit(source, 'pages/sodastream-t.yaml', hero, ['title'], 'Novo título')!;
    const next = applyChange(source, change);
    expect(source.slice(0, change.from)).toBe(next.slice(0, change.from));
    expect(source.slice(change.to)).toBe(next.slice(change.from + change.insert.length));
    expect(change.insert).toBe('Novo título');
    expect(source.slice(change.from, change.to)).toContain(old.split(' ')[0]);
    expect(parse(next).blocks[index].title).toBe('Novo título');
    // The same value again changes nothing (no requoting of what the author wrote).
    expect(inlineTextEdit(next, 'pages/sodastream-t.yaml', hero, ['title'], 'Novo título')).toBeUndefined();
    // An item of a list of maps, and of a list of texts.
    const faqIndex = answer.blocks.findIndex((b) => b.type === 'faq');
    const faq = answer.blocks[faqIndex]!;
    const question = inlineTextEdit(
      source,
      'pages/sodastream-t.yaml',
      faq,
      ['items', 2, 'question'],
      'Outra pergunta?',
    )!;
    expect(parse(applyChange(source, question)).blocks[faqIndex].items[2].question).toBe('Outra pergunta?');
    const mediaIndex = answer.blocks.findIndex((b) => b.type === 'mediaText');
    const media = answer.blocks[mediaIndex]!;
    const paragraph = inlineTextEdit(
      source,
      'pages/sodastream-t.yaml',
      media,
      ['paragraphs', 1],
      'Parágrafo novo.',
    )!;
    const withParagraph = parse(applyChange(source, paragraph)).blocks[mediaIndex];
    expect(withParagraph.paragraphs[1]).toBe('Parágrafo novo.');
    expect(withParagraph.paragraphs[0]).toBe(parse(source).blocks[mediaIndex].paragraphs[0]);
  });

  it('in a variant: an inherited block’s change: entry, written when missing', async () => {
    const source = await read('recarrega-site.yaml');
    const answer = await render('recarrega-site.yaml');
    const hero = answer.blocks.find((b) => b.type === 'hero')!;
    expect(hero.file).toBe('pages/sodastream-t.yaml');
    const change = inlineTextEdit(
      source,
      'pages/recarrega-site.yaml',
      hero,
      ['title'],
      'Recarga com desconto',
    )!;
    const next = applyChange(source, change);
    expect(next).toBe(
      source.replace(
        '  hero:\n    cta:\n      track: CTASectionC\n',
        '  hero:\n    cta:\n      track: CTASectionC\n    title: Recarga com desconto\n',
      ),
    );
    // A block the variant does not change yet: its entry is written.
    const steps = answer.blocks.find((b) => b.type === 'steps' && b.id)!;
    expect(parse(source).change[steps.id!]).toBeUndefined();
    const added = applyChange(
      source,
      inlineTextEdit(source, 'pages/recarrega-site.yaml', steps, ['heading'], 'Etapas')!,
    );
    expect(parse(added).change[steps.id!]).toEqual({ heading: 'Etapas' });
    const again = await render('recarrega-site.yaml', added);
    expect(
      again.blocks.find((b) => b.id === steps.id)!.texts.find((t) => t.path[0] === 'heading')!.text,
    ).toBe('Etapas');
  });

  it("offers an inherited block's list texts only when the variant writes that list", async () => {
    const source = await read('recarrega-site.yaml');
    const answer = await render('recarrega-site.yaml');
    const editable = editableTexts(source, 'pages/recarrega-site.yaml', answer.blocks);
    const of = (type: string) => {
      const index = answer.blocks.findIndex((b) => b.type === type);
      return paths(editable.find((e) => e.index === index)?.texts ?? []);
    };
    // The variant writes the navbar's links: their labels are editable, in its change: entry.
    expect(of('navbar')).toContain('links.0.label');
    const navbar = answer.blocks.find((b) => b.type === 'navbar')!;
    const label = applyChange(
      source,
      inlineTextEdit(source, 'pages/recarrega-site.yaml', navbar, ['links', 0, 'label'], 'Quem somos')!,
    );
    expect(label).toBe(source.replace('      - label: Sobre a Fillgás\n', '      - label: Quem somos\n'));
    // The FAQ's questions are the base's list: changing one would replace the whole list.
    expect(of('faq')).toContain('heading');
    expect(of('faq').some((p) => p.startsWith('items.'))).toBe(false);
  });

  it("keeps a block's entry while the render brings its same texts, and follows its place, texts and lists", async () => {
    const file = 'pages/agendamento.yaml';
    const source = await read('agendamento.yaml');
    const { blocks } = await render('agendamento.yaml');
    const first = editableTexts(source, file, blocks);
    // The next keystroke's render: the blocks whose part did not change keep their texts objects.
    const again = editableTexts(
      source,
      file,
      blocks.map((b) => ({ ...b })),
    );
    expect(again).toEqual(first);
    expect(again.every((entry, i) => entry === first[i])).toBe(true);
    // A block added at the top: every entry names its block's new place.
    const hero = blocks.find((b) => b.type === 'hero')!;
    const added = { ...hero, texts: hero.texts.map((t) => ({ ...t })) };
    const moved = editableTexts(source, file, [added, ...blocks]);
    expect(moved.map((e) => e.index)).toEqual([0, ...first.map((e) => e.index + 1)]);
    expect(moved.slice(1).map(({ index: _, ...rest }) => rest)).toEqual(
      first.map(({ index: _, ...rest }) => rest),
    );
    // A text changed, and a list one item shorter (the same texts otherwise): both seen.
    const withList = blocks.findIndex((b) => (b.media?.lists.length ?? 0) > 0);
    const listed = blocks[withList]!;
    const shorter = {
      ...listed,
      media: {
        ...listed.media!,
        lists: listed.media!.lists.map((l) => ({ ...l, value: l.value.slice(1) })),
      },
    };
    const retitled = {
      ...hero,
      texts: hero.texts.map((t, n) => (n === 0 ? { ...t, text: 'Outro título' } : t)),
    };
    const changed = editableTexts(
      source,
      file,
      blocks.map((b) => (b === hero ? retitled : b === listed ? shorter : b)),
    );
    const entry = (list: typeof first, index: number) => list.find((e) => e.index === index)!;
    const heroAt = blocks.indexOf(hero);
    expect(entry(changed, heroAt).texts[0]!.text).toBe('Outro título');
    expect(entry(changed, withList).lists![0]!.length).toBe(entry(first, withList).lists![0]!.length - 1);
  });

  it('accepts only well-formed messages from the frame', () => {
    expect(isInlineEditMessage({ kind: 'text-edit', index: 1, path: ['title'], value: 'x' })).toBe(true);
    expect(isInlineEditMessage({ kind: 'text-history', action: 'undo' })).toBe(true);
    expect(isInlineEditMessage({ kind: 'text-edit', index: 1, path: [{}], value: 'x' })).toBe(false);
    expect(isInlineEditMessage({ kind: 'text-edit', index: '1', path: ['title'], value: 'x' })).toBe(false);
    expect(isInlineEditMessage({ kind: 'block-clicked', index: 1 })).toBe(false);
  });
});
