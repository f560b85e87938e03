/**
 * Issue 40.4: no import circles in runtime/ or studio/, type imports included. A circle makes a
 * module's meaning depend on load order and keeps two modules from being read, tested or moved
 * alone. Relative imports only (packages cannot import us back).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter(
      (f) => /\.tsx?$/.test(f) && !/\.(test|spec|stories)\.tsx?$/.test(f) && !f.includes('node_modules'),
    )
    .map((f) => path.join(ROOT, dir, f));
}

/** Every circle of relative imports among `files`, each as the files in import order. */
function circles(files: string[]): string[][] {
  const known = new Set(files);
  const graph = new Map(
    files.map((file) => [
      file,
      [...readFileSync(file, 'utf8').matchAll(IMPORT)]
        .map((m) => path.resolve(path.dirname(file), m[1]!))
        .filter((target) => known.has(target)),
    ]),
  );
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found.map((c) => c.map((f) => path.relative(ROOT, f)));
}

it('runtime/ and studio/ import nothing in a circle, type imports included', () => {
  const files = [...sources('runtime'), ...sources('studio')];
  expect(files.length).toBeGreaterThan(150);
  expect(circles(files).map((c) => c.join(' → '))).toEqual([]);
});

it('finds a circle when there is one, through a type import too (the check itself)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'circles-'));
  try {
    writeFileSync(
      path.join(dir, 'router.ts'),
      "import { route } from './route.ts';\nexport type Ctx = { n: number };\n",
    );
    writeFileSync(
      path.join(dir, 'route.ts'),
      "import type { Ctx } from './router.ts';\nexport const route = (c: Ctx) => c.n;\n",
    );
    writeFileSync(path.join(dir, 'alone.ts'), 'export const x = 1;\n');
    const found = circles(['router.ts', 'route.ts', 'alone.ts'].map((f) => path.join(dir, f)));
    expect(found.map((c) => c.map((f) => path.basename(f)))).toEqual([
      ['router.ts', 'route.ts', 'router.ts'],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
