/** Every Vitest file of the repository (not tests/e2e/, Playwright's), by its path from the root with `/`. */
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export const TEST_FILES: string[] = ['tests', 'blocks', 'design', 'runtime']
  .flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }).map((f) =>
      path.join(dir, f).split(path.sep).join('/'),
    ),
  )
  .filter((f) => /\.test\.tsx?$/.test(f) && !f.startsWith('tests/e2e/'));
