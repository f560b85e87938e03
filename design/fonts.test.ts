/**
 * The font files and the type tokens agree: three files (the brand's "two or three weights at
 * most"), every stack of the tokens starts with a family that has files and has a metric-matched
 * fallback, and the global rules only ask for weights that have a file. Whether every rendered
 * text does too (inherited fonts, browser defaults, media queries) is checked in a real browser
 * over every route: tests/e2e/fonts.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fontBaseName, fontFaceCss, fontFiles } from './fonts.ts';
import { globalCss } from './global-styles.ts';
import { fonts } from './theme.ts';

const require = createRequire(import.meta.url);
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

  it('become one swap @font-face each, with its weight, plus the fallbacks the tokens name', () => {
    const css = fontFaceCss((f) => `/f/${fontBaseName(f)}.woff2`);
    const web = css.match(/@font-face\{[^}]*url\([^}]*\}/g) ?? [];
    expect(
      web.map((face) =>
        face
          .match(/font-family:'(\w+)'.*font-weight:(\d+)/)!
          .slice(1)
          .join(' '),
      ),
    ).toEqual(fontFiles.map((f) => `${f.family} ${f.weight}`));
    for (const face of web) expect(face).toContain('font-display:swap');
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
