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

export function sourceChange(before: string, after: string): SourceChange | undefined {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < shorter - start &&
    before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)
  )
    end++;
  const insert = after.slice(start, after.length - end);
  if (insert.length > after.length / 2) return undefined;
  return { from: start, to: before.length - end, insert };
}
