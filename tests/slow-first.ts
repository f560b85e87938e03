/**
 * The order `npm test` starts its files in (vite.config.ts, `test.sequence.sequencer`).
 *
 * **Files that can share a worker, one after the other.** A worker of the "shared" project keeps its
 * modules from one file to the next (decision 0039), but Vitest keeps a worker only when the next
 * file in the queue has the same project and environment; otherwise it stops it and starts a new
 * one, which imports Vitest, React, the runtime (and jsdom) again: about 1.5–2 s of CPU each time.
 * In order of length alone, node and jsdom files alternated about fifty times in a run. So the
 * files go in runs: the isolated project's (a fresh worker each whatever the order), then
 * the shared node files, then the shared jsdom files, whose small files end the run (the system
 * project's, in its own run, `npm run test:system`, the same way: node, then jsdom).
 *
 * **Within each, the longest first**, so that the two files running at a time end together instead
 * of one long file running alone at the end while the other core waits. Vitest's own order takes
 * the durations it kept from earlier runs (node_modules/.vite/vitest), which a clean checkout such
 * as CI's does not have: it then starts the largest files first, and size says little here
 * (edge-cloudflare.test.ts took 91 s in CI from 6 kB; most files of 10 kB or more take a second
 * or two).
 *
 * A file's weight is its duration from an earlier run when Vitest kept one, else its figure below,
 * else a guess from its size; within its run, a file that failed last time still comes first, as
 * with Vitest's order.
 */
import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';

/**
 * About how long the slow files take on a quiet 2-core machine, in seconds (two at a time): the
 * slowest ten of the last CI runs of session 23 (npm test 174–202 s), with cli and seo at about
 * their figure after session 24's changes, and the rest from the lead's run of session 22. Only
 * the order depends on them: a file missing here or a figure out of date makes a run slower,
 * never wrong.
 */
const CI_SECONDS: Record<string, number> = {
  'tests/studio/publish-crash.test.ts': 29.5,
  'tests/studio/requests-actions.test.ts': 18,
  'tests/studio/schedules-crash.test.ts': 17.5,
  'tests/studio/publish.test.ts': 15.5,
  'tests/runtime/edge-cloudflare.test.ts': 13,
  // Not beside publish-crash at the start: its first Estúdio builds the app's kept build
  // (app-cache.ts), which this file then takes instead of building it a second time at once.
  'tests/studio/hosted.test.ts': 10,
  'tests/studio/schedules.test.ts': 9,
  'tests/runtime/seo.test.ts': 9,
  'tests/runtime/edge-hosts.test.ts': 8,
  'tests/studio/experiments-publish.test.ts': 8,
  'tests/studio/shared-previews.test.ts': 7,
  'tests/studio/cli.test.ts': 6.5,
  'tests/studio/requests-approval.test.ts': 6,
  'tests/studio/bundled-entry.test.ts': 5,
  'tests/runtime/boundaries.test.ts': 4,
  'tests/runtime/edge-epochs-workerd.test.ts': 4,
  'tests/studio/roles.test.ts': 3,
  'tests/runtime/yaml-parsers.test.ts': 3,
  'tests/experiments/report.test.ts': 3,
  'tests/studio/links.test.ts': 3,
  // The jsdom run.
  'tests/stories-pages.test.tsx': 26,
  'tests/stories.test.tsx': 19,
};

/** A file of this many bytes counts as a second, when nothing better is known. */
const BYTES_PER_SECOND = 20_000;

export class SlowFirst implements TestSequencer {
  constructor(private readonly vitest: Vitest) {}

  /** `--shard=i/n`: every n-th file by path, so a file stays in the same shard from run to run. */
  shard(files: TestSpecification[]): TestSpecification[] {
    const { index, count } = this.vitest.config.shard!;
    return [...files]
      .sort((a, b) => (a.moduleId < b.moduleId ? -1 : 1))
      .filter((_, i) => i % count === index - 1);
  }

  sort(files: TestSpecification[]): TestSpecification[] {
    const known = (spec: TestSpecification) => {
      const file = relative(this.vitest.config.root, spec.moduleId).split('\\').join('/');
      const kept = this.vitest.cache.getFileTestResults(`${spec.project.name}:${file}`);
      const seconds = kept?.duration !== undefined ? kept.duration / 1000 : CI_SECONDS[file];
      return {
        spec,
        run: runOf(spec),
        failed: kept?.failed === true,
        seconds: seconds ?? statSync(spec.moduleId).size / BYTES_PER_SECOND,
      };
    };
    return files
      .map(known)
      .sort((a, b) => a.run - b.run || Number(b.failed) - Number(a.failed) || b.seconds - a.seconds)
      .map(({ spec }) => spec);
  }
}

/**
 * 0, 1: the system project's node and jsdom files (the longest, first when one run has every
 * project: `npx vitest run`); 2: the isolated project's files; 3, 4: the shared node and jsdom files.
 */
function runOf(spec: TestSpecification): number {
  if (spec.project.config.isolate !== false) return 2;
  // The environment a file names in its first comment (`// @vitest-environment jsdom`), as Vitest reads it.
  const head = readFileSync(spec.moduleId, 'utf8').slice(0, 1000);
  const named = /@vitest-environment\s+([\w-]+)/.exec(head)?.[1];
  const jsdom = (named ?? spec.project.config.environment) !== 'node';
  return (spec.project.name === 'system' ? 0 : 3) + Number(jsdom);
}
