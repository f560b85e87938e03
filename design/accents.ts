/**
 * The colours behind the schema's `Accent` values (water, orange, navy, green), for icon
 * chips and initials circles. Shared by the content blocks (features, steps, testimonials,
 * credibility). Every pair passes WCAG AA: `fg` on `tint` ≥ 4.5:1, white on `solid` ≥ 4.5:1.
 */
import type { AccentName as AccentValue } from '../schema/shared.ts';
import { colors } from './theme.ts';

export interface AccentColors {
  /** Light background of an icon chip. */
  tint: string;
  /** Icon or text colour on `tint` (and on white). */
  fg: string;
  /** Solid background behind white text (initials circle). */
  solid: string;
}

export const accentColors: Record<AccentValue, AccentColors> = {
  water: { tint: colors.waterLight, fg: colors.waterDark, solid: colors.waterDark }, // 5.2:1, 5.5:1
  orange: { tint: colors.orangeLight, fg: colors.orange, solid: colors.orange }, // 4.5:1, 5.2:1
  navy: { tint: colors.line, fg: colors.navy, solid: colors.navy }, // 12.5:1, 15:1
  green: { tint: '#dcfce7', fg: '#15803d', solid: '#15803d' }, // 4.6:1, 5.0:1
};

/** The order accents rotate in when an item does not choose one. */
export const ACCENT_CYCLE: AccentValue[] = ['water', 'orange', 'navy', 'green'];

export function accentAt(index: number, chosen?: AccentValue): AccentColors {
  return accentColors[chosen ?? ACCENT_CYCLE[index % ACCENT_CYCLE.length] ?? 'water'];
}
