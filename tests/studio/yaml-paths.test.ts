/**
 * yaml-paths.ts's kept parse: a keystroke inside one value reads that value anew instead of the
 * whole page, and what it gives is exactly what a full parse gives (the data, every node's
 * position, the line numbers), whatever is typed; anything else is parsed whole.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMap, isPair, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { longPage } from '../../scripts/long-page.ts';
import { readYaml, rangeOf, valueAt } from '../../studio/yaml-paths.ts';

const root = path.resolve(import.meta.dirname, '../..');
const page = readFileSync(path.join(root, 'pages/agendamento.yaml'), 'utf8');

/** Every node's position, in document order. */
function positions(node: unknown, out: unknown[] = []): unknown[] {
  if (isMap(node) || isSeq(node)) {
    out.push(node.range);
    for (const item of node.items)
      if (isPair(item)) {
        positions(item.key, out);
        positions(item.value, out);
      } else positions(item, out);
  } else if (node && typeof node === 'object' && 'range' in node) out.push((node as Node).range);
  return out;
}

/** What readYaml gives for `text` is what a full parse gives. */
function sameAsFullParse(text: string) {
  const kept = readYaml(text);
  const lineCounter = new LineCounter();
  const full = parseDocument(text, { lineCounter, keepSourceTokens: false });
  expect(kept.doc.toJS()).toEqual(full.toJS());
  expect(positions(kept.doc.contents)).toEqual(positions(full.contents));
  expect(kept.doc.range).toEqual(full.range);
  expect(kept.lineCounter.lineStarts).toEqual(lineCounter.lineStarts);
  expect(kept.doc.errors.length).toBe(full.errors.length);
  expect(kept.doc.warnings.length).toBe(full.warnings.length);
  if (full.errors.length === 0) expect(String(kept.doc)).toBe(String(full));
}

/** `text` with `insert` typed after the first `after` (or `remove` characters erased before it). */
const typed = (text: string, after: string, insert: string, remove = 0) => {
  const at = text.indexOf(after) + after.length;
  expect(at).toBeGreaterThanOrEqual(after.length);
  return text.slice(0, at - remove) + insert + text.slice(at);
};

describe('readYaml after a keystroke in a value', () => {
  it('gives what a full parse gives, keystroke after keystroke, whatever is typed', () => {
    let text = longPage(page, 16);
    sameAsFullParse(text);
    const title = 'Sodastream Refil fácil e rápido.';
    const steps: [string, string, number?][] = [
      [title, 'a'],
      [`${title}a`, 'b'],
      [`${title}ab`, '', 1],
      [`${title}a`, '', 1],
      // In the middle of the text, at its start, a whole word erased.
      ['Sodastream', ' X'],
      ['Sodastream X', '', 2],
      ['title: ', 'Novo '],
      ['title: Novo ', '', 5],
      // Characters that change what the line means: a comment, a key, a quote, a line break.
      [title, ' # nota'],
      [`${title} # nota`, '', 7],
      [title, ': x'],
      [`${title}: x`, '', 3],
      [title, '"'],
      [`${title}"`, '', 1],
      [title, '\n'],
      [`${title}\n`, '', 1],
      [title, ' '],
      [`${title} `, 'z'],
      [`${title} z`, '', 2],
      // A number, a boolean, a null: each read as the full parse reads it.
      [title, '', title.length],
      ['title: ', '12'],
      ['title: 12', '.50'],
      ['title: 12.50', '', 5],
      ['title: ', 'true'],
      ['title: true', '', 4],
      ['title: ', title],
    ];
    for (const [after, insert, remove] of steps) {
      text = typed(text, after, insert, remove);
      sameAsFullParse(text);
    }
    // Inside a quoted value, in a key, in a flow collection.
    const quoted = text.replace(
      /^(\s+answer: )(.*)$/m,
      (_, key: string, value: string) => `${key}"${value}"`,
    );
    sameAsFullParse(quoted);
    const inside = quoted.indexOf('answer: "') + 'answer: "'.length + 3;
    for (const insert of ['x', '\\"', '"', '\\n'])
      sameAsFullParse(quoted.slice(0, inside) + insert + quoted.slice(inside));
    sameAsFullParse(typed(text, 'title', 's'));
    const flow = text.replace('blocks:', 'lista: { alfa: um, beta: [dois, tres] }\nblocks:');
    sameAsFullParse(flow);
    sameAsFullParse(typed(flow, 'alfa: um', 'x, gama'));
    sameAsFullParse(typed(flow, '[dois', ']'));
  });

  it('reads the value alone when one value changed, the rest of the document as it was', () => {
    const text = longPage(page, 50);
    const before = readYaml(text).doc;
    const after = typed(text, 'Sodastream Refil fácil e rápido.', 'a');
    expect(readYaml(after).doc).toBe(before);
    const at = rangeOf(after, ['blocks', 1, 'title']);
    expect(after.slice(at!.from, at!.to)).toBe('Sodastream Refil fácil e rápido.a');
    expect(valueAt(after, ['blocks', 1, 'title'])).toBe('Sodastream Refil fácil e rápido.a');
    // A line break is a change of structure: parsed whole.
    const broken = typed(after, 'Sodastream Refil', '\n');
    expect(readYaml(broken).doc).not.toBe(before);
  });
});
