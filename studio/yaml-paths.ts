/**
 * Where things are in a page's YAML text: the path of the node under an offset, the range of a
 * path, and the text edits that add a block or a `change:` entry. Built on the positioned
 * document of the `yaml` package (the runtime's authority for locations); every edit is a
 * plain text insertion, so comments and every other line stay exactly as written.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node, type Scalar } from 'yaml';

export type YamlPath = (string | number)[];

type Parsed = { doc: ReturnType<typeof parseDocument>; lineCounter: LineCounter };
/** The last texts parsed: one keystroke asks about the same text many times (read only here). */
const parsed: { text: string; result: Parsed }[] = [];
const KEPT = 2;

/**
 * The text's positioned document, kept for the next question about the same text (the form's
 * and the page's edits ask several per keystroke). Read only: never change what it returns. Valid
 * until the next call with another text (a keystroke in a value turns the last text's document
 * into this one's: do not hold a document or its nodes across a question about another text).
 */
export function readYaml(text: string): Parsed {
  return parse(text);
}

function parse(text: string): Parsed {
  const hit = parsed.find((p) => p.text === text);
  if (hit) return hit.result;
  const last = parsed[0];
  const edited = last && scalarEdited(last.text, last.result, text);
  if (edited) {
    // The last text's document became this one's: it is no longer kept for the last text.
    parsed.shift();
    parsed.unshift({ text, result: edited });
    return edited;
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, keepSourceTokens: false });
  parsed.unshift({ text, result: { doc, lineCounter } });
  parsed.length = Math.min(parsed.length, KEPT);
  return { doc, lineCounter };
}

/** The nodes below `node`, itself included, with the flow collections' and keys' nesting. */
function eachNode(node: unknown, visit: (node: Node) => void): void {
  if (isMap(node) || isSeq(node)) {
    visit(node);
    for (const item of node.items) {
      if (isPair(item)) {
        eachNode(item.key, visit);
        eachNode(item.value, visit);
      } else eachNode(item, visit);
    }
  } else if (node && typeof node === 'object' && 'range' in node) visit(node as Node);
}

/**
 * A keystroke inside one text (a one-line plain or quoted value, the key and the structure
 * untouched) without parsing the whole page again: the last document with that value read anew
 * and every position after it moved. Undefined whenever it might differ from a full parse (then
 * the text is parsed whole): a change over a line break, a key, a flow collection, an anchor or a
 * tag, a value that alone does not read back as one scalar of the same kind, a document with
 * errors or warnings. A long page's keystroke in the form or on the page: a few milliseconds
 * instead of a parse of thousands of lines.
 */
function scalarEdited(before: string, kept: Parsed, text: string): Parsed | undefined {
  const { doc } = kept;
  if (doc.errors.length > 0 || doc.warnings.length > 0) return undefined;
  let from = 0;
  const shorter = Math.min(before.length, text.length);
  while (from < shorter && before[from] === text[from]) from++;
  let same = 0;
  while (same < shorter - from && before[before.length - 1 - same] === text[text.length - 1 - same]) same++;
  const to = before.length - same;
  const delta = text.length - before.length;
  if (/[\r\n]/.test(before.slice(from, to)) || /[\r\n]/.test(text.slice(from, to + delta))) return undefined;
  // The value that holds the change (never a key, never inside a flow collection).
  let target: Scalar | undefined;
  let node: unknown = doc.contents;
  while (!target) {
    if (isMap(node) || isSeq(node)) {
      if (node.flow) return undefined;
      let inside: unknown;
      for (const item of node.items) {
        const key = isPair(item) ? (item.key as Node | null) : null;
        if (key?.range && from <= key.range[1] && to >= key.range[0]) return undefined;
        const value = (isPair(item) ? item.value : item) as Node | null;
        if (value?.range && from >= value.range[0] && to <= value.range[1]) inside = value;
      }
      if (!inside) return undefined;
      node = inside;
    } else if (isScalar(node)) target = node;
    else return undefined;
  }
  const [start, end] = target.range!;
  const plainOrQuoted = ['PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE'];
  if (!plainOrQuoted.includes(target.type ?? '') || target.tag || target.anchor) return undefined;
  if (/[\r\n]/.test(before.slice(start, end))) return undefined;
  const source = text.slice(start, end + delta);
  const alone = parseDocument(source, { keepSourceTokens: false });
  const read = alone.contents;
  if (
    alone.errors.length > 0 ||
    alone.warnings.length > 0 ||
    alone.commentBefore ||
    alone.comment ||
    !isScalar(read) ||
    read.type !== target.type ||
    read.tag ||
    read.anchor ||
    read.comment ||
    read.commentBefore ||
    read.range?.[0] !== 0 ||
    read.range[1] !== source.length
  )
    return undefined;
  // Every position from the value's end on moves by the change's length.
  eachNode(doc.contents, (n) => {
    if (n.range) n.range = n.range.map((at) => (at >= end ? at + delta : at)) as Node['range'];
  });
  if (doc.range) doc.range = doc.range.map((at) => (at >= end ? at + delta : at)) as typeof doc.range;
  const target_ = target as Scalar & { source?: string; format?: string; minFractionDigits?: number };
  target_.value = read.value;
  for (const key of ['source', 'format', 'minFractionDigits'] as const) {
    const value = (read as typeof target_)[key];
    if (value === undefined) delete target_[key];
    else (target_ as unknown as Record<string, unknown>)[key] = value;
  }
  const lineCounter = new LineCounter();
  for (const at of kept.lineCounter.lineStarts) lineCounter.lineStarts.push(at > from ? at + delta : at);
  return { doc, lineCounter };
}

/** The deepest path whose node contains `offset` (keys count as part of their pair). */
export function pathAt(text: string, offset: number): YamlPath {
  const { doc } = parse(text);
  const path: YamlPath = [];
  let node = doc.contents as Node | null;
  for (;;) {
    if (isMap(node)) {
      const pair = node.items.find((p) => {
        const start = (p.key as Node | null)?.range?.[0];
        const end = (p.value as Node | null)?.range?.[2] ?? (p.key as Node | null)?.range?.[2];
        return start !== undefined && end !== undefined && offset >= start && offset <= end;
      });
      if (!pair || !isScalar(pair.key)) return path;
      path.push(String(pair.key.value));
      node = pair.value as Node | null;
    } else if (isSeq(node)) {
      const index = node.items.findIndex((item) => {
        const r = (item as Node | null)?.range;
        return r != null && offset >= r[0] && offset <= r[2];
      });
      if (index < 0) return path;
      path.push(index);
      node = node.items[index] as Node;
    } else return path;
  }
}

/** The text range of the node at `path`, or undefined when the text has no such node. */
export function rangeOf(text: string, path: YamlPath): { from: number; to: number } | undefined {
  const { doc } = parse(text);
  const node = (path.length === 0 ? doc.contents : doc.getIn(path, true)) as Node | undefined;
  if (!node?.range) return undefined;
  return { from: node.range[0], to: node.range[1] };
}

/** The value at `path` as plain data. */
export function valueAt(text: string, path: YamlPath): unknown {
  const node = parse(text).doc.getIn(path, true) as Node | undefined;
  return node && 'toJSON' in node ? (node as { toJSON(): unknown }).toJSON() : undefined;
}

/** The index of the longest of `paths` that is a prefix of `path` (the block the cursor is in). */
export function longestPrefix(paths: readonly YamlPath[], path: YamlPath): number {
  let best = -1;
  let bestLength = -1;
  paths.forEach((candidate, i) => {
    if (candidate.length > path.length || candidate.length <= bestLength) return;
    if (candidate.every((part, k) => part === path[k])) {
      best = i;
      bestLength = candidate.length;
    }
  });
  return best;
}

const lineStart = (text: string, offset: number) => text.lastIndexOf('\n', offset - 1) + 1;
const lineEnd = (text: string, offset: number) => {
  const end = text.indexOf('\n', offset);
  return end < 0 ? text.length : end;
};
const indent = (block: string, by: string) =>
  block
    .split('\n')
    .map((line) => (line ? by + line : line))
    .join('\n');

export interface TextEdit {
  from: number;
  to: number;
  insert: string;
  /** Where to put the cursor afterwards. */
  cursor: number;
}

/**
 * Adds a block (`example`: a one-item YAML list, `- type: …`, at indent 0) to the page's
 * `blocks:` list, after the item at `afterIndex` (or at the end), at the list's indentation.
 */
export function insertBlockEdit(text: string, example: string, afterIndex?: number): TextEdit | undefined {
  const { doc } = parse(text);
  const blocks = doc.get('blocks', true) as Node | undefined;
  const item = example.replace(/\n+$/, '');
  if (!isSeq(blocks) || blocks.items.length === 0) {
    if (blocks !== undefined && !isSeq(blocks)) return undefined;
    const at = text.length;
    const prefix = text.endsWith('\n') || text === '' ? '' : '\n';
    const insert = `${prefix}blocks:\n${indent(item, '  ')}\n`;
    return { from: at, to: at, insert, cursor: at + insert.indexOf('- type:') + 2 };
  }
  const items = blocks.items as Node[];
  const target = items[Math.min(afterIndex ?? items.length - 1, items.length - 1)]!;
  const first = items[0]!.range![0];
  // The list's indentation is the column of its first "- ".
  const dash = text.lastIndexOf('-', first);
  const pad = ' '.repeat(dash - lineStart(text, dash));
  const end = lineEnd(text, Math.max(target.range![1] - 1, target.range![0]));
  const insert = `\n${indent(item, pad)}`;
  return { from: end, to: end, insert, cursor: end + 1 + pad.length + 2 };
}

/**
 * A variant: adds the block (`example` as above) to `insertAfter:` under `key` (the id of an
 * inherited block, or its type), creating the section or the key as needed.
 */
export function insertAfterEdit(text: string, example: string, key: string): TextEdit {
  const { doc } = parse(text);
  const item = example.replace(/\n+$/, '');
  const section = doc.get('insertAfter', true) as Node | undefined;
  if (isMap(section)) {
    const pair = section.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === key);
    const list = pair?.value as Node | undefined;
    if (isSeq(list) && list.items.length > 0) {
      const last = list.items[list.items.length - 1] as Node;
      const firstItem = list.items[0] as Node;
      const dash = text.lastIndexOf('-', firstItem.range![0]);
      const pad = ' '.repeat(dash - lineStart(text, dash));
      const end = lineEnd(text, Math.max(last.range![1] - 1, last.range![0]));
      const insert = `\n${indent(item, pad)}`;
      return { from: end, to: end, insert, cursor: end + 1 + pad.length + 2 };
    }
    if (!pair) {
      const end = lineEnd(text, Math.max(section.range![1] - 1, section.range![0]));
      const insert = `\n  ${key}:\n${indent(item, '    ')}`;
      return { from: end, to: end, insert, cursor: end + insert.indexOf('- type:') + 2 };
    }
  }
  const at = text.length;
  const prefix = text.endsWith('\n') || text === '' ? '' : '\n';
  const insert = `${prefix}insertAfter:\n  ${key}:\n${indent(item, '    ')}\n`;
  return { from: at, to: at, insert, cursor: at + insert.indexOf('- type:') + 2 };
}

/**
 * A variant: a `change:` entry for the inherited block `key`, pre-filled with one property and
 * its current value from the base (`prop`, `value`), so the author only has to rewrite it.
 * Undefined when the variant already has an entry for it (the cursor goes there instead).
 */
export function changeEntryEdit(
  text: string,
  key: string,
  prop: string,
  value: unknown,
): TextEdit | undefined {
  const { doc } = parse(text);
  const line = `${prop}: ${JSON.stringify(value)}`;
  const comment = '# O que mudar neste bloco herdado: só as propriedades escritas aqui.';
  const section = doc.get('change', true) as Node | undefined;
  if (isMap(section)) {
    if (section.items.some((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === key))
      return undefined;
    const end = lineEnd(text, Math.max(section.range![1] - 1, section.range![0]));
    const insert = `\n  ${key}:\n    ${comment}\n    ${line}`;
    return { from: end, to: end, insert, cursor: end + insert.lastIndexOf(line) + prop.length + 2 };
  }
  const at = text.length;
  const prefix = text.endsWith('\n') || text === '' ? '' : '\n';
  const insert = `${prefix}change:\n  ${key}:\n    ${comment}\n    ${line}\n`;
  return { from: at, to: at, insert, cursor: at + insert.lastIndexOf(line) + prop.length + 2 };
}

/** The block path of a change entry for `key` in a variant, if it has one. */
export function changePath(text: string, key: string): YamlPath | undefined {
  return rangeOf(text, ['change', key]) ? ['change', key] : undefined;
}

/** The offset of a 1-based line and column (as the loader's problems give them). */
export function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  return Math.min(text.length, offset + Math.max(0, column - 1));
}
