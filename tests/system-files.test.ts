/**
 * `npm test` is what runs inside Vitest's process; the files that start other processes (git, workerd,
 * the Estúdio or the CLI as a command) are the system tests (tests/system-files.ts, decision 0039):
 * found here by what each file and the helpers of tests/ it imports call, so that the list stays true.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT, TEST_FILES } from './helpers/test-files.ts';
import { SYSTEM_FILES } from './system-files.ts';

/**
 * What starts a process: node:child_process imported for its values (not `import type`), the
 * project's ways of running its own commands (projectArgs: the Estúdio or the CLI from its bundle;
 * runKept: Publicar's check), a git site with its remote (makeGitSite), workerd (Miniflare).
 */
const STARTS_A_PROCESS =
  /^import (?!type\b)[^;]*from ['"](node:)?child_process['"]|\b(projectArgs|runKept|makeGitSite|Miniflare)\b|workerd/m;

/** The file and every module of tests/ it imports, directly or through another. */
function withHelpers(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  for (const [, spec = ''] of source.matchAll(/\bfrom\s+['"](\.[^'"]+)['"]/g)) {
    const target = path.posix.join(path.posix.dirname(file), spec);
    if (target.startsWith('tests/') && existsSync(path.join(ROOT, target))) withHelpers(target, seen);
  }
  return seen;
}

const startsAProcess = (file: string) =>
  [...withHelpers(file)].some((f) => STARTS_A_PROCESS.test(readFileSync(path.join(ROOT, f), 'utf8')));

it('lists exactly the test files that start another process, so npm test runs inside its own', () => {
  expect(TEST_FILES.length).toBeGreaterThan(100);
  const found = TEST_FILES.filter((file) => file !== 'tests/system-files.test.ts').filter(startsAProcess);
  expect(found.sort()).toEqual([...SYSTEM_FILES].sort());
});

it('names only test files that exist, none of them also a file of its own worker', async () => {
  const { ISOLATED_FILES } = await import('./isolated-files.ts');
  for (const file of SYSTEM_FILES) {
    expect(TEST_FILES).toContain(file);
    expect(ISOLATED_FILES).not.toContain(file);
  }
});
