/**
 * A Vitest reporter that prints the slowest ten test files after the default output of `npm test`
 * (vite.config.ts, `test.reporters`): where the run's time goes, so that a file that grew slow is
 * seen in every run, CI's included. A file's time is from the start of its worker's work on it to
 * its end: loading (the environment, the import of the file and what it imports) and then its
 * hooks and tests.
 */
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

export class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = testModules.map((module) => {
      const d = module.diagnostic();
      const load = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration;
      return {
        file: path.relative(process.cwd(), module.moduleId).split(path.sep).join('/'),
        load,
        tests: d.duration,
        total: load + d.duration,
      };
    });
    if (rows.length < 2) return;
    rows.sort((a, b) => b.total - a.total);
    const sum = rows.reduce((s, r) => s + r.total, 0);
    const lines = [
      '',
      ` Slowest ${Math.min(SHOWN, rows.length)} of ${rows.length} test files (all files: ${(sum / 1000).toFixed(0)} s of file time)`,
      `   ${'total'.padStart(8)} ${'load'.padStart(8)} ${'tests'.padStart(8)}  file`,
      ...rows
        .slice(0, SHOWN)
        .map((r) => `   ${seconds(r.total)} ${seconds(r.load)} ${seconds(r.tests)}  ${r.file}`),
      '',
    ];
    process.stdout.write(lines.join('\n') + '\n');
  }
}
