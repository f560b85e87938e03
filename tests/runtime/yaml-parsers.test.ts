/**
 * The fast js-yaml path of parseYaml must never change what a page means: on every input,
 * parseYaml accepts exactly what the `yaml` library accepts and returns the same data.
 * Checked on every real page and fixture, on a table of scalar spellings, and on
 * thousands of seeded random mutations of the real pages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { longPage } from '../../scripts/long-page.ts';
import { CHUNKED_FROM_CHARS, chunkedParse, parseYaml } from '../../runtime/load/parse.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function yamlOnly(source: string): { ok: boolean; data?: unknown } {
  const doc = parseDocument(source, { uniqueKeys: true, schema: 'core', prettyErrors: false });
  if (doc.errors.length > 0) return { ok: false };
  try {
    return { ok: true, data: doc.toJS({ maxAliasCount: 100 }) };
  } catch {
    return { ok: false };
  }
}

/** Outcome of parseYaml in the same shape; data only for a mapping (what a page must be). */
function both(source: string) {
  const expected = yamlOnly(source);
  const result = parseYaml(source, 'pages/x.yaml');
  const isMapping =
    expected.ok &&
    typeof expected.data === 'object' &&
    expected.data !== null &&
    !Array.isArray(expected.data);
  return {
    actual: result.ok ? { ok: true, data: result.parsed.data } : { ok: false },
    expected: isMapping ? expected : { ok: false },
  };
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

const realPages = yamlFiles(path.join(ROOT, 'pages')).map((f) => readFileSync(f, 'utf8'));

describe('parseYaml reads every file the way the yaml library does', () => {
  it.each(
    [...yamlFiles(path.join(ROOT, 'pages')), ...yamlFiles(path.join(ROOT, 'tests/fixtures'))].map((f) => [
      path.relative(ROOT, f),
    ]),
  )('%s', (file) => {
    const { actual, expected } = both(readFileSync(path.join(ROOT, file), 'utf8'));
    expect(actual).toEqual(expected);
  });

  const scalars = [
    ...['0b101', '0o17', '0x1F', '1_000', '+1', '-0', '.5', '1.', '1e3', '+1e-3', '1e400', '-1e999'],
    ...['.inf', '-.Inf', '.NaN', 'True', 'TRUE', 'tRue', 'yes', 'on', '~', 'Null', '012', '1:20'],
    ...['2025-01-01', '!!str 5', '!!int 7', '!!float 1', '!custom x', '"1e400"', "'x'", '"\\u00e7"'],
    ...['&a 1', '*a', 'R$ 10,00', '10%', '"a\\\n  b"', '|\n  linha\n', '>\n  a\n  b\n', 'Agende já!'],
  ];
  it.each(scalars.map((s) => [s]))('scalar %j', (scalar) => {
    const { actual, expected } = both(`a: &a 0\nk: ${scalar}\n`);
    expect(actual).toEqual(expected);
  });

  it.each([
    ['an empty key', 'title: x\n: valor\n'],
    ['a "null" key', 'title: x\nnull: valor\n'],
    ['a __proto__ key', 'title: x\n__proto__:\n  admin: true\n'],
    ['a merge key', 'base: &b {a: 1}\nk:\n  <<: *b\n'],
    ['a document marker', '---\ntitle: x\n'],
    ['two documents', 'title: x\n---\ntitle: y\n'],
    ['a directive', '%YAML 1.2\n---\ntitle: x\n'],
    ['a byte-order mark', '\ufefftitle: x\n'],
    ['CRLF line ends', 'title: x\r\nblocks:\r\n  - type: faq\r\n'],
  ])('%s', (_, source) => {
    const { actual, expected } = both(source);
    expect(actual).toEqual(expected);
  });

  it('agrees on 1,000 random mutations of the real pages', () => {
    const disagreements: string[] = [];
    for (const source of mutations(20261122, 1000)) {
      const { actual, expected } = both(source);
      try {
        expect(actual).toEqual(expected);
      } catch {
        disagreements.push(source);
      }
    }
    expect(disagreements.slice(0, 1)).toEqual([]);
  });
});

/** `n` seeded random mutations of the real pages: one to three characters inserted or deleted. */
function mutations(seed: number, n: number): string[] {
  const inserts = [
    ...'\t :"\'#-\n{}[],|>?%@`\r'.split(''),
    ': ',
    '- ',
    ' #',
    '&a ',
    '*a',
    '!',
    '---\n',
    '\u00a0',
  ];
  const random = (k: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % k;
  };
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    let source = realPages[random(realPages.length)]!;
    for (let m = 1 + random(3); m > 0; m--) {
      const at = random(source.length);
      source =
        random(2) === 0
          ? source.slice(0, at) + inserts[random(inserts.length)]! + source.slice(at)
          : source.slice(0, at) + source.slice(at + 1 + random(3));
    }
    out.push(source);
  }
  return out;
}

/** /agendamento grown to `count` blocks (as bench:studio measures it). */
const longPageOf = (count: number) =>
  longPage(readFileSync(path.join(ROOT, 'pages/agendamento.yaml'), 'utf8'), count);

describe('a long page is read block by block, with the same result', () => {
  it('reads every real page, and every mutation it reads at all, as the yaml library does', () => {
    // Called directly: real pages are below the size parseYaml reads this way from.
    let read = 0;
    const disagreements: string[] = [];
    for (const source of [...realPages, ...mutations(20261126, 1000)]) {
      const data = chunkedParse(source);
      if (data === undefined) continue;
      read++;
      const expected = yamlOnly(source);
      if (!expected.ok || !isDeepStrictEqual(data, expected.data)) disagreements.push(source);
    }
    expect(disagreements.slice(0, 1)).toEqual([]);
    // Many mutations break the YAML (a quote, a bracket, a tab), nearly half keep the layout and
    // were read block by block: those are what was compared.
    expect(read).toBeGreaterThan(400);
  });

  it('parses a 200-block page as the yaml library does, again after an edit', () => {
    const page = longPageOf(200);
    expect(page.length).toBeGreaterThan(CHUNKED_FROM_CHARS);
    for (const source of [page, page.replace('Recarga de Cilindro', 'Recarga do Cilindro'), page]) {
      const { actual, expected } = both(source);
      expect(actual).toEqual(expected);
      expect(chunkedParse(source)).toEqual(expected.data);
    }
  });

  it('hands out its own copy of a block read before: a change to the data does not stay', () => {
    const page = longPageOf(60);
    const first = parseYaml(page, 'pages/longa.yaml');
    if (!first.ok) throw new Error('a página longa não foi lida');
    const blocks = first.parsed.data as { blocks: Record<string, unknown>[] };
    blocks.blocks[0]!.reveal = 'mudado pelo chamador';
    const again = parseYaml(page, 'pages/longa.yaml');
    if (!again.ok) throw new Error('a página longa não foi lida');
    expect(again.parsed.data).toEqual(yamlOnly(page).data);
  });

  it('reads the whole text when an item refers to another’s anchor', () => {
    const page = `${longPageOf(60)}\n  - type: faq\n    title: &t Perguntas\n  - type: faq\n    title: *t\n`;
    expect(chunkedParse(page)).toBeUndefined();
    const { actual, expected } = both(page);
    expect(actual).toEqual(expected);
  });
});
