/**
 * Draws the favicon set from the logo's symbol (design/logo.tsx), so the icons never drift from the logo:
 *   public/favicon.svg          the symbol on its round disc, transparent corners
 *   public/favicon.ico          16, 32 and 48 px PNGs in one ICO (what browsers ask /favicon.ico for)
 *   public/apple-touch-icon.png 180 px, opaque (iOS fills transparency with black)
 *   public/icon-192.png, public/icon-512.png  opaque, full-bleed, the symbol inside the maskable safe zone
 * Run: npx tsx scripts/make-icons.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { SYMBOL } from '../design/logo.tsx';
import { colors } from '../design/theme.ts';

const out = (name: string): string => fileURLToPath(new URL(`../public/${name}`, import.meta.url));

const S = SYMBOL.size;
const r = S / 2;
const inner =
  `<path fill="${colors.white}" d="${SYMBOL.cylinder}"/>` +
  `<g fill="${colors.water}"><path d="${SYMBOL.band}"/>` +
  SYMBOL.bubbles.map(([cx, cy, br]) => `<circle cx="${cx}" cy="${cy}" r="${br}"/>`).join('') +
  '</g>';

const favicon =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${S} ${S}" width="32" height="32">` +
  `<circle cx="${r}" cy="${r}" r="${r}" fill="${colors.navy}"/>${inner}</svg>\n`;

/** Opaque square: navy ground, a slightly lighter disc, the symbol; `pad` is the margin in symbol units. */
const tile = (pad: number): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-pad} ${-pad} ${S + 2 * pad} ${S + 2 * pad}">` +
  `<rect x="${-pad}" y="${-pad}" width="${S + 2 * pad}" height="${S + 2 * pad}" fill="${colors.navy}"/>` +
  `<circle cx="${r}" cy="${r}" r="${r}" fill="${colors.blue}"/>${inner}</svg>`;

function png(svg: string, size: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size }, font: { loadSystemFonts: false } })
    .render()
    .asPng();
}

/** ICO container holding PNG images (allowed since Windows Vista; every current browser reads it). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const e = Buffer.alloc(16);
    e.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
    e.writeUInt8(size >= 256 ? 0 : size, 1); // height
    e.writeUInt8(0, 2); // palette colours: none
    e.writeUInt8(0, 3); // reserved
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(data.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += data.length;
    return e;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

writeFileSync(out('favicon.svg'), favicon);
writeFileSync(out('favicon.ico'), ico([16, 32, 48].map((size) => ({ size, data: png(favicon, size) }))));
writeFileSync(out('apple-touch-icon.png'), png(tile(24), 180));
// 30 units of margin put the 240-unit disc exactly on the maskable safe zone (a circle of 40% of the size).
writeFileSync(out('icon-192.png'), png(tile(30), 192));
writeFileSync(out('icon-512.png'), png(tile(30), 512));
console.log('icons written to public/');
