/**
 * The order `npm test` starts its files in (vite.config.ts, `test.sequence.sequencer`): the longest
 * first, so that the two files running at a time end together instead of one long file running
 * alone at the end while the other core waits. Vitest's own order takes the durations it kept from
 * earlier runs (node_modules/.vite/vitest), which a clean checkout such as CI's does not have: it
 * then starts the largest files first, and size says little here (edge-cloudflare.test.ts took 91 s
 * in CI from 6 kB; most files of 10 kB or more take a second or two).
 *
 * A file's weight is its duration from an earlier run when Vitest kept one, else its figure below,
 * else a guess from its size; files that failed last time still come first, as with Vitest's order.
 */
import { statSync } from 'node:fs';
import { relative } from 'node:path';
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';

/**
 * About how long the slow files take in CI, in seconds (two at a time on two cores): the CI run
 * before session 21 (199 s), with the files that session made shorter at their new figure and
 * the rest in the order of a run on this machine. Only the order depends on them: a file missing
 * here or a figure out of date makes a run slower, never wrong.
 */
const CI_SECONDS: Record<string, number> = {
  'tests/studio/publish-crash.test.ts': 26,
  'tests/stories.test.tsx': 22,
  // Third, not beside publish-crash: its first Estúdio builds the app's kept build (app-cache.ts),
  // which this file then takes instead of building it a second time at the same moment.
  'tests/studio/hosted.test.ts': 21.5,
  'tests/stories-pages.test.tsx': 21,
  'tests/studio/publish.test.ts': 17,
  'tests/studio/schedules-crash.test.ts': 14,
  'tests/runtime/edge-cloudflare.test.ts': 11,
  'tests/studio/schedules.test.ts': 10,
  'tests/runtime/edge-hosts.test.ts': 10,
  'tests/studio/experiments-publish.test.ts': 10,
  'tests/runtime/seo.test.ts': 9,
  'tests/studio/shared-previews.test.ts': 8,
  'tests/studio/requests-approval.test.ts': 6,
  'tests/studio/cli.test.ts': 5,
  'tests/studio/bundled-entry.test.ts': 5,
  'tests/runtime/boundaries.test.ts': 4,
  'tests/runtime/edge-epochs-workerd.test.ts': 4,
  'tests/studio/roles.test.ts': 3,
  'tests/runtime/yaml-parsers.test.ts': 3,
  'tests/experiments/report.test.ts': 3,
  'tests/studio/links.test.ts': 3,
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
        failed: kept?.failed === true,
        seconds: seconds ?? statSync(spec.moduleId).size / BYTES_PER_SECOND,
      };
    };
    return files
      .map(known)
      .sort((a, b) => Number(b.failed) - Number(a.failed) || b.seconds - a.seconds)
      .map(({ spec }) => spec);
  }
}
