/**
 * The structure panel's edits (studio/app/screens/editor/structure-plan.ts, studio/yaml-edits.ts): in a
 * page, a block's lines move, go or are copied with their comments and every other byte stays; in a
 * variant, `move:` entries planned from the order shown give, through the real loader, exactly the
 * order wanted, and delete and duplicate give the page the panel promises.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, parseDocument, type YAMLSeq } from 'yaml';
import { describe, expect, it } from 'vitest';
import { blockList } from '../../blocks/index.ts';
import { listYamlFiles, loadProject, type LoadedPage } from '../../runtime/load/index.ts';
import {
  applyChange,
  duplicateItem,
  itemSpans,
  moveItem,
  readMoves,
  removeItemWithComments,
  setMoves,
  type Placement,
} from '../../studio/yaml-edits.ts';
import {
  deleteEdit,
  duplicateEdit,
  moveEdit,
  planMoves,
  resolveOrder,
  variantRows,
  withChange,
} from '../../studio/app/screens/editor/structure-plan.ts';
import { valueAt } from '../../studio/yaml-paths.ts';

const root = path.resolve(import.meta.dirname, '../..');
const pagesDir = path.join(root, 'pages');
const files = (await listYamlFiles(pagesDir)).filter((f) => !f.startsWith('_'));
const sources = new Map(
  await Promise.all(files.map(async (f) => [f, await readFile(path.join(pagesDir, f), 'utf8')] as const)),
);
const pages = [...sources].filter(([, text]) => !/^extends:/m.test(text));
const variants = [...sources].filter(([, text]) => /^extends:/m.test(text));

type Data = Record<string, unknown>;
const blocksOf = (text: string) => (parse(text) as { blocks: Data[] }).blocks;
const spansOf = (text: string) => {
  const spans = itemSpans(text, parseDocument(text).get('blocks', true) as YAMLSeq);
  return spans.map((s) => text.slice(s.from, s.to));
};

describe.each(pages)('a page’s blocks: pages/%s', (_file, text) => {
  const blocks = blocksOf(text);
  const items = spansOf(text);
  const last = blocks.length - 1;

  it('moves a block with its comments; blank lines and every other byte stay', () => {
    for (const [from, to] of [
      [0, last],
      [last, 0],
      [1, 2],
      [Math.floor(last / 2), Math.floor(last / 2) - 1],
    ] as const) {
      if (from === to || Math.min(from, to) < 0 || Math.max(from, to) > last) continue;
      const change = moveItem(text, ['blocks'], from, to)!;
      const next = applyChange(text, change);
      const expected = [...blocks];
      expected.splice(to, 0, ...expected.splice(from, 1));
      expect(blocksOf(next)).toEqual(expected);
      const moved = [...items];
      moved.splice(to, 0, ...moved.splice(from, 1));
      expect(spansOf(next)).toEqual(moved);
      // Outside the items between the two places, nothing changed.
      expect(next.slice(0, change.from)).toBe(text.slice(0, change.from));
      expect(next.slice(change.from + change.insert.length)).toBe(text.slice(change.to));
      // Moving it back gives the file back.
      expect(applyChange(next, moveItem(next, ['blocks'], to, from)!)).toBe(text);
    }
  });

  it('deletes a block with its comments, and duplicates one after it', () => {
    blocks.forEach((block, i) => {
      const gone = applyChange(text, removeItemWithComments(text, ['blocks'], i)!);
      expect(blocksOf(gone)).toEqual(blocks.filter((_, k) => k !== i));
      expect(spansOf(gone)).toEqual(items.filter((_, k) => k !== i));
      const copied = applyChange(text, duplicateItem(text, ['blocks'], i, block.id ? 'copia' : undefined)!);
      expect(blocksOf(copied)).toEqual([
        ...blocks.slice(0, i + 1),
        block.id ? { ...block, id: 'copia' } : block,
        ...blocks.slice(i + 1),
      ]);
      // The original keeps its comments; every line of the file is still there.
      expect(spansOf(copied)[i]).toBe(items[i]);
      expect(copied.startsWith(text.slice(0, text.indexOf(items[i]!) + items[i]!.length))).toBe(true);
    });
  });
});

it('a comment above a block moves with it, and a comment indented under it too', () => {
  const text = [
    'blocks:',
    '  # The top bar.',
    '  - type: navbar',
    '',
    '  # The questions.',
    '  - type: faq',
    '    heading: Dúvidas',
    '    # heading: Perguntas',
    '',
    '  - type: footer',
    '# after',
    'title: x',
    '',
  ].join('\n');
  const next = applyChange(text, moveItem(text, ['blocks'], 1, 0)!);
  expect(next).toBe(
    [
      'blocks:',
      '  # The questions.',
      '  - type: faq',
      '    heading: Dúvidas',
      '    # heading: Perguntas',
      '',
      '  # The top bar.',
      '  - type: navbar',
      '',
      '  - type: footer',
      '# after',
      'title: x',
      '',
    ].join('\n'),
  );
  const withId = applyChange(text, duplicateItem(text, ['blocks'], 2, 'rodape-copia')!);
  expect(withId).toContain('  - type: footer\n\n  - type: footer\n    id: rodape-copia\n# after');
});

describe('planMoves: the order wanted, whatever the moves already written', () => {
  // A seeded generator: the same cases on every run.
  let seed = 7;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };

  it('on 2,000 random reorders and deletions, in sequence', () => {
    for (let round = 0; round < 40; round++) {
      const size = 2 + random(10);
      let base = Array.from({ length: size }, (_, i) => `b${i}`);
      let moves = new Map<string, Placement>();
      for (let step = 0; step < 50 && base.length > 1; step++) {
        const current = resolveOrder(base, moves);
        let desired: string[];
        if (random(6) === 0) {
          const gone = current[random(current.length)]!;
          desired = current.filter((n) => n !== gone);
          base = base.filter((n) => n !== gone);
        } else {
          desired = [...current];
          desired.splice(random(current.length), 0, ...desired.splice(random(current.length), 1));
        }
        const changes = planMoves(current, moves, desired);
        const next = new Map(moves);
        for (const [name, placement] of changes) {
          if (placement) next.set(name, placement);
          else next.delete(name);
        }
        moves = next;
        expect(resolveOrder(base, moves)).toEqual(desired);
        // Never more entries than blocks that left the base's order.
        expect(moves.size).toBeLessThan(base.length);
      }
    }
  });

  it('moves the block the author moved, keeps an entry that still holds, drops one no longer needed', () => {
    const moves = new Map<string, Placement>([['c', { side: 'after', target: 'a' }]]);
    const current = resolveOrder(['a', 'b', 'c', 'd'], moves);
    expect(current).toEqual(['a', 'c', 'b', 'd']);
    expect(planMoves(current, moves, ['a', 'c', 'd', 'b'], 'b')).toEqual(
      new Map([['b', { side: 'after', target: 'd' }]]),
    );
    // Deleted: its entry goes.
    expect(planMoves(current, moves, ['a', 'b', 'd'])).toEqual(new Map([['c', undefined]]));
    // Back where the base has it: the panel does not know the base's order, so it says so.
    expect(planMoves(current, moves, ['a', 'b', 'c', 'd'], 'c')).toEqual(
      new Map([['c', { side: 'after', target: 'b' }]]),
    );
  });
});

describe('setMoves and readMoves', () => {
  it('adds one line per entry, rewrites only a target, and drops an emptied move:', () => {
    const text = 'extends: base\n# the order\nmove:\n  duvidas:\n    after: hero # a comment\n';
    expect(readMoves(text)).toEqual(new Map([['duvidas', { side: 'after', target: 'hero' }]]));
    const added = applyChange(
      text,
      setMoves(
        text,
        new Map([
          ['duvidas', { side: 'after', target: 'navbar' }],
          ['footer', { side: 'before', target: 'hero' }],
        ]),
      )!,
    );
    expect(added).toBe(
      'extends: base\n# the order\nmove:\n  duvidas:\n    after: navbar # a comment\n  footer: { before: hero }\n',
    );
    const removed = applyChange(
      added,
      setMoves(
        added,
        new Map([
          ['duvidas', undefined],
          ['footer', undefined],
        ]),
      )!,
    );
    expect(removed).toBe('extends: base\n# the order\n');
    expect(
      applyChange(
        'extends: base',
        setMoves('extends: base', new Map([['a', { side: 'after', target: 'b' }]]))!,
      ),
    ).toBe('extends: base\nmove:\n  a: { after: b }\n');
  });
});

async function load(file: string, source: string): Promise<LoadedPage> {
  const project = await loadProject({
    root,
    pagesDir,
    blocks: blockList,
    only: [`pages/${file}`],
    sources: new Map([[`pages/${file}`, source]]),
  });
  return project.pages[0]!;
}
const rowsOf = (page: LoadedPage) =>
  variantRows(
    page.model.blocks.map((b, i) => ({
      type: b.type,
      ...(b.id ? { id: b.id } : {}),
      ...page.blockSources[i]!,
    })),
    page.file,
  );

describe.each(variants)('a variant’s blocks, through the loader: pages/%s', (file, text) => {
  it('a move by the panel gives the order wanted, and moving it back the first order', async () => {
    const page = await load(file, text);
    const rows = rowsOf(page);
    const last = rows.length - 1;
    for (const [from, to] of [
      [1, last],
      [last, 0],
      [2, 1],
    ] as const) {
      const next = applyChange(text, moveEdit(text, rows, from, to)(text)!);
      const expected = rows.map((r) => r.name);
      expected.splice(to, 0, ...expected.splice(from, 1));
      const moved = await load(file, next);
      expect(rowsOf(moved).map((r) => r.name)).toEqual(expected);
      // Only move: changed.
      expect(valueAt(next, ['change'])).toEqual(valueAt(text, ['change']));
      const back = applyChange(next, moveEdit(next, rowsOf(moved), to, from)(next)!);
      expect(rowsOf(await load(file, back))).toEqual(rows);
      // Outside move:, the variant's text is as it was.
      expect(back.replace(/\nmove:\n( {2}.*\n)*/, '\n')).toBe(text);
    }
  });

  it('delete and duplicate, of an inherited block and of one the variant wrote', async () => {
    const page = await load(file, text);
    const rows = rowsOf(page);
    for (const index of [1, rows.length - 2, rows.findIndex((r) => r.file === page.file)]) {
      if (index < 0) continue;
      const row = rows[index]!;
      const gone = await load(file, applyChange(text, deleteEdit(text, rows, index, page.file)(text)!));
      expect(rowsOf(gone).map((r) => r.name)).toEqual(rows.filter((_, i) => i !== index).map((r) => r.name));

      // The copy of an inherited block: the base's block with the variant's change applied.
      const base = row.file === page.file ? undefined : await readFile(path.join(root, row.file), 'utf8');
      const data = base
        ? (withChange(valueAt(base, row.path), valueAt(text, ['change', row.name]) ?? {}) as Data)
        : undefined;
      const copied = applyChange(text, duplicateEdit(text, rows, index, page.file, data)!(text)!);
      const withCopy = await load(file, copied);
      const names = rowsOf(withCopy).map((r) => r.name);
      expect(names).toEqual([
        ...rows.slice(0, index + 1).map((r) => r.name),
        names[index + 1],
        ...rows.slice(index + 1).map((r) => r.name),
      ]);
      const original = page.model.blocks[index]!;
      const copy = withCopy.model.blocks[index + 1]!;
      expect({ ...copy, id: original.id }).toEqual(original);
    }
  });
});
