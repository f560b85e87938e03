import { mkdtempSync, mkdirSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_INLINE_SVG_BYTES, parseInlineSvg, svgInliner } from '../../runtime/render/inline-svg.ts';

const drawing =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 160" width="80" height="160">\n  <circle cx="4" cy="4" r="2" fill="#0ea5c6"/>\n</svg>\n';

describe('inline SVG illustrations', () => {
  it('keeps the drawing and its viewBox, without the whitespace between tags', () => {
    expect(parseInlineSvg(drawing)).toEqual({
      viewBox: '0 0 80 160',
      inner: '<circle cx="4" cy="4" r="2" fill="#0ea5c6"/>',
    });
    expect(parseInlineSvg(`<?xml version="1.0" encoding="UTF-8"?>\n${drawing}`)?.viewBox).toBe('0 0 80 160');
    // Editors' comments go; they are no reason to keep the <img>.
    expect(parseInlineSvg(drawing.replace('<circle', '<!-- Generator: Inkscape --><circle'))?.inner).toBe(
      '<circle cx="4" cy="4" r="2" fill="#0ea5c6"/>',
    );
  });

  it.each([
    ['a script', '<script>alert(1)</script>'],
    ['an event handler', '<circle onload="alert(1)" r="2"/>'],
    ['a foreignObject', '<foreignObject><p>x</p></foreignObject>'],
    ['a style element', '<style>p{color:red}</style>'],
    ['a style attribute (the CSP forbids inline styles)', '<circle style="fill:red" r="2"/>'],
    ['an id (two copies on a page would clash)', '<linearGradient id="g"/>'],
    ['a link', '<use href="#g"/>'],
    ['a url() reference', '<circle fill="url(#g)" r="2"/>'],
    ['a doctype or entity', '<!ENTITY x "y">'],
    ['a nested svg', '<svg viewBox="0 0 1 1"></svg>'],
  ])('leaves a file with %s as an <img>', (_, part) => {
    expect(parseInlineSvg(drawing.replace('</svg>', `${part}</svg>`))).toBeUndefined();
  });

  it('leaves big files and files without a viewBox as an <img>', () => {
    const big = drawing.replace('</svg>', `${'<circle r="1"/>'.repeat(MAX_INLINE_SVG_BYTES / 10)}</svg>`);
    expect(parseInlineSvg(big)).toBeUndefined();
    expect(parseInlineSvg(drawing.replace(' viewBox="0 0 80 160"', ''))).toBeUndefined();
    expect(parseInlineSvg('não é svg')).toBeUndefined();
  });

  it('reads files under the public folder only, and again when they change', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'svg-'));
    mkdirSync(path.join(dir, 'images'));
    const file = path.join(dir, 'images', 'a.svg');
    writeFileSync(file, drawing);
    const inline = svgInliner(dir);
    expect(inline('/images/a.svg')?.inner).toContain('circle');
    expect(inline('/images/missing.svg')).toBeUndefined();
    expect(inline('/images/../../etc/passwd.svg')).toBeUndefined();
    expect(inline('/images/%2e%2e/%2e%2e/etc/passwd.svg')).toBeUndefined();
    expect(inline('/images/%zz.svg')).toBeUndefined();
    expect(inline('/images/a.png')).toBeUndefined();
    writeFileSync(file, drawing.replace('circle', 'ellipse'));
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(inline('/images/a.svg')?.inner).toContain('ellipse');
  });
});
