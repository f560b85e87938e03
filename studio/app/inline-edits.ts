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
import { isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import type { DraftRender } from '../../runtime/dev/index.ts';
import { setDeep, type JsonSchema } from './form/block-form.tsx';
import { blockSchemas } from './form/block-schemas.ts';
import { setListItem, setValue, type TextChange } from './form/yaml-edits.ts';
import type { EditableBlock, InlineEditMessage, PropPath } from './preview/inline-edit.ts';
import type { YamlPath } from './yaml-paths.ts';

export type { EditableBlock, InlineEditMessage } from './preview/inline-edit.ts';

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
  let doc: ReturnType<typeof parseDocument> | undefined;
  const hasList = (path: YamlPath) => isSeq((doc ??= parseDocument(source)).getIn(path, true));
  return blocks.flatMap((block, index) => {
    const texts = (block.texts ?? [])
      .map((leaf, n) => ({ ...leaf, n }))
      .filter((leaf) => {
        if (block.file === file || leaf.change) return true;
        const at = leaf.path.findIndex((part) => typeof part === 'number');
        return at < 0 || hasList(yamlPathOf(block, file, leaf.path.slice(0, at)));
      });
    return texts.length > 0 ? [{ index, texts }] : [];
  });
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
  const doc = parseDocument(text);
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
  value: string,
): TextChange | undefined {
  const doc = parseDocument(text);
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

/** A message of the frame's about in-place editing. */
export function isInlineEditMessage(data: unknown): data is InlineEditMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  if (m.kind === 'text-history') return m.action === 'undo' || m.action === 'redo';
  const pathOk = Array.isArray(m.path) && m.path.every((p) => typeof p === 'string' || typeof p === 'number');
  if (m.kind === 'text-edit') return typeof m.index === 'number' && pathOk && typeof m.value === 'string';
  return (
    (m.kind === 'text-edit-start' || m.kind === 'text-edit-end') && typeof m.index === 'number' && pathOk
  );
}
