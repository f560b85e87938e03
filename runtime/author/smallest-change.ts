/**
 * The smallest `change:` that makes a variant show `value` at one place of an inherited block
 * (docs/decisions/0037-list-items-in-variants.md): what the Estúdio writes when a marketer types
 * on the page of a variant. Pure: data in, a path and a value out; writing them into the file
 * (with the comments and the rest of the text kept) is the caller's.
 *
 *   smallestChange({ block: 'duvidas', base, change, at: ['items', 1, 'answer'], value: 'Sim.' })
 *   → { path: ['change', 'duvidas', 'items', '2', 'answer'], value: 'Sim.' }
 *
 * Below a list the variant does not write, an item is addressed by its `id` when it has one
 * unique in its list, else by its position from 1 ("2"); an address the variant already uses
 * for that item is kept. Below a value the variant writes itself (a whole list, a new prop) the
 * path follows that value: list indices are numbers there.
 */
import { itemAddresses, itemIndex } from '../load/index.ts';

export type ChangePath = (string | number)[];

export interface SmallestChangeInput {
  /** The block's name in `change:`: its id, or its type when the base has one of that type. */
  block: string;
  /** The block as the base page gives it (the page the variant extends, resolved). */
  base: unknown;
  /** What the variant's `change:` already writes for this block, if anything. */
  change?: unknown;
  /** Where the value is, in the block as the variant's page shows it: ['items', 1, 'answer']. */
  at: readonly (string | number)[];
  value: unknown;
}

export interface SmallestChange {
  /**
   * From the variant's top: ['change', 'duvidas', 'items', '2', 'answer']. A string is a map key
   * (an item's address included: write a position as a plain number key, `2:`); a number is an
   * index into a list the variant writes itself.
   */
  path: ChangePath;
  value: unknown;
}

export function smallestChange(input: SmallestChangeInput): SmallestChange {
  const path: ChangePath = ['change', input.block];
  let base: unknown = input.base;
  let over: unknown = input.change;
  for (const key of input.at) {
    if (over !== undefined && !isRecord(over)) {
      // The variant writes this value itself (a whole list, a scalar): follow its own shape.
      path.push(key);
      over = Array.isArray(over) ? over[Number(key)] : undefined;
      base = undefined;
      continue;
    }
    if (Array.isArray(base)) {
      const index = baseIndex(base, isRecord(over) ? over : {}, Number(key));
      const address = addressOf(base, index, isRecord(over) ? over : {});
      path.push(address);
      base = base[index];
      over = isRecord(over) ? own(over, address) : undefined;
      continue;
    }
    path.push(String(key));
    base = isRecord(base) ? own(base, String(key)) : undefined;
    over = isRecord(over) ? own(over, String(key)) : undefined;
  }
  return { path, value: input.value };
}

/** The base's index of the item shown at `shown`, when `change` takes some items out (`2: null`). */
function baseIndex(base: readonly unknown[], change: Record<string, unknown>, shown: number): number {
  const removed = new Set<number>();
  for (const [key, value] of Object.entries(change)) {
    const found = itemIndex(base, key);
    if (value === null && 'index' in found) removed.add(found.index);
  }
  let seen = -1;
  for (let i = 0; i < base.length; i++) {
    if (!removed.has(i)) seen++;
    if (seen === shown) return i;
  }
  throw new RangeError(`smallestChange: no item ${shown} in this list`);
}

/** The key the variant already uses for the item, or its unique id, or its position. */
function addressOf(base: readonly unknown[], index: number, change: Record<string, unknown>): string {
  for (const key of Object.keys(change)) {
    const found = itemIndex(base, key);
    if ('index' in found && found.index === index) return key;
  }
  const item = base[index];
  const id = isRecord(item) && typeof item.id === 'string' ? item.id : undefined;
  if (id !== undefined && itemAddresses(base).includes(id) && 'index' in itemIndex(base, id)) return id;
  return String(index + 1);
}

function own(data: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(data, key) ? data[key] : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
