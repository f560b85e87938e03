/**
 * Page variants (docs/decisions/0007-page-variants.md): a page that says `extends: agendamento`
 * inherits everything of pages/agendamento.yaml and writes only what differs:
 *
 *   extends: agendamento
 *   title: …                      # page settings replace the base's (maps merge)
 *   change:  { hero: { title: … } }      # some props of a block (maps merge, null deletes)
 *   change:  { duvidas: { items: { 2: { answer: … } } } }  # list items by position or id (0037)
 *   replace: { depoimentos: { type: …, … } }  # a whole block
 *   remove:  [popup]
 *   insertBefore / insertAfter: { duvidas: [ { type: …, … } ] }
 *   move:    { duvidas: { after: hero } }  # applied last: a block right before/after another
 *
 * Blocks are addressed by their `id` (the anchor id of schema/page.ts), or by their type when
 * the base has a single block of that type. The merged page is validated as a whole against
 * the page schema; every value remembers the file and path it was written at, so a problem
 * points at the variant when the bad value is in the variant and at the base otherwise.
 */
import path from 'node:path';
import {
  Document,
  isCollection,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  Pair,
  YAMLMap,
  YAMLSeq,
  type Node,
} from 'yaml';
import { buildPageSchema, PageMetaSchema, VARIANT_KEYS, variantProperties } from '../../schema/page.ts';
import type { AnyBlockDefinition } from './define-block.ts';
import { duplicateBlockIds } from './duplicate-ids.ts';
import { plural, type ErrorCode, type PageProblem } from './errors.ts';
import { readPageFile, type SourceOverrides } from './files.ts';
import type { LinkCheck } from './links.ts';
import type { ParsedFile, ParseResult } from './parse.ts';
import { closest } from './suggest.ts';
import { createAjv, createValidator, type Validator } from './validate.ts';
import { nodeLocation } from './yaml-location.ts';

type Path = (string | number)[];
type Data = Record<string, unknown>;

/** Where a value of the merged page was written: one node of one file… */
interface NodeOrigin {
  kind: 'node';
  src: ParsedFile;
  path: Path;
}
/** …or a map/list assembled from several files. */
interface MapOrigin {
  kind: 'map';
  at: NodeOrigin;
  entries: Map<string, { key: NodeOrigin; value: Origin }>;
}
interface SeqOrigin {
  kind: 'seq';
  at: NodeOrigin;
  items: Origin[];
}
type Origin = NodeOrigin | MapOrigin | SeqOrigin;

interface Resolved {
  data: Data;
  origin: MapOrigin;
  /** Every file the page is made of, the variant first. */
  chain: ParsedFile[];
}

type Outcome = { ok: true; resolved: Resolved } | { ok: false; problems: PageProblem[] };

export interface VariantContext {
  root: string;
  pagesDir: string;
  /** Every YAML file under pagesDir, relative to it, forward slashes. */
  files: readonly string[];
  /** The validator of a whole page (schema/page.ts buildPageSchema). */
  page: Validator;
  /** The blocks, for the defaults of lists that `change:` addresses item by item. */
  blocks?: readonly AnyBlockDefinition[];
  /** Unsaved text read instead of a file (LoadOptions.sources). */
  sources?: SourceOverrides;
  /** The links of the merged page that lead nowhere (runtime/load/links.ts). */
  links?: LinkCheck;
}

/** Each block type's JSON Schema (its props, with their defaults), by type. */
type BlockSchemas = ReadonlyMap<string, Data>;
const schemaCache = new WeakMap<readonly AnyBlockDefinition[], BlockSchemas>();
function blockSchemas(blocks: readonly AnyBlockDefinition[] | undefined): BlockSchemas {
  if (!blocks) return new Map();
  let schemas = schemaCache.get(blocks);
  if (!schemas) {
    const page = buildPageSchema(blocks) as { properties: { blocks: { items: { oneOf: Data[] } } } };
    schemas = new Map(
      page.properties.blocks.items.oneOf.map((branch) => {
        const type = (branch.properties as Record<string, { const?: string }>).type?.const;
        return [String(type), branch];
      }),
    );
    schemaCache.set(blocks, schemas);
  }
  return schemas;
}

/** The schema of a prop of `schema` (an object's), or of its items (a list's). */
function propSchema(schema: Data | undefined, key: string | 'items'): Data | undefined {
  if (!schema) return undefined;
  const next = key === 'items' ? schema.items : (schema.properties as Data | undefined)?.[key];
  return isRecord(next) ? next : undefined;
}

/** Where a block of a page was written: the file and the path of the block's map in it. */
export interface BlockSource {
  /** Root-relative: "pages/agendamento.yaml". */
  file: string;
  path: Path;
}

export type VariantResult =
  { ok: true; data: Data; blocks: BlockSource[] } | { ok: false; problems: PageProblem[] };

export function isVariant(data: unknown): boolean {
  return isRecord(data) && 'extends' in data;
}

/** The page file `name` (as written after `extends:` or `--from`) refers to, relative to pages/. */
export function resolvePageName(
  name: string,
  files: readonly string[],
): { file: string } | { error: 'not-a-page' | 'missing'; suggestion?: string } {
  const clean = name
    .trim()
    .replace(/^\.?\/+/, '')
    .replace(/^pages\//, '')
    .replace(/\/+$/, '')
    .replace(/\.ya?ml$/, '');
  if (clean.split('/').includes('..') || /^_site$/.test(clean)) return { error: 'not-a-page' };
  const stem = clean === '' ? 'index' : clean;
  const found = [`${stem}.yaml`, `${stem}/index.yaml`].find((f) => files.includes(f));
  if (found) return { file: found };
  return { error: 'missing', suggestion: closest(stem, pageNames(files)) };
}

/** Names an author can write after `extends:`: "agendamento", "campanhas/inverno". */
export function pageNames(files: readonly string[]): string[] {
  return files
    .filter((f) => f.endsWith('.yaml') && path.posix.basename(f) !== '_site.yaml')
    .map((f) => f.replace(/\.yaml$/, '').replace(/\/index$/, ''));
}

let structural: Validator | undefined;
/** The variant's own shape (ops are maps and lists; blocks are checked after merging). */
function structuralValidator(): Validator {
  if (!structural) {
    const meta = Object.fromEntries(Object.keys(PageMetaSchema.properties).map((k) => [k, true]));
    const schema = {
      type: 'object',
      additionalProperties: false,
      required: ['extends'],
      properties: { ...meta, blocks: true, ...variantProperties() },
    };
    structural = createValidator(JSON.parse(JSON.stringify(schema)) as Data, createAjv());
  }
  return structural;
}

/** Resolves variants of one loadProject run; base files are read once. */
export function createVariantResolver(ctx: VariantContext): (parsed: ParsedFile) => Promise<VariantResult> {
  const cache = new Map<string, Promise<ParseResult>>();
  const read = (relToPages: string) => {
    let result = cache.get(relToPages);
    if (!result) {
      const abs = path.join(ctx.pagesDir, relToPages);
      result = readPageFile(abs, rel(ctx.root, abs), ctx.sources);
      cache.set(relToPages, result);
    }
    return result;
  };

  async function resolve(parsed: ParsedFile, stack: string[]): Promise<Outcome> {
    const data = parsed.data as Data;
    const problems: PageProblem[] = [];
    if ('blocks' in data) {
      problems.push(
        problemAt(
          parsed,
          ['blocks'],
          'extends-bad-override',
          'Uma variante não tem "blocks": ela herda os blocos da página base.',
          'Para mudar blocos, use change (algumas propriedades), replace (o bloco inteiro), remove, insertBefore, insertAfter ou move. Para uma página com blocos próprios, apague a linha extends.',
          true,
        ),
      );
    }
    problems.push(...structuralValidator()(parsed));
    if (problems.length > 0) return { ok: false, problems };

    const name = data.extends as string;
    const target = resolvePageName(name, ctx.files);
    const at = (code: ErrorCode, message: string, hint?: string) => ({
      ok: false as const,
      problems: [problemAt(parsed, ['extends'], code, message, hint)],
    });
    if ('error' in target) {
      if (target.error === 'not-a-page') {
        return at(
          'extends-not-a-page',
          `"${name}" não é uma página: extends precisa do nome de uma página de pages/.`,
          `Páginas disponíveis: ${pageNames(ctx.files).join(', ')}.`,
        );
      }
      return at(
        'extends-missing',
        `A página base "${name}" não existe.${target.suggestion ? ` Você quis dizer "${target.suggestion}"?` : ''}`,
        `Escreva o nome de um arquivo de pages/ sem .yaml. Páginas disponíveis: ${pageNames(ctx.files).join(', ')}.`,
      );
    }
    const baseFile = rel(ctx.root, path.join(ctx.pagesDir, target.file));
    if (baseFile === parsed.file) {
      return at(
        'extends-cycle',
        'Esta página estende a si mesma.',
        'Em extends, escreva o nome de outra página.',
      );
    }
    if (stack.includes(baseFile)) {
      const cycle = [...stack.slice(stack.indexOf(baseFile)), parsed.file, baseFile].join(' → ');
      return at(
        'extends-cycle',
        `Ciclo de páginas base: ${cycle}.`,
        'Uma página não pode herdar de uma variante dela mesma: escolha uma base que não use extends para voltar a esta página.',
      );
    }

    const read_ = await read(target.file);
    if (!read_.ok) return { ok: false, problems: read_.problems };
    const base = read_.parsed;
    let baseResolved: Resolved;
    if (isVariant(base.data)) {
      const outcome = await resolve(base, [...stack, parsed.file]);
      if (!outcome.ok) return outcome;
      baseResolved = outcome.resolved;
    } else {
      const baseData = structuredClone(base.data) as Data;
      baseResolved = { data: baseData, origin: mapOriginOf(baseData, node(base, [])), chain: [base] };
    }
    return applyVariant(parsed, baseResolved, () => blockSchemas(ctx.blocks));
  }

  return async (parsed) => {
    const outcome = await resolve(parsed, []);
    if (!outcome.ok) return outcome;
    const { resolved } = outcome;
    const composite = compositeFile(resolved);
    // Links before the validation fills in defaults: the check is of the links written.
    const broken = ctx.links?.(composite.parsed, composite.sourceAt, composite.remap) ?? [];
    const problems = [...ctx.page(composite.parsed), ...duplicateIds(resolved, composite), ...broken]
      .map(composite.remap)
      .sort((a, b) => a.loc.line - b.loc.line || a.loc.column - b.loc.column)
      .sort(
        (a, b) =>
          resolved.chain.findIndex((f) => f.file === a.loc.file) -
          resolved.chain.findIndex((f) => f.file === b.loc.file),
      );
    if (problems.length > 0) return { ok: false, problems };
    const blocks = resolved.origin.entries.get('blocks')?.value;
    const items = blocks?.kind === 'seq' ? blocks.items : [];
    return {
      ok: true,
      data: resolved.data,
      blocks: items.map((item) => ({ file: originAt(item).src.file, path: originAt(item).path })),
    };
  };
}

/** The variant's page settings and block operations applied to the resolved base. */
function applyVariant(variant: ParsedFile, base: Resolved, schemas: () => BlockSchemas): Outcome {
  const v = variant.data as Data;
  const problems: PageProblem[] = [];
  const data: Data = { ...base.data };
  const origin: MapOrigin = { kind: 'map', at: node(variant, []), entries: new Map(base.origin.entries) };

  // Page settings: a value written in the variant replaces the base's; maps merge; null deletes.
  for (const key of Object.keys(v)) {
    if (key === 'blocks' || (VARIANT_KEYS as string[]).includes(key)) continue;
    // null is an ordinary value here (the editor and the page schema refuse it); it deletes only in change.
    const keyOrigin = node(variant, [key]);
    const merged = mergeValue(own(data, key), origin.entries.get(key)?.value, v[key], keyOrigin, false);
    setOwn(data, key, merged.data);
    origin.entries.set(key, { key: keyOrigin, value: merged.origin });
  }

  const baseBlocks = Array.isArray(base.data.blocks) ? (base.data.blocks as unknown[]) : undefined;
  const blocksEntry = origin.entries.get('blocks');
  if (!baseBlocks || !blocksEntry)
    return { ok: true, resolved: { data, origin, chain: chainOf(variant, base) } };
  const blockOrigins = itemsOf(blocksEntry.value, baseBlocks.length);
  const baseName = base.chain[0]!.file;

  // Every id an operation names, resolved against the base's blocks.
  const byId = new Map<string, number>();
  const byType = new Map<string, number[]>();
  baseBlocks.forEach((b, i) => {
    if (!isRecord(b)) return;
    if (typeof b.id === 'string' && !byId.has(b.id)) byId.set(b.id, i);
    if (typeof b.type === 'string') byType.set(b.type, [...(byType.get(b.type) ?? []), i]);
  });
  const addressable = [
    ...baseBlocks.flatMap((b) => (isRecord(b) && typeof b.id === 'string' ? [b.id] : [])),
    ...[...byType].flatMap(([type, at]) => (at.length === 1 && !byId.has(type) ? [type] : [])),
  ];
  const listing = baseBlocks
    .map((b) => {
      if (!isRecord(b)) return '?';
      const type = String(b.type);
      if (typeof b.id === 'string') return `${b.id} (${type})`;
      return byType.get(type)?.length === 1 ? type : `${type} (sem id)`;
    })
    .join(', ');

  const find = (id: string, where: Path, isKey: boolean, also: string[] = []): number | undefined => {
    const index = byId.get(id) ?? (byType.get(id)?.length === 1 ? byType.get(id)![0] : undefined);
    if (index !== undefined) return index;
    const several = byType.get(id);
    if (several && several.length > 1) {
      const ids = several.flatMap((i) => {
        const b = baseBlocks[i] as Data;
        return typeof b.id === 'string' ? [b.id] : [];
      });
      problems.push(
        problemAt(
          variant,
          where,
          'ambiguous-block-id',
          `${baseName} tem ${several.length} blocos "${id}": diga qual deles pelo id.`,
          ids.length > 0
            ? `Ids desses blocos: ${ids.join(', ')}. Os sem id precisam de um id na página base.`
            : 'Dê um id a cada um deles na página base (ex.: id: duvidas) e use esse id aqui.',
          isKey,
        ),
      );
      return undefined;
    }
    const guess = closest(id, [...addressable, ...also]);
    problems.push(
      problemAt(
        variant,
        where,
        'unknown-block-id',
        `Bloco "${id}" não existe em ${baseName}.${guess ? ` Você quis dizer "${guess}"?` : ''}`,
        `Use o id de um bloco da página base (ou o tipo, quando há um só daquele tipo). Blocos de ${baseName}: ${listing}.${
          also.length > 0 ? ` Blocos desta variante: ${also.join(', ')}.` : ''
        }`,
        isKey,
      ),
    );
    return undefined;
  };

  type Fate = { op: 'change' | 'replace' | 'remove'; where: Path };
  const fates = new Map<number, Fate>();
  const claim = (index: number, fate: Fate, id: string, isKey: boolean) => {
    const earlier = fates.get(index);
    if (earlier) {
      problems.push(
        problemAt(
          variant,
          fate.where,
          'extends-conflict',
          `O bloco "${id}" já aparece em ${earlier.op}: cada bloco da base pode ser mudado, trocado ou removido uma vez só.`,
          'Junte as mudanças num lugar só, ou apague uma das duas.',
          isKey,
        ),
      );
      return false;
    }
    fates.set(index, fate);
    return true;
  };

  const changes = new Map<number, { value: Data; where: Path }>();
  for (const [id, value] of Object.entries((v.change ?? {}) as Record<string, Data>)) {
    const where = ['change', id];
    const index = find(id, where, true);
    if (index === undefined || !claim(index, { op: 'change', where }, id, true)) continue;
    if ('type' in value) {
      problems.push(
        problemAt(
          variant,
          [...where, 'type'],
          'extends-bad-override',
          'change muda propriedades de um bloco, não o tipo dele.',
          'Para pôr um bloco de outro tipo no lugar, use replace e escreva o bloco novo inteiro.',
          true,
        ),
      );
      continue;
    }
    changes.set(index, { value, where });
  }
  const replaced = new Map<number, { value: unknown; where: Path }>();
  for (const [id, value] of Object.entries((v.replace ?? {}) as Data)) {
    const where = ['replace', id];
    const index = find(id, where, true);
    if (index !== undefined && claim(index, { op: 'replace', where }, id, true))
      replaced.set(index, { value, where });
  }
  ((v.remove ?? []) as string[]).forEach((id, i) => {
    const where = ['remove', i];
    const index = find(id, where, false);
    if (index !== undefined) claim(index, { op: 'remove', where }, id, false);
  });
  const inserts = (key: 'insertBefore' | 'insertAfter') => {
    const at = new Map<number, { value: unknown; where: Path }[]>();
    for (const [id, list] of Object.entries((v[key] ?? {}) as Record<string, unknown[]>)) {
      const index = find(id, [key, id], true);
      if (index === undefined) continue;
      at.set(index, [...(at.get(index) ?? []), ...list.map((value, j) => ({ value, where: [key, id, j] }))]);
    }
    return at;
  };
  const before = inserts('insertBefore');
  const after = inserts('insertAfter');
  if (problems.length > 0) return { ok: false, problems };

  const blocks: unknown[] = [];
  const items: Origin[] = [];
  /** Where each base block landed in `blocks` (removed ones are absent). */
  const slotOfBase = new Map<number, number>();
  /** The blocks the variant wrote (inserted or replacing), by position in `blocks`. */
  const written = new Set<number>();
  const push = (value: unknown, from: Origin) => {
    blocks.push(value);
    items.push(from);
  };
  const pushNew = (list: { value: unknown; where: Path }[] | undefined) =>
    list?.forEach(({ value, where }) => {
      written.add(blocks.length);
      push(structuredClone(value), node(variant, where));
    });
  baseBlocks.forEach((block, i) => {
    pushNew(before.get(i));
    const fate = fates.get(i)?.op;
    if (fate !== 'remove') slotOfBase.set(i, blocks.length);
    if (fate === 'replace') {
      const { value, where } = replaced.get(i)!;
      written.add(blocks.length);
      push(structuredClone(value), node(variant, where));
    } else if (fate === 'change') {
      const { value, where } = changes.get(i)!;
      // Built once per block list, and only for variants that change blocks.
      const schema = isRecord(block) ? schemas().get(String(block.type)) : undefined;
      const merged = mergeValue(block, blockOrigins[i], value, node(variant, where), true, problems, schema);
      push(merged.data, merged.origin);
    } else if (fate !== 'remove') push(block, blockOrigins[i]!);
    pushNew(after.get(i));
  });

  // move: applied last, to the blocks the other operations left (decision 0025).
  const order = applyMoves({
    variant,
    moves: (v.move ?? {}) as Record<string, Data>,
    blocks,
    written,
    slotOfBase,
    removed: (i) => fates.get(i)?.op === 'remove',
    lookup: (id) => byId.get(id) ?? (byType.get(id)?.length === 1 ? byType.get(id)![0] : undefined),
    find,
    problems,
  });
  if (problems.length > 0) return { ok: false, problems };
  data.blocks = order.map((k) => blocks[k]);
  origin.entries.set('blocks', {
    key: blocksEntry.key,
    value: { kind: 'seq', at: originAt(blocksEntry.value), items: order.map((k) => items[k]!) },
  });
  return { ok: true, resolved: { data, origin, chain: chainOf(variant, base) } };
}

interface MoveInput {
  variant: ParsedFile;
  moves: Record<string, Data>;
  /** The blocks after change, replace, remove and the inserts. */
  blocks: readonly unknown[];
  written: ReadonlySet<number>;
  slotOfBase: ReadonlyMap<number, number>;
  removed: (baseIndex: number) => boolean;
  /** A base block by id, or by type when the base has one of that type; silent. */
  lookup: (id: string) => number | undefined;
  /** The same lookup as the other operations make it, with its located problems. */
  find: (id: string, where: Path, isKey: boolean, also?: string[]) => number | undefined;
  problems: PageProblem[];
}

/**
 * `move: { <block>: { before: <block> } | { after: <block> } }`: each moved block sits right
 * before or after its target in the final page, wherever that target ends up (a target may be
 * moved too: chains follow). Blocks not moved keep their order. The result is the new order, as
 * positions in `blocks`; problems are pushed (and the order is then meaningless).
 */
function applyMoves(input: MoveInput): number[] {
  const { variant, moves, blocks, written, slotOfBase, removed, lookup, find, problems } = input;
  const identity = blocks.map((_, k) => k);
  const entries = Object.entries(moves);
  if (entries.length === 0) return identity;

  const writtenNames = writtenBlockNames(blocks, written);
  const slot = (name: string, where: Path, isKey: boolean, role: 'key' | string): number | undefined => {
    // A base name first, as the other operations read it; then the variant's own blocks.
    let baseIndex = lookup(name);
    if (baseIndex === undefined && writtenNames.has(name)) return writtenNames.get(name);
    baseIndex ??= find(name, where, isKey, [...writtenNames.keys()]);
    if (baseIndex === undefined) return undefined;
    if (removed(baseIndex)) {
      problems.push(
        role === 'key'
          ? problemAt(
              variant,
              where,
              'extends-bad-move',
              `O bloco "${name}" é tirado da página por remove: não há o que mudar de lugar.`,
              'Apague esta entrada de move, ou tire o bloco da lista de remove.',
              isKey,
            )
          : problemAt(
              variant,
              where,
              'extends-bad-move',
              `O bloco "${name}" é tirado da página por remove: "${role}" não pode ficar antes ou depois dele.`,
              `Escolha outro bloco em before ou after, ou tire "${name}" da lista de remove.`,
              isKey,
            ),
      );
      return undefined;
    }
    return slotOfBase.get(baseIndex);
  };

  type Move = { name: string; side: 'before' | 'after'; target: string; k: number; to: number };
  const placed: Move[] = [];
  const movedAt = new Map<number, Move>();
  for (const [name, value] of entries) {
    const where: Path = ['move', name];
    const k = slot(name, where, true, 'key');
    const sides = (['before', 'after'] as const).filter((side) => typeof value[side] === 'string');
    if (sides.length !== 1) {
      problems.push(
        sides.length === 0
          ? problemAt(
              variant,
              where,
              'extends-bad-move',
              `Em move, falta dizer onde fica "${name}": escreva before: <bloco> ou after: <bloco>.`,
              'before: <bloco> põe este bloco logo antes daquele; after: <bloco>, logo depois.',
              true,
            )
          : problemAt(
              variant,
              [...where, 'after'],
              'extends-bad-move',
              `Em move, "${name}" tem before e after: escreva só um dos dois.`,
              'before: <bloco> põe este bloco logo antes daquele; after: <bloco>, logo depois.',
              true,
            ),
      );
      continue;
    }
    const side = sides[0]!;
    const target = value[side] as string;
    const targetAt: Path = [...where, side];
    const to = slot(target, targetAt, false, name);
    if (k === undefined || to === undefined) continue;
    if (k === to) {
      problems.push(
        problemAt(
          variant,
          targetAt,
          'extends-bad-move',
          `O bloco "${name}" não pode ficar ${side === 'before' ? 'antes' : 'depois'} dele mesmo.`,
          'Em before ou after, escreva o id (ou o tipo) de outro bloco.',
        ),
      );
      continue;
    }
    const move = { name, side, target, k, to };
    placed.push(move);
    movedAt.set(k, move);
  }
  if (problems.length > 0) return identity;

  // One block right before (or after) another: two moves asking for the same place conflict.
  const attached = { before: new Map<number, Move>(), after: new Map<number, Move>() };
  for (const move of placed) {
    const earlier = attached[move.side].get(move.to);
    if (earlier) {
      problems.push(
        problemAt(
          variant,
          ['move', move.name, move.side],
          'extends-move-conflict',
          `"${earlier.name}" e "${move.name}" querem o mesmo lugar: logo ${move.side === 'before' ? 'antes' : 'depois'} de "${move.target}".`,
          move.side === 'after'
            ? `Para pôr um depois do outro, escreva ${move.name}: { after: ${earlier.name} }.`
            : `Para pôr um antes do outro, escreva ${move.name}: { before: ${earlier.name} }.`,
        ),
      );
      continue;
    }
    attached[move.side].set(move.to, move);
  }
  if (problems.length > 0) return identity;

  // Every chain of moves must end at a block that stays: one that is not moved.
  const reported = new Set<number>();
  for (const move of placed) {
    const seen: Move[] = [];
    let at: Move | undefined = move;
    while (at && !seen.includes(at) && !reported.has(at.k)) {
      seen.push(at);
      at = movedAt.get(at.to);
    }
    if (!at || reported.has(at.k) || at !== move) continue;
    const cycle = seen.map((m) => m.name);
    cycle.forEach((_, i) => reported.add(seen[i]!.k));
    problems.push(
      problemAt(
        variant,
        ['move', move.name, move.side],
        'extends-move-conflict',
        `As mudanças de lugar de ${cycle.map((n) => `"${n}"`).join(' e ')} dependem umas das outras (${[...cycle, cycle[0]].join(' → ')}): nenhuma fica junto de um bloco que não muda de lugar.`,
        'Ponha um desses blocos antes ou depois de um bloco que não está em move.',
      ),
    );
  }
  if (problems.length > 0) return identity;

  return orderAfterMoves(blocks.length, placed);
}

/**
 * The names `move:` may give the blocks a variant wrote (inserted or replacing, by position in
 * `blocks`): their id, or their type when it is the only block of that type on the page. Base
 * blocks are named as every other operation names them. Shared with runtime/author/promote.ts.
 */
export function writtenBlockNames(
  blocks: readonly unknown[],
  written: Iterable<number>,
): Map<string, number> {
  const typeCount = new Map<string, number>();
  for (const b of blocks)
    if (isRecord(b)) typeCount.set(String(b.type), (typeCount.get(String(b.type)) ?? 0) + 1);
  const names = new Map<string, number>();
  const list = [...written];
  for (const k of list) {
    const b = blocks[k];
    if (isRecord(b) && typeof b.id === 'string' && !names.has(b.id)) names.set(b.id, k);
  }
  for (const k of list) {
    const b = blocks[k];
    if (isRecord(b) && typeCount.get(String(b.type)) === 1 && !names.has(String(b.type)))
      names.set(String(b.type), k);
  }
  return names;
}

/**
 * The order of `count` blocks after moves that were checked (no two for one place, no cycle):
 * each moved block (`k`) right before or after its target (`to`), wherever that ends up; the
 * others in their order. Positions in the list the other operations left. Shared with
 * runtime/author/promote.ts, which checks that every block is still there.
 */
export function orderAfterMoves(
  count: number,
  moves: readonly { k: number; side: 'before' | 'after'; to: number }[],
): number[] {
  const attached = { before: new Map<number, number>(), after: new Map<number, number>() };
  const moved = new Set<number>();
  for (const move of moves) {
    if (attached[move.side].has(move.to)) continue;
    attached[move.side].set(move.to, move.k);
    moved.add(move.k);
  }
  const out: number[] = [];
  const emit = (k: number) => {
    const before = attached.before.get(k);
    if (before !== undefined) emit(before);
    out.push(k);
    const after = attached.after.get(k);
    if (after !== undefined) emit(after);
  };
  for (let k = 0; k < count; k++) if (!moved.has(k)) emit(k);
  return out;
}

function chainOf(variant: ParsedFile, base: Resolved): ParsedFile[] {
  return [variant, ...base.chain.filter((f) => f !== variant)];
}

/**
 * Maps merge key by key; anything else is replaced by the override. In `change` (`inChange`,
 * given the list of problems), null deletes a key, and a map written where the base has a list
 * changes some of its items (docs/decisions/0037-list-items-in-variants.md, mergeItems).
 */
function mergeValue(
  base: unknown,
  baseOrigin: Origin | undefined,
  override: unknown,
  overrideOrigin: NodeOrigin,
  inChange: boolean,
  problems?: PageProblem[],
  schema?: Data,
): { data: unknown; origin: Origin } {
  const nullDeletes = inChange;
  if (inChange && problems && Array.isArray(base) && isRecord(override) && baseOrigin) {
    return mergeItems(base, baseOrigin, override, overrideOrigin, problems, schema);
  }
  if (inChange && problems && base === undefined && isRecord(override) && Array.isArray(schema?.default)) {
    // A list the base does not write: its items are the default's, as the page shows them.
    return mergeItems(schema.default, overrideOrigin, override, overrideOrigin, problems, schema, true);
  }
  if (!isRecord(base) || !isRecord(override) || !baseOrigin) {
    return { data: structuredClone(override), origin: overrideOrigin };
  }
  const data: Data = { ...base };
  const from = baseOrigin.kind === 'map' ? baseOrigin : mapOriginOf(base, originAt(baseOrigin));
  const origin: MapOrigin = { kind: 'map', at: from.at, entries: new Map(from.entries) };
  for (const [key, value] of Object.entries(override)) {
    const keyOrigin = child(overrideOrigin, key);
    if (value === null && nullDeletes) {
      delete data[key];
      origin.entries.delete(key);
      continue;
    }
    const merged = mergeValue(
      own(base, key),
      origin.entries.get(key)?.value,
      value,
      keyOrigin,
      nullDeletes,
      problems,
      propSchema(schema, key),
    );
    setOwn(data, key, merged.data);
    origin.entries.set(key, { key: keyOrigin, value: merged.origin });
  }
  return { data, origin };
}

/**
 * An item's address in a `change:` map written over a list: its position, 1 for the first
 * ("2", as js-yaml gives the key `2:`), or its `id` when the items carry one. Undefined when
 * the key is neither; `ambiguous` when two items share that id.
 */
export function itemIndex(
  items: readonly unknown[],
  key: string,
): { index: number } | { error: 'missing' | 'ambiguous'; at?: number[] } {
  if (/^[1-9][0-9]*$/.test(key)) {
    const index = Number(key) - 1;
    return index < items.length ? { index } : { error: 'missing' };
  }
  const at = items.flatMap((item, i) => (isRecord(item) && item.id === key ? [i] : []));
  if (at.length === 1) return { index: at[0]! };
  return at.length > 1 ? { error: 'ambiguous', at } : { error: 'missing' };
}

/** The addresses of a list's items, as `change:` may write them: "1", "2" and each `id`. */
export function itemAddresses(items: readonly unknown[]): string[] {
  return items.flatMap((item, i) => [
    String(i + 1),
    ...(isRecord(item) && typeof item.id === 'string' && !/^[0-9]+$/.test(item.id) ? [item.id] : []),
  ]);
}

/**
 * `change: { duvidas: { items: { 2: { answer: … } } } }`: a map written where the base has a
 * list changes the items it addresses (by position from 1, or by `id`), each merged as a block's
 * change is (maps merge, a map over a list addresses its items, null deletes a prop); `2: null`
 * takes the item out. Every address refers to the base's list; the others items stay as they are.
 */
function mergeItems(
  base: readonly unknown[],
  baseOrigin: Origin,
  override: Data,
  overrideOrigin: NodeOrigin,
  problems: PageProblem[],
  schema: Data | undefined,
  fromDefault = false,
): { data: unknown; origin: Origin } {
  const data = fromDefault ? (structuredClone(base) as unknown[]) : [...base];
  // Items of a default list were written nowhere: a problem in them points at the variant's map.
  const origins = fromDefault ? base.map(() => baseOrigin) : [...itemsOf(baseOrigin, base.length)];
  const removed = new Set<number>();
  const seen = new Map<number, string>();
  const src = overrideOrigin.src;
  // "change duvidas" and "items.2.links", for messages.
  const [op, block, ...inside] = overrideOrigin.path.map(String);
  const where = `${op} ${block}`;
  const list = inside.join('.');
  const ids = base.flatMap((item, i) =>
    isRecord(item) && typeof item.id === 'string' ? [`${i + 1} (id ${item.id})`] : [],
  );
  const listing =
    base.length === 0
      ? `A lista ${list} da página base está vazia.`
      : `Itens de ${list}: de 1 a ${base.length}${ids.length > 0 ? `; pelo id: ${ids.join(', ')}` : ''}.`;
  for (const [key, value] of Object.entries(override)) {
    const at: Path = [...overrideOrigin.path, key];
    const found = itemIndex(base, key);
    if ('error' in found) {
      if (found.error === 'ambiguous') {
        problems.push(
          problemAt(
            src,
            at,
            'ambiguous-item',
            `Em ${where}, a lista ${list} tem ${found.at!.length} itens com o id "${key}": diga qual deles pela posição.`,
            `Posições desses itens: ${found.at!.map((i) => i + 1).join(', ')} (1 é o primeiro).`,
            true,
          ),
        );
        continue;
      }
      const numeric = /^-?[0-9]+$/.test(key);
      const guess = numeric
        ? undefined
        : closest(
            key,
            itemAddresses(base).filter((a) => !/^[0-9]+$/.test(a)),
          );
      problems.push(
        problemAt(
          src,
          at,
          'unknown-item',
          numeric
            ? `Em ${where}, a lista ${list} tem ${plural(base.length, 'item', 'itens')}: não existe o item ${key}.`
            : `Em ${where}, a lista ${list} não tem item com o id "${key}".${guess ? ` Você quis dizer "${guess}"?` : ''}`,
          `Escreva a posição do item na lista da página base (1 é o primeiro) ou o id dele. ${listing}`,
          true,
        ),
      );
      continue;
    }
    const { index } = found;
    const earlier = seen.get(index);
    if (earlier !== undefined) {
      problems.push(
        problemAt(
          src,
          at,
          'extends-conflict',
          `Em ${where}, "${key}" e "${earlier}" são o mesmo item (o ${index + 1}º) da lista ${list}.`,
          'Junte as mudanças desse item num lugar só.',
          true,
        ),
      );
      continue;
    }
    seen.set(index, key);
    if (value === null) {
      removed.add(index);
      continue;
    }
    const merged = mergeValue(
      data[index],
      origins[index],
      value,
      child(overrideOrigin, key),
      true,
      problems,
      propSchema(schema, 'items'),
    );
    data[index] = merged.data;
    origins[index] = merged.origin;
  }
  const keep = (_: unknown, i: number) => !removed.has(i);
  return {
    data: data.filter(keep),
    origin: { kind: 'seq', at: originAt(baseOrigin), items: origins.filter(keep) },
  };
}

function mapOriginOf(data: Data, at: NodeOrigin): MapOrigin {
  return {
    kind: 'map',
    at,
    entries: new Map(Object.keys(data).map((k) => [k, { key: child(at, k), value: child(at, k) }])),
  };
}

function itemsOf(origin: Origin, length: number): Origin[] {
  if (origin.kind === 'seq') return origin.items;
  const at = originAt(origin);
  return Array.from({ length }, (_, i) => child(at, i));
}

function originAt(origin: Origin): NodeOrigin {
  return origin.kind === 'node' ? origin : origin.at;
}

function node(src: ParsedFile, path: Path): NodeOrigin {
  return { kind: 'node', src, path };
}

function child(origin: NodeOrigin, key: string | number): NodeOrigin {
  return { kind: 'node', src: origin.src, path: [...origin.path, key] };
}

// Each file of the chain gets its own range of offsets (and of line numbers) in one composite
// document, so the page validator's locations say which file a value came from.
const OFFSET_STRIDE = 10_000_000;
const LINE_STRIDE = 1_000_000;

function compositeFile(resolved: Resolved) {
  const { chain } = resolved;
  const indexOf = new Map(chain.map((f, i) => [f, i]));
  let doc: Document.Parsed | undefined;
  const lineCounter = Object.assign(new LineCounter(), {
    linePos(offset: number) {
      const k = Math.min(Math.floor(offset / OFFSET_STRIDE), chain.length - 1);
      const { line, col } = chain[k]!.lineCounter.linePos(offset - k * OFFSET_STRIDE);
      return { line: k * LINE_STRIDE + line, col };
    },
  });
  const build = (origin: Origin): Node => {
    if (origin.kind === 'node') return copyNode(valueNode(origin), indexOf.get(origin.src)!);
    const range = rangeOf(origin.at, indexOf);
    if (origin.kind === 'seq') {
      const seq = new YAMLSeq();
      seq.range = range;
      seq.items = origin.items.map(build);
      return seq;
    }
    const map = new YAMLMap();
    map.range = range;
    for (const { key, value } of origin.entries.values()) {
      map.items.push(new Pair(copyNode(keyNode(key), indexOf.get(key.src)!), build(value)));
    }
    return map;
  };
  const parsed: ParsedFile = {
    file: chain[0]!.file,
    source: chain[0]!.source,
    data: resolved.data,
    get doc() {
      if (!doc) {
        doc = new Document() as Document.Parsed;
        doc.contents = build(resolved.origin) as Document.Parsed['contents'];
      }
      return doc;
    },
    lineCounter,
  };
  const remap = (problem: PageProblem): PageProblem => {
    const k = Math.floor(problem.loc.line / LINE_STRIDE);
    if (k === 0) return problem;
    const file = chain[k]!;
    return {
      ...problem,
      loc: { ...problem.loc, file: file.file, line: problem.loc.line - k * LINE_STRIDE },
      source: file.source,
    };
  };
  /** The file text a composite offset is in, and the offset in it. */
  const sourceAt = (offset: number) => {
    const k = Math.min(Math.floor(offset / OFFSET_STRIDE), chain.length - 1);
    return { source: chain[k]!.source, offset: offset - k * OFFSET_STRIDE };
  };
  return { parsed, remap, sourceAt };
}

/**
 * The node at `path`, keys compared as text: an item address is the key "2" in the data
 * (js-yaml) and the number 2 in the `yaml` document. Undefined when there is none.
 */
function nodeIn(src: ParsedFile, path: Path): unknown {
  let at: unknown = src.doc.contents;
  for (const key of path) {
    if (isMap(at)) {
      const pair = at.items.find(
        (p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === String(key),
      );
      at = pair?.value;
    } else if (isSeq(at) && /^[0-9]+$/.test(String(key))) at = at.items[Number(key)];
    else return undefined;
  }
  return at;
}

function valueNode(origin: NodeOrigin): Node {
  const found = nodeIn(origin.src, origin.path);
  if (isNode(found)) return found;
  // A key written without a value ("badge:"): point at the key.
  return keyNode(origin);
}

function keyNode(origin: NodeOrigin): Node {
  const parent =
    origin.path.length > 1 ? nodeIn(origin.src, origin.path.slice(0, -1)) : origin.src.doc.contents;
  const last = origin.path[origin.path.length - 1];
  if (isMap(parent)) {
    const pair = parent.items.find((p) => isScalar(p.key) && String(p.key.value) === String(last));
    if (pair && isNode(pair.key)) return pair.key;
  }
  if (isSeq(parent) && typeof last === 'number' && isNode(parent.items[last]))
    return parent.items[last] as Node;
  return (parent as Node | null) ?? new YAMLMap();
}

function rangeOf(origin: NodeOrigin, indexOf: Map<ParsedFile, number>): [number, number, number] {
  const offset = indexOf.get(origin.src)! * OFFSET_STRIDE;
  const range = valueNode(origin).range ?? [0, 0, 0];
  return [range[0] + offset, range[1] + offset, range[2] + offset];
}

function copyNode(source: Node, index: number): Node {
  const copy = source.clone() as Node;
  shift(copy, index * OFFSET_STRIDE);
  return copy;
}

function shift(value: unknown, offset: number): void {
  if (isPair(value)) {
    shift(value.key, offset);
    shift(value.value, offset);
    return;
  }
  if (!isNode(value)) return;
  if (value.range) value.range = [value.range[0] + offset, value.range[1] + offset, value.range[2] + offset];
  if (isCollection(value)) for (const item of value.items) shift(item, offset);
}

/**
 * Two blocks of the merged page with the same id, located in the variant or its base. The one
 * kept is the inherited one (or the first), so the error lands on the block the variant added.
 */
function duplicateIds(resolved: Resolved, composite: ReturnType<typeof compositeFile>): PageProblem[] {
  return duplicateBlockIds(
    resolved.data.blocks,
    composite.parsed.source,
    (index) => {
      const loc = locate(composite, ['blocks', index, 'id']);
      const here = composite.remap({ code: 'duplicate-anchor', message: '', loc }).loc;
      return { loc, where: `em ${here.file}:${here.line}`, inherited: here.file !== composite.parsed.file };
    },
    'Troque o id do bloco novo, ou tire o bloco da base com remove.',
  );
}

function locate(composite: ReturnType<typeof compositeFile>, path: Path) {
  const found = composite.parsed.doc.getIn(path, true);
  return nodeLocation(composite.parsed, isNode(found) ? found : undefined);
}

/** A problem at a value (or, with `atKey`, at its key) of one file. */
function problemAt(
  parsed: ParsedFile,
  path: Path,
  code: ErrorCode,
  message: string,
  hint: string | undefined,
  atKey = false,
): PageProblem {
  const origin = node(parsed, path);
  const target = atKey ? keyNode(origin) : valueNode(origin);
  return { code, message, hint, loc: nodeLocation(parsed, target), source: parsed.source };
}

/** The same problem found twice (a base checked on its own and through its variant) is shown once. */
export function uniqueProblems(problems: PageProblem[]): PageProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.loc.file}:${p.loc.line}:${p.loc.column}:${p.code}:${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function rel(root: string, abs: string): string {
  return path.relative(root, abs).split(path.sep).join('/');
}

/** Keys are author text: "__proto__" must stay an ordinary key (the page schema then refuses it). */
function own(data: Data, key: string): unknown {
  return Object.hasOwn(data, key) ? data[key] : undefined;
}

function setOwn(data: Data, key: string, value: unknown): void {
  Object.defineProperty(data, key, { value, enumerable: true, writable: true, configurable: true });
}

function isRecord(value: unknown): value is Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
