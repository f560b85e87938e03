/**
 * The YAML path under an offset, read from the syntax tree CodeMirror already keeps for the
 * source (Lezer's YAML grammar, updated incrementally on each keystroke). yaml-paths.ts's
 * pathAt parses the whole text with the `yaml` package instead: on a 200-block page that is
 * tens of milliseconds on every cursor move, which the author feels while typing.
 */
import { ensureSyntaxTree, syntaxTree, syntaxTreeAvailable } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { SyntaxNode } from '@lezer/common';
import type { YamlPath } from '../../../../yaml-paths.ts';

const MAPPINGS = new Set(['BlockMapping', 'FlowMapping']);
const SEQUENCES = new Set(['BlockSequence', 'FlowSequence']);

/** A key's text as YAML reads it (plain, or quoted with ' or "). */
function keyText(state: EditorState, key: SyntaxNode): string {
  const raw = state.sliceDoc(key.from, key.to).trim();
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      return raw.slice(1, -1);
    }
  }
  if (raw.startsWith("'")) return raw.slice(1, -1).replaceAll("''", "'");
  return raw;
}

const contains = (node: SyntaxNode, offset: number) => offset >= node.from && offset <= node.to;

/** A pair or an item with the comment that ends its line (the `yaml` package counts it in). */
function holds(state: EditorState, node: SyntaxNode, offset: number): boolean {
  if (contains(node, offset)) return true;
  const next = node.nextSibling;
  return (
    next?.name === 'Comment' &&
    offset >= node.from &&
    offset <= next.to &&
    !state.sliceDoc(node.to, next.from).includes('\n')
  );
}

/** The node a pair or an item holds: the first child that is neither punctuation, a key nor a comment. */
function valueOf(holder: SyntaxNode): SyntaxNode | null {
  for (let child = holder.firstChild; child; child = child.nextSibling)
    if (!['Key', ':', '-', ',', 'Comment', 'Anchor', 'Tag'].includes(child.name)) return child;
  return null;
}

/**
 * How long the parse up to the offset may take before the caller's fallback is used. The parse
 * here may have to read all the text up to the offset (the tree CodeMirror keeps may not reach
 * it: a text just opened; and with Lezer's default buffers an edit far down parsed the text above
 * it again, which editor-yaml.ts's smaller buffers avoid), and the fallback parses the whole text
 * with the `yaml` package: on a 200-block page about 100 ms of CPU, while what Lezer parses here is
 * kept for the editor, which needs it anyway. With 50 ms a busy machine gave up half way through,
 * near the end of a long page, and paid both.
 */
const PARSE_UP_TO_MS = 250;
/**
 * CodeMirror parses the view and this many characters past it (its Work.MaxParseAhead). Near the
 * end of the text the parse here goes to the end, as CodeMirror's would (with Lezer's default
 * buffers a parse stopped short of that was parsed again from the start).
 */
const PARSE_AHEAD = 100_000;

/**
 * The deepest path whose node contains `offset`, as yaml-paths.ts's pathAt gives it for the
 * places a cursor rests in (keys count as part of their pair). Undefined when the tree does not
 * reach the offset yet (the caller then falls back to a full parse). `parse: false`: only from
 * the tree as CodeMirror has parsed it already (undefined if it does not reach as far as the
 * parse here would go), nothing parsed.
 */
export function treePathAt(
  state: EditorState,
  offset: number,
  { parse = true }: { parse?: boolean } = {},
): YamlPath | undefined {
  const { length } = state.doc;
  const upto = offset + PARSE_AHEAD >= length ? length : offset + 1;
  if (!parse && !syntaxTreeAvailable(state, upto)) return undefined;
  const tree = ensureSyntaxTree(state, upto, PARSE_UP_TO_MS) ?? syntaxTree(state);
  if (tree.length < Math.min(state.doc.length, offset)) return undefined;
  let node: SyntaxNode | null = tree.topNode;
  // Stream → Document → the document's content.
  while (node && (node.name === 'Stream' || node.name === 'Document')) {
    let next: SyntaxNode | null = null;
    for (let child: SyntaxNode | null = node.firstChild; child; child = child.nextSibling)
      if (child.name !== 'Comment' && child.name !== 'DirectiveEnd' && contains(child, offset)) next = child;
    node = next ?? node.firstChild;
    if (node && node.name === 'Comment') return [];
  }
  const path: YamlPath = [];
  while (node) {
    if (MAPPINGS.has(node.name)) {
      let pair: SyntaxNode | null = null;
      for (let child = node.firstChild; child; child = child.nextSibling)
        if (child.name === 'Pair' && holds(state, child, offset)) pair = child;
      const key = pair?.getChild('Key');
      if (!pair || !key) return path;
      path.push(keyText(state, key));
      node = valueOf(pair);
    } else if (SEQUENCES.has(node.name)) {
      let index = 0;
      let item: SyntaxNode | null = null;
      for (let child = node.firstChild; child; child = child.nextSibling) {
        if (child.name !== 'Item') continue;
        if (holds(state, child, offset)) {
          item = child;
          break;
        }
        index++;
      }
      if (!item) return path;
      path.push(index);
      node = valueOf(item);
    } else return path;
  }
  return path;
}
