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
  LineCounter,
  parseDocument,
  stringify,
  type Node,
  type Pair,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';

export type YamlPath = (string | number)[];

export interface TextChange {
  from: number;
  to: number;
  insert: string;
}

function parse(text: string) {
  return parseDocument(text, { lineCounter: new LineCounter() });
}

const lineStart = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;
const lineEnd = (text: string, at: number) => {
  const end = text.indexOf('\n', at);
  return end < 0 ? text.length : end;
};
/** The end of the last line a node's value occupies (before its newline). */
const nodeLineEnd = (text: string, node: Node) => lineEnd(text, Math.max(node.range![1] - 1, node.range![0]));

/** A value as YAML on one line: plain when safe, quoted otherwise; a collection in flow style. */
export function inlineYaml(value: unknown): string {
  if (typeof value === 'string' && /[\n\r]/.test(value)) return JSON.stringify(value);
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return stringify(value, { lineWidth: 0 }).trimEnd();
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
    return { from: current.range[0], to, insert: inlineYaml(value) };
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
  return { from: item.range[0], to, insert: inlineYaml(value) };
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
function differingRange(before: string, after: string): TextChange | undefined {
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
