/** Where a key or item of a parsed YAML file is, as a problem's location. */
import { isMap, isScalar, isSeq, type Node } from 'yaml';
import type { SourceLocation } from './errors.ts';
import type { ParsedFile } from './parse.ts';

/** The node at `keys` of a parsed YAML file (a number steps into a list). */
function nodeAt(parsed: ParsedFile, keys: readonly (string | number)[]): Node | undefined {
  let node = parsed.doc.contents as Node | null;
  for (const key of keys) {
    if (typeof key === 'number' && isSeq(node)) node = (node.items[key] as Node | undefined) ?? null;
    else if (typeof key === 'string' && isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
      node = (pair?.value as Node | undefined) ?? null;
    } else return undefined;
    if (!node) return undefined;
  }
  return node ?? undefined;
}

/** Where `keys` is in the parsed file (the nearest enclosing node found, or line 1). */
export function locationIn(parsed: ParsedFile, keys: readonly (string | number)[]): SourceLocation {
  let node: Node | undefined;
  for (let n = keys.length; n >= 0 && !node; n--) node = nodeAt(parsed, keys.slice(0, n));
  const range = node?.range ?? [0, 0, 0];
  const start = parsed.lineCounter.linePos(range[0]);
  const end = parsed.lineCounter.linePos(range[1]);
  return {
    file: parsed.file,
    line: start.line,
    column: start.col,
    endColumn: isScalar(node) && end.line === start.line && end.col > start.col ? end.col : undefined,
  };
}
