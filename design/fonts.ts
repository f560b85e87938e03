/**
 * Self-hosted fonts from the @fontsource packages. The build ships each Latin file cut further
 * to the characters the site's text uses (SUBSET_UNICODE_RANGE: Portuguese and Spanish letters,
 * Latin-1's signs, the dashes, quotes, bullet and ellipsis), with the same widths and kerning
 * and every feature the kept characters use (tabular figures, fractions…): 39.5 KB → 29.9 KB
 * for the three files, a quarter less for a first visit to download (decision 0040, session
 * 26). The cut files are in design/fonts/ (cut by design/fonts/subset.py, each from the
 * @fontsource file whose hash is `subsetOf`); the build copies them with a content hash; the
 * dev server serves the whole @fontsource files, and the faces' `unicode-range` is the
 * subset's everywhere, so a character outside it is drawn in the fallback face in both.
 * On the site's pages `font-display: optional`: a face that is not in by the first paint is
 * not swapped in later, so text never moves (decision 0028); until the next page, the text is
 * in a local fallback adjusted to each face's metrics (fallbackFaces).
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
   * The sha256 of that file when design/fonts/<name>.woff2 was cut from it (design/fonts/subset.py
   * prints it): design/fonts.test.ts fails when the installed file differs, so a new @fontsource
   * version is not shipped beside subsets of the old one.
   */
  subsetOf: string;
  /**
   * Preloaded when the face is on the first screen of most routes (tests/e2e/fonts.spec.ts
   * counts them): today all three are, body text (Inter 400), the heading (Poppins 700) and
   * an eyebrow or a button (Poppins 600, on 13 of 14 routes at 375 px, not the home).
   */
  preload: boolean;
  /**
   * The file's vertical metrics in font units (hhea, the same as OS/2's typographic ones in
   * these files): the fallback faces' overrides are computed from them. design/fonts.test.ts
   * reads the file and fails when they differ (a new @fontsource version).
   */
  metrics: { unitsPerEm: number; ascender: number; descender: number; lineGap: number };
}

export const fontFiles: readonly FontFile[] = [
  {
    family: 'Inter',
    weight: 400,
    module: '@fontsource/inter/files/inter-latin-400-normal.woff2',
    subsetOf: '8909904ab6c872eb994093482a88a28eca2cd95912d7b6fecd72103b0dc07edc',
    preload: true,
    metrics: { unitsPerEm: 2048, ascender: 1984, descender: -494, lineGap: 0 },
  },
  {
    family: 'Poppins',
    weight: 600,
    module: '@fontsource/poppins/files/poppins-latin-600-normal.woff2',
    subsetOf: 'f4e80d9dfd374d02989b87a27b5ed4cb78fbb177c27f1478e9a8b0afb7513149',
    preload: true,
    metrics: { unitsPerEm: 1000, ascender: 1050, descender: -350, lineGap: 100 },
  },
  {
    family: 'Poppins',
    weight: 700,
    module: '@fontsource/poppins/files/poppins-latin-700-normal.woff2',
    subsetOf: '9338e65fc077355c7a87ae0d64cc101e23b9bf8ad78ae65f0f319c857311b526',
    preload: true,
    metrics: { unitsPerEm: 1000, ascender: 1050, descender: -350, lineGap: 100 },
  },
];

/**
 * The characters the shipped files carry (design/fonts/subset.py reads this line): ASCII; the
 * no-break space and Latin-1's signs (¡ ª « ° § © º » ¿ …; not the soft hyphen, which Inter has
 * no glyph for); the letters of Portuguese (á à â ã ç é ê í ó ô õ ú ü, in both cases), Spanish
 * (ñ) and È/è; × and ÷; en and em dashes, curly quotes, bullet, ellipsis, euro, trade mark,
 * minus. Every character of the site's pages today is in it; any other is drawn in the
 * metric-matched fallback.
 */
export const SUBSET_UNICODE_RANGE =
  'U+0020-007E, U+00A0-00AC, U+00AE-00BF, U+00C0-00C3, U+00C7-00CA, U+00CD, U+00D1, U+00D3-00D5, U+00D7, U+00DA, U+00DC, U+00E0-00E3, U+00E7-00EA, U+00ED, U+00F1, U+00F3-00F5, U+00F7, U+00FA, U+00FC, U+2013-2014, U+2018-201A, U+201C-201E, U+2022, U+2026, U+20AC, U+2122, U+2212';

/** Arial, and the fonts that stand in for it where it is missing (decision 0028). */
const REGULAR = [
  'Arial',
  'ArialMT',
  'Liberation Sans',
  'LiberationSans',
  'Arimo',
  'Arimo-Regular',
  'Roboto',
  'Roboto-Regular',
];
const BOLD = [
  'Arial Bold',
  'Arial-BoldMT',
  'Liberation Sans Bold',
  'LiberationSans-Bold',
  'Arimo Bold',
  'Arimo-Bold',
  'Roboto Bold',
  'Roboto-Bold',
];

/**
 * A local face standing in for one web face until it arrives, adjusted to take the same room:
 * `sizeAdjust` scales Arial's widths to the web face's (measured on the site's own text by
 * scripts/fallback-metrics.ts), and the ascent, descent and line-gap overrides are the web
 * file's (`metrics`) divided by it, so lines keep their height and baseline.
 */
export interface FallbackFace {
  /** The name the type tokens use (design/theme.ts). */
  name: 'Inter Fallback' | 'Poppins Fallback' | 'Poppins Caps Fallback';
  /** The web face it stands in for. */
  family: FontFile['family'];
  weight: FontFile['weight'];
  /** Arial's regular for Inter 400, its bold for Poppins 600 and 700: bold text is wider. */
  local: readonly string[];
  /** Percent. */
  sizeAdjust: number;
}

/**
 * One per (family, weight) the text uses, and one per Poppins weight for uppercase text:
 * capitals are proportioned differently (at the lower-case size-adjust, Arial's run 12% wider
 * than Poppins'), enough to wrap an uppercase eyebrow onto a second line. Uppercase text is
 * Poppins 600 and uses fonts.displayCaps; its 700 face is sized like the 600 one (no uppercase
 * text is 700 today, so there is nothing to measure).
 */
export const fallbackFaces: readonly FallbackFace[] = [
  { name: 'Inter Fallback', family: 'Inter', weight: 400, local: REGULAR, sizeAdjust: 106.05 },
  { name: 'Poppins Fallback', family: 'Poppins', weight: 600, local: BOLD, sizeAdjust: 108.21 },
  { name: 'Poppins Fallback', family: 'Poppins', weight: 700, local: BOLD, sizeAdjust: 107.45 },
  { name: 'Poppins Caps Fallback', family: 'Poppins', weight: 600, local: BOLD, sizeAdjust: 95.66 },
  { name: 'Poppins Caps Fallback', family: 'Poppins', weight: 700, local: BOLD, sizeAdjust: 95.66 },
];

const percent = (value: number) => `${Number(value.toFixed(2))}%`;

export function fallbackFaceCss(face: FallbackFace): string {
  const file = fontFiles.find((f) => f.family === face.family && f.weight === face.weight)!;
  const { unitsPerEm, ascender, descender, lineGap } = file.metrics;
  const scale = 100 / unitsPerEm / (face.sizeAdjust / 100);
  return (
    `@font-face{font-family:'${face.name}';font-weight:${face.weight};` +
    `src:${face.local.map((name) => `local('${name}')`).join(',')};` +
    `ascent-override:${percent(ascender * scale)};descent-override:${percent(-descender * scale)};` +
    `line-gap-override:${percent(lineGap * scale)};size-adjust:${percent(face.sizeAdjust)}}`
  );
}

/**
 * The faces' CSS: the three web faces, then the fallbacks. `display`: `optional` for the site's
 * pages (render-page.tsx), where a face that misses the first paint would move the text; `swap`
 * (the default) for the Estúdio's own screens and Storybook, which add this CSS after their
 * document has painted: with `optional`, Chromium keeps the fallback for good once text was
 * painted in it, so they would never show the brand's faces (decision 0028).
 */
export function fontFaceCss(
  urlOf: (font: FontFile) => string,
  display: 'optional' | 'swap' = 'swap',
): string {
  return (
    fontFiles
      .map(
        (f) =>
          `@font-face{font-family:'${f.family}';font-style:normal;font-display:${display};font-weight:${f.weight};src:url(${urlOf(f)}) format('woff2');unicode-range:${SUBSET_UNICODE_RANGE}}`,
      )
      .join('') + fallbackFaces.map(fallbackFaceCss).join('')
  );
}

export const fontBaseName = (font: FontFile): string =>
  font.module
    .split('/')
    .pop()!
    .replace(/\.woff2$/, '');
