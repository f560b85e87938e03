// The machine's pace right now, so that two CI times can be compared: the same fixed work every
// time, timed. On this project's 2-core VMs the same commit's CI has taken from 970 s to 1,770 s as
// the host's load changed, and the guest's own CPU time counts the waits too (no steal time is
// reported), so neither wall nor CPU time of a test says alone whether the code or the machine
// changed. `.ci/run` prints this at its start and its end (decision 0044).
//
// Plain Node, no TypeScript: it runs before `npm ci`.
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import console from 'node:console';
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import process from 'node:process';

/** JavaScript the way the build and the tests use it: objects, strings, JSON, a regex. */
function script() {
  let kept = 0;
  for (let round = 0; round < 40; round++) {
    const rows = [];
    for (let i = 0; i < 5_000; i++)
      rows.push({ id: i, name: `bloco-${i}`, props: { title: 'Recarga de CO₂ ' + i } });
    const text = JSON.stringify(rows);
    kept += JSON.parse(text).length + (text.match(/bloco-\d+7"/g)?.length ?? 0);
  }
  return kept;
}

/** Native work: hashing 64 MB. */
function hashing() {
  const chunk = Buffer.alloc(1 << 20, 7);
  const hash = createHash('sha256');
  for (let i = 0; i < 64; i++) hash.update(chunk);
  return hash.digest('hex').length;
}

/** Starting processes, as the tests' git and the Estúdio's publish do: 40 × `git --version`. */
function processes() {
  for (let i = 0; i < 40; i++) execFileSync('git', ['--version'], { stdio: 'ignore' });
  return 40;
}

const time = (work) => {
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    work();
    runs.push(performance.now() - start);
  }
  return Math.round(Math.min(...runs));
};

const label = process.argv[2] ? ` (${process.argv[2]})` : '';
console.log(
  `machine pace${label}: JavaScript ${time(script)} ms, sha256 of 64 MB ${time(hashing)} ms, ` +
    `40 processes ${time(processes)} ms (fastest of 3 each; lower is faster)`,
);
