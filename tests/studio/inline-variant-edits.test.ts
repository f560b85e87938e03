/**
 * Issue 37.1 in a variant: a text of an inherited block typed on the page (any text, list items at
 * any depth included) writes the smallest `change:` (runtime/author's smallestChange, decision
 * 0037), and the loader gives exactly the page with that text changed. Property test as the block
 * form has (tests/studio/form-edits.test.ts): seeded random edits on the page → the file → the
 * loader → the same page; the base file is never written.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockList } from '../../blocks/index.ts';
import { smallestChange } from '../../runtime/author/index.ts';
import { renderDraft, type DraftRender } from '../../runtime/dev/index.ts';
import { loadProject } from '../../runtime/load/index.ts';
import { editableTexts, inlineTextEdit } from '../../studio/app/screens/editor/inline-edits.ts';
import { applyChange } from '../../studio/yaml-edits.ts';

const root = path.resolve(import.meta.dirname, '../..');
const pagesDir = path.join(root, 'pages');
const FILE = 'pages/recarrega-site.yaml';

type Rendered = Extract<DraftRender, { ok: true }>;
async function render(source: string): Promise<Rendered> {
  const answer = await renderDraft(root, pagesDir, FILE, source, { changePathOf: smallestChange });
  if (!answer.ok) throw new Error(answer.problems.map((p) => p.text).join('\n'));
  return answer;
}

async function model(source: string) {
  const project = await loadProject({
    root,
    pagesDir,
    blocks: blockList,
    only: [FILE],
    sources: new Map([[FILE, source]]),
  });
  return project.pages[0]!.model;
}

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function setIn(data: unknown, at: (string | number)[], value: unknown): void {
  let here = data as Record<string | number, unknown>;
  for (const key of at.slice(0, -1)) here = here[key] as Record<string | number, unknown>;
  here[at[at.length - 1]!] = value;
}

describe('in a variant, a text of an inherited block typed on the page', () => {
  it('every inherited text, list items included, is offered, with its change: path', async () => {
    const source = await readFile(path.join(root, FILE), 'utf8');
    const answer = await render(source);
    const inherited = answer.blocks.filter((b) => b.file !== FILE);
    expect(inherited.length).toBeGreaterThan(3);
    const offered = editableTexts(source, FILE, answer.blocks);
    for (const [i, block] of answer.blocks.entries()) {
      if (block.file === FILE) continue;
      expect(offered.find((b) => b.index === i)?.texts.length ?? 0).toBe(block.texts.length);
    }
    expect(inherited.some((b) => b.texts.some((t) => t.path.some((p) => typeof p === 'number')))).toBe(true);
  });

  it('60 seeded sequences of edits: the file the loader reads is the page with exactly those edits', async () => {
    const base = await readFile(path.join(root, 'pages/sodastream-t.yaml'), 'utf8');
    const original = await readFile(path.join(root, FILE), 'utf8');
    let inLists = 0;
    for (let run = 0; run < 60; run++) {
      const random = seeded(run + 1);
      let source = original;
      let expected = structuredClone(await model(source));
      for (let step = 0; step < 4; step++) {
        const answer = await render(source);
        const candidates = answer.blocks.flatMap((block, index) =>
          block.file === FILE ? [] : block.texts.map((leaf) => ({ block, index, leaf })),
        );
        const { block, index, leaf } = candidates[Math.floor(random() * candidates.length)]!;
        // Short: it fits every text's maximum length.
        const value = `N${run}-${step}`;
        const change = inlineTextEdit(source, FILE, block, leaf.path, value);
        expect(change, `${block.type} ${leaf.path.join('.')}`).toBeDefined();
        if (leaf.path.some((part) => typeof part === 'number')) inLists++;
        source = applyChange(source, change!);
        setIn(expected.blocks[index], leaf.path, value);
        const got = await model(source);
        expect(got, `run ${run} step ${step}: ${block.type} ${leaf.path.join('.')}\n${source}`).toEqual(
          expected,
        );
        expected = structuredClone(got);
      }
    }
    // Most texts are list items (questions, steps, features): written as items of change:.
    expect(inLists).toBeGreaterThan(60);
    expect(await readFile(path.join(root, 'pages/sodastream-t.yaml'), 'utf8')).toBe(base);
  }, 240_000);
});
