/**
 * Validation of parsed YAML against a JSON Schema, with every ajv error rewritten into
 * one Portuguese problem that points at the exact key or value in the file.
 */
import { Ajv, type ErrorObject, type Format, type Options, type ValidateFunction } from 'ajv';
import { isMap, isPair, isScalar, isSeq, type Node, type Pair } from 'yaml';
import { isSafeUrl, unsafeScheme } from '../../schema/shared.ts';
import { describeValueType, typeNames, type ErrorCode, type PageProblem } from './errors.ts';
import type { ParsedFile } from './parse.ts';
import { closest } from './suggest.ts';
import { nodeLocation } from './yaml-location.ts';

/** The formats the schemas name (validator-cache.ts hands these to its kept code too). */
export const FORMATS: Readonly<Record<string, Format>> = {
  'safe-url': { type: 'string', validate: isSafeUrl },
};

/** `extra`: ajv options added to ours (validator-cache.ts asks for the standalone code). */
export function createAjv(extra: Options = {}): Ajv {
  // ajv's default strict mode (unknown keywords are errors) without `strict: true`, which would
  // also turn on strictRequired and refuse "href or whatsapp is required" (anyOf of required lists).
  const ajv = new Ajv({ allErrors: true, discriminator: true, useDefaults: true, verbose: true, ...extra });
  for (const [name, format] of Object.entries(FORMATS)) ajv.addFormat(name, format);
  // Annotations for editors (VS Code/yaml-language-server read them too).
  ajv.addKeyword({ keyword: 'patternErrorMessage', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'errorMessage', schemaType: 'string' });
  return ajv;
}

export type Validator = (parsed: ParsedFile) => PageProblem[];

/** Validates in place: on success, `parsed.data` has the schema defaults filled in. */
export function createValidator(schema: Record<string, unknown>, ajv = createAjv()): Validator {
  return validatorOf(ajv.compile(schema));
}

/** A compiled ajv function as a Validator: its errors become located Portuguese problems. */
export function validatorOf(validate: ValidateFunction): Validator {
  return (parsed) => (validate(parsed.data) ? [] : toProblems(validate.errors ?? [], parsed));
}

function toProblems(errors: ErrorObject[], parsed: ParsedFile): PageProblem[] {
  const seen = new Set<string>();
  const problems: PageProblem[] = [];
  for (const error of errors) {
    // "must match then schema" restates the required error reported inside the branch.
    if (error.keyword === 'if') continue;
    // Branch errors of an anyOf are summed up by the anyOf's own message.
    if (/\/anyOf\/\d+\//.test(error.schemaPath)) continue;
    const problem = toProblem(error, parsed);
    const key = `${problem.loc.line}:${problem.loc.column}:${problem.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      problems.push(problem);
    }
  }
  return problems.sort((a, b) => a.loc.line - b.loc.line || a.loc.column - b.loc.column);
}

function toProblem(error: ErrorObject, parsed: ParsedFile): PageProblem {
  const segments = error.instancePath.split('/').slice(1).map(unescapePointer);
  const target = locate(parsed, segments);
  const field = describeField(segments, parsed.data);
  const parentSchema = (error.parentSchema ?? {}) as Record<string, unknown>;
  const make = (
    code: ErrorCode,
    message: string,
    hint?: string,
    node: Node | null | undefined = target.value,
  ) => ({
    code,
    message,
    hint,
    loc: nodeLocation(parsed, node ?? (target.pair?.key as Node | undefined) ?? target.value),
    source: parsed.source,
  });

  switch (error.keyword) {
    case 'discriminator': {
      const typeNode = locate(parsed, [...segments, 'type']).value;
      const choices = (parentSchema.oneOf as { properties: { type: { const: string } } }[])
        .map((b) => b.properties.type.const)
        .sort((a, b) => a.localeCompare(b));
      const value = error.params.tagValue as unknown;
      if (value === undefined) {
        return make(
          'missing-block-type',
          'Bloco sem "type": todo bloco começa com "- type: nome-do-bloco".',
          `Tipos disponíveis: ${choices.join(', ')}.`,
          target.value,
        );
      }
      const guess = typeof value === 'string' ? closest(value, choices) : undefined;
      return make(
        'unknown-block',
        `Tipo de bloco desconhecido: "${String(value)}".${guess ? ` Você quis dizer "${guess}"?` : ''}`,
        `Tipos disponíveis: ${choices.join(', ')}.`,
        typeNode,
      );
    }
    case 'additionalProperties': {
      const name = String(error.params.additionalProperty);
      const allowed = Object.keys((parentSchema.properties as Record<string, unknown>) ?? {});
      const guess = closest(name, allowed);
      const owner = blockTypeAt(segments, parsed.data);
      const where = owner
        ? ` no bloco "${owner}"`
        : segments.length === 0
          ? topLevel(parsed)
          : ` em ${field.label}`;
      const keyNode = findPair(target.value, name)?.key as Node | undefined;
      return make(
        'unknown-prop',
        `Propriedade desconhecida "${name}"${where}.${guess ? ` Você quis dizer "${guess}"?` : ''}`,
        `Propriedades aceitas: ${allowed.join(', ')}.`,
        keyNode,
      );
    }
    case 'required': {
      const name = String(error.params.missingProperty);
      const owner = blockTypeAt(segments, parsed.data);
      const where = owner
        ? ` no bloco "${owner}"`
        : segments.length === 0
          ? topLevel(parsed)
          : ` em ${field.label}`;
      const propSchema = ((parentSchema.properties as Record<string, { description?: string }>) ?? {})[name];
      const node = isMap(target.value)
        ? ((target.value.items[0]?.key as Node | undefined) ?? target.value)
        : target.value;
      return make(
        'missing-prop',
        `Falta a propriedade obrigatória "${name}"${where}.`,
        propSchema?.description ? `${name}: ${propSchema.description}` : undefined,
        node,
      );
    }
    case 'type': {
      const expected = String(error.params.type)
        .split(',')
        .map((t) => typeNames[t] ?? t)
        .join(' ou ');
      const quoteHint =
        error.params.type === 'string' && error.data !== null && typeof error.data !== 'object'
          ? 'Coloque o valor entre aspas para que seja lido como texto.'
          : undefined;
      return make(
        'wrong-type',
        `${capital(field.label)} deveria ser ${expected}, mas é ${describeValueType(error.data)}.`,
        quoteHint,
      );
    }
    case 'enum':
    case 'const': {
      const allowed = (
        error.keyword === 'enum' ? error.params.allowedValues : [error.params.allowedValue]
      ) as unknown[];
      const guess = typeof error.data === 'string' ? closest(error.data, allowed.map(String)) : undefined;
      return make(
        'invalid-value',
        `Valor inválido ${JSON.stringify(error.data)} em ${field.label}.${guess ? ` Você quis dizer "${guess}"?` : ''}`,
        `Valores aceitos: ${allowed.map((v) => JSON.stringify(v)).join(', ')}.`,
      );
    }
    case 'format': {
      if (error.params.format === 'safe-url') {
        const scheme = unsafeScheme(String(error.data));
        if (scheme) {
          return make(
            'unsafe-url',
            `Endereço inseguro em ${field.label}: links "${scheme}" não são permitidos.`,
            'Use https://…, um caminho do site (/pagina), uma âncora (#secao), tel: ou mailto:.',
          );
        }
        return make(
          'invalid-url',
          `Endereço inválido em ${field.label}: ${JSON.stringify(error.data)}.`,
          'Use https://…, um caminho do site (/pagina), uma âncora (#secao), tel:+5511… ou mailto:nome@dominio. Sem espaços.',
        );
      }
      return make('invalid-value', `Formato inválido em ${field.label}.`);
    }
    case 'pattern': {
      const hint = (error.parentSchema as { patternErrorMessage?: string } | undefined)?.patternErrorMessage;
      return make('invalid-value', `Valor inválido ${JSON.stringify(error.data)} em ${field.label}.`, hint);
    }
    case 'minLength':
      return make(
        'invalid-value',
        error.params.limit === 1
          ? `${capital(field.label)} não pode ficar vazio.`
          : `${capital(field.label)} precisa de pelo menos ${error.params.limit} caracteres.`,
      );
    case 'maxLength':
      return make(
        'invalid-value',
        `${capital(field.label)} tem ${String(error.data).length} caracteres; o máximo é ${error.params.limit}.`,
        'Encurte o texto.',
      );
    case 'minItems':
      return make(
        'invalid-value',
        `${capital(field.label)} precisa de pelo menos ${error.params.limit} ${error.params.limit === 1 ? 'item' : 'itens'}.`,
      );
    case 'minProperties': {
      const limit = Number(error.params.limit);
      const what = segments.at(-1) === 'when' ? ['condição', 'condições'] : ['chave', 'chaves'];
      return make(
        'missing-prop',
        `${capital(field.label)} precisa de pelo menos ${limit === 1 ? `uma ${what[0]}` : `${limit} ${what[1]}`}.`,
      );
    }
    case 'maxItems':
      return make('invalid-value', `${capital(field.label)} aceita no máximo ${error.params.limit} itens.`);
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return make(
        'invalid-value',
        `${capital(field.label)} deve ser ${error.keyword.startsWith('min') || error.keyword === 'exclusiveMinimum' ? 'no mínimo' : 'no máximo'} ${error.params.limit}, mas é ${JSON.stringify(error.data)}.`,
      );
    case 'anyOf': {
      const custom = (error.parentSchema as { errorMessage?: string } | undefined)?.errorMessage;
      return make('missing-prop', custom ?? `${capital(field.label)} não tem a forma esperada.`);
    }
    default:
      return make('invalid-value', `${capital(field.label)}: ${error.message ?? 'valor inválido'}.`);
  }
}

interface Located {
  value: Node | null | undefined;
  pair?: Pair;
}

/** Walks the YAML document along a JSON pointer, keeping the last key/value pair. */
function locate(parsed: ParsedFile, segments: string[]): Located {
  let node = parsed.doc.contents as Node | null;
  let pair: Pair | undefined;
  for (const segment of segments) {
    if (isSeq(node)) {
      pair = undefined;
      node = (node.items[Number(segment)] as Node | undefined) ?? node;
    } else if (isMap(node)) {
      const found = findPair(node, segment);
      if (!found) break;
      pair = found;
      node = (found.value as Node | null) ?? null;
      if (node === null) return { value: found.key as Node, pair };
    } else break;
  }
  return { value: node, pair };
}

function findPair(node: Node | null | undefined, key: string): Pair | undefined {
  if (!isMap(node)) return undefined;
  return node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === key) as
    Pair | undefined;
}

/** "title", "blocks[3].title" → a readable name: "title" do bloco "hero". */
function describeField(segments: string[], data: unknown): { label: string } {
  if (segments.length === 0) return { label: 'a página' };
  const name = segments.filter((s) => !/^\d+$/.test(s)).pop() ?? segments[segments.length - 1]!;
  const last = segments[segments.length - 1]!;
  const item = /^\d+$/.test(last) ? ` (item ${Number(last) + 1})` : '';
  const owner = blockTypeAt(segments.slice(0, -1), data) ?? blockTypeAt(segments, data);
  return { label: `"${name}"${item}${owner && name !== 'blocks' ? ` do bloco "${owner}"` : ''}` };
}

/** The `type` of the block that contains this path, if any. */
function blockTypeAt(segments: string[], data: unknown): string | undefined {
  if (segments[0] !== 'blocks' || segments[1] === undefined) return undefined;
  const block = (data as { blocks?: unknown[] }).blocks?.[Number(segments[1])];
  const type = (block as { type?: unknown } | undefined)?.type;
  return typeof type === 'string' ? type : undefined;
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Where a top-level key lives, in the author's words. */
function topLevel(parsed: ParsedFile): string {
  if (/(^|\/)_agendamento\.yaml$/.test(parsed.file)) return ' no agendamento';
  return /(^|\/)_site\.yaml$/.test(parsed.file) ? ' nas configurações do site' : ' na página';
}
