/** Where a key or item of a parsed YAML file is, as a problem's location. */
import { isMap, isScalar, isSeq, type Node } from 'yaml';
import type { SourceLocation } from './errors.ts';
import type { ParsedFile } from './parse.ts';

/**
 * The node at `keys` of a parsed YAML file (a number steps into a list); with `key`, the key of
 * the last step instead of its value ("variants:").
 */
export function nodeAt(
  parsed: ParsedFile,
  keys: readonly (string | number)[],
  key = false,
): Node | undefined {
  let node = parsed.doc.contents as Node | null;
  for (const [i, step] of keys.entries()) {
    if (typeof step === 'number' && isSeq(node)) node = (node.items[step] as Node | undefined) ?? null;
    else if (typeof step === 'string' && isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === step);
      if (key && i === keys.length - 1) return (pair?.key as Node | undefined) ?? undefined;
      node = (pair?.value as Node | undefined) ?? null;
    } else return undefined;
    if (!node) return undefined;
  }
  return node ?? undefined;
}

/**
 * Where `node` starts (line 1 without one), with the column it ends at when it ends on the same
 * line: any node's, or with `scalarEnd` only a scalar's (a map or list has no span worth underlining).
 */
export function nodeLocation(
  parsed: ParsedFile,
  node: Node | null | undefined,
  { scalarEnd = false }: { scalarEnd?: boolean } = {},
): SourceLocation {
  const range = node?.range ?? [0, 0, 0];
  const start = parsed.lineCounter.linePos(range[0]);
  const end = parsed.lineCounter.linePos(range[1]);
  const spans = end.line === start.line && end.col > start.col && (!scalarEnd || isScalar(node));
  return { file: parsed.file, line: start.line, column: start.col, endColumn: spans ? end.col : undefined };
}

/**
 * Where `keys` is in the parsed file (with `key`, its last key rather than its value): the nearest
 * enclosing node found, or line 1.
 */
export function locationIn(
  parsed: ParsedFile,
  keys: readonly (string | number)[],
  { key = false }: { key?: boolean } = {},
): SourceLocation {
  let node = nodeAt(parsed, keys, key);
  for (let n = keys.length - 1; n >= 0 && !node; n--) node = nodeAt(parsed, keys.slice(0, n));
  return nodeLocation(parsed, node, { scalarEnd: true });
}
