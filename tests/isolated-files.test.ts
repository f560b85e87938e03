/**
 * A test file that replaces a module or changes the whole process at import runs in a worker of
 * its own (tests/isolated-files.ts, decision 0039): found here by what it says, so that a new one
 * is not left in the shared workers, where its mock could miss a module another file loaded first.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT, TEST_FILES } from './helpers/test-files.ts';
import { ISOLATED_FILES } from './isolated-files.ts';

/** vi.mock / vi.doMock, or an assignment to process.env at the top level of the file. */
const NEEDS_A_WORKER = [/\bvi\.(do)?mock\(/, /^process\.env(\.\w+|\[[^\]]+\]) *=[^=]/m];

it('runs every file that mocks a module or sets process.env at import in a worker of its own', () => {
  expect(TEST_FILES.length).toBeGreaterThan(50);
  const found = TEST_FILES.filter((file) => file !== 'tests/isolated-files.test.ts').filter((file) =>
    NEEDS_A_WORKER.some((re) => re.test(readFileSync(path.join(ROOT, file), 'utf8'))),
  );
  expect(found.sort()).toEqual([...ISOLATED_FILES].sort());
});

it('names only test files that exist', () => {
  for (const file of ISOLATED_FILES) expect(TEST_FILES).toContain(file);
});
