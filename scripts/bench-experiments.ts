/**
 * `npm run bench:experiments [-- --runs N] [-- --seed S]`: simulated experiments looked at every
 * day, to check that the report's verdict keeps its promise (decision 0022). Two arms split 50/50
 * by a fair coin per visitor, a base rate of 5%, 500 visitors a day (about 250 per arm), 30 daily
 * looks. A/A (no effect): how often each rule names a winner anyway (either page). A true +20%
 * effect: how often it names the variant, and on which day (median). The rules:
 *
 * - the plain z-test, stopped at the first day its p < 0.05 (what a marketer does with a
 *   fixed-horizon test looked at daily); the same z-test looked at once, on day 30, for reference;
 * - the verdict exactly as buildReport gives it (daily rows with dates up to the day, days = the
 *   day's number, weights 50/50: the sequential test, SRM, 7 days and 150 conversions guards);
 * - the sequential test alone (sequentialTest over the cumulative daily counts, p ≤ 0.05, no guards).
 *
 * A seeded PRNG (mulberry32), so the figures repeat. buildReport runs whole at each daily look,
 * its exact P(B > A) included.
 */
import os from 'node:os';
import { buildReport, sequentialTest, zTest, type ExportRow } from '../runtime/experiments/index.ts';

const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`${name}: use a positive whole number.`);
    process.exit(2);
  }
  return value;
};
const RUNS = flag('--runs', 2000);
const SEED = flag('--seed', 20261201);
const DAYS = 30;
const VISITORS_PER_DAY = 500;
const BASE_RATE = 0.05;
const EFFECT = 0.2;
const ALPHA = 0.05;

/** mulberry32: a small, well-mixed 32-bit generator; uniform in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Day {
  a: { n: number; c: number };
  b: { n: number; c: number };
}

/** One experiment's days: each visitor flips a fair coin for the arm, then converts at the arm's rate. */
function simulate(random: () => number, effect: number): Day[] {
  const days: Day[] = [];
  for (let d = 0; d < DAYS; d++) {
    const day: Day = { a: { n: 0, c: 0 }, b: { n: 0, c: 0 } };
    for (let i = 0; i < VISITORS_PER_DAY; i++) {
      const arm = random() < 0.5 ? day.a : day.b;
      arm.n++;
      if (random() < (arm === day.a ? BASE_RATE : BASE_RATE * (1 + effect))) arm.c++;
    }
    days.push(day);
  }
  return days;
}

const date = (d: number) => new Date(Date.UTC(2026, 11, 1 + d)).toISOString().slice(0, 10);

/** What each rule decides on one experiment: the first day it names a winner, and which. */
interface Outcome {
  day: number;
  winner: 'a' | 'b';
}
type Rule = (days: Day[]) => Outcome | null;

const cumulative = (days: Day[], upTo: number) => {
  const a = { n: 0, c: 0 };
  const b = { n: 0, c: 0 };
  for (let d = 0; d < upTo; d++) {
    a.n += days[d]!.a.n;
    a.c += days[d]!.a.c;
    b.n += days[d]!.b.n;
    b.c += days[d]!.b.c;
  }
  return { a, b };
};

const rules: { short: string; name: string; rule: Rule }[] = [
  {
    short: '(a)',
    name: '(a) z-test, stopped at the first daily p < 0.05',
    rule: (days) => {
      for (let d = 1; d <= DAYS; d++) {
        const { a, b } = cumulative(days, d);
        const test = zTest(a, b);
        if (test.p < ALPHA) return { day: d, winner: test.z > 0 ? 'b' : 'a' };
      }
      return null;
    },
  },
  {
    short: '(b)',
    name: '(b) the verdict, as buildReport gives it each day',
    rule: (days) => {
      const rows: ExportRow[] = [];
      for (let d = 1; d <= DAYS; d++) {
        const day = days[d - 1]!;
        rows.push(
          { variant: 'a', date: date(d - 1), visitors: day.a.n, conversions: day.a.c },
          { variant: 'b', date: date(d - 1), visitors: day.b.n, conversions: day.b.c },
        );
        const report = buildReport(rows, {
          control: 'a',
          weights: { a: 50, b: 50 },
          days: d,
        });
        if (report.verdict?.kind === 'winner') return { day: d, winner: 'b' };
        if (report.verdict?.kind === 'control-wins') return { day: d, winner: 'a' };
      }
      return null;
    },
  },
  {
    short: '(c)',
    name: '(c) the sequential test alone (p ≤ 0.05, no guards)',
    rule: (days) => {
      const looks = [];
      for (let d = 1; d <= DAYS; d++) {
        const { a, b } = cumulative(days, d);
        looks.push({ control: a, variant: b });
        const result = sequentialTest(looks, { mde: EFFECT, alpha: ALPHA });
        if (result.p <= ALPHA) return { day: d, winner: b.c / b.n > a.c / a.n ? 'b' : 'a' };
      }
      return null;
    },
  },
  {
    short: 'the z-test once',
    name: 'reference: z-test looked at once, on day 30',
    rule: (days) => {
      const { a, b } = cumulative(days, DAYS);
      const test = zTest(a, b);
      return test.p < ALPHA ? { day: DAYS, winner: test.z > 0 ? 'b' : 'a' } : null;
    },
  },
];

const started = performance.now();
const random = mulberry32(SEED);
const tally = (effect: number) => {
  const outcomes = rules.map(() => [] as (Outcome | null)[]);
  for (let run = 0; run < RUNS; run++) {
    const days = simulate(random, effect);
    rules.forEach(({ rule }, i) => outcomes[i]!.push(rule(days)));
  }
  return outcomes;
};
const aa = tally(0);
const ab = tally(EFFECT);
const seconds = (performance.now() - started) / 1000;

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
/** The rate with its 95% margin (normal approximation to the binomial). */
const rate = (hits: number) => {
  const p = hits / RUNS;
  return `${percent(p)} ± ${(196 * Math.sqrt((p * (1 - p)) / RUNS)).toFixed(1)}`;
};
const median = (values: number[]) => {
  if (values.length === 0) return '—';
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return String(sorted.length % 2 ? sorted[mid] : (sorted[mid - 1]! + sorted[mid]!) / 2);
};

console.log(
  `Experiments looked at daily: ${RUNS} runs per scenario, seed ${SEED}; ${DAYS} days, ${VISITORS_PER_DAY} visitors a day split 50/50 by a fair coin (≈ ${VISITORS_PER_DAY / 2} per arm a day, ≈ ${(VISITORS_PER_DAY / 2) * DAYS} per arm in all), base rate ${percent(BASE_RATE)}, effect +${percent(EFFECT)} (${percent(BASE_RATE)} → ${percent(BASE_RATE * (1 + EFFECT))}), α = ${ALPHA}, mde = ${EFFECT}; ${seconds.toFixed(1)} s, Node ${process.version}, ${os.cpus().length} CPU`,
);
console.log('');
console.log('| rule | A/A: a winner named (false) | +20%: the variant named (power) | +20%: median day |');
console.log('| --- | --- | --- | --- |');
rules.forEach(({ name }, i) => {
  const falseWinners = aa[i]!.filter((o) => o !== null).length;
  const found = ab[i]!.filter((o): o is Outcome => o?.winner === 'b');
  console.log(
    `| ${name} | ${rate(falseWinners)} | ${rate(found.length)} | ${median(found.map((o) => o.day))} |`,
  );
});
const wrongWay = ab.map((list) => list.filter((o) => o?.winner === 'a').length);
console.log('');
console.log(
  `With the +20% effect, the original named instead: ${rules.map(({ short }, i) => `${short} ${wrongWay[i]}`).join(', ')} (of ${RUNS}).`,
);
