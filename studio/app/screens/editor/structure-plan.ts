/**
 * A variant's block order as `move:` entries (docs/decisions/0025-variant-move.md): each moved
 * block sits right before or after a neighbour in the final page, and the blocks not moved keep
 * the order the base gives them. Given the order the Estúdio shows (the loader's result), the
 * variant's current entries and the order the author wants, `planMoves` says which entries to
 * write or delete. It needs no knowledge of the order before the moves: the blocks not moved are
 * shown in that order, and a moved block's old place does not matter.
 */
import { stringify } from 'yaml';
import {
  addToRemove,
  chain,
  duplicateItem,
  moveItem,
  readMoves,
  removeItemWithComments,
  removeKey,
  setMoves,
  type Placement,
  type TextChange,
  type YamlPath,
} from '../../../yaml-edits.ts';
import { insertAfterEdit, valueAt } from '../../../yaml-paths.ts';

/** Entry changes for setMoves: a placement to write, undefined to delete the block's entry. */
export type MoveChanges = Map<string, Placement | undefined>;

/**
 * The `move:` changes that turn `current` (names in the order shown, every name once) into
 * `desired` (the same names in another order, or some of them left out: a deleted block).
 */
export function planMoves(
  current: readonly string[],
  moves: ReadonlyMap<string, Placement>,
  desired: readonly string[],
  dragged?: string,
): MoveChanges {
  const position = new Map(current.map((name, i) => [name, i]));
  // The blocks not moved stay unmoved when their order allows: the longest run of them, in the
  // desired order, that keeps their current order; the block the author moved is the one that
  // gets an entry when several choices are as long.
  const unmoved = desired.filter((n) => !moves.has(n) && n !== dragged);
  const stay = new Set(longestIncreasing(unmoved.map((n) => position.get(n)!)).map((i) => current[i]!));
  if (dragged !== undefined && !moves.has(dragged) && desired.includes(dragged)) {
    const at = desired.indexOf(dragged);
    const before = desired
      .slice(0, at)
      .filter((n) => stay.has(n))
      .at(-1);
    const after = desired.slice(at + 1).find((n) => stay.has(n));
    const p = position.get(dragged)!;
    if (
      (before === undefined || position.get(before)! < p) &&
      (after === undefined || position.get(after)! > p)
    )
      stay.add(dragged);
  }
  if (stay.size === 0 && desired.length > 0) stay.add(desired[0]!);
  const first = desired.findIndex((n) => stay.has(n));
  const canonical = (i: number): Placement =>
    i < first ? { side: 'before', target: desired[i + 1]! } : { side: 'after', target: desired[i - 1]! };
  const holds = (p: Placement | undefined, i: number): p is Placement =>
    p !== undefined && desired[p.side === 'after' ? i - 1 : i + 1] === p.target;

  const keep = new Map<string, Placement>();
  desired.forEach((name, i) => {
    if (stay.has(name)) return;
    const written = moves.get(name);
    keep.set(name, holds(written, i) ? written : canonical(i));
  });
  // Entries kept as written might depend on each other; the canonical ones never do.
  const placements = acyclic(keep, stay)
    ? keep
    : new Map(desired.flatMap((name, i) => (stay.has(name) ? [] : [[name, canonical(i)] as const])));

  const changes: MoveChanges = new Map();
  for (const name of moves.keys()) if (!placements.has(name)) changes.set(name, undefined);
  for (const [name, p] of placements) {
    const written = moves.get(name);
    if (!written || written.side !== p.side || written.target !== p.target) changes.set(name, p);
  }
  return changes;
}

/** The order the loader gives: the unmoved blocks in `order`, each with its chains before and after. */
export function resolveOrder(order: readonly string[], moves: ReadonlyMap<string, Placement>): string[] {
  const before = new Map<string, string>();
  const after = new Map<string, string>();
  for (const [name, p] of moves) (p.side === 'before' ? before : after).set(p.target, name);
  const out: string[] = [];
  const emit = (name: string, depth: number) => {
    if (depth > order.length) throw new Error('moves depend on each other');
    const b = before.get(name);
    if (b) emit(b, depth + 1);
    out.push(name);
    const a = after.get(name);
    if (a) emit(a, depth + 1);
  };
  for (const name of order) if (!moves.has(name)) emit(name, 0);
  return out;
}

function acyclic(placements: ReadonlyMap<string, Placement>, stay: ReadonlySet<string>): boolean {
  for (const start of placements.keys()) {
    const seen = new Set<string>();
    let at: string | undefined = start;
    while (at !== undefined && !stay.has(at)) {
      if (seen.has(at)) return false;
      seen.add(at);
      at = placements.get(at)?.target;
    }
    if (at === undefined) return false;
  }
  return true;
}

/** The longest strictly increasing subsequence of `values` (patience sorting). */
function longestIncreasing(values: readonly number[]): number[] {
  const tails: number[] = [];
  const tailAt: number[] = [];
  const previous: number[] = [];
  values.forEach((v, i) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = v;
    tailAt[lo] = i;
    previous[i] = lo > 0 ? tailAt[lo - 1]! : -1;
  });
  const out: number[] = [];
  for (let i = tails.length > 0 ? tailAt[tails.length - 1]! : -1; i >= 0; i = previous[i]!)
    out.unshift(values[i]!);
  return out;
}

// ---------------------------------------------------------------------------------------------
// The panel's rows and the text edits of its actions, as functions of the current text.

/** One block as the structure panel lists it. */
export interface StructureRow {
  /** How a variant's operations name it: a replacing block by its base name, else its id or type. */
  name: string;
  type: string;
  id?: string;
  /** Where it is written: root-relative file and the YAML path of its map there. */
  file: string;
  path: YamlPath;
}

type Make = (text: string) => TextChange | undefined;

/** The blocks of a page (not a variant), read from its text. */
export function pageRows(text: string, file: string): StructureRow[] {
  const blocks = valueAt(text, ['blocks']);
  if (!Array.isArray(blocks)) return [];
  return blocks.map((b: unknown, i) => {
    const block = (typeof b === 'object' && b !== null ? b : {}) as Record<string, unknown>;
    const type = typeof block.type === 'string' ? block.type : '?';
    const id = typeof block.id === 'string' ? block.id : undefined;
    return { name: id ?? type, type, ...(id ? { id } : {}), file, path: ['blocks', i] };
  });
}

/** The blocks of a variant as the loader rendered them (`blocks` of the last preview). */
export function variantRows(
  blocks: readonly { type: string; id?: string; file: string; path: YamlPath }[],
  file: string,
): StructureRow[] {
  return blocks.map((b) => {
    const replacing = b.file === file && b.path[0] === 'replace' && typeof b.path[1] === 'string';
    return { ...b, name: replacing ? (b.path[1] as string) : (b.id ?? b.type) };
  });
}

/** Names that two rows share: a variant cannot place those blocks by name. */
export function ambiguousNames(rows: readonly StructureRow[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const row of rows) (seen.has(row.name) ? twice : seen).add(row.name);
  return [...twice];
}

export const isVariantText = (text: string) => /^extends\s*:/m.test(text);

/** Moves the block at `from` to `to`: its lines in a page, `move:` entries in a variant. */
export function moveEdit(text: string, rows: readonly StructureRow[], from: number, to: number): Make {
  if (!isVariantText(text)) return (t) => moveItem(t, ['blocks'], from, to);
  const names = rows.map((r) => r.name);
  const desired = [...names];
  desired.splice(to, 0, ...desired.splice(from, 1));
  return (t) => setMoves(t, planMoves(names, readMoves(t), desired, names[from]));
}

/**
 * Deletes the block at `index`. In a page, its lines and comments. In a variant: an inherited
 * block goes into `remove:` (its `change:` entry goes); a block the variant inserted loses its
 * lines; a replacing block becomes a `remove:` of the base block. Moves that named it are
 * placed again by their neighbours.
 */
export function deleteEdit(text: string, rows: readonly StructureRow[], index: number, file: string): Make {
  if (!isVariantText(text)) return (t) => removeItemWithComments(t, ['blocks'], index);
  const row = rows[index]!;
  const names = rows.map((r) => r.name);
  const desired = names.filter((_, i) => i !== index);
  const own = row.file === file;
  const op = row.path[0];
  const dropKey = (path: YamlPath): Make[] => [
    (t) => removeKey(t, path),
    // The section goes when it is left empty.
    (t) => {
      const section = valueAt(t, path.slice(0, 1));
      return section && typeof section === 'object' && Object.keys(section).length === 0
        ? removeKey(t, path.slice(0, 1))
        : undefined;
    },
  ];
  const steps: Make[] = [];
  if (own && (op === 'insertBefore' || op === 'insertAfter')) {
    const list = row.path.slice(0, 2);
    const items = valueAt(text, list);
    if (Array.isArray(items) && items.length > 1)
      steps.push((t) => removeItemWithComments(t, list, row.path[2] as number));
    else steps.push(...dropKey(list));
  } else if (own && op === 'replace') {
    steps.push(...dropKey(['replace', row.name]), (t) => addToRemove(t, row.name));
  } else {
    steps.push(...dropKey(['change', row.name]), (t) => addToRemove(t, row.name));
  }
  steps.push((t) => setMoves(t, planMoves(names, readMoves(t), desired)));
  return (t) => chain(t, steps);
}

/** An id for a copy: "<id or type>-copia", "-copia-2"… not used by any block listed. */
export function copyId(row: StructureRow, rows: readonly StructureRow[]): string {
  const taken = new Set(rows.flatMap((r) => (r.id ? [r.id] : [])));
  const stem = `${(row.id ?? row.type).toLowerCase().replace(/[^a-z0-9-]+/g, '-')}-copia`;
  let id = stem;
  for (let n = 2; taken.has(id); n++) id = `${stem}-${n}`;
  return id;
}

/**
 * Duplicates the block at `index` right after it. In a page, a copy of its lines (a new id when
 * it has one). In a variant, the copy always gets an id (a variant names blocks by it): a block
 * the variant inserted is copied in its list, any other block is written whole into
 * `insertAfter:` from `data` (the base's block with the variant's change applied). When the copy
 * would not land right after the block (the block is moved, another block follows it by `move:`,
 * or it already has blocks inserted after it), a `move:` entry puts it there.
 */
export function duplicateEdit(
  text: string,
  rows: readonly StructureRow[],
  index: number,
  file: string,
  data?: Record<string, unknown>,
): Make | undefined {
  const row = rows[index]!;
  if (!isVariantText(text))
    return (t) => duplicateItem(t, ['blocks'], index, row.id ? copyId(row, rows) : undefined);
  const id = copyId(row, rows);
  const own = row.file === file && (row.path[0] === 'insertBefore' || row.path[0] === 'insertAfter');
  const moves = readMoves(text);
  const follower = [...moves].find(([, p]) => p.side === 'after' && p.target === row.name)?.[0];
  let adjacent = !moves.has(row.name) && follower === undefined;
  const steps: Make[] = [];
  if (own) steps.push((t) => duplicateItem(t, row.path.slice(0, 2), row.path[2] as number, id));
  else {
    if (!data) return undefined;
    if (valueAt(text, ['insertAfter', row.name]) !== undefined) adjacent = false;
    const copy = { ...data, id };
    steps.push((t) => {
      const edit = insertAfterEdit(t, stringify([copy]), row.name);
      return { from: edit.from, to: edit.to, insert: edit.insert };
    });
  }
  if (!adjacent) {
    const changes: MoveChanges = new Map([[id, { side: 'after', target: row.name }]]);
    if (follower !== undefined) changes.set(follower, { side: 'after', target: id });
    steps.push((t) => setMoves(t, changes));
  }
  return (t) => chain(t, steps);
}

/** A variant's `change:` entry applied to a base block: maps merge key by key, null deletes. */
export function withChange(base: unknown, change: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(change)) return structuredClone(change);
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(change)) {
    if (value === null) delete out[key];
    else out[key] = withChange(out[key], value);
  }
  return out;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
