/**
 * Draws the share image (Open Graph / Twitter card, 1200 × 630) from the logo, the cylinder
 * illustration and the site's display face, so the preview a visitor sees in WhatsApp or on
 * social networks matches the site:
 *   public/compartilhar.png   (runtime/render/seo.ts SHARE_IMAGE names it, with its size and alt text)
 * Text is set in Poppins from @fontsource (its WOFF 1 files are unpacked to TrueType here:
 * resvg reads TrueType/OpenType only). Run: npx tsx scripts/make-share-image.ts
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { Logo } from '../design/logo.tsx';
import { colors } from '../design/theme.ts';
import { SHARE_IMAGE } from '../runtime/render/index.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(path.join(root, 'package.json'));

/** WOFF 1.0 → sfnt (TrueType): each table is zlib-compressed unless its sizes are equal. */
function woffToTtf(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 file');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const o = 44 + i * 20;
    const tag = woff.readUInt32BE(o);
    const offset = woff.readUInt32BE(o + 4);
    const compLength = woff.readUInt32BE(o + 8);
    const origLength = woff.readUInt32BE(o + 12);
    const checksum = woff.readUInt32BE(o + 16);
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(raw) : raw;
    return { tag, checksum, data };
  });
  let searchRange = 1;
  let entrySelector = 0;
  while (searchRange * 2 <= numTables) {
    searchRange *= 2;
    entrySelector += 1;
  }
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange * 16, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((t, i) => {
    const o = 12 + i * 16;
    header.writeUInt32BE(t.tag, o);
    header.writeUInt32BE(t.checksum, o + 4);
    header.writeUInt32BE(offset, o + 8);
    header.writeUInt32BE(t.data.length, o + 12);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

const { width: W, height: H } = SHARE_IMAGE;
const logo = renderToStaticMarkup(createElement(Logo, { tone: 'light', height: 64 }))
  // Nested <svg> needs a position; the logo's own width/height attributes stay.
  .replace('<svg ', '<svg x="80" y="72" ');
const cylinder = readFileSync(path.join(root, 'public/images/cilindro.svg'));
const cylinderUri = `data:image/svg+xml;base64,${cylinder.toString('base64')}`;

const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <rect width="${W}" height="${H}" fill="${colors.navy}"/>
  <circle cx="1010" cy="330" r="300" fill="${colors.blue}"/>
  <g fill="none" stroke="${colors.water}" stroke-width="4" opacity="0.55">
    <circle cx="700" cy="90" r="18"/><circle cx="1150" cy="560" r="12"/><circle cx="640" cy="560" r="10"/>
  </g>
  ${logo}
  <g font-family="Poppins" fill="${colors.white}">
    <text x="80" y="300" font-size="68" font-weight="700">Recarga de CO2</text>
    <text x="80" y="384" font-size="68" font-weight="700">com troca em casa</text>
    <text x="80" y="456" font-size="32" font-weight="600" fill="${colors.waterLight}">São Paulo e Grande SP · entrega grátis</text>
  </g>
  <rect x="80" y="500" width="380" height="68" rx="34" fill="${colors.orange}"/>
  <text x="270" y="545" font-family="Poppins" font-size="28" font-weight="600" fill="${colors.white}" text-anchor="middle">Agende pelo WhatsApp</text>
  <image x="850" y="90" width="330" height="440" xlink:href="${cylinderUri}"/>
</svg>`;

const tmp = mkdtempSync(path.join(os.tmpdir(), 'share-image-'));
try {
  const fontFiles = [600, 700].map((weight) => {
    const woff = readFileSync(
      require.resolve(`@fontsource/poppins/files/poppins-latin-${weight}-normal.woff`),
    );
    const file = path.join(tmp, `poppins-${weight}.ttf`);
    writeFileSync(file, woffToTtf(woff));
    return file;
  });
  const png = new Resvg(svg, {
    fitTo: { mode: 'width', value: W },
    font: { loadSystemFonts: false, fontFiles, defaultFontFamily: 'Poppins' },
  })
    .render()
    .asPng();
  writeFileSync(path.join(root, 'public', SHARE_IMAGE.path.slice(1)), png);
  console.log(`${SHARE_IMAGE.path} written (${W}×${H}, ${(png.length / 1024).toFixed(0)} KB)`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
