/**
 * The Estúdio's side of editing texts in the preview (preview/inline-edit.ts is the frame's): which
 * texts of the rendered blocks can be edited there, and each typed value as the form's own edit of
 * that one YAML node (every other byte as written). A block of this file is edited at its own path;
 * in a variant, an inherited block through its `change:` entry, at the smallest path the render
 * gives with the text (runtime/author's smallestChange: a list item by its id or position, decision
 * 0037; the entry and the maps above the text are written when missing). A render without those
 * paths (an older server) offers a text inside a list of an inherited block only when the variant
 * already writes that list.
 */
import { isMap, isScalar, isSeq, stringify, type Node } from 'yaml';
import type { DraftRender } from '../../../../runtime/dev/index.ts';
import { setDeep, type JsonSchema } from './form/block-form.tsx';
import { blockSchemas } from './form/block-schemas.ts';
import {
  applyChange,
  differingRange,
  duplicateItem,
  moveItem,
  removeItem,
  removeItemWithComments,
  scalarStyle,
  setListItem,
  setValue,
  swapWithNext,
  writeScalar,
  type ScalarStyle,
  type TextChange,
} from '../../../yaml-edits.ts';
import type { EditableBlock, ListOp, PropPath } from '../../preview/inline-edit.ts';
import { readYaml, type YamlPath } from '../../../yaml-paths.ts';

export type { EditableBlock, InlineEditMessage } from '../../preview/inline-edit.ts';

type RenderedBlock = Extract<DraftRender, { ok: true }>['blocks'][number];

/** How a variant addresses a base block: its id, or its type (the form's and the palette's rule). */
const keyOf = (block: RenderedBlock) => block.id ?? block.type;

/** Where a text of `block` is written in `file`'s YAML. */
export function yamlPathOf(block: RenderedBlock, file: string, path: PropPath): YamlPath {
  return block.file === file ? [...block.path, ...path] : ['change', keyOf(block), ...path];
}

/** The texts the preview may offer for editing, per block, for the text `source` rendered. */
export function editableTexts(
  source: string,
  file: string,
  blocks: readonly RenderedBlock[],
): EditableBlock[] {
  // The kept parse (yaml-paths.ts, read only): the editor has parsed this text already.
  const hasList = (path: YamlPath) => isSeq(readYaml(source).doc.getIn(path, true));
  return blocks.flatMap((block, index) => {
    if (block.file !== file) {
      const entry = editableEntry(block, index, file, hasList);
      return entry ? [entry] : [];
    }
    // A block of this file: what it offers depends on its texts and media alone, and a block whose
    // part did not change comes with the same texts object as before (editor-screen.tsx's
    // withTexts): its entry is kept, the same object (the frames compare entries by it).
    const kept = block.texts && ownEntries.get(block.texts);
    if (kept && kept.index === index && kept.type === block.type && kept.media === block.media)
      return kept.entry ? [kept.entry] : [];
    const entry = editableEntry(block, index, file, hasList);
    if (block.texts) ownEntries.set(block.texts, { index, type: block.type, media: block.media, entry });
    return entry ? [entry] : [];
  });
}

/**
 * The entries of this file's blocks, by their texts object as the answer gave them. On a 200-block
 * page every text's label was made again on every keystroke (a third of the Estúdio's work between
 * the preview's answer and the frames getting it).
 */
const ownEntries = new WeakMap<
  object,
  { index: number; type: string; media: RenderedBlock['media']; entry: EditableBlock | undefined }
>();

/** One block's editable texts, images, links and lists (undefined when it offers none). */
function editableEntry(
  block: RenderedBlock,
  index: number,
  file: string,
  hasList: (path: YamlPath) => boolean,
): EditableBlock | undefined {
  const texts = (block.texts ?? [])
    .map((leaf, n) => ({ ...leaf, n, label: leafLabel(block.type, leaf.path) }))
    .filter((leaf) => {
      if (block.file === file || leaf.change) return true;
      const at = leaf.path.findIndex((part) => typeof part === 'number');
      return at < 0 || hasList(yamlPathOf(block, file, leaf.path.slice(0, at)));
    });
  const own = block.file === file;
  const media = block.media;
  const images = (media?.images ?? [])
    .filter((image) => own || image.change)
    .map(({ path, n }) => ({ path, n, label: leafLabel(block.type, path) }));
  const links = (media?.links ?? [])
    .filter((link) => own || link.change)
    .map(({ path, href, action }) => ({ path, href: href ?? '', ...(action ? { action } : {}) }));
  const lists = (media?.lists ?? []).flatMap((list) => {
    const length = list.value.length;
    const room = length < (list.maxItems ?? Infinity);
    const spare = length - 1 >= (list.minItems ?? 0);
    const add = room && (own || Boolean(list.change));
    const remove = spare && (own || Boolean(list.items));
    return own || list.change ? [{ path: list.path, length, add, remove }] : [];
  });
  if (texts.length === 0 && images.length === 0 && links.length === 0) return undefined;
  return {
    index,
    texts,
    ...(images.length > 0 ? { images } : {}),
    ...(links.length > 0 ? { links } : {}),
    ...(lists.length > 0 ? { lists } : {}),
  };
}

/** A schema's description, short: "Texto do botão (um verbo: …)." → "Texto do botão". */
function shortLabel(schema: JsonSchema | undefined): string | undefined {
  const text = schema?.title ?? schema?.description;
  const short = text
    ?.split(/ \(|,? ex\.:|\. |: |; /)[0]!
    .replace(/\.$/, '')
    .trim();
  return short && short.length <= 90 ? short : undefined;
}

/**
 * What a text or an image of a block is, for a screen reader on the page (preview/inline-keyboard.ts):
 * "Texto do botão, Botão principal, bloco Abertura da página"; "A pergunta, item 2, bloco Perguntas frequentes".
 */
export function leafLabel(type: string, path: PropPath): string {
  const block = blockSchemas.get(type);
  let at: JsonSchema | undefined = block;
  const within: string[] = [];
  // A list of plain texts (an offer's "includes"): its item is named by the list.
  let list: string | undefined;
  path.forEach((key, i) => {
    if (typeof key === 'number') {
      at = at?.items as JsonSchema | undefined;
      within.unshift(`item ${key + 1}`);
    } else {
      at = (at?.properties as Record<string, JsonSchema> | undefined)?.[key];
      const label = shortLabel(at);
      list = label;
      if (i < path.length - 1 && label && typeof path[i + 1] === 'string') within.unshift(label);
    }
  });
  const own = shortLabel(at) ?? list ?? String(path[path.length - 1] ?? '');
  const title = (block as { title?: string } | undefined)?.title ?? type;
  return [own, ...within, `bloco ${title}`].join(', ');
}

const startsWith = (path: PropPath, prefix: PropPath) => prefix.every((part, i) => path[i] === part);

/** Where the object or list at `path` of `block` is written: its YAML path, or a variant's change: path. */
function placeOf(
  file: string,
  block: RenderedBlock,
  path: PropPath,
  kind: 'images' | 'links' | 'lists',
): (string | number)[] | undefined {
  if (block.file === file) return [...block.path, ...path];
  const leaves: { path: PropPath; change?: (string | number)[] }[] = block.media?.[kind] ?? [];
  return leaves.find((leaf) => samePath(leaf.path, path))?.change;
}

/**
 * The edit that gives the image object at `path` of `block` a new `src` (with its width and
 * height) or `alt`, as one change: in the file's own block, or in a variant's `change:` at the
 * image's smallest path.
 */
export function imageEdit(
  text: string,
  file: string,
  block: RenderedBlock,
  path: PropPath,
  values: { src?: string; width?: number; height?: number; alt?: string },
): TextChange | undefined {
  const at = placeOf(file, block, path, 'images');
  return at && writeValues(text, at, values);
}

/**
 * The popover's edit of a link's or a button's target: `href` (and a call to action's `action`;
 * an action other than link writes only the action, its href stays as written).
 */
export function linkEdit(
  text: string,
  file: string,
  block: RenderedBlock,
  path: PropPath,
  target: { href: string; action?: string },
): TextChange | undefined {
  const at = placeOf(file, block, path, 'links');
  if (!at) return undefined;
  const values: Record<string, unknown> =
    target.action === undefined
      ? { href: target.href }
      : target.action === 'link'
        ? { action: 'link', href: target.href }
        : { action: target.action };
  return writeValues(text, at, values);
}

/**
 * Adds a copy of item `at` of the list at `path` of `block` after it, removes it, or moves it
 * one place up or down. A list the file writes is edited in place (its item's lines, comments
 * along). In a variant, an inherited item is taken out as `N: null` (decision 0037); adding and
 * moving an item of a list the variant does not write writes the whole list, as the page shows it,
 * under `change:` (0037 addresses items, it neither inserts nor reorders them). So does a list the
 * file leaves to the block's default.
 */
export function listEdit(
  text: string,
  file: string,
  block: RenderedBlock,
  path: PropPath,
  at: number,
  op: ListOp,
): TextChange | undefined {
  const list = block.media?.lists.find((l) => samePath(l.path, path));
  const place = placeOf(file, block, path, 'lists');
  if (!list || !place) return undefined;
  const length = list.value.length;
  const to = op === 'up' ? at - 1 : op === 'down' ? at + 1 : at;
  if (at < 0 || at >= length || to < 0 || to >= length) return undefined;
  if (op === 'add' && length >= (list.maxItems ?? Infinity)) return undefined;
  if (op === 'remove' && length - 1 < (list.minItems ?? 0)) return undefined;
  const found = resolve(text, place);
  if (found?.complete && isSeq(found.node) && found.node.items.length === length) {
    const seq = found.resolved;
    const item = list.value[at];
    if (op === 'add') {
      const id = newId(list.value, item);
      return duplicateItem(text, seq, at, id) ?? writeList(text, seq, withOp(list.value, at, op));
    }
    if (op === 'remove') return removeItemWithComments(text, seq, at) ?? removeItem(text, seq, at);
    return moveItem(text, seq, at, to) ?? swapWithNext(text, seq, Math.min(at, to));
  }
  const itemPlace = block.file === file ? undefined : list.items?.[at];
  if (op === 'remove' && itemPlace && typeof itemPlace[itemPlace.length - 1] === 'string')
    return writeNull(text, itemPlace);
  return writeList(text, place, withOp(list.value, at, op));
}

/** The list with `op` done on item `at` (an added item: a copy, with an id of its own). */
function withOp(list: readonly unknown[], at: number, op: ListOp): unknown[] {
  const next = structuredClone([...list]);
  if (op === 'add') {
    const copy = structuredClone(list[at]);
    const id = newId(list, copy);
    if (id !== undefined) (copy as Record<string, unknown>).id = id;
    next.splice(at + 1, 0, copy);
  } else if (op === 'remove') next.splice(at, 1);
  else {
    const to = op === 'up' ? at - 1 : at + 1;
    [next[at], next[to]] = [next[to], next[at]];
  }
  return next;
}

/** An item with an `id` gets a new one in its copy ("dados-coletados-2"): ids are unique in a list. */
function newId(list: readonly unknown[], item: unknown): string | undefined {
  const id = (item as { id?: unknown } | null)?.id;
  if (typeof id !== 'string') return undefined;
  const taken = new Set(list.map((other) => (other as { id?: unknown } | null)?.id));
  const stem = id.replace(/-\d+$/, '');
  for (let k = 2; ; k++) if (!taken.has(`${stem}-${k}`)) return `${stem}-${k}`;
}

/** `path` (a change: path: item addresses as strings, matched as the file writes its keys) in `text`. */
function resolve(
  text: string,
  path: readonly (string | number)[],
): { resolved: YamlPath; node: unknown; complete: boolean } | undefined {
  const { doc } = readYaml(text);
  const resolved: YamlPath = [];
  let node: unknown = doc.contents;
  for (const part of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(part));
      if (!pair) return { resolved, node, complete: false };
      resolved.push((pair.key as { value: string | number }).value);
      node = pair.value;
    } else if (isSeq(node) && typeof part === 'number' && part < node.items.length) {
      resolved.push(part);
      node = node.items[part];
    } else return { resolved, node, complete: false };
  }
  return { resolved, node, complete: true };
}

/** Several keys of the map at `path` set as one change (the maps above it written when missing). */
function writeValues(
  text: string,
  path: readonly (string | number)[],
  values: Record<string, unknown>,
): TextChange | undefined {
  let next = text;
  for (const [key, value] of Object.entries(values)) {
    const change = writeAt(next, [...path, key], value);
    if (change) next = applyChange(next, change);
    else if (valueIn(next, [...path, key]) !== value) return undefined;
  }
  return differingRange(text, next);
}

const valueIn = (text: string, path: readonly (string | number)[]): unknown => {
  const found = resolve(text, path);
  return found?.complete && isScalar(found.node) ? found.node.value : undefined;
};

/** `N: null` at an item's address (the item taken out): a value it had (a changed item) replaced. */
function writeNull(text: string, path: readonly (string | number)[]): TextChange | undefined {
  const found = resolve(text, path);
  if (!found?.complete) return writeAt(text, path, null);
  const parent = resolve(text, path.slice(0, -1));
  if (!parent?.complete || !isMap(parent.node)) return undefined;
  const pair = parent.node.items.find((p) => p.value === found.node);
  const key = pair?.key as Node | undefined;
  const value = found.node as Node | null;
  if (!key?.range) return undefined;
  if (!value?.range) return writeAt(text, path, null);
  const colon = text.indexOf(':', key.range[1]);
  let end = value.range[1];
  while (end > colon && text[end - 1] === '\n') end--;
  return { from: colon + 1, to: end, insert: ' null' };
}

const SENTINEL = 'ESTUDIO-LISTA-INTEIRA';

/** A whole list written at `path`, in block style (`- question: …` lines) at its key's indentation. */
function writeList(
  text: string,
  path: readonly (string | number)[],
  list: unknown[],
): TextChange | undefined {
  const placed = writeAt(text, path, SENTINEL);
  if (!placed) return undefined;
  const next = applyChange(text, placed);
  const at = next.indexOf(SENTINEL);
  if (at < 0) return undefined;
  if (list.length === 0) return differingRange(text, next.replace(SENTINEL, '[]'));
  // The key's line: `items:` followed by the placeholder, on its line or (a map written over) the next.
  const colon = next.lastIndexOf(':', at);
  if (colon < 0 || next.slice(colon + 1, at).trim() !== '') return undefined;
  const lineStart = next.lastIndexOf('\n', colon) + 1;
  const column = next.slice(lineStart).search(/\S/);
  const pad = ' '.repeat(column + 2);
  const lines = stringify(list, { lineWidth: 0 })
    .trimEnd()
    .split('\n')
    .map((line) => (line === '' ? line : pad + line));
  const written = next.slice(0, colon + 1) + '\n' + lines.join('\n') + next.slice(at + SENTINEL.length);
  return differingRange(text, written);
}

/** The list and item of `block` a text or an image at `path` belongs to (the outermost list). */
export function itemOf(block: EditableBlock, path: PropPath): { path: PropPath; at: number } | undefined {
  const list = (block.lists ?? [])
    .filter((l) => l.path.length < path.length && startsWith(path, l.path))
    .sort((a, b) => a.path.length - b.path.length)[0];
  return list ? { path: list.path, at: Number(path[list.path.length]) } : undefined;
}

/**
 * The text edit that writes `value` at a text of `block` (undefined when the YAML already says so,
 * or the place is not found): an item of a list of texts replaced in place, a map's key set as
 * the form sets it.
 */
export function inlineTextEdit(
  text: string,
  file: string,
  block: RenderedBlock,
  path: PropPath,
  value: string,
): TextChange | undefined {
  const change = block.file === file ? undefined : block.texts?.find((t) => samePath(t.path, path))?.change;
  if (change) return writeAt(text, change, value);
  const at = yamlPathOf(block, file, path);
  const { doc } = readYaml(text);
  const node = doc.getIn(at, true) as Node | undefined;
  if (node && 'value' in node && node.value === value) return undefined;
  if (!node && block.file === file) {
    // Under a list the file does not write (the block's default list): the list is written whole,
    // as the block shows it, with this one text changed.
    for (let i = 0; i < path.length - 1; i++) {
      const missing = [...block.path, ...path.slice(0, i + 1)];
      if (doc.hasIn(missing)) continue;
      if (!path.slice(i + 1).some((part) => typeof part === 'number')) break;
      const fallback = defaultAt(blockSchemas.get(block.type), path.slice(0, i + 1));
      if (fallback === undefined) return undefined;
      const whole = structuredClone(fallback) as Record<string | number, unknown>;
      let inner = whole;
      for (const key of path.slice(i + 1, -1)) inner = inner[key] as Record<string | number, unknown>;
      if (typeof inner !== 'object' || inner === null) return undefined;
      inner[path[path.length - 1]!] = value;
      return setDeep(text, missing, whole);
    }
  }
  const last = at[at.length - 1];
  if (typeof last === 'number') return setListItem(text, at.slice(0, -1), last, value);
  return setDeep(text, at, value);
}

const samePath = (a: PropPath, b: PropPath) => a.length === b.length && a.every((part, i) => part === b[i]);

/**
 * Writes `value` at a variant's `change:` path (smallestChange's: a string is a map key, an item's
 * address `2` included, matched with the key as the file writes it; a number is a list index).
 */
export function writeAt(
  text: string,
  path: readonly (string | number)[],
  value: unknown,
): TextChange | undefined {
  const { doc } = readYaml(text);
  const resolved: YamlPath = [];
  let node: unknown = doc.contents;
  let i = 0;
  for (; i < path.length; i++) {
    const part = path[i]!;
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(part));
      if (!pair) break;
      resolved.push((pair.key as { value: string | number }).value);
      node = pair.value;
    } else if (isSeq(node) && typeof part === 'number' && part < node.items.length) {
      resolved.push(part);
      node = node.items[part];
    } else break;
  }
  if (i === path.length) {
    if (isScalar(node) && node.value === value) return undefined;
    const last = resolved[resolved.length - 1]!;
    if (typeof path[path.length - 1] === 'number')
      return setListItem(text, resolved.slice(0, -1), Number(last), value);
    return setValue(text, [...resolved.slice(0, -1), String(last)], value);
  }
  return setDeep(text, [...resolved, ...path.slice(i).map(String)], value);
}

/** The schema's default at `path` inside a block (a list the file leaves to the block). */
function defaultAt(schema: JsonSchema | undefined, path: PropPath): unknown {
  let at: JsonSchema | undefined = schema;
  for (const key of path) {
    const items: unknown = at?.items;
    at =
      typeof key === 'number'
        ? (items as JsonSchema | undefined)
        : (at?.properties as Record<string, JsonSchema> | undefined)?.[key];
  }
  return at?.default;
}

/**
 * One text edited on the page, from the moment editing started: the file as it was then, the
 * text's value then, and how its scalar was written. Its value put back (Esc, or typed back as it
 * was) gives back that file byte for byte (a variant's `change:` entry written by the first
 * keystroke goes again, a folded block keeps its folds); each keystroke writes the scalar in its
 * style of then ('single', "double", a `|-` block), not in the one a keystroke before left (a
 * trailing space quotes a plain text for a moment).
 */
export interface InlineSession {
  index: number;
  path: PropPath;
  /** The value the page showed when editing started (undefined: not known, nothing put back). */
  value: string | undefined;
  /** The file when editing started. */
  source: string;
  /** How the scalar was written then (undefined: plain, or not written yet). */
  style: ScalarStyle | undefined;
  /** The file as this session's last edit left it (undefined: changed by something else since). */
  written: string | undefined;
}

/** The scalar node of the text at `path` of `block` in `text`, if the file writes it. */
function scalarOf(text: string, file: string, block: RenderedBlock, path: PropPath): unknown {
  const change = block.file === file ? undefined : block.texts?.find((t) => samePath(t.path, path))?.change;
  if (change) {
    const found = resolve(text, change);
    return found?.complete ? found.node : undefined;
  }
  return readYaml(text).doc.getIn(yamlPathOf(block, file, path), true);
}

/** A session for the text at `path` of `block` (the render's `index`th), the file being `source`. */
export function startInline(
  source: string,
  file: string,
  index: number,
  block: RenderedBlock,
  path: PropPath,
): InlineSession {
  const value = block.texts?.find((t) => samePath(t.path, path))?.text;
  const style = scalarStyle(source, scalarOf(source, file, block, path));
  return { index, path, value, source, style, written: source };
}

/**
 * inlineTextEdit within a session, while the file is as the session left it: the value editing
 * started with is the file as it was then; another value replaces the scalar, written in the
 * style it had then. Otherwise (another text, the file changed meanwhile, the scalar not written
 * yet) the edit inlineTextEdit makes.
 */
export function sessionTextEdit(
  session: InlineSession | undefined,
  current: string,
  file: string,
  block: RenderedBlock,
  index: number,
  path: PropPath,
  value: string,
): TextChange | undefined {
  const own = session !== undefined && session.index === index && samePath(session.path, path);
  if (!own || current !== session.written) {
    if (own) session.written = undefined;
    return inlineTextEdit(current, file, block, path, value);
  }
  let change: TextChange | undefined;
  const node = scalarOf(current, file, block, path);
  if (value === session.value) change = differingRange(current, session.source);
  else if (isScalar(node) && node.range) {
    if (node.value === value) return undefined;
    let to = node.range[1];
    while (to > node.range[0] && current[to - 1] === '\n') to--;
    change = { from: node.range[0], to, insert: writeScalar(value, session.style) };
  } else change = inlineTextEdit(current, file, block, path, value);
  session.written = change ? applyChange(current, change) : current;
  return change;
}
