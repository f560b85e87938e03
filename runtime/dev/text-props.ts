/**
 * The texts of a block a visitor reads (titles, subtitles, button labels, questions and answers,
 * list items, prices), each with its path inside the block's props: what the Estúdio lets an
 * author edit in place in the preview. Found from the block's schema, not guessed from names: a
 * text is a string property with a minimum length (the schema's `Text`), no enum or constant
 * (tones, icons, actions), no format or pattern (links, image files, anchor ids, analytics
 * names), and not an image's alternative text (read by screen readers, never shown).
 */

export type PropPath = (string | number)[];

export interface TextLeaf {
  /** The path inside the block's props, e.g. ['cta', 'label'] or ['items', 2, 'question']. */
  path: PropPath;
  /** The value as the block received it (after defaults). */
  text: string;
  /**
   * In a variant, for a block of its base: where the text is written in the variant's file, the
   * smallest `change:` (['change', 'duvidas', 'items', '2', 'answer']; a string is a map key).
   */
  change?: (string | number)[];
}

/** The parts of a JSON schema (a TypeBox schema is one) that this walk reads. */
interface SchemaLike {
  type?: string | string[];
  properties?: Record<string, SchemaLike>;
  items?: SchemaLike | SchemaLike[];
  anyOf?: SchemaLike[];
  oneOf?: SchemaLike[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
}

/** Keys that never hold visible text, whatever their schema says. */
const NOT_TEXT = new Set(['type', 'id', 'alt', 'href', 'src', 'track']);

const typeOf = (schema: SchemaLike): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;

/** A string schema an author writes visible words in. */
export function isVisibleText(schema: SchemaLike): boolean {
  return (
    typeOf(schema) === 'string' &&
    (schema.minLength ?? 0) >= 1 &&
    schema.enum === undefined &&
    schema.const === undefined &&
    schema.format === undefined &&
    schema.pattern === undefined
  );
}

/** Every visible text of `value` (a block's props) as `schema` describes it, in document order. */
export function textLeaves(schema: unknown, value: unknown): TextLeaf[] {
  const leaves: TextLeaf[] = [];
  walk(schema as SchemaLike, value, [], leaves);
  return leaves;
}

const keyOf = (path: PropPath) => JSON.stringify(path);

/*
 * Marks (docs/decisions/0038-every-text-in-place.md). In the Estúdio's preview render only, each
 * text leaf's value is given to the block between two invisible marks naming the leaf (its index
 * in the block's leaves), so that the frame finds where the block put it, whatever the block did
 * with it (paragraphs, a link, an island that React renders again): OPEN n, the text, CLOSE n.
 * The marks are Unicode tag characters (U+E0000 block): default-ignorable, never typed by an
 * author, drawn as nothing. The frame takes them out of the markup it owns; inside an island
 * (React's markup) they stay, as invisible as they are, so a slide rendered later is marked too.
 */
const tagged = (ascii: string) =>
  [...ascii].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');

/** The mark before leaf `n`'s text. */
export const openMark = (n: number): string => tagged(`[${n}]`);
/** The mark after leaf `n`'s text. */
export const closeMark = (n: number): string => tagged(`[/${n}]`);
/** Any mark; group 1 is "/" for a closing one, group 2 the leaf's number (as tag digits). */
export const MARKS = /\u{E005B}(\u{E002F})?((?:[\u{E0030}-\u{E0039}])+)\u{E005D}/gu;
/** Every string that holds a mark holds this (the high half of a tag character). */
export const MARK_SIGN = '\uDB40';

/** The leaf number a MARKS match names. */
export const markNumber = (digits: string): number =>
  Number([...digits].map((c) => String.fromCharCode(c.codePointAt(0)! - 0xe0000)).join(''));

/** `text` without marks. */
export const withoutMarks = (text: string): string =>
  text.includes(MARK_SIGN) ? text.replace(MARKS, '') : text;

/**
 * A copy of a block's props with each leaf's text between its marks. A text that holds a shorter
 * text of the same object (a hero's title and its `highlight`) gets that one's marks around it
 * too, so that a block finding one inside the other (title.indexOf(highlight)) still does.
 */
export function markTexts<T>(value: T, leaves: readonly TextLeaf[]): T {
  const copy = structuredClone(value) as unknown;
  // Each leaf's object, named once (not once per pair of leaves: a long FAQ has hundreds).
  const parents = leaves.map((leaf) => keyOf(leaf.path.slice(0, -1)));
  const marked = (leaf: TextLeaf, at: number): string => {
    const parent = parents[at];
    let text = leaf.text;
    leaves
      .map((inner, n) => ({ inner, n }))
      .filter(
        ({ inner, n }) =>
          inner !== leaf &&
          inner.text.length < leaf.text.length &&
          parents[n] === parent &&
          leaf.text.includes(inner.text),
      )
      .sort((a, b) => b.inner.text.length - a.inner.text.length)
      .forEach(({ inner, n }) => {
        text = text.replaceAll(inner.text, openMark(n) + inner.text + closeMark(n));
      });
    return text;
  };
  leaves.forEach((leaf, n) => {
    if (leaf.path.length === 0) return;
    let parent = copy as Record<string | number, unknown>;
    for (const key of leaf.path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
    const last = leaf.path[leaf.path.length - 1]!;
    if (parent[last] === leaf.text) parent[last] = openMark(n) + marked(leaf, n) + closeMark(n);
  });
  return copy as T;
}

function walk(schema: SchemaLike | undefined, value: unknown, path: PropPath, out: TextLeaf[]): void {
  if (!schema || value === undefined || value === null) return;
  const last = path[path.length - 1];
  if (typeof last === 'string' && NOT_TEXT.has(last)) return;
  if (typeof value === 'string') {
    // A union (a comparison cell: a text or a tick) counts when one of its branches is a text.
    const choices = schema.anyOf ?? schema.oneOf ?? [schema];
    if (value.trim() !== '' && choices.some(isVisibleText)) out.push({ path, text: value });
    return;
  }
  if (Array.isArray(value)) {
    const items = schema.items;
    value.forEach((item, i) =>
      walk(
        Array.isArray(items) ? items[i] : (items ?? (branchOf(schema, 'array')?.items as SchemaLike)),
        item,
        [...path, i],
        out,
      ),
    );
    return;
  }
  if (typeof value === 'object') {
    const props = schema.properties ?? branchOf(schema, 'object')?.properties;
    if (!props) return;
    for (const [key, propSchema] of Object.entries(props)) {
      walk(propSchema, (value as Record<string, unknown>)[key], [...path, key], out);
    }
  }
}

/** The branch of a union that holds a kind of value (a list, a map). */
function branchOf(schema: SchemaLike, type: string): SchemaLike | undefined {
  return (schema.anyOf ?? schema.oneOf)?.find((branch) => typeOf(branch) === type);
}
