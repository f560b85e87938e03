/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { sitePlugins } from './runtime/dev/index.ts';
import { SlowFirst } from './tests/slow-first.ts';
import { SlowestFiles } from './tests/slowest-files.ts';

export default defineConfig({
  // Pages are rendered by the fillgas middleware, not served from index.html files.
  appType: 'custom',
  plugins: sitePlugins(),
  server: { host: '127.0.0.1' },
  test: {
    include: [
      'tests/**/*.test.{ts,tsx}',
      'blocks/**/*.test.{ts,tsx}',
      'design/**/*.test.{ts,tsx}',
      'runtime/**/*.test.{ts,tsx}',
    ],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 60_000,
    // By default Vitest runs (cores - 1) files at a time: one on the CI's 2-core machine, which
    // leaves a core idle while a file waits on builds, child processes or workerd. Two at a time.
    maxWorkers: 2,
    // The longest files first, so that both end together (tests/slow-first.ts).
    sequence: { sequencer: SlowFirst },
    // The default output, then the slowest ten files (tests/slowest-files.ts).
    reporters: ['default', new SlowestFiles()],
  },
});
