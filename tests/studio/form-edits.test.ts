/**
 * The form's edits change only the node they name: on every block of every page of pages/,
 * setting each scalar prop, adding and removing a prop, and adding, removing and reordering list
 * items leave the rest of the data equal and every line outside the edit byte-identical, comments
 * included.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { listYamlFiles } from '../../runtime/load/index.ts';
import {
  addItem,
  applyChange,
  removeItem,
  removeKey,
  setValue,
  swapWithNext,
  type TextChange,
  type YamlPath,
} from '../../studio/yaml-edits.ts';

const pagesDir = path.resolve(import.meta.dirname, '../../pages');
const files = (await listYamlFiles(pagesDir)).filter((f) => !f.startsWith('_'));
const sources = await Promise.all(
  files.map(async (f) => [f, await readFile(path.join(pagesDir, f), 'utf8')] as const),
);

type Data = Record<string, unknown>;
const clone = <T>(v: T): T => structuredClone(v);
function getIn(data: unknown, p: YamlPath): unknown {
  return p.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], data);
}
function setIn(data: unknown, p: YamlPath, value: unknown): void {
  const parent = getIn(data, p.slice(0, -1)) as Record<string | number, unknown>;
  if (value === undefined) delete parent[p[p.length - 1]!];
  else parent[p[p.length - 1]!] = value;
}

/** Lines wholly before and after the change are the same text; the result parses as expected. */
function expectOnly(text: string, change: TextChange | undefined, expected: unknown): string {
  expect(change).toBeDefined();
  const next = applyChange(text, change!);
  const before = text.slice(0, text.lastIndexOf('\n', change!.from - 1) + 1);
  const afterAt = text.indexOf('\n', change!.to);
  const after = afterAt < 0 ? '' : text.slice(afterAt);
  expect(next.startsWith(before)).toBe(true);
  expect(next.endsWith(after)).toBe(true);
  expect(parse(next)).toEqual(expected);
  return next;
}

describe.each(sources)('form edits on pages/%s', (_file, text) => {
  const data = parse(text) as Data;
  const blocks = Array.isArray(data.blocks) ? (data.blocks as Data[]) : [];

  it('sets every scalar prop of every block in place', () => {
    blocks.forEach((block, i) => {
      for (const [key, value] of Object.entries(block)) {
        if (key === 'type' || typeof value === 'object') continue;
        const next = typeof value === 'string' ? 'Texto novo: com dois-pontos # e cerquilha' : value;
        const expected = clone(data);
        setIn(expected, ['blocks', i, key], next);
        expectOnly(text, setValue(text, ['blocks', i, key], next), expected);
      }
    });
  });

  it('adds and removes a prop, and edits a nested map', () => {
    blocks.forEach((block, i) => {
      const added = clone(data);
      setIn(added, ['blocks', i, 'id'], 'bloco-novo');
      if (!('id' in block)) {
        const withId = expectOnly(text, setValue(text, ['blocks', i, 'id'], 'bloco-novo'), added);
        expectOnly(withId, removeKey(withId, ['blocks', i, 'id']), data);
      }
      for (const [key, value] of Object.entries(block)) {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
        const expected = clone(data);
        setIn(expected, ['blocks', i, key, 'label'], 'Rótulo novo');
        expectOnly(text, setValue(text, ['blocks', i, key, 'label'], 'Rótulo novo'), expected);
      }
    });
  });

  it('adds, removes and reorders list items', () => {
    blocks.forEach((block, i) => {
      for (const [key, value] of Object.entries(block)) {
        if (!Array.isArray(value) || value.length === 0) continue;
        const listPath = ['blocks', i, key];
        const first = value[0];
        const extra = typeof first === 'object' && first !== null ? clone(first) : first;
        const grown = clone(data);
        (getIn(grown, listPath) as unknown[]).push(extra);
        expectOnly(text, addItem(text, listPath, extra), grown);
        const shrunk = clone(data);
        (getIn(shrunk, listPath) as unknown[]).splice(0, 1);
        expectOnly(text, removeItem(text, listPath, 0), shrunk);
        if (value.length > 1) {
          const swapped = clone(data);
          const list = getIn(swapped, listPath) as unknown[];
          [list[0], list[1]] = [list[1], list[0]];
          expectOnly(text, swapWithNext(text, listPath, 0), swapped);
        }
      }
    });
  });
});
