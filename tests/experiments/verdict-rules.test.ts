/**
 * Decision 0035: the sequential SRM test (srm.ts), the exact test and its direction rule
 * (sequential.ts, report.ts), the tilt under unequal shares, and the plan (plan.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  buildReport,
  exactSequentialTest,
  logShareBayesFactor,
  MAX_PLAN_DAYS,
  planExperiment,
  sequentialSrm,
  sharePrior,
  visitorsPerPage,
  type ExportRow,
} from '../../runtime/experiments/index.ts';

describe('the sequential SRM test', () => {
  it('flags the obvious mismatches and not the small ones, at its level 0.01', () => {
    expect(sequentialSrm([[5000, 6000]], [50, 50]).flagged).toBe(true);
    expect(sequentialSrm([[5000, 6000]], [50, 50]).p).toBeLessThan(1e-15);
    expect(sequentialSrm([[5000, 5400]], [50, 50]).flagged).toBe(true);
    expect(sequentialSrm([[5000, 5300]], [50, 50]).flagged).toBe(false);
    expect(sequentialSrm([[9000, 1200]], [90, 10]).flagged).toBe(true);
    expect(sequentialSrm([[9000, 1000]], [90, 10]).flagged).toBe(false);
    expect(sequentialSrm([[2000, 3000, 5000]], [20, 30, 50]).flagged).toBe(false);
    expect(sequentialSrm([[3000, 3000, 4000]], [20, 30, 50]).flagged).toBe(true);
  });
  it('keeps the running minimum over the looks, and no visitor is no evidence', () => {
    const result = sequentialSrm(
      [
        [0, 0],
        [1000, 1300],
        [5000, 5000],
      ],
      [1, 1],
    );
    expect(result.pByLook[0]).toBe(1);
    expect(result.pByLook[2]).toBe(result.pByLook[1]);
    expect(result.flagged).toBe(true);
  });
});

describe('the exact sequential test', () => {
  it('is Lindon & Malek’s Beta-binomial Bayes factor of the converters’ pages', () => {
    // 50/50, mde 0.2: K = 1/(0.25 · 0.04) − 1 = 99, Beta(49.5, 49.5).
    expect(sharePrior(0.5, 0.2).a).toBeCloseTo(49.5, 10);
    expect(sharePrior(0.5, 0.2).b).toBeCloseTo(49.5, 10);
    // With no conversion, no evidence; with all conversions equal, evidence for "no difference".
    expect(logShareBayesFactor(0, 0, 0.5, sharePrior(0.5, 0.2))).toBe(0);
    expect(logShareBayesFactor(100, 100, 0.5, sharePrior(0.5, 0.2))).toBeLessThan(0);
    const result = exactSequentialTest([{ control: { n: 10000, c: 500 }, variant: { n: 10000, c: 620 } }], {
      mde: 0.2,
    });
    expect(result.p).toBeCloseTo(0.009436, 5);
    // p ≤ α exactly when the interval leaves 0 out, on the side of the rates.
    expect(result.uplift.low).toBeGreaterThan(0);
    expect(result.interval.low).toBeGreaterThan(0);
    expect(result.uplift.low).toBeLessThan(0.24);
    expect(result.uplift.high).toBeGreaterThan(0.24);
  });

  it('names a page only on the side its interval lies on, even when an earlier day said more', () => {
    // Day 1: the variant far ahead (p < 0.001); day 2: caught up and passed by the original.
    // The p-value remembers day 1, the interval (the running intersection) too: the verdict may
    // only be the variant, and only if today's rates agree; here they do not, so no page is named.
    const rows: ExportRow[] = [
      { variant: 'a', date: '2026-12-01', visitors: 3000, conversions: 120 },
      { variant: 'b', date: '2026-12-01', visitors: 3000, conversions: 230 },
      { variant: 'a', date: '2026-12-08', visitors: 6000, conversions: 400 },
      { variant: 'b', date: '2026-12-08', visitors: 6000, conversions: 280 },
    ];
    const report = buildReport(rows, { control: 'a' });
    const b = report.variants[1]!;
    expect(b.sequentialP).toBeLessThan(0.001);
    expect(b.rate).toBeLessThan(report.variants[0]!.rate);
    expect(report.verdict).toEqual({ kind: 'undecided' });
  });

  it('never names the original while a challenger’s interval lies above 0', () => {
    const rows: ExportRow[] = [
      { variant: 'a', visitors: 10000, conversions: 620 },
      { variant: 'b', visitors: 10000, conversions: 500 },
      { variant: 'c', visitors: 10000, conversions: 800 },
    ];
    const report = buildReport(rows, { control: 'a', days: 14 });
    expect(report.verdict).toEqual({ kind: 'winner', variant: 'c' });
    expect(report.variants[2]!.sequentialInterval!.low).toBeGreaterThan(0);
  });

  it('does not lean to one side at small counts under 90/10 (deterministic cases)', () => {
    // The old test (normal, unpooled variance) took a small page with 0 conversions out of 50,
    // against 5% on the large one, for a clear loss. The exact test sees 0 of ~13 expected and
    // 13 of 0 the same way: both far from proving anything at this size, and symmetric in q.
    const prior = sharePrior(0.1, 0.2);
    const none = logShareBayesFactor(22, 0, 0.1, prior);
    expect(Math.exp(-none)).toBeGreaterThan(0.05);
    // The same surprise either way gives evidence of the same order, not one side only.
    const low = logShareBayesFactor(200, 8, 0.1, prior); // 8 of 208 on the small page (expected 20.8)
    const high = logShareBayesFactor(200, 36, 0.1, prior); // 36 of 236 (expected 23.6)
    expect(Math.abs(low - high)).toBeLessThan(1.5);
  });
});

describe('the plan', () => {
  it('gives the sequential test’s own sample, with the real shares and the Bonferroni split', () => {
    expect(visitorsPerPage(0.05, [50, 50])).toEqual([16837, 16837]);
    const unequal = visitorsPerPage(0.05, [90, 10]);
    expect(unequal[0]! / unequal[1]!).toBeCloseTo(9, 2);
    // Three pages: each challenger tested at 0.025, so more per page than two pages.
    const three = visitorsPerPage(0.05, [34, 33, 33]);
    expect(three[1]!).toBeGreaterThan(16837);
    expect(visitorsPerPage(0, [50, 50])).toEqual([Infinity, Infinity]);
  });

  it('says in Portuguese how long the test needs, and what to do when it is too long', () => {
    const quick = planExperiment({ dailyVisitors: 2000, baseRate: 0.05, weights: [50, 50] });
    expect(quick.days).toBe(17);
    expect(quick.tooLong).toBe(false);
    expect(quick.message).toBe(
      'Com cerca de 2.000 visitantes por dia, o teste precisa de uns 17 dias para enxergar uma mudança de 20%.',
    );
    const small = planExperiment({ dailyVisitors: 240, baseRate: 0.02, weights: [34, 33, 33] });
    expect(small.tooLong).toBe(true);
    expect(small.days).toBeGreaterThan(MAX_PLAN_DAYS);
    expect(small.message).toMatch(
      /^Com cerca de 240 visitantes por dia, um teste de 3 páginas não chega a uma conclusão em 60 dias \(precisaria de uns [\d.]+\) para enxergar uma mudança de 20%: teste 2 páginas.*, ou um efeito maior \(\d+% precisa de uns \d+ dias\)\.$/,
    );
    const never = planExperiment({ dailyVisitors: 0, baseRate: 0.02, weights: [50, 50] });
    expect(never.days).toBe(Infinity);
    expect(never.tooLong).toBe(true);
  });

  it('never asks fewer than 7 days', () => {
    expect(planExperiment({ dailyVisitors: 1e6, baseRate: 0.1, weights: [1, 1] }).days).toBe(7);
  });
});
