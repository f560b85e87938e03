/**
 * Self-hosted fonts from the @fontsource packages, Latin subset only (it covers every
 * Portuguese accent). The build copies the files with a content hash; the dev server
 * serves them from node_modules. Metric-matched local fallbacks keep text from jumping
 * when the web font arrives.
 *
 * Three files, the brand's "two or three weights at most": Inter is the text face at 400
 * only; every emphasis (labels, buttons, table headers, <strong>) is the display face,
 * Poppins 600 or 700. A (family, weight) a rule asks for must be in this list, or the
 * browser fakes a bold from the regular file (design/fonts.test.ts renders every page and
 * checks it).
 */
export interface FontFile {
  family: 'Poppins' | 'Inter';
  weight: 400 | 600 | 700;
  /** Path inside node_modules. */
  module: string;
  /**
   * Preloaded when the face is on the first screen of most routes (tests/e2e/fonts.spec.ts
   * counts them): today all three are, body text (Inter 400), the heading (Poppins 700) and
   * an eyebrow or a button (Poppins 600, on 13 of 14 routes at 375 px, not the home).
   */
  preload: boolean;
}

export const fontFiles: readonly FontFile[] = [
  {
    family: 'Inter',
    weight: 400,
    module: '@fontsource/inter/files/inter-latin-400-normal.woff2',
    preload: true,
  },
  {
    family: 'Poppins',
    weight: 600,
    module: '@fontsource/poppins/files/poppins-latin-600-normal.woff2',
    preload: true,
  },
  {
    family: 'Poppins',
    weight: 700,
    module: '@fontsource/poppins/files/poppins-latin-700-normal.woff2',
    preload: true,
  },
];

const LATIN =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';

/**
 * Arial adjusted to each face's metrics (values as computed by Capsize / next/font), so the
 * text takes the same room before and after the web font arrives. Android has no Arial:
 * Roboto stands in (its average glyph width is within 1% of Arial's, and the ascent, descent
 * and line-gap overrides replace the local font's own), so phones get the adjusted fallback too.
 */
const fallbacks =
  "@font-face{font-family:'Inter Fallback';src:local('Arial'),local('Liberation Sans'),local('Arimo'),local('Roboto');ascent-override:90.44%;descent-override:22.52%;line-gap-override:0%;size-adjust:107.12%}" +
  "@font-face{font-family:'Poppins Fallback';src:local('Arial'),local('Liberation Sans'),local('Arimo'),local('Roboto');ascent-override:93.62%;descent-override:31.21%;line-gap-override:8.92%;size-adjust:112.16%}" +
  // Capitals are proportioned differently: Arial's run 13% wider than Poppins' and 7% wider
  // than Inter's at the lower-case size-adjust, enough to wrap an uppercase eyebrow onto a
  // second line until the font arrives. Uppercase text uses this one (fonts.displayCaps; every
  // uppercase label is Poppins); the ratio was measured in Chromium on Portuguese text (same
  // ascent/descent in pixels).
  "@font-face{font-family:'Poppins Caps Fallback';src:local('Arial'),local('Liberation Sans'),local('Arimo'),local('Roboto');ascent-override:108.3%;descent-override:36.1%;line-gap-override:10.32%;size-adjust:96.96%}";

export function fontFaceCss(urlOf: (font: FontFile) => string): string {
  return (
    fontFiles
      .map(
        (f) =>
          `@font-face{font-family:'${f.family}';font-style:normal;font-display:swap;font-weight:${f.weight};src:url(${urlOf(f)}) format('woff2');unicode-range:${LATIN}}`,
      )
      .join('') + fallbacks
  );
}

export const fontBaseName = (font: FontFile): string =>
  font.module
    .split('/')
    .pop()!
    .replace(/\.woff2$/, '');
