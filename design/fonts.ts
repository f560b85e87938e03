/**
 * Self-hosted fonts from the @fontsource packages, Latin subset only (it covers every
 * Portuguese accent). The build copies the files with a content hash; the dev server
 * serves them from node_modules. On the site's pages `font-display: optional`: a face that is
 * not in by the first paint is not swapped in later, so text never moves (decision 0028); until
 * the next page, the text is in a local fallback adjusted to each face's metrics (fallbackFaces).
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
    preload: true,
    metrics: { unitsPerEm: 2048, ascender: 1984, descender: -494, lineGap: 0 },
  },
  {
    family: 'Poppins',
    weight: 600,
    module: '@fontsource/poppins/files/poppins-latin-600-normal.woff2',
    preload: true,
    metrics: { unitsPerEm: 1000, ascender: 1050, descender: -350, lineGap: 100 },
  },
  {
    family: 'Poppins',
    weight: 700,
    module: '@fontsource/poppins/files/poppins-latin-700-normal.woff2',
    preload: true,
    metrics: { unitsPerEm: 1000, ascender: 1050, descender: -350, lineGap: 100 },
  },
];

const LATIN =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';

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
          `@font-face{font-family:'${f.family}';font-style:normal;font-display:${display};font-weight:${f.weight};src:url(${urlOf(f)}) format('woff2');unicode-range:${LATIN}}`,
      )
      .join('') + fallbackFaces.map(fallbackFaceCss).join('')
  );
}

export const fontBaseName = (font: FontFile): string =>
  font.module
    .split('/')
    .pop()!
    .replace(/\.woff2$/, '');
