/** @jsxImportSource react */
import { colors } from './theme';

/**
 * The Fillgás logo: a symbol (a CO2 cylinder with a water band and rising bubbles on a round "bubble" disc)
 * and the wordmark. The wordmark is Poppins Bold (the site's display face, OFL) converted to outlines, so the
 * logo never waits for a font; the dot of the i is a water bubble and the accent of the á picks up a brand
 * colour. Everything is drawn in one 944 × 240 box: the symbol fills the first 240 × 240 square.
 */
const VIEW_W = 944;
const VIEW_H = 240;

/** Width divided by height. */
export const LOGO_ASPECT = VIEW_W / VIEW_H;

/**
 * The symbol's geometry in a 240 × 240 box. scripts/make-icons.ts draws the favicon set from it, so the
 * icons cannot drift from the logo. Bubbles are [cx, cy, r].
 */
export const SYMBOL = {
  size: 240,
  cylinder:
    'M70 95a30 30 0 0 1 60 0v98a12 12 0 0 1-12 12H82a12 12 0 0 1-12-12zM83 38a8 8 0 0 1 8-8h18a8 8 0 0 1 8 8v30H83zM115 45h10a6 6 0 0 1 0 12h-10z',
  band: 'M70 120h60v35H70z',
  bubbles: [
    [162, 155, 16],
    [172, 110, 12],
    [157, 72, 9],
  ],
} as const;

const WORDMARK =
  'M288 45h92v27h-57v30h42v26h-42v57h-35v-140zm111,28h34v112h-34v-112zm61-36h34v148h-34v-148zm57,0h35v148h-35v-148zm101,35q11,0,20,5,9,4,14,12v-16h34v112q0,15-6,28-6,12-18,20-13,7-32,7-24,0-40-12-15-11-17-31h33q2,6,8,10,6,3,15,3,10,0,17-6,6-6,6-19v-16q-5,8-14,13-9,5-20,5-14,0-25-7-12-8-18-21-7-13-7-30,0-17,7-30,6-13,18-20,11-7,25-7zm34,57q0-13-7-20-7-7-17-7-11,0-18,7-7,7-7,20,0,13,7,20,7,8,18,8,10,0,17-8,7-7,7-20zm51,0q0-17,7-30,6-13,17-20,11-7,25-7,12,0,21,5,9,4,14,12v-16h34v112h-34v-16q-5,8-14,13-9,5-21,5-14,0-25-7-11-8-17-21-7-13-7-30zm84,0q0-13-7-20-8-7-18-7-10,0-17,7-7,7-7,20,0,13,7,20,7,8,17,8,10,0,18-8,7-7,7-20zm103,58q-15,0-26-5-12-5-18-14-7-9-8-20h34q1,6,6,10,4,3,11,3,7,0,10-2,4-3,4-7,0-4-5-7-5-2-16-5-12-3-20-6-8-3-14-9-6-7-6-19,0-9,5-17,6-8,16-13,10-4,24-4,21,0,34,10,12,11,13,28h-31q-1-6-5-9-5-4-12-4-6,0-9,3-3,2-3,6,0,5,5,7,5,2,16,5,12,3,20,6,8,3,14,10,6,7,6,19,0,9-5,17-6,8-16,12-11,5-24,5z';
const ACUTE = 'M789 19v27l-48 20v-24z';

/** dark: for light backgrounds; light: for the navy hero and footer. */
const TONES = {
  dark: { disc: colors.navy, cylinder: colors.white, text: colors.navy, accent: colors.orange },
  light: { disc: colors.white, cylinder: colors.navy, text: colors.white, accent: colors.water },
} as const;

export interface LogoProps {
  /** 'dark' (default) draws navy text for light backgrounds; 'light' draws white text for dark ones. */
  tone?: 'dark' | 'light';
  /** Rendered height in CSS pixels; the width follows the logo's aspect ratio. */
  height?: number;
  /** Accessible name. */
  title?: string;
}

export function Logo({ tone = 'dark', height = 40, title = 'Fillgás' }: LogoProps) {
  const t = TONES[tone];
  const r = SYMBOL.size / 2;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${VIEW_W} ${VIEW_H}`}
      width={Math.round(height * LOGO_ASPECT)}
      height={height}
      role="img"
      aria-label={title}
    >
      <circle cx={r} cy={r} r={r} fill={t.disc} />
      <path fill={t.cylinder} d={SYMBOL.cylinder} />
      <path fill={colors.water} d={SYMBOL.band} />
      <g fill={colors.water}>
        {SYMBOL.bubbles.map(([cx, cy, br]) => (
          <circle key={cy} cx={cx} cy={cy} r={br} />
        ))}
        <circle cx="416" cy="43" r="21" />
      </g>
      <path fill={t.text} d={WORDMARK} />
      <path fill={t.accent} d={ACUTE} />
    </svg>
  );
}
