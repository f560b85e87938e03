/**
 * The form's edits as plain text edits of the page's YAML, each touching only the node it
 * changes: a scalar is replaced in place (its comment and every other line stay as written), a
 * new key is a new line at its map's indentation, a removed key or list item takes its own lines
 * only, and two list items swap their lines. Positions come from the `yaml` package's parsed
 * document, the runtime's authority for locations.
 */
import {
  isMap,
  isPair,
  isScalar,
  isSeq,
  Scalar,
  stringify,
  type Node,
  type Pair,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import { readYaml } from './yaml-paths.ts';

export type YamlPath = (string | number)[];

export interface TextChange {
  from: number;
  to: number;
  insert: string;
}

/** The text's positioned document: parsed once per text (read only here). */
const parse = (text: string) => readYaml(text).doc;

const lineStart = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;
const lineEnd = (text: string, at: number) => {
  const end = text.indexOf('\n', at);
  return end < 0 ? text.length : end;
};
const indentOf = (line: string) => line.length - line.trimStart().length;
/** The end of the last line a node's value occupies (before its newline). */
const nodeLineEnd = (text: string, node: Node) => lineEnd(text, Math.max(node.range![1] - 1, node.range![0]));

/** A value as YAML on one line: plain when safe, quoted otherwise; a collection in flow style. */
export function inlineYaml(value: unknown): string {
  if (typeof value === 'string' && /[\n\r]/.test(value)) return JSON.stringify(value);
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return stringify(value, { lineWidth: 0 }).trimEnd();
}

/** How a text scalar is written, when not plain: its quotes, or its block's header and column. */
export type ScalarStyle =
  { type: 'QUOTE_SINGLE' | 'QUOTE_DOUBLE' } | { type: 'BLOCK_LITERAL' | 'BLOCK_FOLDED'; pad: string };

/**
 * The style `node` is written in (undefined: plain, not a text, or a block whose header says more
 * than `|`/`>` and its chomping: an indentation indicator, a comment).
 */
export function scalarStyle(text: string, node: unknown): ScalarStyle | undefined {
  if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return undefined;
  const type = node.type;
  if (type === Scalar.QUOTE_SINGLE || type === Scalar.QUOTE_DOUBLE) return { type };
  if (type !== Scalar.BLOCK_LITERAL && type !== Scalar.BLOCK_FOLDED) return undefined;
  const from = node.range[0];
  const headerEnd = lineEnd(text, from);
  if (!/^[|>][+-]?$/.test(text.slice(from, headerEnd).trimEnd())) return undefined;
  const first = text
    .slice(headerEnd + 1, node.range[1])
    .split('\n')
    .find((line) => line.trim() !== '');
  return first === undefined ? undefined : { type, pad: first.slice(0, indentOf(first)) };
}

/**
 * `value` as YAML in `style` when the style can say it (a text on one line in quotes; in a block,
 * a text that neither starts with a blank nor ends with a line break), else as inlineYaml writes it.
 * A block's lines are at `pad`, its header where the value starts.
 */
export function writeScalar(value: unknown, style: ScalarStyle | undefined): string {
  if (typeof value !== 'string' || !style) return inlineYaml(value);
  const scalar = new Scalar(value);
  scalar.type = style.type;
  if (style.type === 'QUOTE_SINGLE' || style.type === 'QUOTE_DOUBLE') {
    if (/[\n\r]/.test(value)) return inlineYaml(value);
    const written = stringify(scalar, { lineWidth: 0 }).replace(/\n$/, '');
    return written.startsWith(style.type === 'QUOTE_SINGLE' ? "'" : '"') ? written : inlineYaml(value);
  }
  if (value === '' || /^\s|\n$/.test(value)) return inlineYaml(value);
  const [head, ...lines] = stringify(scalar, { lineWidth: 0 }).replace(/\n$/, '').split('\n');
  if (!head || !/^[|>][+-]?$/.test(head)) return inlineYaml(value);
  const pad = 'pad' in style ? style.pad : '';
  return [head, ...lines.map((line) => (line === '' ? '' : pad + line))].join('\n');
}

/**
 * `value` where `node` is, as the form writes it: a text written 'in single quotes' or as a
 * `|`/`>` block stays so. A text in double quotes is written plain when it can be: the writer
 * itself quotes a plain text for a moment (a keystroke's trailing space), and its next keystroke
 * must not keep those quotes. (Editing on the page keeps the style the text had when editing
 * started, double quotes included: inline-edits.ts's sessionTextEdit.)
 */
function inPlace(text: string, node: Node, value: unknown): string {
  const style = scalarStyle(text, node);
  return writeScalar(value, style?.type === 'QUOTE_DOUBLE' ? undefined : style);
}

function nodeAt(text: string, path: YamlPath): Node | undefined {
  const doc = parse(text);
  return (path.length === 0 ? doc.contents : doc.getIn(path, true)) as Node | undefined;
}

function pairOf(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === key) as
    Pair | undefined;
}

/** Column (in spaces from the line start) where the map's keys are written. */
function keyIndent(text: string, map: YAMLMap): string {
  const first = map.items[0]?.key as Node | undefined;
  const at = first?.range?.[0] ?? map.range![0];
  return ' '.repeat(at - lineStart(text, at));
}

/**
 * Sets the value at `path` (a map key). The key's old value is replaced in place; a missing key
 * is added as a new line at the end of its map (which must exist). Undefined when the path's
 * parent is not a map in the text.
 */
export function setValue(text: string, path: YamlPath, value: unknown): TextChange | undefined {
  const key = path[path.length - 1];
  const parent = nodeAt(text, path.slice(0, -1));
  if (!isMap(parent) || typeof key !== 'string') return undefined;
  const pair = pairOf(parent, key);
  const current = pair?.value as Node | null | undefined;
  if (pair && current?.range) {
    // A block scalar's range takes its last line break too: that one stays.
    let to = current.range[1];
    while (to > current.range[0] && text[to - 1] === '\n') to--;
    return { from: current.range[0], to, insert: inPlace(text, current, value) };
  }
  if (parent.flow) {
    // A flow map ({ label: … }) is rewritten whole, on its own range.
    const data = { ...(parent.toJSON() as Record<string, unknown>), [key]: value };
    return { from: parent.range![0], to: parent.range![1], insert: inlineYaml(data) };
  }
  if (pair) {
    // `key:` with nothing after it.
    const at = (pair.key as Node).range![1];
    const colon = text.indexOf(':', at);
    return { from: colon + 1, to: lineEnd(text, colon), insert: ` ${inlineYaml(value)}` };
  }
  const last = parent.items[parent.items.length - 1];
  const end = last ? nodeLineEnd(text, (last.value ?? last.key) as Node) : nodeLineEnd(text, parent);
  return { from: end, to: end, insert: `\n${keyIndent(text, parent)}${key}: ${inlineYaml(value)}` };
}

/** Removes the key at `path` with its value's lines (undefined when it is not there). */
export function removeKey(text: string, path: YamlPath): TextChange | undefined {
  const key = path[path.length - 1];
  const parent = nodeAt(text, path.slice(0, -1));
  if (!isMap(parent) || typeof key !== 'string') return undefined;
  const pair = pairOf(parent, key);
  if (!pair) return undefined;
  if (parent.flow) {
    const data = { ...(parent.toJSON() as Record<string, unknown>) };
    delete data[key];
    return { from: parent.range![0], to: parent.range![1], insert: inlineYaml(data) };
  }
  const from = lineStart(text, (pair.key as Node).range![0]);
  const to = nodeLineEnd(text, (pair.value ?? pair.key) as Node);
  return { from, to: Math.min(to + 1, text.length), insert: '' };
}

function seqAt(text: string, path: YamlPath): YAMLSeq | undefined {
  const node = nodeAt(text, path);
  return isSeq(node) ? node : undefined;
}

/** The text range of a block list's item, from its line's start to the end of its last line. */
function itemRange(text: string, seq: YAMLSeq, index: number): { from: number; to: number } {
  const item = seq.items[index] as Node;
  const dash = text.lastIndexOf('-', item.range![0]);
  return { from: lineStart(text, dash), to: nodeLineEnd(text, item) };
}

/** Replaces item `index` of the list at `path` (a text, a number) in place. */
export function setListItem(
  text: string,
  path: YamlPath,
  index: number,
  value: unknown,
): TextChange | undefined {
  const seq = seqAt(text, path);
  const item = seq?.items[index] as Node | undefined;
  if (!seq || !item?.range) return undefined;
  if (seq.flow) {
    const data = [...(seq.toJSON() as unknown[])];
    data[index] = value;
    return { from: seq.range![0], to: seq.range![1], insert: inlineYaml(data) };
  }
  let to = item.range[1];
  while (to > item.range[0] && text[to - 1] === '\n') to--;
  return { from: item.range[0], to, insert: inPlace(text, item, value) };
}

/** Appends an item to the list at `path` (a block list, or a flow list rewritten whole). */
export function addItem(text: string, path: YamlPath, value: unknown): TextChange | undefined {
  const seq = seqAt(text, path);
  if (!seq) return undefined;
  if (seq.flow || seq.items.length === 0) {
    const data = [...((seq.toJSON() as unknown[]) ?? []), value];
    return { from: seq.range![0], to: seq.range![1], insert: inlineYaml(data) };
  }
  const last = itemRange(text, seq, seq.items.length - 1);
  const first = itemRange(text, seq, 0);
  const dashAt = text.indexOf('-', first.from);
  const pad = ' '.repeat(dashAt - first.from);
  let body: string;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    body = Object.entries(value)
      .map(([k, v], i) => `${i === 0 ? `${pad}- ` : `${pad}  `}${k}: ${inlineYaml(v)}`)
      .join('\n');
  } else body = `${pad}- ${inlineYaml(value)}`;
  return { from: last.to, to: last.to, insert: `\n${body}` };
}

/** Removes item `index` of the list at `path`, its lines only. */
export function removeItem(text: string, path: YamlPath, index: number): TextChange | undefined {
  const seq = seqAt(text, path);
  if (!seq || !seq.items[index]) return undefined;
  if (seq.flow) {
    const data = (seq.toJSON() as unknown[]).filter((_, i) => i !== index);
    return { from: seq.range![0], to: seq.range![1], insert: inlineYaml(data) };
  }
  // The last item goes: the list becomes `[]`, not an empty value (null).
  if (seq.items.length === 1) return setValue(text, path, []);
  const { from, to } = itemRange(text, seq, index);
  return { from, to: Math.min(to + 1, text.length), insert: '' };
}

/** Swaps item `index` with the next one: one change covering the two items' lines. */
export function swapWithNext(text: string, path: YamlPath, index: number): TextChange | undefined {
  const seq = seqAt(text, path);
  if (!seq || !seq.items[index] || !seq.items[index + 1]) return undefined;
  if (seq.flow) {
    const data = [...(seq.toJSON() as unknown[])];
    [data[index], data[index + 1]] = [data[index + 1], data[index]];
    return { from: seq.range![0], to: seq.range![1], insert: inlineYaml(data) };
  }
  const a = itemRange(text, seq, index);
  const b = itemRange(text, seq, index + 1);
  const between = text.slice(a.to, b.from);
  return { from: a.from, to: b.to, insert: text.slice(b.from, b.to) + between + text.slice(a.from, a.to) };
}

/**
 * Sets several keys of the map at `path` (an image's src, width and height) as one change, so
 * the source takes them as one undoable step: each key as setValue would, then the one range
 * where the texts differ. A missing map is written at `path` whole. Undefined when nothing changes
 * or a key cannot be set.
 */
export function setValues(
  text: string,
  path: YamlPath,
  values: Record<string, unknown>,
): TextChange | undefined {
  if (path.length > 0 && !isMap(nodeAt(text, path))) return setValue(text, path, values);
  let next = text;
  for (const [key, value] of Object.entries(values)) {
    const change = setValue(next, [...path, key], value);
    if (!change) return undefined;
    next = applyChange(next, change);
  }
  return differingRange(text, next);
}

/** The one change that turns `before` into `after`: their common start and end are kept. */
export function differingRange(before: string, after: string): TextChange | undefined {
  if (before === after) return undefined;
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before[start] === after[start]) start++;
  let end = 0;
  while (end < shorter - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
}

/** Applies a change to a text (tests and the form's own bookkeeping). */
export function applyChange(text: string, change: TextChange): string {
  return text.slice(0, change.from) + change.insert + text.slice(change.to);
}

// ---------------------------------------------------------------------------------------------
// Whole blocks (the Estúdio's structure panel): an item of a block list with its comments.

const isCommentLine = (line: string) => /^\s*#/.test(line);

/**
 * The text of each item of a block list: from the comment lines right above its dash (at the
 * dash's indentation or deeper, with no blank line between) to its last line, comment lines
 * indented under the item included. Ends exclude the last line break.
 */
export function itemSpans(text: string, seq: YAMLSeq): { from: number; to: number }[] {
  const spans: { from: number; to: number }[] = [];
  seq.items.forEach((value, i) => {
    const item = value as Node;
    const dash = text.lastIndexOf('-', item.range![0]);
    const dashLine = lineStart(text, dash);
    const column = dash - dashLine;
    // Trailing comment lines indented under the item.
    let to = nodeLineEnd(text, item);
    for (;;) {
      if (to >= text.length) break;
      const next = text.slice(to + 1, lineEnd(text, to + 1));
      if (!isCommentLine(next) || indentOf(next) <= column) break;
      to = lineEnd(text, to + 1);
    }
    // Leading comment lines, never into the previous item.
    const floor = i > 0 ? spans[i - 1]!.to + 1 : 0;
    let from = dashLine;
    while (from > floor) {
      const previous = lineStart(text, from - 1);
      const line = text.slice(previous, from - 1);
      if (previous < floor || !isCommentLine(line) || indentOf(line) < column) break;
      from = previous;
    }
    spans.push({ from, to });
  });
  return spans;
}

/**
 * Moves item `from` of the block list at `path` to position `to`, its comments along: one change
 * over the items between the two places, whose texts are reordered while the text between items
 * (blank lines) stays where it was. Every other byte is unchanged.
 */
export function moveItem(text: string, path: YamlPath, from: number, to: number): TextChange | undefined {
  const seq = seqAt(text, path);
  if (!seq || seq.flow || from === to || !seq.items[from] || !seq.items[to]) return undefined;
  const spans = itemSpans(text, seq);
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  const texts = spans.slice(lo, hi + 1).map((s) => text.slice(s.from, s.to));
  const order = texts.map((_, k) => k);
  const [moved] = order.splice(from - lo, 1);
  order.splice(to - lo, 0, moved!);
  let insert = '';
  for (let k = 0; k < order.length; k++) {
    insert += texts[order[k]!];
    if (k < order.length - 1) insert += text.slice(spans[lo + k]!.to, spans[lo + k + 1]!.from);
  }
  return { from: spans[lo]!.from, to: spans[hi]!.to, insert };
}

/** Removes item `index` of the block list at `path` with its comments and the line break after it. */
export function removeItemWithComments(text: string, path: YamlPath, index: number): TextChange | undefined {
  const seq = seqAt(text, path);
  if (!seq || seq.flow || !seq.items[index]) return undefined;
  if (seq.items.length === 1) return setValue(text, path, []);
  const spans = itemSpans(text, seq);
  const span = spans[index]!;
  // The blank lines before the next item go with it; the last item takes the ones before it.
  if (index < spans.length - 1) return { from: span.from, to: spans[index + 1]!.from, insert: '' };
  return { from: spans[index - 1]!.to, to: span.to, insert: '' };
}

/**
 * A copy of item `index` of the block list at `path` right after it (its comments stay with the
 * original), separated as the item is from the one before it. With `id`, the copy's `id:` value
 * is that text (a copy keeps no anchor of the original's), added after its first key if it has none.
 */
export function duplicateItem(
  text: string,
  path: YamlPath,
  index: number,
  id?: string,
): TextChange | undefined {
  const seq = seqAt(text, path);
  const item = seq?.items[index] as Node | undefined;
  if (!seq || seq.flow || !item) return undefined;
  const spans = itemSpans(text, seq);
  const dash = text.lastIndexOf('-', item.range![0]);
  const own = { from: lineStart(text, dash), to: spans[index]!.to };
  let copy = text.slice(own.from, own.to);
  if (id !== undefined && isMap(item)) {
    const pair = pairOf(item, 'id');
    const value = pair?.value as Node | undefined;
    const first = item.items[0];
    if (value?.range) {
      const start = value.range[0] - own.from;
      copy = copy.slice(0, start) + inlineYaml(id) + copy.slice(value.range[1] - own.from);
    } else if (!pair && first && !item.flow) {
      // No id yet: one line after the item's first key (`- type: …`), at its keys' column.
      const end = nodeLineEnd(text, (first.value ?? first.key) as Node) - own.from;
      const column = (first.key as Node).range![0] - lineStart(text, (first.key as Node).range![0]);
      copy = `${copy.slice(0, end)}\n${' '.repeat(column)}id: ${inlineYaml(id)}${copy.slice(end)}`;
    }
  }
  const gap = index > 0 ? text.slice(spans[index - 1]!.to, spans[index]!.from) : '\n';
  return { from: own.to, to: own.to, insert: `${/\n\s*\n/.test(gap) ? '\n\n' : '\n'}${copy}` };
}

/** A variant's placement of one block: right before or after another. */
export interface Placement {
  side: 'before' | 'after';
  target: string;
}

/** The `move:` entries of a variant, in written order (entries without exactly one side are left out). */
export function readMoves(text: string): Map<string, Placement> {
  const moves = new Map<string, Placement>();
  const node = nodeAt(text, ['move']);
  if (!isMap(node)) return moves;
  for (const pair of node.items) {
    if (!isScalar(pair.key)) continue;
    const value = (pair.value as Node | null)?.toJSON?.() as Record<string, unknown> | undefined;
    if (!value || typeof value !== 'object') continue;
    const sides = (['before', 'after'] as const).filter((s) => typeof value[s] === 'string');
    if (sides.length === 1)
      moves.set(String(pair.key.value), { side: sides[0]!, target: String(value[sides[0]!]) });
  }
  return moves;
}

const placementYaml = (p: Placement) => `{ ${p.side}: ${inlineYaml(p.target)} }`;

/**
 * Writes a variant's `move:` entries: `undefined` deletes a block's entry (and `move:` when it is
 * left empty), a placement sets it. An entry whose value already says the same side keeps its
 * text but the target; a new entry is one line, `name: { after: target }`, at the end of `move:`
 * (created at the end of the file). One change for all of them.
 */
export function setMoves(
  text: string,
  changes: ReadonlyMap<string, Placement | undefined>,
): TextChange | undefined {
  let next = text;
  for (const [name, placement] of changes) {
    const section = nodeAt(next, ['move']);
    const pair = isMap(section) ? pairOf(section, name) : undefined;
    let change: TextChange | undefined;
    if (!placement) {
      if (!pair) continue;
      change =
        isMap(section) && section.items.length === 1
          ? removeKey(next, ['move'])
          : removeKey(next, ['move', name]);
    } else if (pair) {
      const value = pair.value as Node | null;
      const written = isMap(value) ? (value.toJSON() as Record<string, unknown>) : {};
      const keys = Object.keys(written);
      if (keys.length === 1 && keys[0] === placement.side)
        change = setValue(next, ['move', name, placement.side], placement.target);
      else if (value?.range && !isMap(value))
        change = { from: value.range[0], to: nodeLineEnd(next, value), insert: placementYaml(placement) };
      else if (isMap(value) && value.flow)
        change = { from: value.range![0], to: value.range![1], insert: placementYaml(placement) };
      else {
        // A block map with other keys: the entry's lines are written again as one line.
        const from = lineStart(next, (pair.key as Node).range![0]);
        const to = nodeLineEnd(next, (value ?? pair.key) as Node);
        const pad = ' '.repeat((pair.key as Node).range![0] - from);
        change = { from, to, insert: `${pad}${inlineYaml(name)}: ${placementYaml(placement)}` };
      }
    } else if (isMap(section) && !section.flow && section.items.length > 0) {
      const last = section.items[section.items.length - 1]!;
      const end = nodeLineEnd(next, (last.value ?? last.key) as Node);
      change = {
        from: end,
        to: end,
        insert: `\n${keyIndent(next, section)}${inlineYaml(name)}: ${placementYaml(placement)}`,
      };
    } else if (section !== undefined && section !== null) {
      change = setValue(next, ['move'], {
        ...((section as Node).toJSON?.() as Record<string, unknown>),
        [name]: { [placement.side]: placement.target },
      });
    } else {
      const at = next.length;
      const prefix = next.endsWith('\n') || next === '' ? '' : '\n';
      change = {
        from: at,
        to: at,
        insert: `${prefix}move:\n  ${inlineYaml(name)}: ${placementYaml(placement)}\n`,
      };
    }
    if (!change) return undefined;
    next = applyChange(next, change);
  }
  return differingRange(text, next);
}

/**
 * Adds `name` to a variant's `remove:` list (a line at its end, or a new section at the end of
 * the file). Undefined when it is already there.
 */
export function addToRemove(text: string, name: string): TextChange | undefined {
  const node = nodeAt(text, ['remove']);
  if (isSeq(node)) {
    if ((node.toJSON() as unknown[]).includes(name)) return undefined;
    return addItem(text, ['remove'], name);
  }
  if (node !== undefined && node !== null) return setValue(text, ['remove'], [name]);
  const at = text.length;
  const prefix = text.endsWith('\n') || text === '' ? '' : '\n';
  return { from: at, to: at, insert: `${prefix}remove:\n  - ${inlineYaml(name)}\n` };
}

/** Several changes made one after the other, as one change (one undoable step). */
export function chain(
  text: string,
  steps: readonly ((current: string) => TextChange | undefined)[],
): TextChange | undefined {
  let next = text;
  for (const step of steps) {
    const change = step(next);
    if (change) next = applyChange(next, change);
  }
  return differingRange(text, next);
}
