/** The change a keystroke sends to the preview instead of the whole page (studio/app/shared/source-change.ts). */
import { describe, expect, it } from 'vitest';
import { sourceChange } from '../../studio/app/shared/source-change.ts';

const apply = (before: string, c: { from: number; to: number; insert: string }) =>
  before.slice(0, c.from) + c.insert + before.slice(c.to);

describe('sourceChange', () => {
  it('is the one range that makes the new text, for typing, erasing, pasting and repeated letters', () => {
    const before = 'title: Recarga\nblocks:\n  - type: hero\n    title: Olá 🥤 mundo\n';
    const afters = [
      before.replace('Recarga', 'Recargas'),
      before.replace('Recarga', 'Recarg'),
      before.replace('hero', 'heroi'),
      before.replace('Olá 🥤', 'Olá 🥤🥤'),
      before.replace('🥤', ''),
      before.replace('mundo', 'mundo de novo'),
      `# topo\n${before}`,
      `${before}  - type: faq\n`,
      before.replace('ll', 'lll'),
      before,
    ];
    for (const after of afters) {
      const change = sourceChange(before, after)!;
      expect(change, after).toBeDefined();
      expect(apply(before, change)).toBe(after);
    }
    expect(sourceChange(before, 'a'.repeat(2 * before.length))).toBeUndefined();
    expect(sourceChange(before, before)).toEqual({ from: before.length, to: before.length, insert: '' });
  });

  it('sends a letter typed into a 200 KB page as one letter', () => {
    const before = 'x: 1\n'.repeat(40_000);
    const after = `${before.slice(0, 100_000)}y${before.slice(100_000)}`;
    expect(sourceChange(before, after)).toEqual({ from: 100_000, to: 100_000, insert: 'y' });
  });

  it('finds the smallest range wherever the change falls, at the edge of a compared slice or not', () => {
    // The definition, a character at a time: the longest common start, then the longest common end.
    const smallest = (before: string, after: string) => {
      const shorter = Math.min(before.length, after.length);
      let start = 0;
      while (start < shorter && before[start] === after[start]) start++;
      let end = 0;
      while (end < shorter - start && before.at(-1 - end) === after.at(-1 - end)) end++;
      return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
    };
    const before = Array.from({ length: 9000 }, (_, i) => 'abcdefgh'[(i * 7) % 8]).join('');
    const places = [0, 1, 7, 8, 63, 64, 511, 512, 4095, 4096, 4097, 8191, before.length - 1, before.length];
    for (const at of places)
      for (const [cut, insert] of [
        [0, 'z'],
        [1, ''],
        [3, 'xy'],
        [0, before.slice(at, at + 2)],
      ] as const) {
        const after = before.slice(0, at) + insert + before.slice(Math.min(before.length, at + cut));
        expect(sourceChange(before, after), `${at} ${cut} ${insert}`).toEqual(smallest(before, after));
      }
  });
});
