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
import betaln from '@stdlib/math-base-special-betaln';
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

/*
 * The test the verdict reads since decision 0035: exact at any count, so early looks on a small
 * page's few conversions cannot lean to one side.
 *
 * Every visitor is sent to a page at random with the configured shares, then converts or not at
 * that page's rate. So among the visitors who converted on the control (share wA) or on a variant
 * (share wB), each one is on the variant with probability q = wB r / (wA + wB r), r = rate B / rate
 * A, independently of all the others, whatever the day, the traffic or the rate itself: exactly,
 * not as an approximation. "No difference" is q₀ = wB / (wA + wB). With a Beta(K q₀, K (1 − q₀))
 * mixture over q (the exact Beta-binomial mixture), the Bayes factor of the converters' pages against
 * q₀ is
 *
 *   BF(q₀) = B(K q₀ + cB, K (1 − q₀) + cA) / B(K q₀, K (1 − q₀)) / (q₀^cB (1 − q₀)^cA),
 *
 * a function of the conversion counts alone, and a nonnegative martingale under q₀ conversion by
 * conversion (Lindon & Malek, "Anytime-Valid Inference for Multinomial Count Data", NeurIPS 2022,
 * arXiv 2011.03567: their test of conversion rates, a two-category case of their
 * Dirichlet-multinomial test). By Ville's inequality P(BF ever ≥ 1/α) ≤ α with no large-sample
 * approximation: the always-valid p-value is the running minimum of 1/BF. Inverting BF(q) gives
 * an always-valid interval for q, hence for r, intersected over the looks.
 *
 * K sets the mixture's spread to the MDE, as τ does in the normal mSPRT: near r = 1,
 * q ≈ q₀ + q₀(1 − q₀)(r − 1), so a prior standard deviation of q₀(1 − q₀)·mde for q is a spread of
 * mde for r: Var Beta = q₀(1 − q₀)/(K + 1) gives K = 1/(q₀(1 − q₀) mde²) − 1 (99 at 50/50 and 20%).
 * The conditioning on conversions costs a fraction p of the information (the rate, 2–10% here).
 */

/** A relative interval for rate B / rate A − 1 (−1 to Infinity when nothing is known). */
export interface UpliftInterval {
  low: number;
  high: number;
}

/** The share of conversions the variant gets when it converts like the control: wB / (wA + wB). */
export const nullShare = (controlWeight: number, variantWeight: number) =>
  variantWeight / (controlWeight + variantWeight);

/** The Beta mixture over the variant's share of conversions, spread to the MDE. */
export function sharePrior(q0: number, mde: number): { a: number; b: number } {
  const k = Math.max(1, 1 / (q0 * (1 - q0) * mde * mde) - 1);
  return { a: k * q0, b: k * (1 - q0) };
}

/** ln of the Beta-binomial marginal likelihood of cA control and cB variant conversions (order-free). */
const logMarginal = (cA: number, cB: number, prior: { a: number; b: number }) =>
  betaln(prior.a + cB, prior.b + cA) - betaln(prior.a, prior.b);

/** ln of the likelihood of the converters' pages at share q (order-free). */
const logLikelihood = (cA: number, cB: number, q: number) =>
  (cB > 0 ? cB * Math.log(q) : 0) + (cA > 0 ? cA * Math.log(1 - q) : 0);

/** ln BF of the conversions against the share q (0 with no conversion). */
export function logShareBayesFactor(
  cA: number,
  cB: number,
  q: number,
  prior: { a: number; b: number },
): number {
  if (cA + cB === 0) return 0;
  return logMarginal(cA, cB, prior) - logLikelihood(cA, cB, q);
}

/**
 * Every share q whose Bayes factor stays below 1/α: {q : ln L(q) > ln M − ln(1/α)}, an interval
 * around q̂ = cB / (cA + cB) since ln L is concave; bisection on each side.
 */
export function shareInterval(
  cA: number,
  cB: number,
  prior: { a: number; b: number },
  alpha: number,
): { low: number; high: number } {
  if (cA + cB === 0) return { low: 0, high: 1 };
  const floor = logMarginal(cA, cB, prior) - Math.log(1 / alpha);
  const inside = (q: number) => logLikelihood(cA, cB, q) > floor;
  const peak = cB / (cA + cB);
  const edge = (outside: number) => {
    if (inside(outside)) return outside;
    let good = peak;
    let bad = outside;
    for (let i = 0; i < 60; i++) {
      const mid = (good + bad) / 2;
      if (inside(mid)) good = mid;
      else bad = mid;
    }
    return good;
  };
  return { low: edge(0), high: edge(1) };
}

/** The ratio r = rate B / rate A for the variant's share q of the conversions. */
const ratioOf = (q: number, controlWeight: number, variantWeight: number) =>
  q >= 1 ? Infinity : (q * controlWeight) / ((1 - q) * variantWeight);

export interface ExactSequentialResult {
  /** The always-valid p-value after the last look: min over looks of 1/BF (at most 1). */
  p: number;
  /** The running minimum after each look. */
  pByLook: number[];
  /** The always-valid (1 − α) interval for rate B / rate A − 1, intersected over the looks. */
  uplift: UpliftInterval;
  /**
   * The same interval as a difference of rates, variant − control: the uplift bounds times the
   * control's rate at the last look (or the variant's rate × (1 − 1/r) while the control has no
   * conversion): the same side of 0 as `uplift`, always.
   */
  interval: DifferenceInterval;
}

/**
 * The exact always-valid test over the looks (cumulative counts, oldest first), for a variant of
 * share `weights.variant` against the control's `weights.control` (the configured shares, any
 * scale). `mde` spreads the mixture; `alpha` is the interval's level.
 */
export function exactSequentialTest(
  looks: readonly SequentialLook[],
  {
    mde,
    alpha = 0.05,
    weights = { control: 1, variant: 1 },
  }: { mde: number; alpha?: number; weights?: { control: number; variant: number } },
): ExactSequentialResult {
  const q0 = nullShare(weights.control, weights.variant);
  const prior = sharePrior(q0, mde);
  let p = 1;
  let low = 0;
  let high = 1;
  const pByLook: number[] = [];
  for (const { control, variant } of looks) {
    p = Math.min(p, Math.exp(-Math.max(0, logShareBayesFactor(control.c, variant.c, q0, prior))));
    pByLook.push(p);
    const share = shareInterval(control.c, variant.c, prior, alpha);
    // The running intersection; should the intervals ever part (with probability below α), the
    // latest one is kept rather than an empty interval.
    const nextLow = Math.max(low, share.low);
    const nextHigh = Math.min(high, share.high);
    if (nextLow <= nextHigh) {
      low = nextLow;
      high = nextHigh;
    } else {
      low = share.low;
      high = share.high;
    }
  }
  const uplift = {
    low: ratioOf(low, weights.control, weights.variant) - 1,
    high: ratioOf(high, weights.control, weights.variant) - 1,
  };
  const last = looks.at(-1);
  const controlRate = last && last.control.n > 0 ? last.control.c / last.control.n : 0;
  const variantRate = last && last.variant.n > 0 ? last.variant.c / last.variant.n : 0;
  const difference = (u: number) => {
    if (controlRate > 0) return Math.min(1, controlRate * u);
    if (!Number.isFinite(u)) return variantRate;
    return variantRate * (1 - 1 / (1 + u));
  };
  const interval =
    controlRate > 0 || variantRate > 0
      ? { low: Math.max(-1, difference(uplift.low)), high: difference(uplift.high) }
      : { low: -1, high: 1 };
  // Keep the side exactly: a bound whose uplift is of one sign never turns 0 or the other sign.
  if (uplift.low > 0 && !(interval.low > 0)) interval.low = Number.MIN_VALUE;
  if (uplift.high < 0 && !(interval.high < 0)) interval.high = -Number.MIN_VALUE;
  return { p, pByLook, uplift, interval };
}
