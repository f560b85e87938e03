/**
 * Issue 37.1, on the page: an image replaced by a click (its alt too), a link's or a button's
 * target changed in the popover, and list items added, removed and moved (studio/app/screens/editor/inline-edits.ts).
 * Each edit goes through the real loader: the page has exactly that change; in a variant of
 * /agendamento the file gets the smallest change: the loader reads (an inherited item taken out as
 * `N: null`, a list added to or reordered written whole), and the base page is never written.
 */
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockList } from '../../blocks/index.ts';
import { smallestChange } from '../../runtime/author/index.ts';
import { renderDraft, type DraftRender } from '../../runtime/dev/index.ts';
import { loadProject } from '../../runtime/load/index.ts';
import {
  editableTexts,
  imageEdit,
  itemOf,
  linkEdit,
  listEdit,
} from '../../studio/app/screens/editor/inline-edits.ts';
import { applyChange, type TextChange } from '../../studio/yaml-edits.ts';

const repo = path.resolve(import.meta.dirname, '../..');
// A copy of pages/ with a new variant of /agendamento (the public folder is the repository's).
let root = repo;
let pagesDir = path.join(repo, 'pages');
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'estudio-midia-'));
  pagesDir = path.join(root, 'pages');
  await cp(path.join(repo, 'pages'), pagesDir, { recursive: true });
  await symlink(path.join(repo, 'public'), path.join(root, 'public'));
  await writeFile(path.join(pagesDir, 'agendamento-teste-midia.yaml'), 'extends: agendamento\n');
});
afterAll(() => rm(root, { recursive: true, force: true }));
const BASE = 'pages/agendamento.yaml';
const VARIANT = 'pages/agendamento-teste-midia.yaml';

type Rendered = Extract<DraftRender, { ok: true }>;
type Block = Rendered['blocks'][number];

async function render(file: string, source: string): Promise<Rendered> {
  const answer = await renderDraft(root, pagesDir, file, source, { changePathOf: smallestChange });
  if (!answer.ok) throw new Error(answer.problems.map((p) => p.text).join('\n'));
  return answer;
}

async function model(file: string, source: string) {
  const project = await loadProject({
    root,
    pagesDir,
    blocks: blockList,
    only: [file],
    sources: new Map([[file, source]]),
  });
  return project.pages.find((p) => p.file === file)!.model;
}

const apply = (text: string, change: TextChange | undefined) => {
  expect(change).toBeDefined();
  return applyChange(text, change!);
};

const blockOf = (answer: Rendered, id: string): [Block, number] => {
  const index = answer.blocks.findIndex((b) => b.id === id);
  return [answer.blocks[index]!, index];
};

type Faq = { items: { question: string; answer: string }[] };
type Props = Record<string, unknown>;

for (const [file, start] of [
  [BASE, undefined],
  [VARIANT, 'extends: agendamento\n'],
] as const) {
  const variant = file === VARIANT;
  describe(variant ? 'in a variant of /agendamento' : 'on /agendamento itself', async () => {
    const base = await readFile(path.join(repo, BASE), 'utf8');
    const source = start ?? base;

    it('offers every image, link target and list of the blocks', async () => {
      const answer = await render(file, source);
      const offered = editableTexts(source, file, answer.blocks);
      const faq = offered.find((b) => b.index === blockOf(answer, 'duvidas')[1])!;
      expect(faq.lists).toContainEqual({ path: ['items'], length: 9, add: true, remove: true });
      expect(itemOf(faq, ['items', 3, 'answer'])).toEqual({ path: ['items'], at: 3 });
      const hero = offered.find((b) => b.index === answer.blocks.findIndex((x) => x.type === 'hero'))!;
      expect(hero.images).toEqual([
        {
          path: ['image'],
          n: expect.any(Number),
          label: 'Ilustração ao lado do texto, bloco Abertura da página',
        },
      ]);
      expect(hero.links).toContainEqual({ path: ['secondaryCta'], href: '#como-funciona', action: 'link' });
      expect(hero.links).toContainEqual({ path: ['cta'], href: '', action: 'whatsapp' });
    });

    it('adds, removes and moves an FAQ question: the page has exactly that list', async () => {
      let text = source;
      const before = (await model(file, text)).blocks.find((b) => b.id === 'duvidas') as unknown as Faq;
      const expected = structuredClone(before.items);
      const steps: [number, 'add' | 'remove' | 'up' | 'down'][] = [
        [1, 'remove'],
        [3, 'up'],
        [0, 'down'],
        [4, 'add'],
        [8, 'up'],
      ];
      for (const [at, op] of steps) {
        const answer = await render(file, text);
        const [block] = blockOf(answer, 'duvidas');
        text = apply(text, listEdit(text, file, block, ['items'], at, op));
        if (op === 'remove') expected.splice(at, 1);
        else if (op === 'add') expected.splice(at + 1, 0, structuredClone(expected[at]!));
        else {
          const to = op === 'up' ? at - 1 : at + 1;
          [expected[at], expected[to]] = [expected[to]!, expected[at]!];
        }
        const page = await model(file, text);
        expect((page.blocks.find((b) => b.id === 'duvidas') as unknown as Faq).items).toEqual(expected);
      }
      if (!variant) {
        // Only the list's lines changed: the comment above the block and every other block stay.
        expect(text.split('  - type: faq')[0]).toBe(base.split('  - type: faq')[0]);
        expect(text.split('    aside:')[1]).toBe(base.split('    aside:')[1]);
      }
    });

    it('in a variant an inherited question taken out is `N: null`; moving one writes the list', async () => {
      if (!variant) return;
      const answer = await render(file, source);
      const [block] = blockOf(answer, 'duvidas');
      const removed = apply(source, listEdit(source, file, block, ['items'], 1, 'remove'));
      expect(removed).toBe('extends: agendamento\nchange:\n  duvidas:\n    items:\n      2: null\n');
      const moved = apply(source, listEdit(source, file, block, ['items'], 1, 'up'));
      expect(moved).toMatch(
        /^extends: agendamento\nchange:\n {2}duvidas:\n {4}items:\n {6}- question: Como funciona/,
      );
    });

    it('a list the page leaves to the block (the steps) is written whole when an item is added', async () => {
      const answer = await render(file, source);
      const [block] = blockOf(answer, 'como-funciona');
      const list = block.media!.lists.find((l) => l.path.join() === 'items')!;
      const text = apply(source, listEdit(source, file, block, ['items'], 0, 'add'));
      const steps = (await model(file, text)).blocks.find((b) => b.id === 'como-funciona') as unknown as {
        items: unknown[];
      };
      expect(steps.items).toEqual([list.value[0], ...list.value]);
    });

    it('an image chosen (src, width, height) and its alt typed: the page shows them', async () => {
      const answer = await render(file, source);
      const index = answer.blocks.findIndex((b) => b.type === 'hero');
      const block = answer.blocks[index]!;
      let text = apply(
        source,
        imageEdit(source, file, block, ['image'], { src: '/images/cilindro.svg', width: 200, height: 300 }),
      );
      text = apply(text, imageEdit(text, file, block, ['image'], { alt: 'Um cilindro cheio' }));
      const hero = (await model(file, text)).blocks[index] as unknown as Props;
      expect(hero.image).toEqual({
        src: '/images/cilindro.svg',
        alt: 'Um cilindro cheio',
        width: 200,
        height: 300,
      });
      if (variant)
        expect(text).toBe(
          'extends: agendamento\nchange:\n  hero:\n    image:\n      src: /images/cilindro.svg\n      width: 200\n      height: 300\n      alt: Um cilindro cheio\n',
        );
      // An image inside a list item (a badge of the credibility block).
      const [cred] = blockOf(answer, 'credibilidade');
      const badge = cred.media!.images.find((i) => i.path[0] === 'badges')!;
      const again = apply(source, imageEdit(source, file, cred, badge.path, { alt: 'Selo' }));
      const shown = (await model(file, again)).blocks.find((b) => b.id === 'credibilidade') as unknown as {
        badges: { image: { alt: string } }[];
      };
      expect(shown.badges[Number(badge.path[1])]!.image.alt).toBe('Selo');
    });

    it("a button's target: a call to action becomes a link to the address typed", async () => {
      const answer = await render(file, source);
      const index = answer.blocks.findIndex((b) => b.type === 'hero');
      const block = answer.blocks[index]!;
      let text = apply(source, linkEdit(source, file, block, ['cta'], { href: '/recarga', action: 'link' }));
      text = apply(text, linkEdit(text, file, block, ['secondaryCta'], { href: '#duvidas', action: 'link' }));
      const hero = (await model(file, text)).blocks[index] as unknown as Props;
      expect(hero.cta).toMatchObject({ label: 'Agendar agora', action: 'link', href: '/recarga' });
      expect(hero.secondaryCta).toMatchObject({ action: 'link', href: '#duvidas' });
      if (!variant) expect(text.replace("'#duvidas'", "'#como-funciona'")).not.toBe(base);
    });
  });
}
