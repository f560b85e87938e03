/**
 * An always-valid comparison of a variant's conversion rate with the control's, for a report that
 * marketers open every morning (../shared/docs/experiments.md, "Looking every day"; decision 0022).
 *
 * The mixture sequential probability ratio test (mSPRT, Robbins 1970) as Johari, Pekelis and Walsh
 * apply it to A/B tests ("Always Valid Inference: Continuous Monitoring of A/B Tests", arXiv
 * 1512.04922, the method of Optimizely's Stats Engine), for a difference of two proportions. With
 * the sample so far, the difference θ̂ = p̂B − p̂A is about normal with variance
 * v = p̂A(1 − p̂A)/nA + p̂B(1 − p̂B)/nB (their V_n/n for two Bernoulli streams). Mixing the likelihood
 * ratio of θ against θ = 0 over θ ~ N(0, τ²) gives
 *
 *   Λ = √(v / (v + τ²)) · exp(τ² θ̂² / (2 v (v + τ²)))
 *
 * (with nA = nB = n this is Johari et al.'s √(V/(V + nτ²)) · exp(n²τ²θ̂² / (2V(V + nτ²)))). Λ is a
 * nonnegative martingale under the null (asymptotically, v being estimated), so by Ville's
 * inequality P(Λ ever reaches 1/α) ≤ α whatever the looks and whenever one stops: the always-valid
 * p-value is the running minimum p_n = min(p_{n−1}, 1/Λ_n). Λ depends on the sample size through
 * v, not only on z = θ̂/√v: at the same z a larger sample gives a smaller Λ (a constant-variance
 * formula in z alone is not a martingale and does not keep the promise).
 *
 * τ is the smallest effect worth detecting: τ = mde × the pooled rate (an absolute difference of
 * rates), the mixture GrowthBook's tuning parameter reaches when set to the fixed-horizon sample
 * size of that effect (decision 0022).
 */
import type { Arm } from './stats.ts';

/** One look at the data: the control's and the variant's cumulative counts so far. */
export interface SequentialLook {
  control: Arm;
  variant: Arm;
}

/** An interval for the difference of rates, variant − control (−1 to 1 when nothing is known). */
export interface DifferenceInterval {
  low: number;
  high: number;
}

export interface SequentialResult {
  /** The always-valid p-value after the last look: min over looks of 1/Λ (at most 1). */
  p: number;
  /** The running minimum after each look, in order (non-increasing). */
  pByLook: number[];
  /** ln Λ at each look. */
  logLambdas: number[];
  /**
   * The always-valid (1 − α) interval for variant rate − control rate: the running intersection of
   * the mSPRT's interval over the looks (a confidence sequence, Howard et al. 2021).
   */
  interval: DifferenceInterval;
}

const rateVariance = ({ n, c }: Arm) => {
  if (!(n > 0)) return 0;
  const p = c / n;
  return (p * (1 - p)) / n;
};

/** τ² for these counts: (mde × the pooled rate)², the effect's size in absolute rate. */
export function mixtureVariance(control: Arm, variant: Arm, mde: number): number {
  const n = control.n + variant.n;
  if (!(n > 0)) return 0;
  return (mde * ((control.c + variant.c) / n)) ** 2;
}

/**
 * ln Λ at one look, with the mixture variance `tau2` (see mixtureVariance). 0 (Λ = 1, no
 * evidence) while the difference has no variance yet (no conversion, or every visitor converting).
 */
export function logMixtureRatio(control: Arm, variant: Arm, tau2: number): number {
  const v = rateVariance(control) + rateVariance(variant);
  if (!(v > 0) || !(tau2 > 0) || !(control.n > 0) || !(variant.n > 0)) return 0;
  const diff = variant.c / variant.n - control.c / control.n;
  return 0.5 * Math.log(v / (v + tau2)) + (tau2 * diff * diff) / (2 * v * (v + tau2));
}

/**
 * The mSPRT's (1 − α) interval at one look: every θ whose Λ(θ) stays below 1/α,
 * θ̂ ± √(2v(v + τ²)/τ² · (ln(1/α) + ½ ln((v + τ²)/v))).
 */
export function mixtureInterval(control: Arm, variant: Arm, tau2: number, alpha: number): DifferenceInterval {
  const v = rateVariance(control) + rateVariance(variant);
  if (!(v > 0) || !(tau2 > 0) || !(control.n > 0) || !(variant.n > 0)) return { low: -1, high: 1 };
  const diff = variant.c / variant.n - control.c / control.n;
  const half = Math.sqrt(
    ((2 * v * (v + tau2)) / tau2) * (Math.log(1 / alpha) + 0.5 * Math.log((v + tau2) / v)),
  );
  return { low: Math.max(-1, diff - half), high: Math.min(1, diff + half) };
}

/**
 * The always-valid test over a sequence of looks (cumulative counts, oldest first; one look when
 * only the totals are known, which is still valid). `mde` sets τ (relative effect, 0.2 = 20%);
 * `alpha` the interval's level.
 */
export function sequentialTest(
  looks: readonly SequentialLook[],
  { mde, alpha = 0.05 }: { mde: number; alpha?: number },
): SequentialResult {
  let p = 1;
  let low = -1;
  let high = 1;
  const pByLook: number[] = [];
  const logLambdas: number[] = [];
  for (const { control, variant } of looks) {
    const tau2 = mixtureVariance(control, variant, mde);
    const logLambda = logMixtureRatio(control, variant, tau2);
    logLambdas.push(logLambda);
    p = Math.min(p, Math.min(1, Math.exp(-logLambda)));
    pByLook.push(p);
    const interval = mixtureInterval(control, variant, tau2, alpha);
    // The running intersection; should the intervals ever part (they do so with probability
    // below α), the latest one is kept rather than an empty interval.
    const nextLow = Math.max(low, interval.low);
    const nextHigh = Math.min(high, interval.high);
    if (nextLow <= nextHigh) {
      low = nextLow;
      high = nextHigh;
    } else {
      low = interval.low;
      high = interval.high;
    }
  }
  return { p, pByLook, logLambdas, interval: { low, high } };
}
