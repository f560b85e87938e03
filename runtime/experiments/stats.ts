/**
 * The statistics of an experiment's report (../shared/docs/experiments.md, "Statistics"):
 * per arm n visitors exposed and c converting. The distributions come from stdlib (normal and
 * chi-squared CDFs, the normal quantile, ln B); only the formulas are written here.
 */
import betaln from '@stdlib/math-base-special-betaln';
import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';
import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';

export interface Arm {
  /** Visitors exposed. */
  n: number;
  /** Visitors who converted (tapped through to the chat). */
  c: number;
}

const phi = (x: number) => normalCdf(x, 0, 1);
const z = (p: number) => normalQuantile(p, 0, 1);

/** Two-proportion z-test with the pooled rate: B against A, two-sided. */
export function zTest(a: Arm, b: Arm): { z: number; p: number } {
  const pooled = (a.c + b.c) / (a.n + b.n);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.n + 1 / b.n));
  if (!(se > 0)) return { z: 0, p: 1 };
  const score = (b.c / b.n - a.c / a.n) / se;
  return { z: score, p: 2 * (1 - phi(Math.abs(score))) };
}

/**
 * P(rate of B > rate of A) with uniform priors: posteriors Beta(1 + c, 1 + n − c), exactly by
 * the lgamma sum (Evan Miller's closed form), summed over B's successes:
 * Σ_{i < αB} B(αA + i, βA + βB) / ((βB + i) B(1 + i, βB) B(αA, βA)). Only the first term takes
 * ln B; each next one is the last times (αA + i)(βB + i) / ((αA + βA + βB + i)(1 + i)), kept in
 * logarithms (terms below 1e-308 would vanish alone; their sum cannot).
 */
export function chanceToBeat(a: Arm, b: Arm): number {
  const alphaA = 1 + a.c;
  const betaA = 1 + a.n - a.c;
  const alphaB = 1 + b.c;
  const betaB = 1 + b.n - b.c;
  let logTerm = betaln(alphaA, betaA + betaB) - Math.log(betaB) - betaln(1, betaB) - betaln(alphaA, betaA);
  let total = 0;
  for (let i = 0; i < alphaB; i++) {
    total += Math.exp(logTerm);
    logTerm += Math.log(((alphaA + i) * (betaB + i)) / ((alphaA + betaA + betaB + i) * (1 + i)));
  }
  return Math.min(1, Math.max(0, total));
}

/** The normal approximation of chanceToBeat (a cross-check; also what large arms would use). */
export function chanceToBeatApprox(a: Arm, b: Arm): number {
  const moments = ({ n, c }: Arm) => {
    const alpha = 1 + c;
    const beta = 1 + n - c;
    const mean = alpha / (alpha + beta);
    return { mean, variance: (alpha * beta) / ((alpha + beta) ** 2 * (alpha + beta + 1)) };
  };
  const ma = moments(a);
  const mb = moments(b);
  return phi((mb.mean - ma.mean) / Math.sqrt(ma.variance + mb.variance));
}

/** Flag a sample-ratio mismatch below this p-value (GrowthBook's threshold). */
export const SRM_P = 0.001;

/** χ² of the visitors per arm against the configured weights (any scale), with its p-value. */
export function sampleRatioMismatch(
  visitors: number[],
  weights: number[],
): { chi2: number; p: number; flagged: boolean } {
  const total = visitors.reduce((s, v) => s + v, 0);
  const weightSum = weights.reduce((s, w) => s + w, 0);
  let chi2 = 0;
  visitors.forEach((observed, i) => {
    const expected = (total * weights[i]!) / weightSum;
    if (expected > 0) chi2 += (observed - expected) ** 2 / expected;
  });
  const p = 1 - chisquareCdf(chi2, visitors.length - 1);
  return { chi2, p, flagged: p < SRM_P };
}

/** Wilson score interval of a rate (95% by default): sound at small counts and near 0. */
export function rateInterval({ n, c }: Arm, level = 0.95): { rate: number; low: number; high: number } {
  if (n === 0) return { rate: 0, low: 0, high: 0 };
  const k = z(1 - (1 - level) / 2);
  const rate = c / n;
  const centre = (rate + k ** 2 / (2 * n)) / (1 + k ** 2 / n);
  const half = (k / (1 + k ** 2 / n)) * Math.sqrt((rate * (1 - rate)) / n + k ** 2 / (4 * n ** 2));
  return { rate, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Visitors needed per arm to detect a change of the base rate by `relativeEffect` (0.2: +20%)
 * at significance `alpha` (two-sided) and `power`: 2 (z₁₋α/₂ + z_power)² p̄(1 − p̄) / δ².
 */
export function sampleSizePerArm(
  baseRate: number,
  relativeEffect: number,
  alpha = 0.05,
  power = 0.8,
): number {
  const target = baseRate * (1 + relativeEffect);
  const delta = target - baseRate;
  if (!(delta !== 0) || baseRate <= 0 || baseRate >= 1) return Infinity;
  const mean = (baseRate + target) / 2;
  return Math.ceil((2 * (z(1 - alpha / 2) + z(power)) ** 2 * mean * (1 - mean)) / delta ** 2);
}
