/**
 * The differing chunks of a publish conflict and the text a choice per chunk makes (decision 30).
 * A is the author's saved version ("a minha"), B the published one ("a publicada"), as in the
 * merge view. With the version both started from, each chunk says who changed it: a chunk only
 * one side changed starts with that side's text (the change git would have merged on its own);
 * a chunk both changed is a clash, and waits for the author's choice.
 */
import { Chunk } from '@codemirror/merge';
import { Text } from '@codemirror/state';

/** The merge view's own diff setting (MergeView's default), so its chunks are these. */
export const DIFF_CONFIG = { scanLimit: 500 };

export type Side = 'mine' | 'theirs';

export interface MergeChunk {
  /** Positions in the author's text (A) and the published one (B), as @codemirror/merge's Chunk. */
  fromA: number;
  toA: number;
  fromB: number;
  toB: number;
  /** 1-based first and last line on each side; null when the chunk has no line there. */
  linesA: [number, number] | null;
  linesB: [number, number] | null;
  /** Who changed these lines since the common version ('both' also when it is unknown). */
  changedBy: 'both' | Side;
}

export const textOf = (s: string): Text => Text.of(s.split('\n'));

/** The chunks of `mine` against `theirs`, each with who changed it since `base`. */
export function mergeChunks(mine: string, theirs: string, base: string | null | undefined): MergeChunk[] {
  const a = textOf(mine);
  const b = textOf(theirs);
  const chunks = Chunk.build(a, b, DIFF_CONFIG);
  const baseText = base === null || base === undefined ? null : textOf(base);
  // The ranges each side changed since the base, in that side's own positions.
  const changedMine = baseText ? Chunk.build(baseText, a, DIFF_CONFIG).map((c) => [c.fromB, c.toB]) : null;
  const changedTheirs = baseText ? Chunk.build(baseText, b, DIFF_CONFIG).map((c) => [c.fromB, c.toB]) : null;
  const lines = (doc: Text, from: number, to: number, end: number): [number, number] | null =>
    from === to ? null : [doc.lineAt(from).number, doc.lineAt(end).number];
  return chunks.map((c) => {
    const mineChanged = changedMine ? changedMine.some(([f, t]) => touches(c.fromA, c.toA, f!, t!)) : true;
    const theirsChanged = changedTheirs
      ? changedTheirs.some(([f, t]) => touches(c.fromB, c.toB, f!, t!))
      : true;
    return {
      fromA: c.fromA,
      toA: c.toA,
      fromB: c.fromB,
      toB: c.toB,
      linesA: lines(a, c.fromA, c.toA, c.endA),
      linesB: lines(b, c.fromB, c.toB, c.endB),
      changedBy: mineChanged && !theirsChanged ? 'mine' : theirsChanged && !mineChanged ? 'theirs' : 'both',
    };
  });
}

/** Whether two ranges share a position; an empty range (an insertion point) touches its edges. */
function touches(fromX: number, toX: number, fromY: number, toY: number): boolean {
  if (fromX === toX || fromY === toY) return fromX <= toY && fromY <= toX;
  return fromX < toY && fromY < toX;
}

/** The choice a chunk starts with: the side that changed it alone; none for a clash. */
export const presetOf = (chunk: MergeChunk): Side | null =>
  chunk.changedBy === 'both' ? null : chunk.changedBy;

/**
 * The merged text: the author's text with each chunk taken from the side chosen for it; null
 * while a chunk has no choice.
 */
export function resolveMerge(
  mine: string,
  theirs: string,
  chunks: readonly MergeChunk[],
  choices: readonly (Side | null)[],
): string | null {
  let out = '';
  let at = 0;
  for (const [i, c] of chunks.entries()) {
    const choice = choices[i];
    if (!choice) return null;
    out += mine.slice(at, c.fromA);
    out += choice === 'mine' ? mine.slice(c.fromA, c.toA) : theirs.slice(c.fromB, c.toB);
    at = Math.max(at, c.toA);
  }
  return out + mine.slice(at);
}
