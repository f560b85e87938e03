/**
 * `npm run bench:experiments [-- --runs N] [-- --seed S] [-- --only NAME]`: simulated experiments
 * looked at as the marketer looks at them, to check that the report's verdict keeps its promises
 * (decisions 0022 and 0035). Every visitor is sent to a page at random with the configured shares,
 * then converts at that page's rate; buildReport runs whole at every look, with the dated rows so
 * far (the last day partial when there are several looks a day), exactly as the Estúdio runs it.
 *
 * For each scenario, N A/A runs (no effect) and N runs per effect:
 * - false winners: a page named (either way) in an A/A run; by direction, original vs variant,
 *   with the two-sided binomial p of that split (a tilt shows as a small p);
 * - wrong-direction verdicts: a page named while the same report's always-valid interval or its
 *   rates point the other way (defect (a) of issue 36; impossible by construction now);
 * - false SRM alarms: report.srm.flagged at any look of an A/A run;
 * - power: the better page named, with the median day, and the plan's estimate beside it (the
 *   visitors plan.ts says each page needs for 80%, as days at this traffic);
 * - with the effect, the original named instead (a true wrong direction).
 * Each rate with its 95% interval (Wilson). A seeded PRNG (mulberry32), so the figures repeat.
 */
import os from 'node:os';
import {
  buildReport,
  planExperiment,
  sequentialTest,
  type ExportRow,
  type Report,
} from '../runtime/experiments/index.ts';

const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`${name}: use a positive whole number.`);
    process.exit(2);
  }
  return value;
};
const RUNS = flag('--runs', 300);
const SEED = flag('--seed', 20261201);
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;

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

interface Scenario {
  name: string;
  days: number;
  weights: number[];
  /** Visitors to the route on day d (0-based), all pages together. */
  visitors: (day: number) => number;
  /** The original's rate on day d. */
  rate: (day: number) => number;
  looksPerDay: number;
  /** Relative effects of the last page for the power runs. */
  effects: number[];
  /** For the plan's estimate: the mean daily visitors and rate. */
  meanVisitors: number;
  meanRate: number;
}

const flat = (x: number) => () => x;
/** Weekdays busier than the weekend, and a rate that dips on Mondays and rises on Saturdays. */
const WEEK_TRAFFIC = [1.2, 1.1, 1.1, 1.0, 1.0, 0.8, 0.8];
const WEEK_RATE = [0.8, 1.0, 1.0, 1.0, 1.1, 1.3, 0.8];
const scenarios: Scenario[] = [
  {
    name: '50/50, 5%, 500 a day, 30 days, daily looks',
    days: 30,
    weights: [50, 50],
    visitors: flat(500),
    rate: flat(0.05),
    looksPerDay: 1,
    effects: [0.2],
    meanVisitors: 500,
    meanRate: 0.05,
  },
  {
    name: 'three pages 34/33/33, 2%, 80 per page a day (240), 45 days, daily looks',
    days: 45,
    weights: [34, 33, 33],
    visitors: flat(240),
    rate: flat(0.02),
    looksPerDay: 1,
    effects: [0.2, 1],
    meanVisitors: 240,
    meanRate: 0.02,
  },
  {
    name: '90/10, 10%, 500 a day, 30 days, daily looks',
    days: 30,
    weights: [90, 10],
    visitors: flat(500),
    rate: flat(0.1),
    looksPerDay: 1,
    effects: [0.2],
    meanVisitors: 500,
    meanRate: 0.1,
  },
  {
    name: '50/50, weekly pattern (traffic ×0.8–1.2, rate 4–6.5%), 500 a day on average, 28 days, daily looks',
    days: 28,
    weights: [50, 50],
    visitors: (d) => Math.round(500 * WEEK_TRAFFIC[d % 7]!),
    rate: (d) => 0.05 * WEEK_RATE[d % 7]!,
    looksPerDay: 1,
    effects: [0.2],
    meanVisitors: 500,
    meanRate: 0.05,
  },
  {
    name: '50/50, 5%, 500 a day, 30 days, four looks a day',
    days: 30,
    weights: [50, 50],
    visitors: flat(500),
    rate: flat(0.05),
    looksPerDay: 4,
    effects: [0.2],
    meanVisitors: 500,
    meanRate: 0.05,
  },
  // The plan's check: run exactly as long as plan.ts says a +20% change needs; the power found
  // should be about 80% (a little more: daily looks can cross before the last day).
  {
    name: 'plan check: 50/50, 5%, 2,000 a day, for the 17 days the plan gives +20%',
    days: 17,
    weights: [50, 50],
    visitors: flat(2000),
    rate: flat(0.05),
    looksPerDay: 1,
    effects: [0.2],
    meanVisitors: 2000,
    meanRate: 0.05,
  },
  {
    name: 'plan check: 90/10, 10%, 2,000 a day, for the 23 days the plan gives +20%',
    days: 23,
    weights: [90, 10],
    visitors: flat(2000),
    rate: flat(0.1),
    looksPerDay: 1,
    effects: [0.2],
    meanVisitors: 2000,
    meanRate: 0.1,
  },
];

const date = (d: number) => new Date(Date.UTC(2026, 11, 1 + d)).toISOString().slice(0, 10);
const names = (k: number) => Array.from({ length: k }, (_, i) => (i === 0 ? 'original' : `v${i}`));

interface Outcome {
  /** The first look's day (1-based) a page was named, and which way. */
  named: { day: number; side: 'original' | 'variant' } | null;
  /** A page named against its own report's interval or rates. */
  contradicted: boolean;
  srmAlarm: boolean;
  /** The old test (mSPRT of decision 0022, no guard) named a page at some look from day 7: which way. */
  oldSide: 'original' | 'variant' | null;
}

/** The verdict is against its own report when the named page's interval or rates point the other way. */
function contradicts(report: Report): boolean {
  const control = report.variants.find((v) => v.control)!;
  const verdict = report.verdict;
  if (verdict?.kind === 'winner') {
    const v = report.variants.find((x) => x.variant === verdict.variant && !x.control)!;
    return !(v.sequentialInterval!.low > 0) || !(v.rate > control.rate);
  }
  if (verdict?.kind === 'control-wins') {
    return report.variants.some(
      (v) => !v.control && (!(v.sequentialInterval!.high < 0) || !(v.rate < control.rate)),
    );
  }
  return false;
}

function run(s: Scenario, effect: number, random: () => number): Outcome {
  const k = s.weights.length;
  const variantNames = names(k);
  const weightSum = s.weights.reduce((a, b) => a + b, 0);
  const cut = s.weights.map((_, i) => s.weights.slice(0, i + 1).reduce((a, b) => a + b, 0) / weightSum);
  const weights = Object.fromEntries(variantNames.map((n, i) => [n, s.weights[i]!]));
  const rows: ExportRow[] = [];
  const outcome: Outcome = { named: null, contradicted: false, srmAlarm: false, oldSide: null };
  const total = variantNames.map(() => ({ n: 0, c: 0 }));
  let oldDone = false;
  const oldLooks: { control: { n: number; c: number }; variant: { n: number; c: number } }[] = [];
  for (let d = 0; d < s.days; d++) {
    const today = variantNames.map((variant) => ({ variant, date: date(d), visitors: 0, conversions: 0 }));
    rows.push(...today);
    const visitors = s.visitors(d);
    const base = s.rate(d);
    for (let look = 0; look < s.looksPerDay; look++) {
      const share =
        Math.round((visitors * (look + 1)) / s.looksPerDay) - Math.round((visitors * look) / s.looksPerDay);
      for (let i = 0; i < share; i++) {
        const u = random();
        let arm = 0;
        while (u >= cut[arm]!) arm++;
        const rate = arm === k - 1 ? base * (1 + effect) : base;
        today[arm]!.visitors++;
        total[arm]!.n++;
        if (random() < rate) {
          today[arm]!.conversions++;
          total[arm]!.c++;
        }
      }
      const report = buildReport(rows, { control: 'original', weights, days: d + 1 });
      if (report.srm.flagged) outcome.srmAlarm = true;
      if (contradicts(report)) outcome.contradicted = true;
      if (!outcome.named && (report.verdict?.kind === 'winner' || report.verdict?.kind === 'control-wins')) {
        outcome.named = { day: d + 1, side: report.verdict.kind === 'winner' ? 'variant' : 'original' };
      }
    }
    // The test of decision 0022 (normal mSPRT, unpooled variance), the last page against the
    // original, daily, named from day 7: the tilt it had.
    oldLooks.push({ control: { ...total[0]! }, variant: { ...total[k - 1]! } });
    if (!oldDone && d + 1 >= 7) {
      const old = sequentialTest(oldLooks, { mde: 0.2, alpha: 0.05 / (k - 1) });
      if (old.interval.low > 0 || old.interval.high < 0) {
        oldDone = true;
        outcome.oldSide = old.interval.low > 0 ? 'variant' : 'original';
      }
    }
  }
  return outcome;
}

/** Wilson 95% interval, in percent. */
const wilson = (hits: number, n: number) => {
  const z = 1.96;
  const p = hits / n;
  const centre = (p + z ** 2 / (2 * n)) / (1 + z ** 2 / n);
  const half = (z / (1 + z ** 2 / n)) * Math.sqrt((p * (1 - p)) / n + z ** 2 / (4 * n ** 2));
  const f = (x: number) => (x * 100).toFixed(1);
  return `${f(p)}% [${f(Math.max(0, centre - half))}–${f(Math.min(1, centre + half))}]`;
};
/** Two-sided exact binomial test of a split k : n − k against 1/2. */
const binomialP = (k: number, n: number) => {
  if (n === 0) return 1;
  const m = Math.min(k, n - k);
  let logTerm = -n * Math.LN2;
  let sum = 0;
  for (let i = 0; i <= m; i++) {
    sum += Math.exp(logTerm);
    logTerm += Math.log((n - i) / (i + 1));
  }
  return Math.min(1, 2 * sum);
};
const median = (values: number[]) => {
  if (values.length === 0) return '—';
  const sorted = [...values].sort((x, y) => x - y);
  return String(sorted[Math.floor((sorted.length - 1) / 2)]);
};

const started = performance.now();
const random = mulberry32(SEED);
let aaRuns = 0;
let aaContradicted = 0;
const lines: string[] = [];
for (const s of scenarios.filter((x) => !ONLY || x.name.includes(ONLY))) {
  const aa = Array.from({ length: RUNS }, () => run(s, 0, random));
  aaRuns += RUNS;
  const named = aa.filter((o) => o.named);
  const original = named.filter((o) => o.named!.side === 'original').length;
  const variant = named.length - original;
  const contradicted = aa.filter((o) => o.contradicted).length;
  aaContradicted += contradicted;
  const oldOriginal = aa.filter((o) => o.oldSide === 'original').length;
  const oldVariant = aa.filter((o) => o.oldSide === 'variant').length;
  lines.push(`### ${s.name}`, '');
  lines.push(
    `A/A, ${RUNS} runs: false winners ${wilson(named.length, RUNS)} (original ${original}, variant ${variant}, binomial p ${binomialP(original, named.length).toPrecision(2)}); wrong-direction verdicts ${contradicted}; false SRM alarms ${wilson(aa.filter((o) => o.srmAlarm).length, RUNS)}. The old test (decision 0022, from day 7, no guard): ${wilson(oldOriginal + oldVariant, RUNS)} (original ${oldOriginal}, variant ${oldVariant}, binomial p ${binomialP(oldOriginal, oldOriginal + oldVariant).toPrecision(2)}).`,
    '',
    '| effect | the better page named (power) | median day | the original named instead | plan: days for 80% |',
    '| --- | --- | --- | --- | --- |',
  );
  for (const effect of s.effects) {
    const ab = Array.from({ length: RUNS }, () => run(s, effect, random));
    const found = ab.filter((o) => o.named?.side === 'variant');
    const wrong = ab.filter((o) => o.named?.side === 'original').length;
    const plan = planExperiment({
      dailyVisitors: s.meanVisitors,
      baseRate: s.meanRate,
      weights: s.weights,
      mde: effect,
    });
    lines.push(
      `| +${Math.round(effect * 100)}% | ${wilson(found.length, RUNS)} | ${median(found.map((o) => o.named!.day))} | ${wrong} | ${Number.isFinite(plan.days) ? plan.days : '∞'} (${plan.perPage.map((n) => n.toLocaleString('en-US')).join(' / ')} per page) |`,
    );
  }
  lines.push('');
}
const seconds = (performance.now() - started) / 1000;
console.log(
  `Experiments looked at as the marketer looks: ${RUNS} runs per scenario and effect, seed ${SEED}; buildReport at every look (α = 0.05 shared among the challengers, mde 0.2, 7-day guard, sequential SRM at 0.01); ${seconds.toFixed(1)} s, Node ${process.version}, ${os.cpus().length} CPU`,
);
console.log('');
for (const line of lines) console.log(line);
console.log(`A/A runs in all: ${aaRuns}; wrong-direction verdicts among them: ${aaContradicted}.`);
