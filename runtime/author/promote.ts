/**
 * "Levar a vencedora para a página": when an A/B experiment ends with a variant as the winner, the
 * base page's file takes the variant's content (the caller deletes the variant file and the
 * experiment entry). This module computes the base file's new text, and nothing else.
 *
 * The edit is textual, node by node, with the `yaml` package's ranges (the style of
 * studio/yaml-edits.ts), and replays what runtime/load/extends.ts does:
 * - page settings: the variant's value replaces the base's; maps merge key by key; null is a value;
 * - change: props set in place; maps merge key by key, at any depth; scalars and lists are
 *   replaced whole; null deletes the key (where the base has a map at that level, as mergeValue);
 *   list items changed one by one (a map over a list, decision 0037): each addressed item merged
 *   the same way, a scalar item replaced in place, `2: null` taking the item's lines out;
 * - replace / remove: the block's lines, with the comment lines right above it, replaced / removed;
 * - insertBefore / insertAfter: the variant's blocks, re-indented, around the named block;
 * - move: each block's text (its comment lines above it included) put where the loader puts it.
 * Blocks the variant does not touch keep their exact text, comments included, and so do the
 * header comments and every top-level key the variant does not set. Comments inside the
 * variant's inserted and replacing blocks come along.
 *
 * A base that is itself a variant keeps its own `extends:`: the winner's settings merge into the
 * base's and its operations are composed with the base's, by block name. What would depend on
 * the pages further up the chain (which this function does not see) is refused.
 *
 * Before returning, the result is read back: a page must give exactly the merged page's data.
 */
import {
  isAlias,
  isCollection,
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseDocument,
  visit,
  type Document,
  type Node,
  type Pair,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import { VARIANT_KEYS } from '../../schema/page.ts';
import { itemIndex, orderAfterMoves, resolvePageName, writtenBlockNames } from '../load/index.ts';

/** A promotion refused, in Portuguese; `hint` says what to do instead. */
export class PromoteError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'PromoteError';
  }
}

export interface PromoteInput {
  /** The base page's YAML text. */
  baseSource: string;
  /** The winning variant's YAML text (`extends: <base>`). */
  variantSource: string;
  /** Root-relative, for messages: "pages/agendamento.yaml". */
  baseFile: string;
  variantFile: string;
}

const OPS = ['change', 'replace', 'remove', 'insertBefore', 'insertAfter', 'move'] as const;
type Op = (typeof OPS)[number];
type Data = Record<string, unknown>;

interface Edit {
  from: number;
  to: number;
  insert: string;
}

const CHECK_HINT = 'Rode npm run check: a variante precisa estar sem erros para ser levada para a página.';

/** The base page's new text: the base with the winning variant merged in. */
export function promoteVariant(input: PromoteInput): string {
  const { baseFile, variantFile } = input;
  const base = new Source(input.baseSource, baseFile);
  const variant = new Source(input.variantSource, variantFile);

  const name = variant.data.extends;
  if (typeof name !== 'string') {
    throw new PromoteError(`${variantFile} não é uma variante: falta a linha "extends:".`);
  }
  if (!('file' in resolvePageName(name, [baseFile.replace(/^(.*\/)?pages\//, '')]))) {
    throw new PromoteError(`${variantFile} é variante de "${name}", não de ${baseFile}.`);
  }
  const ops = readOps(variant);
  return typeof base.data.extends === 'string'
    ? promoteIntoVariant(base, variant, ops)
    : promoteIntoPage(base, variant, ops);
}

// ---------------------------------------------------------------------------------------------
// One file: its text, its positioned document, and offsets read from them.

class Source {
  readonly doc: Document.Parsed;
  readonly root: YAMLMap;
  readonly data: Data;

  constructor(
    readonly text: string,
    readonly file: string,
  ) {
    this.doc = parseDocument(text, { schema: 'core', uniqueKeys: true, prettyErrors: false });
    const error = this.doc.errors[0];
    if (error) {
      throw new PromoteError(
        `${file} tem um erro de YAML na linha ${text.slice(0, error.pos[0]).split('\n').length}: corrija o arquivo antes de levar a vencedora para a página.`,
      );
    }
    if (!isMap(this.doc.contents) || this.doc.contents.flow) {
      throw new PromoteError(
        `${file} não é uma página: o arquivo precisa ser um mapa de chaves (title:, blocks:…).`,
      );
    }
    visit(this.doc, {
      Node(_, node) {
        if (isAlias(node) || node.anchor || node.tag) {
          throw new PromoteError(
            `${file} usa âncoras, aliases ou tags (&nome, *nome, !tag): escreva os valores por extenso antes de levar a vencedora para a página.`,
          );
        }
        // A block text that keeps its final blank lines (|+, >+): those lines are its value.
        if (
          isScalar(node) &&
          /^[|>][1-9]?\+/.test(text.slice(node.range?.[0] ?? 0, (node.range?.[0] ?? 0) + 3))
        ) {
          throw new PromoteError(
            `${file} usa um texto em bloco com |+ ou >+: troque por | ou > antes de levar a vencedora para a página.`,
          );
        }
      },
    });
    this.root = this.doc.contents;
    this.data = this.doc.toJS() as Data;
  }

  lineStart(at: number): number {
    return this.text.lastIndexOf('\n', at - 1) + 1;
  }
  lineEnd(at: number): number {
    const end = this.text.indexOf('\n', at);
    return end < 0 ? this.text.length : end;
  }
  col(at: number): number {
    return at - this.lineStart(at);
  }

  /** Where a node's written content ends: without trailing comment lines or line breaks. */
  contentEnd(node: Node | null | undefined, fallback: number): number {
    if (!node?.range) return fallback;
    if (isCollection(node) && !node.flow) {
      const last = node.items[node.items.length - 1];
      if (last === undefined) return node.range[0];
      return isPair(last) ? this.pairEnd(last) : this.contentEnd(last as Node, node.range[0]);
    }
    let end = node.range[1];
    while (end > node.range[0] && /\s/.test(this.text[end - 1]!)) end--;
    return end;
  }

  /** The end of a node's last line (a comment on that line included). */
  endLine(node: Node | null | undefined, fallback: number): number {
    return this.lineEnd(Math.max(this.contentEnd(node, fallback) - 1, fallback));
  }

  pairEnd(pair: Pair): number {
    const colon = this.afterColon(pair);
    return hasValue(pair) ? Math.max(colon, this.contentEnd(pair.value as Node, colon)) : colon;
  }

  /** Right after the `:` of a pair. */
  afterColon(pair: Pair): number {
    return this.text.indexOf(':', (pair.key as Node).range![1]) + 1;
  }

  /** The start of the comment lines written right above a line (no blank line between). */
  attachedStart(lineStart: number): number {
    let start = lineStart;
    while (start > 0) {
      const previous = this.lineStart(start - 1);
      if (!/^\s*#/.test(this.text.slice(previous, start - 1))) break;
      start = previous;
    }
    return start;
  }

  /**
   * Removes whole lines, from a line start to a line end: with the line break before them, so an
   * addition at `to` (after the map's last key) never overlaps; the first lines, with the one after.
   */
  linesOut(from: number, to: number): Edit {
    if (from > 0) return { from: from - 1, to, insert: '' };
    return { from: 0, to: Math.min(to + 1, this.text.length), insert: '' };
  }

  /** The `-` of an item of a block list. */
  dashOf(item: Node): number {
    let at = item.range![0] - 1;
    while (at >= 0 && (this.text[at] === ' ' || this.text[at] === '\t')) at--;
    if (this.text[at] !== '-') {
      throw new PromoteError(
        `Um item de lista de ${this.file} está escrito num formato que não dá para editar.`,
      );
    }
    return at;
  }

  /** Comment lines of [from, to), re-indented at `col`, each ending with a line break. */
  comments(from: number, to: number, col: number): string {
    if (to <= from) return '';
    return this.text
      .slice(from, to)
      .split('\n')
      .filter((line) => /^\s*#/.test(line))
      .map((line) => `${' '.repeat(col)}${line.trim()}\n`)
      .join('');
  }

  /** The comment lines right above a key, re-indented at `col`. */
  commentsAbove(pair: Pair, col: number): string {
    const line = this.lineStart(keyAt(pair));
    if (this.text.slice(line, keyAt(pair)).trim() !== '') return '';
    return this.comments(this.attachedStart(line), line, col);
  }

  /** A key and its value (with the comment lines right above it) for a map whose keys are at `col`. */
  pairText(pair: Pair, col: number, comments = true): string {
    const delta = col - this.col(keyAt(pair));
    const end = this.endLine(pair.value as Node, this.pairEnd(pair));
    const above = comments ? this.commentsAbove(pair, col) : '';
    return above + ' '.repeat(col) + shiftLines(this.text.slice(keyAt(pair), end), delta);
  }

  /** A scalar's or flow collection's own text, its lines after the first moved `delta` columns. */
  inline(value: Node | null, delta: number): string {
    if (!value?.range || !hasText(value)) return 'null';
    return shiftLines(this.text.slice(value.range[0], this.contentEnd(value, 0)), delta);
  }

  /** A pair's value as written after a key at column `col`: from right after the `:` to its end. */
  afterKey(pair: Pair, col: number): string {
    const delta = col - this.col(keyAt(pair));
    const value = pair.value as Node | null;
    if (!isBlockCollection(value)) return ` ${this.inline(value, delta)}`;
    return shiftLines(this.text.slice(this.afterColon(pair), this.endLine(value, 0)), delta);
  }

  /** A block map (a replace entry's value) as an item of a list with dashes at `dash`, keys `gap` after. */
  asItem(value: Node | null, dash: number, gap: number): string {
    const pad = ' '.repeat(dash);
    if (!isMap(value) || value.flow) {
      const delta = value?.range ? dash + 2 - this.col(value.range[0]) : 0;
      return `${pad}- ${this.inline(value, delta)}`;
    }
    const start = value.range![0];
    const body = this.text.slice(start, this.endLine(value, start));
    return `${pad}-${' '.repeat(gap - 1)}${shiftLines(body, dash + gap - this.col(start))}`;
  }

  /** Item `index` of a list (with the comment lines right above it) as an item with dashes at `dash`. */
  itemText(seq: YAMLSeq, index: number, dash: number): string {
    const item = seq.items[index] as Node | null;
    if (seq.flow || !item?.range) return this.asItem(item, dash, 2);
    const at = this.dashOf(item);
    const start = this.attachedStart(this.lineStart(at));
    return shiftLines(this.text.slice(start, this.endLine(item, at)), dash - this.col(at), true);
  }
}

function keyAt(pair: Pair): number {
  return (pair.key as Node).range![0];
}

function keyOf(pair: Pair, file: string): string {
  if (!isScalar(pair.key)) {
    throw new PromoteError(
      `${file} tem uma chave que não é um texto simples: não dá para levá-la para a página.`,
    );
  }
  return String(pair.key.value);
}

function pairOf(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((p) => isScalar(p.key) && String(p.key.value) === key) as Pair | undefined;
}

function isBlockCollection(node: unknown): node is YAMLMap | YAMLSeq {
  return isCollection(node) && !node.flow;
}

/** A `|` or `>` text: nothing may follow its last line (a comment there would be text). */
function isBlockText(node: unknown): boolean {
  return isScalar(node) && (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED');
}

/** A value actually written, not `key:` alone. */
function hasText(node: Node): boolean {
  return !(isScalar(node) && node.value === null && node.source === '');
}

function hasValue(pair: Pair): boolean {
  return isCollection(pair.value) || (isScalar(pair.value) && hasText(pair.value));
}

function isNull(node: unknown): boolean {
  return node === null || node === undefined || (isScalar(node) && node.value === null);
}

/** Moves lines `delta` columns (every line, or every line but the first); empty lines stay empty. */
function shiftLines(text: string, delta: number, first = false): string {
  if (delta === 0) return text;
  return text
    .split('\n')
    .map((line, i) => {
      if ((i === 0 && !first) || line === '') return line;
      if (delta > 0) return ' '.repeat(delta) + line;
      return line.slice(Math.min(/^ */.exec(line)![0].length, -delta));
    })
    .join('\n');
}

/** Applies non-overlapping edits to `text`, whose first character is at `offset`. */
function applyEdits(text: string, edits: Edit[], offset = 0): string {
  const sorted = [...edits].sort((a, b) => a.from - b.from || a.to - b.to);
  let out = '';
  let at = offset;
  for (const edit of sorted) {
    if (edit.from < at) throw new PromoteError('promoteVariant: duas mudanças no mesmo trecho do arquivo.');
    out += text.slice(at - offset, edit.from - offset) + edit.insert;
    at = edit.to;
  }
  return out + text.slice(at - offset);
}

// ---------------------------------------------------------------------------------------------
// The variant's settings and operations.

interface Ops {
  settings: Pair[];
  change: Pair[];
  replace: Pair[];
  remove: Node[];
  insertBefore: Pair[];
  insertAfter: Pair[];
  /** `<block>: { before: <block> }` or `{ after: <block> }`. */
  move: Pair[];
}

function readOps(variant: Source): Ops {
  const ops: Ops = {
    settings: [],
    change: [],
    replace: [],
    remove: [],
    insertBefore: [],
    insertAfter: [],
    move: [],
  };
  const bad = (op: string) =>
    new PromoteError(
      `${variant.file}: "${op}" está escrito num formato que a página não aceita.`,
      CHECK_HINT,
    );
  // One block changed, replaced or removed once (the loader's extends-conflict, by name).
  const fates = new Map<string, string>();
  const claim = (name: string, op: string) => {
    const earlier = fates.get(name);
    if (earlier) throw conflict(variant, name, earlier, op);
    fates.set(name, op);
  };
  for (const pair of variant.root.items) {
    const key = keyOf(pair, variant.file);
    if (key === 'extends') continue;
    if (key === 'blocks') {
      throw new PromoteError(
        `${variant.file} tem "blocks": uma variante herda os blocos da base.`,
        CHECK_HINT,
      );
    }
    if (!(VARIANT_KEYS as string[]).includes(key)) {
      ops.settings.push(pair);
      continue;
    }
    if (!OPS.includes(key as Op)) {
      throw new PromoteError(`A operação "${key}" de ${variant.file} não pode ser levada para a página.`);
    }
    const value = pair.value;
    if (isNull(value)) continue;
    if (key === 'remove') {
      if (!isSeq(value) || !value.items.every((i) => isScalar(i) && typeof i.value === 'string'))
        throw bad(key);
      ops.remove.push(...(value.items as Node[]));
      for (const item of value.items as Node[]) claim(nameOf(item), key);
      continue;
    }
    if (!isMap(value)) throw bad(key);
    if (key === 'move') {
      for (const entry of value.items) {
        keyOf(entry, variant.file);
        if (!moveOf(entry)) throw bad(key);
        ops.move.push(entry);
      }
      continue;
    }
    for (const entry of value.items) {
      const name = keyOf(entry, variant.file);
      if (key !== 'insertBefore' && key !== 'insertAfter') claim(name, key);
      if (key === 'change' && !isMap(entry.value)) throw bad(key);
      if (key === 'change' && pairOf(entry.value as YAMLMap, 'type')) {
        throw new PromoteError(`Em change ${name}, ${variant.file} muda o tipo do bloco.`, CHECK_HINT);
      }
      if ((key === 'insertBefore' || key === 'insertAfter') && !isSeq(entry.value)) throw bad(key);
      ops[key as Exclude<Op, 'remove' | 'move'>].push(entry);
    }
  }
  return ops;
}

/** A move entry's side and target (`{ after: hero }`), or undefined if it is not written so. */
function moveOf(entry: Pair): { side: 'before' | 'after'; target: string } | undefined {
  if (!isMap(entry.value)) return undefined;
  const sides = entry.value.items.filter(
    (p) => isScalar(p.key) && ['before', 'after'].includes(String(p.key.value)),
  );
  const pair = sides[0];
  if (sides.length !== 1 || entry.value.items.length !== 1 || !pair || !isScalar(pair.value))
    return undefined;
  if (typeof pair.value.value !== 'string') return undefined;
  return {
    side: String((pair.key as Node & { value: unknown }).value) as 'before' | 'after',
    target: pair.value.value,
  };
}

const nameOf = (node: Node) => String((node as { value?: unknown }).value);

function conflict(variant: Source, name: string, earlier: string, op: string): PromoteError {
  return new PromoteError(
    `${variant.file} usa o bloco "${name}" em ${earlier} e em ${op}: cada bloco pode ser mudado, trocado ou removido uma vez só.`,
    CHECK_HINT,
  );
}

// ---------------------------------------------------------------------------------------------
// A variant's map merged into the base's map, as edits of the base's text.

/** How keys merge: see the file's header, and composeRefusal for the chain modes. */
type Mode = 'settings' | 'change' | 'chain-settings' | 'compose';

interface Merge {
  base: Source;
  variant: Source;
  mode: Mode;
  /** For messages: "change hero". */
  where: string;
  edits: Edit[];
}

/**
 * Merges the variant's pairs `over` into the base's map `into` (runtime/load/extends.ts
 * mergeValue). `parent` is the pair `into` is the value of; `addAt` places keys the base lacks
 * (default: after its last key).
 */
function mergeMap(
  m: Merge,
  into: YAMLMap,
  over: Pair[],
  path: string[],
  parent?: Pair,
  addAt?: (texts: string[]) => Edit,
): void {
  const { base, variant, mode } = m;
  const first = into.items[0];
  const col = base.col(first ? keyAt(first) : into.range![0]);
  const deleted: Pair[] = [];
  const added: string[] = [];
  for (const pair of over) {
    const key = keyOf(pair, variant.file);
    const value = pair.value as Node | null;
    const existing = pairOf(into, key);
    const current = existing?.value as Node | null | undefined;
    if (mode === 'change' && isNull(value)) {
      if (existing) deleted.push(existing);
      continue;
    }
    if (mode === 'compose' && path.length > 0 && isNull(value))
      throw composeRefusal(m, [...path, key], 'null');
    if (mode === 'change' && existing && isSeq(current) && isMap(value)) {
      mergeItemsText(m, current, value, [...path, key]);
      continue;
    }
    if (existing && isMap(current) && isMap(value)) {
      if (!current.flow) mergeMap(m, current, value.items, [...path, key], existing);
      else if (mode !== 'settings' && mode !== 'change') throw composeRefusal(m, [...path, key], 'flow');
      else {
        // A map written in flow style ({ a: 1 }) is written again whole, merged.
        const merged = mergeData(current.toJS(base.doc), value.toJS(variant.doc), mode === 'change');
        m.edits.push({
          from: current.range![0],
          to: base.contentEnd(current, 0),
          insert: JSON.stringify(merged),
        });
      }
      continue;
    }
    if (existing && isMap(value) && (mode === 'compose' || mode === 'chain-settings')) {
      throw composeRefusal(m, [...path, key], 'map');
    }
    if (existing) m.edits.push(replaceValue(base, existing, variant, pair));
    // A page setting comes without the comment lines above it: they may be the file's header.
    else added.push(variant.pairText(pair, col, into !== base.root));
  }

  if (parent && deleted.length > 0 && deleted.length === into.items.length && added.length === 0) {
    // Every key deleted: the map stays, empty, as the loader leaves it.
    m.edits.push({ from: base.afterColon(parent), to: base.endLine(into, 0), insert: ' {}' });
    return;
  }
  for (const pair of deleted) m.edits.push(removePair(base, into, pair));
  if (added.length === 0) return;
  if (addAt) m.edits.push(addAt(added));
  else {
    const end = base.endLine(into, into.range![0]);
    m.edits.push({ from: end, to: end, insert: added.map((text) => `\n${text}`).join('') });
  }
}

/**
 * The variant's map `over` (item addresses: position from 1, or id) merged into the base's list
 * `seq` (runtime/load/extends.ts mergeItems): an item's map merged as a block's change, a list in
 * it the same way, a scalar item replaced in place, `null` taking the item's lines out. Anything
 * else (a block collection replacing a scalar item…) is left to the final check, which refuses
 * what it cannot read back.
 */
function mergeItemsText(m: Merge, seq: YAMLSeq, over: YAMLMap, path: string[]): void {
  const { base, variant } = m;
  const data = seq.toJS(base.doc) as unknown[];
  if (seq.flow) {
    // A list written in flow style ([a, b]) is written again whole, merged.
    const merged = mergeData(data, over.toJS(variant.doc), true);
    m.edits.push({ from: seq.range![0], to: base.contentEnd(seq, 0), insert: JSON.stringify(merged) });
    return;
  }
  for (const pair of over.items) {
    const key = keyOf(pair, variant.file);
    const found = itemIndex(data, key);
    if (!('index' in found)) continue; // refused before (refuseItemChanges)
    const item = seq.items[found.index] as Node;
    const value = pair.value as Node | null;
    if (isNull(value)) {
      const dash = base.dashOf(item);
      m.edits.push(base.linesOut(base.attachedStart(base.lineStart(dash)), base.endLine(item, dash)));
    } else if (isMap(item) && isMap(value)) {
      if (!item.flow) mergeMap(m, item, value.items, [...path, key]);
      else {
        const merged = mergeData(item.toJS(base.doc), value.toJS(variant.doc), true);
        m.edits.push({ from: item.range![0], to: base.contentEnd(item, 0), insert: JSON.stringify(merged) });
      }
    } else if (isSeq(item) && isMap(value)) mergeItemsText(m, item, value, [...path, key]);
    else if (!isBlockCollection(item) && !isBlockCollection(value) && !isBlockText(value)) {
      const delta = base.col(item.range![0]) - variant.col(keyAt(pair));
      m.edits.push({
        from: item.range![0],
        to: base.contentEnd(item, 0),
        insert: variant.inline(value, delta),
      });
    } else {
      throw new PromoteError(
        `Em ${m.where}, ${variant.file} troca o item ${key} da lista "${path.join('.')}" por um valor escrito em várias linhas: não dá para levar a vencedora automaticamente.`,
        `Leve essa mudança para ${base.file} à mão.`,
      );
    }
  }
}

/** The base's value of `pair` replaced by the variant's value of `over`. */
function replaceValue(base: Source, pair: Pair, variant: Source, over: Pair): Edit {
  const col = base.col(keyAt(pair));
  const value = pair.value as Node | null;
  if (
    hasValue(pair) &&
    !isBlockCollection(value) &&
    !isBlockCollection(over.value) &&
    !isBlockText(over.value)
  ) {
    // A scalar (or flow value) in place: a comment after it stays.
    const delta = col - variant.col(keyAt(over));
    return {
      from: value!.range![0],
      to: base.contentEnd(value, 0),
      insert: variant.inline(over.value as Node, delta),
    };
  }
  const from = base.afterColon(pair);
  const to = hasValue(pair) ? base.endLine(value, from) : base.lineEnd(from);
  return { from, to, insert: variant.afterKey(over, col) };
}

/** A key, its value's lines and the comment lines right above it, out of a block map. */
function removePair(base: Source, map: YAMLMap, pair: Pair): Edit {
  const key = keyAt(pair);
  const line = base.lineStart(key);
  if (base.text.slice(line, key).trim() !== '') {
    // The first key of a list item (`- id: x`): the next key moves up to the dash's line.
    const next = map.items[map.items.indexOf(pair) + 1];
    if (!next) throw new Error('promoteVariant: a list item without keys');
    return { from: key, to: keyAt(next), insert: '' };
  }
  return base.linesOut(base.attachedStart(line), base.endLine(pair.value as Node, base.pairEnd(pair)));
}

/** runtime/load/extends.ts mergeValue on data: maps merge key by key; with nullDeletes, null deletes. */
function mergeData(base: unknown, over: unknown, nullDeletes: boolean): unknown {
  if (nullDeletes && Array.isArray(base) && isRecord(over)) {
    // List items by position or id (runtime/load/extends.ts mergeItems); checked before.
    const items = [...(base as unknown[])];
    const removed = new Set<number>();
    for (const [key, value] of Object.entries(over)) {
      const found = itemIndex(base, key);
      if (!('index' in found)) continue;
      if (value === null) removed.add(found.index);
      else items[found.index] = mergeData(items[found.index], value, true);
    }
    return items.filter((_, i) => !removed.has(i));
  }
  if (!isRecord(base) || !isRecord(over)) return over;
  const data: Data = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value === null && nullDeletes) {
      delete data[key];
      continue;
    }
    const own = Object.hasOwn(base, key) ? base[key] : undefined;
    const merged = mergeData(own, value, nullDeletes);
    Object.defineProperty(data, key, { value: merged, enumerable: true, writable: true, configurable: true });
  }
  return data;
}

/**
 * List items changed one by one (`items: { 2: { answer: … } }`, decision 0037) are not replayed
 * as text edits yet: such a winner is refused by name, before any edit. `over` is the change of
 * block `name`, `block` the base's block.
 */
function refuseItemChanges(base: Source, variant: Source, name: string, block: unknown, over: unknown): void {
  const walk = (b: unknown, o: unknown, path: string[]): void => {
    const refuse = (why: string) =>
      new PromoteError(
        `Em change ${name}, ${variant.file} muda itens da lista "${path.join('.')}" um a um, ${why}: não dá para levar a vencedora automaticamente.`,
        `Leve essa mudança para ${base.file} à mão, ou escreva a lista inteira na variante.`,
      );
    // A list the base does not write (the block's default) is recognised by its position keys.
    if (b === undefined && isRecord(o) && Object.keys(o).some((k) => /^[1-9][0-9]*$/.test(k))) {
      throw refuse(`e ${base.file} não escreve essa lista (ela vem do padrão do bloco)`);
    }
    if (Array.isArray(b) && isRecord(o)) {
      const removed = Object.entries(o).filter(([, value]) => value === null).length;
      for (const [key, value] of Object.entries(o)) {
        const found = itemIndex(b, key);
        if (!('index' in found))
          throw new PromoteError(
            `Em change ${name}, ${variant.file} usa o item "${key}", que não existe na lista "${path.join('.')}" de ${base.file}.`,
            CHECK_HINT,
          );
        walk(b[found.index], value, [...path, key]);
      }
      if (removed > 0 && removed >= b.length) throw refuse('e tira todos os itens');
      return;
    }
    if (!isRecord(b) || !isRecord(o)) return;
    for (const [key, value] of Object.entries(o)) {
      walk(Object.hasOwn(b, key) ? b[key] : undefined, value, [...path, key]);
    }
  };
  walk(block, over, []);
}

/**
 * When the base is itself a variant, a list item addressed by position in the winner's change or
 * in the base's (`rows: { 2: … }`) may name another item once both are composed (the base's own
 * change may take items out): refused. Items addressed by `id` compose as maps do.
 */
function refusePositionsInChain(base: Source, variant: Source, name: string, values: unknown[]): void {
  const find = (node: unknown, path: string[]): string[] | undefined => {
    if (!isMap(node)) return undefined;
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      const at = [...path, key];
      if (path.length > 0 && /^[1-9][0-9]*$/.test(key)) return at;
      const found = find(pair.value, at);
      if (found) return found;
    }
    return undefined;
  };
  for (const value of values) {
    const at = find(value, []);
    if (!at) continue;
    throw new PromoteError(
      `Em change ${name}, um item de lista é indicado pela posição ("${at.join('.')}"), e ${base.file} também é uma variante (de "${String(base.data.extends)}"): a posição poderia apontar outro item.`,
      `Leve essa mudança para ${base.file} à mão.`,
    );
  }
}

function isRecord(value: unknown): value is Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** New top-level keys go right above the first of `before` the base has (and its comments), or last. */
function topLevelAdd(base: Source, before: readonly string[]): (texts: string[]) => Edit {
  return (texts) => {
    const next = base.root.items.find((p) => before.includes(nameOf(p.key as Node)));
    if (next) {
      const at = base.attachedStart(base.lineStart(keyAt(next)));
      return { from: at, to: at, insert: texts.map((text) => `${text}\n`).join('') };
    }
    const end = base.endLine(base.root, 0);
    return { from: end, to: end, insert: texts.map((text) => `\n${text}`).join('') };
  };
}

// ---------------------------------------------------------------------------------------------
// The base is a page with its own blocks.

function promoteIntoPage(base: Source, variant: Source, ops: Ops): string {
  const edits: Edit[] = [];
  const settings: Merge = { base, variant, mode: 'settings', where: 'configurações', edits };
  mergeMap(settings, base.root, ops.settings, [], undefined, topLevelAdd(base, ['blocks']));
  const expected: Data = { ...base.data };
  for (const pair of ops.settings) {
    const key = keyOf(pair, variant.file);
    expected[key] = mergeData(base.data[key], variant.data[key], false);
  }

  const blocksPair = pairOf(base.root, 'blocks');
  const seq = blocksPair?.value;
  if (!isSeq(seq) || seq.flow || seq.items.length === 0) {
    if (OPS.every((op) => ops[op].length === 0)) return checked(base, variant, edits, expected);
    throw new PromoteError(
      `A lista "blocks" de ${base.file} não está escrita com um bloco por item (- type: …): não dá para levar a vencedora.`,
    );
  }
  const items = seq.items as Node[];
  const plan = planBlocks(base, variant, ops, base.data.blocks as unknown[]);
  expected.blocks = plan.order.map((k) => plan.expected[k]);

  // Each block's own text: the comment lines above it, its lines, and the deeper comments after it.
  const dashes = items.map((item) => base.dashOf(item));
  const dashCol = base.col(dashes[0]!);
  const gap = isMap(items[0]) && !items[0].flow ? base.col(items[0].range![0]) - dashCol : 2;
  const starts: number[] = [];
  const ends: number[] = [];
  items.forEach((item, i) => {
    let start: number | undefined;
    let at = i === 0 ? base.lineEnd(keyAt(blocksPair!)) + 1 : ends[i - 1]! + 1;
    while (at < base.lineStart(dashes[i]!)) {
      const line = base.text.slice(at, base.lineEnd(at));
      const comment = /^( *)#/.exec(line);
      if (comment && start === undefined) {
        if (i > 0 && comment[1]!.length > dashCol) ends[i - 1] = at + line.length;
        else start = at;
      }
      at += line.length + 1;
    }
    starts.push(start ?? base.lineStart(dashes[i]!));
    ends.push(base.endLine(item, dashes[i]!));
  });

  const sep = items.length > 1 && /\n[ \t]*\n/.test(base.text.slice(ends[0], starts[1])) ? '\n\n' : '\n';
  const units: { text: string; index?: number }[] = [];
  const insert = (list: Insert[] | undefined) =>
    list?.forEach(({ entry, index }) => {
      const lead = index === 0 ? variant.commentsAbove(entry, dashCol) : '';
      units.push({ text: lead + variant.itemText(entry.value as YAMLSeq, index, dashCol) });
    });
  items.forEach((item, i) => {
    insert(plan.before.get(i));
    const fate = plan.fates.get(i);
    const own = base.text.slice(starts[i], ends[i]);
    if (fate?.op === 'replace') {
      const entry = fate.entry!;
      const value = entry.value as Node;
      const inner = isBlockCollection(value)
        ? variant.comments(variant.lineEnd(keyAt(entry)) + 1, variant.lineStart(value.range![0]), dashCol)
        : '';
      units.push({
        text: variant.commentsAbove(entry, dashCol) + inner + variant.asItem(value, dashCol, gap),
      });
    } else if (fate?.op === 'change') {
      const over = fate.entry!.value as YAMLMap;
      if (isMap(item) && !item.flow) {
        const local: Edit[] = [];
        const change: Merge = { base, variant, mode: 'change', where: `change ${fate.name}`, edits: local };
        mergeMap(change, item, over.items, []);
        units.push({ text: applyEdits(own, local, starts[i]), index: i });
      } else {
        // A block written in flow style ({ type: …, … }) is written again whole, merged.
        const merged = mergeData(item.toJS(base.doc), over.toJS(variant.doc), true);
        const edit = { from: item.range![0], to: base.contentEnd(item, 0), insert: JSON.stringify(merged) };
        units.push({ text: applyEdits(own, [edit], starts[i]), index: i });
      }
    } else if (fate?.op !== 'remove') units.push({ text: own, index: i });
    insert(plan.after.get(i));
  });
  if (units.length === 0) {
    throw new PromoteError(
      `${variant.file} tira todos os blocos de ${base.file}: a página ficaria vazia.`,
      CHECK_HINT,
    );
  }
  // One unit per merged block, in the same order: move puts them in the final one.
  const region = plan.order
    .map((k) => units[k]!)
    .map((unit, k, ordered) => {
      const previous = ordered[k - 1]?.index;
      if (k === 0) return unit.text;
      if (previous !== undefined && unit.index === previous + 1) {
        return base.text.slice(ends[previous], starts[unit.index]) + unit.text;
      }
      return sep + unit.text;
    })
    .join('');
  edits.push({ from: starts[0]!, to: ends[items.length - 1]!, insert: region });
  return checked(base, variant, edits, expected);
}

interface Fate {
  op: 'change' | 'replace' | 'remove';
  name: string;
  /** The change or replace entry. */
  entry?: Pair;
}

interface Insert {
  entry: Pair;
  index: number;
}

/** Which base block each operation names, resolved as runtime/load/extends.ts does; the merged blocks. */
function planBlocks(base: Source, variant: Source, ops: Ops, blocks: unknown[]) {
  const byId = new Map<string, number>();
  const byType = new Map<string, number[]>();
  blocks.forEach((b, i) => {
    if (!isRecord(b)) return;
    if (typeof b.id === 'string' && !byId.has(b.id)) byId.set(b.id, i);
    if (typeof b.type === 'string') byType.set(b.type, [...(byType.get(b.type) ?? []), i]);
  });
  const find = (name: string, op: Op): number => {
    const index = byId.get(name) ?? (byType.get(name)?.length === 1 ? byType.get(name)![0] : undefined);
    if (index !== undefined) return index;
    throw new PromoteError(
      (byType.get(name)?.length ?? 0) > 1
        ? `Em ${op}, ${variant.file} chama de "${name}" um bloco que aparece mais de uma vez em ${base.file}.`
        : `Em ${op}, ${variant.file} usa o bloco "${name}", que não existe em ${base.file}.`,
      CHECK_HINT,
    );
  };

  const fates = new Map<number, Fate>();
  const claim = (fate: Fate) => {
    const index = find(fate.name, fate.op);
    const earlier = fates.get(index);
    if (earlier) throw conflict(variant, fate.name, earlier.op, fate.op);
    fates.set(index, fate);
  };
  for (const entry of ops.change) claim({ op: 'change', name: keyOf(entry, variant.file), entry });
  for (const entry of ops.replace) claim({ op: 'replace', name: keyOf(entry, variant.file), entry });
  for (const node of ops.remove) claim({ op: 'remove', name: nameOf(node) });

  const inserts = (op: 'insertBefore' | 'insertAfter') => {
    const at = new Map<number, Insert[]>();
    for (const entry of ops[op]) {
      const index = find(keyOf(entry, variant.file), op);
      const list = (entry.value as YAMLSeq).items.map((_, j) => ({ entry, index: j }));
      at.set(index, [...(at.get(index) ?? []), ...list]);
    }
    return at;
  };
  const before = inserts('insertBefore');
  const after = inserts('insertAfter');

  // The merged blocks, as the loader builds them, for the final check; where each base block
  // landed, and which ones the variant wrote (for move's names).
  const js = (node: unknown): unknown =>
    isCollection(node) || isScalar(node) ? node.toJS(variant.doc) : null;
  const expected: unknown[] = [];
  const written = new Set<number>();
  const slotOfBase = new Map<number, number>();
  const add = (list: Insert[] | undefined) =>
    list?.forEach(({ entry, index }) => {
      written.add(expected.length);
      expected.push(js((entry.value as YAMLSeq).items[index]));
    });
  blocks.forEach((block, i) => {
    add(before.get(i));
    const fate = fates.get(i);
    if (fate?.op !== 'remove') slotOfBase.set(i, expected.length);
    if (fate?.op === 'replace') {
      written.add(expected.length);
      expected.push(js(fate.entry!.value));
    } else if (fate?.op === 'change') {
      const over = js(fate.entry!.value);
      refuseItemChanges(base, variant, fate.name, block, over);
      expected.push(mergeData(block, over, true));
    } else if (fate?.op !== 'remove') expected.push(block);
    add(after.get(i));
  });

  // move, last (runtime/load/extends.ts applyMoves): a base block by the name the other
  // operations use, else a block the variant wrote, by its id or its type.
  const own = writtenBlockNames(expected, written);
  const slot = (name: string): number => {
    const index = byId.get(name) ?? (byType.get(name)?.length === 1 ? byType.get(name)![0] : undefined);
    if (index === undefined && own.has(name)) return own.get(name)!;
    const at = slotOfBase.get(index ?? find(name, 'move'));
    if (at === undefined) {
      throw new PromoteError(
        `Em move, ${variant.file} usa o bloco "${name}", que ela mesma tira da página.`,
        CHECK_HINT,
      );
    }
    return at;
  };
  const places = new Set<string>();
  const moves = ops.move.map((entry) => {
    const { side, target } = moveOf(entry)!;
    const move = { k: slot(keyOf(entry, variant.file)), side, to: slot(target) };
    if (move.k === move.to || places.has(`${side} ${move.to}`)) {
      throw new PromoteError(`Em move, ${variant.file} põe dois blocos no mesmo lugar.`, CHECK_HINT);
    }
    places.add(`${side} ${move.to}`);
    return move;
  });
  const order = orderAfterMoves(expected.length, moves);
  if (order.length !== expected.length) {
    throw new PromoteError(
      `Em move, as mudanças de lugar de ${variant.file} dependem umas das outras.`,
      CHECK_HINT,
    );
  }
  return { fates, before, after, expected, order };
}

/** The edited text, once read back as exactly `expected`. */
function checked(base: Source, variant: Source, edits: Edit[], expected: Data): string {
  const text = applyEdits(base.text, edits);
  if (!sameData(readBack(text, base.file), expected)) {
    throw new PromoteError(
      `Não foi possível escrever ${base.file} com o mesmo conteúdo de ${variant.file}: o jeito como um dos arquivos está escrito não é suportado.`,
      `Leve as mudanças de ${variant.file} para ${base.file} à mão.`,
    );
  }
  return text;
}

function readBack(text: string, file: string): unknown {
  const doc = parseDocument(text, { schema: 'core', uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw new PromoteError(
      `Não foi possível escrever ${file} sem erros de YAML a partir da vencedora.`,
      `Leve as mudanças para ${file} à mão.`,
    );
  }
  return doc.toJS();
}

/** Deep equality of YAML data; the order of a map's keys does not matter. */
function sameData(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameData(x, b[i]))
    );
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameData(a[k], b[k]))
    );
  }
  return Object.is(a, b);
}

// ---------------------------------------------------------------------------------------------
// The base is itself a variant: the winner's operations composed with the base's.

/**
 * Why composing a change (or settings) with the base's cannot be faithful without the page the
 * base extends: the winner merges a map into a value the base replaces whole (`map`: the page
 * above would merge its own map back in), or deletes a key inside a map the base changes (`null`:
 * where the page above has no map there, the loader keeps the null).
 */
function composeRefusal(m: Merge, path: string[], why: 'null' | 'map' | 'flow'): PromoteError {
  const { base, variant } = m;
  const prop = path.join('.');
  const up = `"${String(base.data.extends)}", a página que ${base.file} estende`;
  const messages = {
    null: `Em ${m.where}, ${variant.file} apaga "${prop}" (null) dentro de um valor que ${base.file} também muda: o resultado dependeria de ${up}.`,
    map: `Em ${m.where}, ${variant.file} muda "${prop}" por partes, mas ${base.file} troca esse valor inteiro: o resultado dependeria de ${up}.`,
    flow: `Em ${m.where}, ${base.file} escreve "${prop}" entre chaves ({ … }): escreva uma propriedade por linha para levar a vencedora.`,
  };
  return new PromoteError(messages[why], `Leve essa mudança para ${base.file} à mão.`);
}

function promoteIntoVariant(base: Source, variant: Source, ops: Ops): string {
  // Its moves were made on the middle page's blocks, themselves moved or written by it: not
  // composed here.
  if (ops.move.length > 0) {
    throw new PromoteError(
      `${variant.file} muda blocos de lugar (move), e ${base.file} também é uma variante (de "${String(base.data.extends)}"): não dá para levar a vencedora automaticamente.`,
      `Leve as mudanças de ${variant.file} para ${base.file} à mão.`,
    );
  }
  const edits: Edit[] = [];
  const settings: Merge = { base, variant, mode: 'chain-settings', where: 'configurações', edits };
  mergeMap(settings, base.root, ops.settings, [], undefined, topLevelAdd(base, OPS));

  const own = (op: Op): YAMLMap | YAMLSeq | undefined => {
    const value = pairOf(base.root, op)?.value;
    if (isNull(value)) return undefined;
    if (!isBlockCollection(value)) {
      throw new PromoteError(
        `"${op}" de ${base.file} está escrito entre chaves ou colchetes: escreva uma entrada por linha para levar a vencedora.`,
      );
    }
    return value;
  };
  const entry = (op: Exclude<Op, 'remove'>, name: string) => {
    const map = own(op);
    return isMap(map) ? pairOf(map, name) : undefined;
  };

  // Names the winner may not touch: the blocks the base writes itself (by id and by type), and
  // the blocks it replaces or removes.
  const written = new Set<string>();
  for (const op of ['replace', 'insertBefore', 'insertAfter'] as const) {
    const entries = base.data[op];
    if (!isRecord(entries)) continue;
    for (const block of Object.values(entries).flat()) {
      if (!isRecord(block)) continue;
      if (typeof block.id === 'string') written.add(block.id);
      if (typeof block.type === 'string') written.add(block.type);
    }
  }
  const removed = new Set(Array.isArray(base.data.remove) ? base.data.remove.map(String) : []);
  const check = (op: Op, name: string) => {
    const why = written.has(name)
      ? `${base.file} escreve ela mesma (em replace ou insert)`
      : removed.has(name) || entry('replace', name)
        ? `${base.file} troca ou remove`
        : undefined;
    if (why) {
      throw new PromoteError(
        `Em ${op}, ${variant.file} usa o bloco "${name}", que ${why}. Como ${base.file} também é uma variante (de "${String(base.data.extends)}"), não dá para levar a vencedora automaticamente.`,
        `Leve essa mudança para ${base.file} à mão.`,
      );
    }
  };

  // Entries each operation map of the base loses, gains at its end, and gains at its start.
  const lose = new Map<Op, Pair[]>();
  const gain = new Map<Op, string[]>();
  const gainFirst: string[] = [];
  const add = <T>(map: Map<Op, T[]>, op: Op, value: T) => map.set(op, [...(map.get(op) ?? []), value]);
  const dropChange = (name: string) => {
    const pair = entry('change', name);
    if (pair) add(lose, 'change', pair);
  };
  const colOf = (op: Op) => {
    const node = own(op);
    const first = node?.items[0];
    if (!first) return 2;
    return isPair(first) ? base.col(keyAt(first)) : base.col(base.dashOf(first as Node));
  };

  for (const pair of ops.change) {
    const name = keyOf(pair, variant.file);
    check('change', name);
    const mine = entry('change', name);
    refusePositionsInChain(base, variant, name, [pair.value, mine?.value]);
    const compose: Merge = { base, variant, mode: 'compose', where: `change ${name}`, edits };
    if (!mine) add(gain, 'change', variant.pairText(pair, colOf('change')));
    else if (!isMap(mine.value) || mine.value.flow) throw composeRefusal(compose, [name], 'flow');
    else mergeMap(compose, mine.value, (pair.value as YAMLMap).items, [], mine);
  }
  for (const pair of ops.replace) {
    const name = keyOf(pair, variant.file);
    check('replace', name);
    dropChange(name);
    add(gain, 'replace', variant.pairText(pair, colOf('replace')));
  }
  for (const node of ops.remove) {
    check('remove', nameOf(node));
    dropChange(nameOf(node));
    add(gain, 'remove', `${' '.repeat(colOf('remove'))}- ${variant.inline(node, 0)}`);
  }
  for (const op of ['insertBefore', 'insertAfter'] as const) {
    for (const pair of ops[op]) {
      const name = keyOf(pair, variant.file);
      check(op, name);
      const list = entry(op, name)?.value;
      if (list === undefined) {
        // A new insertAfter entry goes first: should the two files name one block differently,
        // the winner's blocks still come right after it, before the base's.
        if (op === 'insertAfter') gainFirst.push(variant.pairText(pair, colOf(op)));
        else add(gain, op, variant.pairText(pair, colOf(op)));
        continue;
      }
      if (!isSeq(list) || list.flow || list.items.length === 0) {
        throw new PromoteError(
          `${op} ${name} de ${base.file} está escrito num formato que não dá para editar.`,
        );
      }
      // The winner's blocks sit right next to the named block: after the base's own before it,
      // before the base's own after it.
      const items = list.items as Node[];
      const dash = base.col(base.dashOf(items[0]!));
      const texts = (pair.value as YAMLSeq).items.map((_, j) =>
        variant.itemText(pair.value as YAMLSeq, j, dash),
      );
      if (op === 'insertBefore') {
        const end = base.endLine(list, 0);
        edits.push({ from: end, to: end, insert: texts.map((text) => `\n${text}`).join('') });
      } else {
        const at = base.attachedStart(base.lineStart(base.dashOf(items[0]!)));
        edits.push({ from: at, to: at, insert: texts.map((text) => `${text}\n`).join('') });
      }
    }
  }

  for (const op of OPS) {
    const gone = lose.get(op) ?? [];
    const first = op === 'insertAfter' ? gainFirst : [];
    const texts = gain.get(op) ?? [];
    if (gone.length + first.length + texts.length === 0) continue;
    const pair = pairOf(base.root, op);
    const node = own(op);
    if (!pair || !node) {
      // A new key (or `key:` written empty), last in the file.
      const body = [...first, ...texts].map((text) => `\n${text}`).join('');
      if (pair)
        edits.push({ from: base.afterColon(pair), to: base.lineEnd(base.afterColon(pair)), insert: body });
      else {
        const end = base.endLine(base.root, 0);
        edits.push({ from: end, to: end, insert: `\n${op}:${body}` });
      }
      continue;
    }
    if (isMap(node) && gone.length === node.items.length && first.length + texts.length === 0) {
      // Every entry gone: the key goes too.
      edits.push(base.linesOut(base.attachedStart(base.lineStart(keyAt(pair))), base.endLine(node, 0)));
      continue;
    }
    if (isMap(node)) for (const lost of gone) edits.push(removePair(base, node, lost));
    if (first.length > 0) {
      const at = base.lineEnd(base.afterColon(pair));
      edits.push({ from: at, to: at, insert: first.map((text) => `\n${text}`).join('') });
    }
    if (texts.length > 0) {
      const end = base.endLine(node, 0);
      edits.push({ from: end, to: end, insert: texts.map((text) => `\n${text}`).join('') });
    }
  }

  return checked(base, variant, edits, composed(base, variant));
}

/** The base's data with the winner composed in, as the text edits above write it. */
function composed(base: Source, variant: Source): Data {
  const out = base.doc.toJS() as Data;
  const v = variant.data;
  for (const [key, value] of Object.entries(v)) {
    if (!(VARIANT_KEYS as string[]).includes(key)) out[key] = mergeData(out[key], value, false);
  }
  const map = (op: Op) => (isRecord(out[op]) ? out[op] : (out[op] = {})) as Data;
  const entries = (op: Op) => Object.entries(isRecord(v[op]) ? v[op] : {});
  const compose = (mine: unknown, over: unknown): unknown => {
    if (!isRecord(mine) || !isRecord(over)) return over;
    const data = { ...mine };
    for (const [key, value] of Object.entries(over)) data[key] = compose(mine[key], value);
    return data;
  };
  for (const [name, change] of entries('change')) map('change')[name] = compose(map('change')[name], change);
  for (const [name, block] of entries('replace')) {
    delete map('change')[name];
    map('replace')[name] = block;
  }
  for (const name of Array.isArray(v.remove) ? v.remove : []) {
    delete map('change')[String(name)];
    out.remove = [...(Array.isArray(out.remove) ? out.remove : []), name];
  }
  for (const [name, list] of entries('insertBefore')) {
    const mine = map('insertBefore')[name];
    map('insertBefore')[name] = [...(Array.isArray(mine) ? mine : []), ...(list as unknown[])];
  }
  for (const [name, list] of entries('insertAfter')) {
    const mine = map('insertAfter')[name];
    map('insertAfter')[name] = [...(list as unknown[]), ...(Array.isArray(mine) ? mine : [])];
  }
  for (const op of OPS) if (isRecord(out[op]) && Object.keys(out[op]).length === 0) delete out[op];
  return out;
}
