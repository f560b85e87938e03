/**
 * The sample-ratio check that may be run at every look (issue 36, point 3; decision 0035).
 *
 * A χ² test of the visitors against the configured weights, repeated every morning, raises false
 * alarms well above its level (0.9–1.6% of simulated A/A tests at p < 0.001), and an alarm blocks
 * the verdict. Lindon & Malek, "Anytime-Valid Inference for Multinomial Count Data" (NeurIPS 2022,
 * arXiv 2011.03567; Optimizely's `ssrm` package) give a test that keeps its level however often it
 * is looked at: the Bayes factor of a Dirichlet-multinomial model against the multinomial with the
 * configured shares θ₀,
 *
 *   BF = Γ(K) / Γ(K + n) · Π Γ(Kθ₀ᵢ + xᵢ) / Γ(Kθ₀ᵢ) / Π θ₀ᵢ^xᵢ
 *
 * for the cumulative counts x (n = Σ xᵢ), with the prior Dirichlet(Kθ₀) centred on the configured
 * shares. BF is the ratio of two sequential predictive likelihoods, a nonnegative martingale under
 * the null (the multinomial coefficient cancels, so it depends only on the counts, and daily totals
 * give the same value as visitor-by-visitor updates). By Ville's inequality, P(BF ever ≥ 1/α) ≤ α:
 * the always-valid p-value is the running minimum of 1/BF over the looks.
 */
import gammaln from '@stdlib/math-base-special-gammaln';

/**
 * The SRM alarm's level over the whole experiment, however often it is looked at (decision 0035):
 * at most 1% of sound experiments ever raise it, where GrowthBook's and Eppo's χ² at p < 0.001,
 * repeated at each daily look, raised it in 0.9–1.6% of simulated A/A tests; 1% is also the level
 * of the examples of Optimizely's `ssrm`. A stricter level would miss the mismatches a small site
 * can show (5,000 against 5,400 on 50/50 has p ≈ 0.003 here).
 */
export const SRM_LEVEL = 0.01;
/**
 * The prior's concentration K: Dirichlet(K θ₀), centred on the configured shares. The shares it
 * expects under a mismatch differ from the configured ones by about √(θ(1 − θ)/K): 1.6 points at
 * 50/50 with K = 1,000, the size of the mismatches a lost redirect or a cached page make on a site
 * of a few thousand visitors per page. Optimizely's `ssrm` defaults to K = 10,000 (half a point)
 * for sites a hundred times larger; at our sizes it would flag 5,000 against 5,600 but not 5,400
 * (decision 0035).
 */
export const SRM_CONCENTRATION = 1_000;

/** ln BF of the counts `visitors` against the shares `weights` (any scale). 0 with no visitor. */
export function srmLogBayesFactor(
  visitors: readonly number[],
  weights: readonly number[],
  concentration = SRM_CONCENTRATION,
): number {
  const weightSum = weights.reduce((s, w) => s + w, 0);
  const n = visitors.reduce((s, v) => s + v, 0);
  if (!(n > 0) || !(weightSum > 0)) return 0;
  let log = gammaln(concentration) - gammaln(concentration + n);
  visitors.forEach((x, i) => {
    const share = weights[i]! / weightSum;
    if (!(share > 0)) {
      // A page configured to get nobody: any visitor there is a mismatch beyond doubt.
      if (x > 0) log = Infinity;
      return;
    }
    const a = concentration * share;
    log += gammaln(a + x) - gammaln(a) - x * Math.log(share);
  });
  return log;
}

export interface SequentialSrm {
  /** The always-valid p-value: min over the looks of 1/BF (at most 1). */
  p: number;
  /** p ≤ level. */
  flagged: boolean;
  level: number;
  /** The running p after each look, oldest first. */
  pByLook: number[];
}

/**
 * The anytime-valid SRM test over the looks (cumulative visitors per page at each look, oldest
 * first; one look with the totals when the days are unknown, which is still valid).
 */
export function sequentialSrm(
  looks: readonly (readonly number[])[],
  weights: readonly number[],
  { level = SRM_LEVEL, concentration = SRM_CONCENTRATION } = {},
): SequentialSrm {
  let p = 1;
  const pByLook: number[] = [];
  for (const visitors of looks) {
    p = Math.min(p, Math.exp(-Math.max(0, srmLogBayesFactor(visitors, weights, concentration))));
    pByLook.push(p);
  }
  return { p, flagged: p <= level, level, pByLook };
}
