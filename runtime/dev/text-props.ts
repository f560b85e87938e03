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
