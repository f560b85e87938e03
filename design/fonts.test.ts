/**
 * The font files and the type tokens agree: three files (the brand's "two or three weights at
 * most"), every stack of the tokens starts with a family that has files and has a metric-matched
 * fallback, and the global rules only ask for weights that have a file. Whether every rendered
 * text does too (inherited fonts, browser defaults, media queries) is checked in a real browser
 * over every route: tests/e2e/fonts.spec.ts.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { characterSet, verticalMetrics } from './font-tables.ts';
import {
  fallbackFaceCss,
  fallbackFaces,
  fontBaseName,
  fontFaceCss,
  fontFiles,
  SUBSET_UNICODE_RANGE,
} from './fonts.ts';
import { globalCss } from './global-styles.ts';
import { fonts } from './theme.ts';

const require = createRequire(import.meta.url);
/** The file the build ships (runtime/build/prerender.ts copies design/fonts/<name>.woff2). */
const shipped = (font: (typeof fontFiles)[number]) =>
  readFileSync(new URL(`./fonts/${fontBaseName(font)}.woff2`, import.meta.url));
/** Every code point of a CSS unicode-range. */
const codePoints = (range: string) =>
  range.split(',').flatMap((part) => {
    const [from = '', to = from] = part.trim().replace('U+', '').split('-');
    const start = parseInt(from, 16);
    return Array.from({ length: parseInt(to, 16) - start + 1 }, (_, i) => start + i);
  });
const weightsOf = (family: string) => fontFiles.filter((f) => f.family === family).map((f) => f.weight);
const firstFamily = (stack: string) => stack.split(',')[0]!.trim().replace(/'/g, '');

describe('font files', () => {
  it('are three: Inter 400 for text, Poppins 600 and 700 for headings, labels and buttons', () => {
    expect(fontFiles.map((f) => `${f.family} ${f.weight}`)).toEqual([
      'Inter 400',
      'Poppins 600',
      'Poppins 700',
    ]);
  });

  it('are Latin-subset woff2 files of the installed @fontsource packages, with distinct names', () => {
    for (const font of fontFiles) {
      expect(font.module).toMatch(/^@fontsource\/[a-z]+\/files\/[a-z]+-latin-\d{3}-normal\.woff2$/);
      const file = readFileSync(require.resolve(font.module));
      expect(file.subarray(0, 4).toString('latin1'), font.module).toBe('wOF2');
    }
    expect(new Set(fontFiles.map(fontBaseName)).size).toBe(fontFiles.length);
  });

  it('ship cut to SUBSET_UNICODE_RANGE, from the installed @fontsource file, a quarter smaller', () => {
    const range = codePoints(SUBSET_UNICODE_RANGE);
    // Portuguese, every accent in both cases, and the signs the pages use.
    for (const c of 'áàâãçéêíóôõúüÁÀÂÃÇÉÊÍÓÔÕÚÜñ©ºª§°·–—“”‘’•…€')
      expect(range, c).toContain(c.codePointAt(0));
    let before = 0;
    let after = 0;
    for (const font of fontFiles) {
      const source = readFileSync(require.resolve(font.module));
      // A new @fontsource version: cut the subsets again (python3 design/fonts/subset.py) and
      // record the hashes it prints.
      expect(createHash('sha256').update(source).digest('hex'), font.module).toBe(font.subsetOf);
      const file = shipped(font);
      expect(file.subarray(0, 4).toString('latin1'), font.module).toBe('wOF2');
      const chars = characterSet(file);
      expect(
        [...chars].filter((c) => c >= 0x20).sort((a, b) => a - b),
        font.module,
      ).toEqual(range);
      // Nothing in the range was missing from the @fontsource file.
      for (const c of range)
        expect(characterSet(source).has(c), `${font.module} U+${c.toString(16)}`).toBe(true);
      before += source.length;
      after += file.length;
    }
    expect(after / before).toBeLessThan(0.8);
  });

  it('become one @font-face each, with its weight, plus the fallbacks the tokens name', () => {
    const css = fontFaceCss((f) => `/f/${fontBaseName(f)}.woff2`, 'optional');
    const web = css.match(/@font-face\{[^}]*url\([^}]*\}/g) ?? [];
    expect(
      web.map((face) =>
        face
          .match(/font-family:'(\w+)'.*font-weight:(\d+)/)!
          .slice(1)
          .join(' '),
      ),
    ).toEqual(fontFiles.map((f) => `${f.family} ${f.weight}`));
    // On the site's pages, optional, not swap: a face that arrives after the first paint is not
    // swapped in, so the text never moves (decision 0028, tests/e2e/font-swap.spec.ts).
    for (const face of web) expect(face).toContain('font-display:optional');
    // The Estúdio's screens and Storybook add the CSS after their first paint: there, optional
    // would keep the fallback for good, so they swap the faces in.
    const tools = fontFaceCss((f) => `/f/${fontBaseName(f)}.woff2`);
    expect(tools.match(/font-display:\w+/g)).toEqual(fontFiles.map(() => 'font-display:swap'));
    expect(tools.replaceAll('font-display:swap', 'font-display:optional')).toBe(css);
    // Every family a token stack names before the system fonts is declared: the web face or
    // its metric-matched local fallback (a name with no @font-face would silently be skipped).
    for (const [token, stack] of Object.entries(fonts)) {
      for (const name of stack.split(',').map((n) => n.trim())) {
        if (!name.startsWith("'")) break;
        expect(css, `${token}: ${name}`).toContain(`font-family:${name};`);
      }
    }
  });
});

describe('fallback faces', () => {
  it('record the vertical metrics of the files the build ships', () => {
    for (const font of fontFiles) {
      const { unitsPerEm, ascender, descender, lineGap, typo } = verticalMetrics(
        readFileSync(require.resolve(font.module)),
      );
      expect(font.metrics, font.module).toEqual({ unitsPerEm, ascender, descender, lineGap });
      // The cut file the build ships keeps them.
      const cut = verticalMetrics(shipped(font));
      expect({ ...cut, typo: undefined }, `design/fonts/${fontBaseName(font)}.woff2`).toEqual({
        unitsPerEm,
        ascender,
        descender,
        lineGap,
        typo: undefined,
      });
      expect(cut.typo).toEqual(typo);
      // Chromium takes OS/2's typographic metrics when USE_TYPO_METRICS is set, hhea's otherwise:
      // in these files they agree, so either way the overrides below are the ones it uses.
      expect({ ascender: typo.ascender, descender: typo.descender, lineGap: typo.lineGap }).toEqual({
        ascender,
        descender,
        lineGap,
      });
    }
  });

  it('stand in for every (family, weight) file, and for every Poppins weight in capitals', () => {
    const key = (f: { family: string; weight: number }) => `${f.family} ${f.weight}`;
    expect(fallbackFaces.filter((f) => f.name !== 'Poppins Caps Fallback').map(key)).toEqual(
      fontFiles.map(key),
    );
    expect(fallbackFaces.filter((f) => f.name === 'Poppins Caps Fallback').map(key)).toEqual(
      fontFiles.filter((f) => f.family === 'Poppins').map(key),
    );
  });

  it('are Arial-like local fonts, bold for bold text, whose lines are as tall as the web face’s', () => {
    const inter = fallbackFaceCss(fallbackFaces[0]!);
    expect(inter).toBe(
      "@font-face{font-family:'Inter Fallback';font-weight:400;src:local('Arial'),local('ArialMT'),local('Liberation Sans'),local('LiberationSans'),local('Arimo'),local('Arimo-Regular'),local('Roboto'),local('Roboto-Regular');ascent-override:91.35%;descent-override:22.75%;line-gap-override:0%;size-adjust:106.05%}",
    );
    for (const face of fallbackFaces) {
      const css = fallbackFaceCss(face);
      expect(css, face.name).toContain(
        face.weight > 400 ? "local('Liberation Sans Bold')" : "local('Liberation Sans')",
      );
      // ascent + descent + line gap, scaled back by size-adjust, is the web file's line height.
      const pct = (name: string) => Number(css.match(new RegExp(`${name}:([\\d.]+)%`))![1]);
      const file = fontFiles.find((f) => f.family === face.family && f.weight === face.weight)!;
      const { unitsPerEm, ascender, descender, lineGap } = file.metrics;
      const sum =
        (pct('ascent-override') + pct('descent-override') + pct('line-gap-override')) * pct('size-adjust');
      expect(sum / 1e4).toBeCloseTo((ascender - descender + lineGap) / unitsPerEm, 3);
    }
  });
});

describe('type tokens and global styles', () => {
  it('each stack starts with a family that has files: Inter only at 400, emphasis in Poppins', () => {
    for (const stack of Object.values(fonts)) expect(weightsOf(firstFamily(stack)).length).toBeGreaterThan(0);
    expect(weightsOf(firstFamily(fonts.body))).toEqual([400]);
    expect(weightsOf(firstFamily(fonts.display))).toEqual([600, 700]);
  });

  it('ask only for weights that have a file, and give the browser’s bold defaults one too', () => {
    const rules = [...globalCss.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector, body]) => ({
      selector: selector!.trim(),
      family: body!.match(/font-family:([^;]+)/)?.[1],
      weight: Number(body!.match(/font-weight:(\d+)/)?.[1] ?? 0),
    }));
    const body = rules.find((r) => r.selector === 'body')!;
    expect(body.family).toBe(fonts.body);
    expect(body.weight).toBe(0); // normal: 400
    for (const rule of rules.filter((r) => r.weight)) {
      expect(rule.family, rule.selector).toBe(fonts.display);
      expect(weightsOf(firstFamily(fonts.display)), rule.selector).toContain(rule.weight);
    }
    // <b>, <strong>, <th>, <h5>, <h6> are 'bolder' by default: Inter has no bold file.
    const emphasis = rules.filter((r) => r.weight).flatMap((r) => r.selector.split(','));
    for (const element of ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'b', 'strong', 'th'])
      expect(emphasis, element).toContain(element);
  });
});
