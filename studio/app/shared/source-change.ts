/**
 * The change from one page text to the next as one replaced range: what a keystroke sends to the
 * preview instead of the whole text (studio/server/preview-sources.ts). Undefined when most of
 * the text changed (the whole text is then as small to send).
 */
export interface SourceChange {
  from: number;
  to: number;
  insert: string;
}

/**
 * The common start and end are found a slice at a time (4096, 512, 64, 8 characters, then one),
 * compared by the engine's own string comparison: a loop of charCodeAt over a 200-block page's
 * 190 KB ran in the interpreter at the first keystroke after opening (5-15 ms of the Estúdio's
 * task before the preview was even asked for, more on a busy machine) until it was compiled.
 */
export function sourceChange(before: string, after: string): SourceChange | undefined {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  for (let step = 4096; step >= 1; step >>= 3)
    while (start + step <= shorter && before.slice(start, start + step) === after.slice(start, start + step))
      start += step;
  let end = 0;
  for (let step = 4096; step >= 1; step >>= 3)
    while (
      end + step <= shorter - start &&
      before.slice(before.length - end - step, before.length - end) ===
        after.slice(after.length - end - step, after.length - end)
    )
      end += step;
  const insert = after.slice(start, after.length - end);
  if (insert.length > after.length / 2) return undefined;
  return { from: start, to: before.length - end, insert };
}
