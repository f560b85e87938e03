/**
 * Reads the vertical metrics of a font file (WOFF2 or plain TrueType/OpenType): units per em,
 * hhea's ascender, descender and line gap, and OS/2's typographic ones. Enough of WOFF2 to get
 * there: the table directory and the Brotli stream (node's zlib), where head, hhea and OS/2 are
 * never transformed. design/fonts.test.ts reads the shipped files with it, so the metrics the
 * fallback faces' overrides are computed from (design/fonts.ts) are the files' own.
 */
import { brotliDecompressSync } from 'node:zlib';

export interface VerticalMetrics {
  unitsPerEm: number;
  /** hhea, which Chromium uses for line boxes unless OS/2 says USE_TYPO_METRICS. */
  ascender: number;
  /** Negative, below the baseline. */
  descender: number;
  lineGap: number;
  typo: { ascender: number; descender: number; lineGap: number; useTypoMetrics: boolean };
}

// The WOFF2 known-tag table (index = flags & 0x3f).
const KNOWN_TAGS =
  'cmap head hhea hmtx maxp name OS/2 post cvt_ fpgm glyf loca prep CFF_ VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG_ sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'
    .split(' ')
    .map((tag) => tag.replace('_', ' '));

function tablesOfWoff2(file: Buffer): Map<string, Buffer> {
  const numTables = file.readUInt16BE(12);
  let p = 48;
  const base128 = () => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = file[p++]!;
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
    throw new Error('WOFF2: bad UIntBase128');
  };
  const entries: { tag: string; length: number }[] = [];
  for (let i = 0; i < numTables; i++) {
    const flags = file[p++]!;
    let tag = KNOWN_TAGS[flags & 0x3f];
    if ((flags & 0x3f) === 0x3f) {
      tag = file.toString('latin1', p, p + 4);
      p += 4;
    }
    const version = flags >> 6;
    const origLength = base128();
    // glyf and loca are transformed at version 0, every other table at a non-zero version.
    const transformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0;
    const length = transformed ? base128() : origLength;
    entries.push({ tag: tag!, length });
  }
  const compressedLength = file.readUInt32BE(20);
  const data = brotliDecompressSync(file.subarray(p, p + compressedLength));
  const tables = new Map<string, Buffer>();
  let offset = 0;
  for (const { tag, length } of entries) {
    tables.set(tag, data.subarray(offset, offset + length));
    offset += length;
  }
  return tables;
}

function tablesOfSfnt(file: Buffer): Map<string, Buffer> {
  const tables = new Map<string, Buffer>();
  for (let i = 0; i < file.readUInt16BE(4); i++) {
    const r = 12 + i * 16;
    const offset = file.readUInt32BE(r + 8);
    tables.set(file.toString('latin1', r, r + 4), file.subarray(offset, offset + file.readUInt32BE(r + 12)));
  }
  return tables;
}

const tablesOf = (file: Buffer) =>
  file.toString('latin1', 0, 4) === 'wOF2' ? tablesOfWoff2(file) : tablesOfSfnt(file);

/**
 * The characters a font file has a glyph for: the code points of its Unicode cmap subtables
 * (formats 4 and 12; cmap is never transformed in WOFF2).
 */
export function characterSet(file: Buffer): Set<number> {
  const cmap = tablesOf(file).get('cmap');
  if (!cmap) throw new Error('font has no cmap table');
  const chars = new Set<number>();
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const offset = cmap.readUInt32BE(4 + i * 8 + 4);
    const format = cmap.readUInt16BE(offset);
    if (format === 4) {
      const segments = cmap.readUInt16BE(offset + 6) / 2;
      const ends = offset + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const rangeOffsets = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const end = cmap.readUInt16BE(ends + s * 2);
        const start = cmap.readUInt16BE(starts + s * 2);
        const delta = cmap.readUInt16BE(deltas + s * 2);
        const rangeOffset = cmap.readUInt16BE(rangeOffsets + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          const glyph =
            rangeOffset === 0
              ? (c + delta) & 0xffff
              : cmap.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (c - start) * 2);
          if (glyph !== 0) chars.add(c);
        }
      }
    } else if (format === 12) {
      const groups = cmap.readUInt32BE(offset + 12);
      for (let g = 0; g < groups; g++) {
        const start = cmap.readUInt32BE(offset + 16 + g * 12);
        const end = cmap.readUInt32BE(offset + 16 + g * 12 + 4);
        for (let c = start; c <= end; c++) chars.add(c);
      }
    }
  }
  return chars;
}

export function verticalMetrics(file: Buffer): VerticalMetrics {
  const tables = tablesOf(file);
  const table = (tag: string) => {
    const t = tables.get(tag);
    if (!t) throw new Error(`font has no ${tag} table`);
    return t;
  };
  const head = table('head');
  const hhea = table('hhea');
  const os2 = table('OS/2');
  return {
    unitsPerEm: head.readUInt16BE(18),
    ascender: hhea.readInt16BE(4),
    descender: hhea.readInt16BE(6),
    lineGap: hhea.readInt16BE(8),
    typo: {
      ascender: os2.readInt16BE(68),
      descender: os2.readInt16BE(70),
      lineGap: os2.readInt16BE(72),
      useTypoMetrics: (os2.readUInt16BE(62) & 0x80) !== 0,
    },
  };
}
