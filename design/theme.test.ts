import { describe, expect, it } from 'vitest';
import { colors } from './theme.ts';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('focus ring', () => {
  // WCAG 1.4.11: a focus indicator needs 3:1 against what surrounds it, on light and dark sections.
  it.each(['surface', 'surfaceAlt', 'waterLight', 'navy', 'navyDeep', 'blue'] as const)(
    'stands out at least 3:1 against %s',
    (background) => {
      expect(contrast(colors.focus, colors[background])).toBeGreaterThanOrEqual(3);
    },
  );
});
