/**
 * Where the browser suite's wall time went, printed after the other reporter's summary (decision
 * 0044): the time before the first test (the web servers, with the three extra builds of
 * tests/servers/test-sites.ts, then the test files loaded), the summed test time per project and per
 * spec file, and for each worker slot the time it ran no test: starting up, restarted (a new project,
 * or after a failure), between two tests, and idle at the end while the other one finished. A test's
 * `duration` leaves out its file's beforeAll and afterAll hooks (each has its own time slot in
 * Playwright's worker), so their time shows up as time between tests: it is read from the hook steps
 * and printed apart, by project and by spec file (a studio file's Estúdio is started and stopped
 * there). Then how busy the machine's cores were while the tests ran (Linux's /proc/stat): near 100 %
 * the suite is CPU-bound and only CPU saved shortens it; well below, another worker could use the rest
 * (the measure counts every process, so read it on a machine running nothing else).
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type {
  FullConfig,
  FullResult,
  Reporter,
  Suite,
  TestCase,
  TestResult,
  TestStep,
} from '@playwright/test/reporter';

interface Run {
  project: string;
  file: string;
  slot: number;
  worker: number;
  start: number;
  end: number;
  /** Its beforeAll and afterAll hooks' time (not in `duration`: it falls after `end`). */
  hooks: number;
}

/** The steps of the file-level hooks (Playwright names an unnamed hook "<type> hook"; none here is named). */
const FILE_HOOK = /^(beforeAll|afterAll) hook$/;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The machine's CPU time so far, busy and in total (all cores, in clock ticks), or null off Linux. */
function cpuTicks(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    // cpu user nice system idle iowait irq softirq steal …
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((a, b) => a + b, 0);
    return { busy: total - ticks[3]! - ticks[4]!, total };
  } catch {
    return null;
  }
}

export default class TimelineReporter implements Reporter {
  /** When Playwright created the reporters: before its web servers start. */
  private readonly created = Date.now();
  private begun = 0;
  private workers = 1;
  private rootDir = '';
  private readonly runs: Run[] = [];
  private cpuAtBegin: ReturnType<typeof cpuTicks> = null;
  private readonly hookMs = new Map<TestResult, number>();
  private afterAllMs = 0;

  onBegin(config: FullConfig, _suite: Suite): void {
    this.begun = Date.now();
    this.cpuAtBegin = cpuTicks();
    this.workers = config.workers;
    this.rootDir = config.rootDir;
  }

  onStepEnd(_test: TestCase, result: TestResult, step: TestStep): void {
    if (step.category !== 'hook' || !FILE_HOOK.test(step.title)) return;
    this.hookMs.set(result, (this.hookMs.get(result) ?? 0) + step.duration);
    if (step.title.startsWith('afterAll')) this.afterAllMs += step.duration;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    // A test skipped before it reached a worker ran nowhere.
    if (result.parallelIndex < 0) return;
    const start = result.startTime.getTime();
    let file = test.location.file;
    if (file.startsWith(this.rootDir)) file = file.slice(this.rootDir.length + 1);
    this.runs.push({
      project: test.parent.project()?.name ?? '',
      file,
      slot: result.parallelIndex,
      worker: result.workerIndex,
      start,
      end: start + result.duration,
      hooks: this.hookMs.get(result) ?? 0,
    });
    this.hookMs.delete(result);
  }

  onEnd(_result: FullResult): void {
    const ended = Date.now();
    if (this.runs.length === 0) return;
    const lines: string[] = ['', 'Where the time went (tests/e2e/timeline-reporter.ts):'];
    lines.push(
      `  wall ${seconds(ended - this.created)}: web servers and loading the tests ${seconds(this.begun - this.created)}, ` +
        `tests ${seconds(ended - this.begun)} on ${this.workers} worker${this.workers > 1 ? 's' : ''}`,
    );

    const perProject = new Map<string, number>();
    const perFile = new Map<string, number>();
    for (const run of this.runs) {
      perProject.set(run.project, (perProject.get(run.project) ?? 0) + run.end - run.start);
      const key = `[${run.project}] ${run.file}`;
      perFile.set(key, (perFile.get(key) ?? 0) + run.end - run.start);
    }
    const summed = [...perProject.values()].reduce((a, b) => a + b, 0);
    lines.push(
      `  summed test time ${seconds(summed)}: ` +
        [...perProject].map(([project, ms]) => `${project} ${seconds(ms)}`).join(', '),
    );
    const files = [...perFile].sort((a, b) => b[1] - a[1]);
    lines.push(`  spec files by summed time (top 15 of ${files.length}):`);
    for (const [key, ms] of files.slice(0, 15)) lines.push(`    ${seconds(ms).padStart(8)}  ${key}`);

    const hooksPerProject = new Map<string, number>();
    const hooksPerFile = new Map<string, number>();
    for (const run of this.runs) {
      if (run.hooks === 0) continue;
      hooksPerProject.set(run.project, (hooksPerProject.get(run.project) ?? 0) + run.hooks);
      const key = `[${run.project}] ${run.file}`;
      hooksPerFile.set(key, (hooksPerFile.get(key) ?? 0) + run.hooks);
    }
    const hooked = [...hooksPerFile].sort((a, b) => b[1] - a[1]);
    if (hooked.length > 0) {
      const allHooks = [...hooksPerProject.values()].reduce((a, b) => a + b, 0);
      lines.push(
        `  beforeAll and afterAll hooks ${seconds(allHooks)} (afterAll ${seconds(this.afterAllMs)}; not in the test time above): ` +
          [...hooksPerProject].map(([project, ms]) => `${project} ${seconds(ms)}`).join(', '),
      );
      lines.push(`  spec files by hook time (top 10 of ${hooked.length}):`);
      for (const [key, ms] of hooked.slice(0, 10)) lines.push(`    ${seconds(ms).padStart(8)}  ${key}`);
    }

    // Each slot (parallelIndex) runs one worker process at a time; a new worker index in the
    // same slot is a restart (another project's worker, or a fresh one after a failed test).
    const lastEnd = Math.max(...this.runs.map((run) => run.end));
    const slots = [...new Set(this.runs.map((run) => run.slot))].sort((a, b) => a - b);
    lines.push('  time each worker slot ran no test:');
    for (const slot of slots) {
      const runs = this.runs.filter((run) => run.slot === slot).sort((a, b) => a.start - b.start);
      let restarts = 0;
      let restartMs = 0;
      let betweenMs = 0;
      // The hooks of a test run after its `end`, so they are part of the gap that follows it.
      let hooksBetweenMs = 0;
      for (let i = 1; i < runs.length; i++) {
        const gap = Math.max(0, runs[i]!.start - runs[i - 1]!.end);
        if (runs[i]!.worker !== runs[i - 1]!.worker) {
          restarts++;
          restartMs += gap;
        } else {
          betweenMs += gap;
          hooksBetweenMs += Math.min(gap, runs[i - 1]!.hooks);
        }
      }
      const busy = runs.reduce((sum, run) => sum + run.end - run.start, 0);
      lines.push(
        `    slot ${slot}: ${runs.length} tests, ${seconds(busy)} in tests; starting ${seconds(runs[0]!.start - this.begun)}, ` +
          `${restarts} restart${restarts === 1 ? '' : 's'} ${seconds(restartMs)}, between tests ${seconds(betweenMs)} ` +
          `(beforeAll/afterAll hooks ${seconds(hooksBetweenMs)}, the rest ${seconds(betweenMs - hooksBetweenMs)}), ` +
          `idle at the end ${seconds(lastEnd - Math.max(...runs.map((run) => run.end)))}`,
      );
    }
    lines.push(`  after the last test (workers and web servers stopping): ${seconds(ended - lastEnd)}`);
    const cpuAtEnd = cpuTicks();
    if (this.cpuAtBegin && cpuAtEnd && cpuAtEnd.total > this.cpuAtBegin.total) {
      const busy = (cpuAtEnd.busy - this.cpuAtBegin.busy) / (cpuAtEnd.total - this.cpuAtBegin.total);
      lines.push(
        `  the machine's ${cpus().length} cores were busy ${(busy * 100).toFixed(1)} % of the time from the first test to the end ` +
          `(every process on the machine counted)`,
      );
    }
    console.log(lines.join('\n'));
  }

  printsToStdio(): boolean {
    return false;
  }
}
