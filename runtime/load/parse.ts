/**
 * Reads YAML text into documents that remember where every value was written, so
 * validation errors can point at file:line:column. Guards against hostile input:
 * deep nesting and alias bombs fail fast with a located error. No file system here (the
 * browser parses with it too): files.ts reads the files.
 *
 * Two parsers, one meaning (docs/decisions/0006-two-yaml-parsers.md): the `yaml` library is
 * the authority and the only one that reports problems, because it keeps every position.
 * It is also ~3× slower than js-yaml, so a well-formed file is first read by js-yaml and
 * the positioned document is built only when something asks for it (a validation error).
 * js-yaml is only trusted on the subset where both agree; anything else (tags, aliases,
 * empty keys, out-of-range numbers, any js-yaml error) goes straight to `yaml`.
 */
import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  type Document,
  type Node,
} from 'yaml';
import { CORE_SCHEMA, load as fastLoad } from 'js-yaml';
import type { PageProblem } from './errors.ts';

export const MAX_FILE_BYTES = 256 * 1024;
export const MAX_ALIAS_COUNT = 100;
/** Lists and maps nested deeper than this are refused (a page needs fewer than 10 levels). */
export const MAX_DEPTH = 100;

export interface ParsedFile {
  /** Relative to the project root, forward slashes: "pages/agendamento.yaml". */
  readonly file: string;
  readonly source: string;
  /** The positioned document; built on first access when the fast path read the file. */
  readonly doc: Document.Parsed;
  readonly lineCounter: LineCounter;
  data: unknown;
}

export type ParseResult = { ok: true; parsed: ParsedFile } | { ok: false; problems: PageProblem[] };

export function parseYaml(source: string, file: string): ParseResult {
  const data = fastParse(source);
  if (data === undefined) return parseSlow(source, file);
  if (data instanceof TooDeep) {
    // The yaml library composes recursively: thousands of levels would overflow its stack.
    return fail({
      code: 'too-deep',
      message: `Listas ou mapas aninhados demais (mais de ${MAX_DEPTH} níveis).`,
      hint: 'Uma página usa poucos níveis de recuo. Confira se há "[" ou "{" abertos por engano e feche-os.',
      loc: { file, line: data.line, column: data.column },
      source,
    });
  }
  let positioned: { doc: Document.Parsed; lineCounter: LineCounter } | undefined;
  const position = () => (positioned ??= parsePositioned(source));
  return {
    ok: true,
    parsed: {
      file,
      source,
      data,
      get doc() {
        return position().doc;
      },
      get lineCounter() {
        return position().lineCounter;
      },
    },
  };
}

function parsePositioned(source: string) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true, schema: 'core' });
  return { doc, lineCounter };
}

/** A tag (`!x`, `!!str`) starts a token: after a line start, a space or a flow indicator. */
const TAG = /(?:^|[\s[\]{},])!/;
/** What the `yaml` library's core schema reads as a number. */
const CORE_FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;

/**
 * The data of a well-formed page mapping, or undefined when js-yaml fails or when the
 * file uses anything where js-yaml and `yaml` could disagree.
 */
class TooDeep {
  constructor(
    readonly line: number,
    readonly column: number,
  ) {}
}

function fastParse(source: string): Record<string, unknown> | TooDeep | undefined {
  if (TAG.test(source)) return undefined;
  if (source.length >= CHUNKED_FROM_CHARS) {
    const data = chunkedParse(source);
    if (data !== undefined) return data;
  }
  let data: unknown;
  try {
    data = fastLoad(source, { schema: CORE_SCHEMA, maxAliases: 0, maxDepth: MAX_DEPTH });
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    if (mark && /maxDepth/.test((error as Error).message)) return new TooDeep(mark.line + 1, mark.column + 1);
    return undefined;
  }
  return isRecord(data) && agreesWithCore(data) ? data : undefined;
}

/**
 * Pages from this size on are read block by block (chunkedParse): the Estúdio parses the page
 * being edited at every keystroke, and on a 200-block page (190 KB) js-yaml took 20 ms of the
 * 50 ms of a preview. A real page is under 12 KB and is read whole.
 */
export const CHUNKED_FROM_CHARS = 24_000;

/** Each block item's data by its text (chunkedParse), dropped whole when it grows past the bound. */
const itemCache = new Map<string, unknown>();
const ITEM_CACHE_MAX = 5_000;

/**
 * The same data as js-yaml's read of the whole page, with each item of the top-level `blocks:`
 * list read on its own and kept by its text: after a keystroke, only the changed block is parsed
 * again. Only for the layout every page has (`blocks:` at column 0, its items `- ` at one
 * indentation, LF line ends). An item is complete by itself or fails to read alone (an unclosed
 * quote or bracket, an alias to another item's anchor), and any failure, any odd layout and any
 * value js-yaml and `yaml` could read differently answers undefined: the caller then reads the
 * whole text as before. Exported for the tests, which hold it to js-yaml's whole read.
 */
export function chunkedParse(source: string): Record<string, unknown> | undefined {
  if (source.includes('\r')) return undefined;
  const head = /^blocks:[ \t]*(?:#.*)?$/m.exec(source);
  if (!head) return undefined;
  const sectionStart = head.index + head[0].length + 1;
  // The items: from a line `- ` at the first item's indentation to the next one; the section
  // ends at the first line at column 0 that is not blank or a comment.
  const items: string[] = [];
  let itemStart = -1;
  let itemMarker: RegExp | undefined;
  let end = source.length;
  for (let at = sectionStart; at < source.length;) {
    const next = source.indexOf('\n', at);
    const lineEnd = next < 0 ? source.length : next + 1;
    const line = source.slice(at, lineEnd);
    const blankOrComment = /^[ \t]*(?:#.*)?\n?$/.test(line);
    if (!blankOrComment && !/^[ \t]/.test(line)) {
      end = at;
      break;
    }
    if (!blankOrComment) {
      if (!itemMarker) {
        const indent = /^( *)-(?: |\n|$)/.exec(line);
        if (!indent) return undefined;
        itemMarker = new RegExp(`^ {${indent[1]!.length}}-(?: |\\n|$)`);
      }
      if (itemMarker.test(line)) {
        if (itemStart >= 0) items.push(source.slice(itemStart, at));
        itemStart = at;
      }
    }
    at = lineEnd;
  }
  if (itemStart < 0) return undefined;
  items.push(source.slice(itemStart, end));

  const rest = loadFast(`${source.slice(0, head.index)}blocks: []\n${source.slice(end)}`);
  if (!isRecord(rest) || !Array.isArray(rest.blocks) || rest.blocks.length > 0) return undefined;
  const blocks: unknown[] = [];
  for (const text of items) {
    let item = itemCache.get(text);
    if (item === undefined) {
      const read = loadFast(text);
      if (!Array.isArray(read) || read.length !== 1 || !agreesWithCore(read[0])) return undefined;
      item = read[0] ?? null;
      if (itemCache.size >= ITEM_CACHE_MAX) itemCache.clear();
      itemCache.set(text, item);
    }
    // A copy: the data is the caller's (validation fills in defaults).
    blocks.push(copyData(item));
  }
  rest.blocks = blocks;
  return agreesWithCore(rest) ? rest : undefined;
}

/** js-yaml's read of a part of a page, or undefined if it fails (deep nesting included). */
function loadFast(text: string): unknown {
  try {
    // Items are read two levels below the page's mapping: the same limit for the same data.
    return fastLoad(text, { schema: CORE_SCHEMA, maxAliases: 0, maxDepth: MAX_DEPTH - 2 });
  } catch {
    return undefined;
  }
}

/** A deep copy of parsed data (plain objects, arrays and scalars; no `__proto__` key). */
function copyData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyData);
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const key in value) out[key] = copyData(value[key]);
    return out;
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * js-yaml reads an empty key as "null" where `yaml` reads "", and leaves numbers beyond
 * double range as strings where `yaml` makes them Infinity; `__proto__` is left to `yaml`.
 */
function agreesWithCore(value: unknown): boolean {
  if (typeof value === 'string') return !(CORE_FLOAT.test(value) && !Number.isFinite(Number(value)));
  if (Array.isArray(value)) return value.every(agreesWithCore);
  if (isRecord(value)) {
    for (const key in value) {
      if (key === 'null' || key === '__proto__' || !agreesWithCore(value[key])) return false;
    }
  }
  return true;
}

function parseSlow(source: string, file: string): ParseResult {
  const { doc, lineCounter } = parsePositioned(source);
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { file, line, column: col };
  };

  if (doc.errors.length > 0) {
    return fail(
      ...doc.errors.map((e) => {
        // An unclosed quote is reported where the file ends: point at the quote instead.
        const offset = e.message.startsWith('Missing closing')
          ? (openQuoteOffset(source, e.pos[0]) ?? e.pos[0])
          : e.pos[0];
        const start = at(offset);
        const end = lineCounter.linePos(offset === e.pos[0] ? e.pos[1] : offset + 1);
        return {
          code: 'yaml-syntax' as const,
          ...describeSyntaxError(e.code, e.message),
          loc: { ...start, endColumn: end.line === start.line ? end.col : undefined },
          source,
        };
      }),
    );
  }

  if (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null)) {
    return fail({
      code: 'empty-file',
      message: 'O arquivo está vazio.',
      hint: 'Uma página precisa pelo menos de title, description e blocks. Copie uma página existente como ponto de partida.',
      loc: { file, line: 1, column: 1 },
      source,
    });
  }

  if (!isMap(doc.contents)) {
    const kind = isSeq(doc.contents) ? 'uma lista' : 'um valor solto';
    const range = doc.contents.range;
    return fail({
      code: 'not-a-mapping',
      message: `O arquivo precisa ser um mapa de chaves (title:, description:, blocks:…), mas é ${kind}.`,
      hint: 'Comece o arquivo com "title: …" na primeira coluna, sem "- " na frente.',
      loc: { ...at(range?.[0] ?? 0) },
      source,
    });
  }

  // Count aliases first: expanding a billion-laughs document is what takes the time.
  let aliases = 0;
  let firstAlias: Node | undefined;
  visit(doc, {
    Alias(_, node) {
      aliases++;
      firstAlias ??= node;
    },
  });
  try {
    const data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    return { ok: true, parsed: { file, source, doc, lineCounter, data } };
  } catch (error) {
    if (error instanceof ReferenceError || aliases > 0) {
      return fail({
        code: 'alias-bomb',
        message: `Uso excessivo de âncoras e aliases (&nome / *nome): ${aliases} aliases expandem para conteúdo demais.`,
        hint: 'Escreva os valores por extenso. Para reaproveitar uma página, use outra página como base em vez de aliases.',
        loc: { ...at(firstAlias && isAlias(firstAlias) ? (firstAlias.range?.[0] ?? 0) : 0) },
        source,
      });
    }
    throw error;
  }
}

/** The offset of the last quote before `before` that opens a value and is never closed on its line. */
function openQuoteOffset(source: string, before: number): number | undefined {
  const lines = source.slice(0, before).split('\n');
  let offset = before - (lines[lines.length - 1]?.length ?? 0);
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    const match = /^\s*(?:-\s+)?[^:#]+:\s+(["'])/.exec(line) ?? /^\s*-\s+(["'])/.exec(line);
    if (match) {
      const quote = match[1]!;
      const start = match.index + match[0].length - 1;
      if (!line.slice(start + 1).includes(quote)) return offset + start;
    }
    offset -= (lines[i - 1]?.length ?? 0) + 1;
  }
  return undefined;
}

function fail(...problems: PageProblem[]): ParseResult {
  return { ok: false, problems };
}

/** The yaml library's error codes, in words an author can act on. */
function describeSyntaxError(code: string, original: string): { message: string; hint?: string } {
  const detail = original.split('\n')[0]?.replace(/ at line \d+, column \d+.*$/, '');
  if (original.startsWith('Missing closing')) {
    return {
      message: 'Aspas abertas e não fechadas.',
      hint: 'Feche as aspas no fim do texto (ou remova as aspas do começo).',
    };
  }
  if (original.startsWith('Nested mappings')) {
    return {
      message: 'O texto tem ": " no meio e foi lido como outra chave.',
      hint: 'Coloque o texto inteiro entre aspas, ex.: description: "Preço: R$ 150".',
    };
  }
  switch (code) {
    case 'DUPLICATE_KEY':
      return {
        message: 'Chave repetida: a mesma propriedade aparece duas vezes no mesmo nível.',
        hint: 'Apague uma das duas linhas (ou renomeie a que estiver errada).',
      };
    case 'BAD_INDENT':
    case 'MISSING_CHAR':
    case 'UNEXPECTED_TOKEN':
      return {
        message: 'Erro de sintaxe YAML: recuo ou pontuação inesperada.',
        hint: 'Confira o recuo (use espaços, sempre múltiplos de 2), os dois-pontos depois de cada chave e as aspas abertas e fechadas.',
      };
    case 'TAB_AS_INDENT':
      return {
        message: 'Tabulação usada como recuo.',
        hint: 'O YAML só aceita espaços no recuo: troque o TAB por espaços.',
      };
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY':
      return {
        message: 'Erro de sintaxe YAML: falta ":" ou o texto quebrou a linha sem aspas.',
        hint: 'Cada linha precisa ser "chave: valor". Se o texto tiver dois-pontos ou quebrar linha, coloque-o entre aspas.',
      };
    case 'BAD_SCALAR_START':
      return {
        message: 'Erro de sintaxe YAML: o valor começa com um caractere reservado.',
        hint: 'Textos que começam com @, `, %, | ou > precisam ficar entre aspas.',
      };
    default:
      return {
        message: `Erro de sintaxe YAML (${detail ?? code}).`,
        hint: 'Confira recuo, dois-pontos e aspas nesta linha e na anterior.',
      };
  }
}
