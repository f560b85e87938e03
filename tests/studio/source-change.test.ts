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
});
