/// <reference types="vitest/config" />
import { defineConfig, type UserConfig as ViteUserConfig } from 'vite';
import { sitePlugins } from './runtime/dev/index.ts';
import { SlowFirst } from './tests/slow-first.ts';
import { ISOLATED_FILES } from './tests/isolated-files.ts';
import { SlowestFiles } from './tests/slowest-files.ts';
import { SYSTEM_FILES } from './tests/system-files.ts';

/**
 * Every test file of Vitest (the browser tests, tests/e2e/, are Playwright's): `npm test` runs the
 * "shared" and "isolated" projects, `npm run test:system` the "system" one, CI both (decision 0039).
 */
const TEST_FILES = [
  'tests/**/*.test.{ts,tsx}',
  'blocks/**/*.test.{ts,tsx}',
  'design/**/*.test.{ts,tsx}',
  'runtime/**/*.test.{ts,tsx}',
];
const NOT_TESTS = ['tests/e2e/**', 'node_modules/**'];

/**
 * What every Vitest project has: the site's plugins (the page script's virtual modules), Node as
 * the environment unless a file names jsdom, a minute per test and per hook (a beforeAll that
 * starts a server on a copy of the site took over Vitest's default 10 s on a loaded machine). Written into each project rather
 * than inherited with `extends: true`, which makes Vitest load and bundle this file again per
 * project (four times a run, about 1 s of CPU each on a quiet machine).
 */
const project = (test: NonNullable<ViteUserConfig['test']>): ViteUserConfig => ({
  appType: 'custom',
  plugins: sitePlugins(),
  test: { environment: 'node', testTimeout: 60_000, hookTimeout: 60_000, ...test },
});

export default defineConfig({
  // Pages are rendered by the fillgas middleware, not served from index.html files.
  appType: 'custom',
  plugins: sitePlugins(),
  server: { host: '127.0.0.1' },
  test: {
    // By default Vitest runs (cores - 1) files at a time: one on the CI's 2-core machine, which
    // leaves a core idle while a file waits on builds, child processes or workerd. Two at a time.
    maxWorkers: 2,
    // The longest files first, so that both end together (tests/slow-first.ts).
    sequence: { sequencer: SlowFirst },
    // The default output, then the slowest ten files (tests/slowest-files.ts).
    reporters: ['default', new SlowestFiles()],
    projects: [
      project({
        name: 'shared',
        include: TEST_FILES,
        exclude: [...NOT_TESTS, ...ISOLATED_FILES, ...SYSTEM_FILES],
        // A worker runs many files and imports React, jsdom, Vite and the runtime once instead of
        // once per file: about 1.7 s of CPU a file. tests/shared-worker-setup.ts gives each file
        // what a fresh worker would (an empty <body>, real timers, no stubs; decision 0039).
        isolate: false,
        setupFiles: ['tests/shared-worker-setup.ts'],
      }),
      // A worker of its own per file (tests/isolated-files.ts).
      project({ name: 'isolated', include: ISOLATED_FILES, exclude: NOT_TESTS }),
      // The files that start other processes: git and a bare remote, workerd, the Estúdio or the
      // CLI as a command (tests/system-files.ts). Workers shared as in "shared".
      project({
        name: 'system',
        include: SYSTEM_FILES,
        exclude: NOT_TESTS,
        isolate: false,
        setupFiles: ['tests/shared-worker-setup.ts'],
      }),
    ],
  },
});
