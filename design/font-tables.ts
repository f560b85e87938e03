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

export function verticalMetrics(file: Buffer): VerticalMetrics {
  const tables = file.toString('latin1', 0, 4) === 'wOF2' ? tablesOfWoff2(file) : tablesOfSfnt(file);
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
