/**
 * Design tokens: the one place for the brand's colours, type, spacing and motion.
 * Every block, the global stylesheet and Storybook read from here.
 * Contrast notes: every text/background pair used by the blocks passes WCAG AA
 * (the focus ring is checked in design/theme.test.ts).
 */
export const colors = {
  navy: '#0b2545', // headings, dark hero, footer
  navyDeep: '#061a33',
  blue: '#13315c',
  ink: '#1e293b', // body text
  muted: '#475569', // secondary text (7.5:1 on white)
  line: '#e2e8f0',
  surface: '#ffffff',
  surfaceAlt: '#f4f8fb',
  water: '#0ea5c6', // accents, bubbles (decorative, not text on white)
  waterLight: '#e0f4fa',
  waterDark: '#0b6e85', // accent text on white (5.5:1)
  focus: '#0891b2', // focus ring: ≥ 3:1 on white, surfaceAlt and navy alike
  orange: '#c2410c', // call-to-action background behind white text (5.2:1)
  orangeHover: '#9a3412',
  orangeLight: '#ffedd5',
  chat: '#25d366', // chat app's green: only on floating chat controls, with dark text
  chatDark: '#075e54',
  disabled: '#94a3b8',
  white: '#ffffff',
} as const;

/**
 * Inter (body) has one weight, 400: anything bolder (labels, buttons, table headers,
 * <strong>) is the display face at 600 or 700 (design/fonts.ts lists the files).
 */
export const fonts = {
  /** Poppins 600 or 700. */
  display: "'Poppins', 'Poppins Fallback', system-ui, sans-serif",
  /** Inter 400 only. */
  body: "'Inter', 'Inter Fallback', system-ui, sans-serif",
  /** For text-transform: uppercase (eyebrows): a fallback sized for capitals (design/fonts.ts). */
  displayCaps: "'Poppins', 'Poppins Caps Fallback', system-ui, sans-serif",
} as const;

/** 8 px grid. */
export const space = (n: number): string => `${n * 8}px`;

export const radii = { sm: '8px', md: '14px', lg: '24px', pill: '999px' } as const;

export const shadows = {
  card: '0 1px 2px rgba(11, 37, 69, 0.06), 0 8px 24px rgba(11, 37, 69, 0.08)',
  raised: '0 12px 32px rgba(11, 37, 69, 0.16)',
  header: '0 2px 12px rgba(11, 37, 69, 0.1)',
} as const;

/** anchorOffsetPx: where a section reached through a #link stops, below the fixed header. */
export const layout = { maxWidth: '1200px', gutter: '20px', anchorOffsetPx: 80 } as const;

export const breakpoints = { sm: 480, md: 768, lg: 1024 } as const;

/** `${mq.md} { … }` inside a css`` block. Mobile first: queries only go up. */
export const mq = {
  sm: `@media (min-width: ${breakpoints.sm}px)`,
  md: `@media (min-width: ${breakpoints.md}px)`,
  lg: `@media (min-width: ${breakpoints.lg}px)`,
} as const;

export const motion = {
  fast: '200ms',
  base: '300ms',
  ease: 'cubic-bezier(0.22, 1, 0.36, 1)',
} as const;
