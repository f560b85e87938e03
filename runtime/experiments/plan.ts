/**
 * How long an experiment needs, before it starts (issue 36, point 2) and while it runs (the
 * report's progress and "visitors still needed"): the visitors each page needs for the verdict's
 * own sequential test (sequential.ts, exactSequentialTest) to find the smallest effect worth
 * knowing 80% of the time, at its level α/k (Bonferroni among the k challengers) and with the
 * real shares. Pure and browser-safe: the Estúdio's screen calls it as the marketer types.
 *
 * The closed form (decision 0035). The test looks at the conversions of the control and one
 * variant: with C of them, the variant's share q̂ of them is about normal with variance
 * v = q₀(1 − q₀)/C under "no difference" (q₀ = wB / (wA + wB)) and the Beta mixture has spread
 * τ = q₀(1 − q₀)·mde, so the test rejects when |q̂ − q₀| ≥ b(v) with
 * b(v) = √(2v(v + τ²)/τ² · (ln(1/α′) + ½ ln((v + τ²)/v))) (the normal mixture's boundary). With the
 * effect, q₁ = wB r / (wA + wB r), r = 1 + mde, and q̂ has variance v₁ = q₁(1 − q₁)/C: 80% power
 * when q₁ − q₀ − z₀.₈ √v₁ ≥ b(v). The smallest such C, divided by the pair's conversion rate per
 * visitor, gives the visitors; looking every day only finds it sooner (the crossing may come
 * before the last look), so this is an upper estimate: the bench says by how much.
 */
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';

export const MAX_PLAN_DAYS = 60;
/** The smallest effect the marketer cares about, relative: 20%. */
export const DEFAULT_MDE = 0.2;
/** The verdict's false-winner rate, shared among the challengers (Bonferroni). */
export const ALPHA = 0.05;
/** No verdict before this many days (day-of-week effects). */
export const MIN_DAYS = 7;
/** The power the plan aims at. */
export const PLAN_POWER = 0.8;

export interface PlanInput {
  /** Visitors a day to the experiment's route, all its pages together. */
  dailyVisitors: number;
  /** The route's conversion rate today (0.02 = 2%). */
  baseRate: number;
  /** The pages' shares, the route's own page first (any scale: [50, 50], [90, 10], [34, 33, 33]). */
  weights: number[];
  /** Smallest relative effect worth knowing (default DEFAULT_MDE = 0.2). */
  mde?: number;
}

export interface Plan {
  /** Visitors each page needs (same order as weights); Infinity when it cannot be estimated. */
  perPage: number[];
  /** Days the test needs at this traffic (max over pages of perPage / its daily visitors, also ≥ MIN_DAYS); Infinity when never. */
  days: number;
  /** days > MAX_PLAN_DAYS. */
  tooLong: boolean;
  /** One or two Portuguese (pt-BR) sentences for the screen. */
  message: string;
}

/** Conversions in one control–variant pair for 80% power (closed form above); Infinity when none. */
export function conversionsNeeded(
  controlWeight: number,
  variantWeight: number,
  mde: number,
  alpha: number,
  power = PLAN_POWER,
): number {
  if (!(controlWeight > 0) || !(variantWeight > 0) || !(mde > 0) || !(alpha > 0 && alpha < 1)) {
    return Infinity;
  }
  const q0 = variantWeight / (controlWeight + variantWeight);
  const r = 1 + mde;
  const q1 = (variantWeight * r) / (controlWeight + variantWeight * r);
  const tau2 = (q0 * (1 - q0) * mde) ** 2;
  const zPower = normalQuantile(power, 0, 1);
  const enough = (c: number) => {
    const v = (q0 * (1 - q0)) / c;
    const v1 = (q1 * (1 - q1)) / c;
    const boundary = Math.sqrt(
      ((2 * v * (v + tau2)) / tau2) * (Math.log(1 / alpha) + 0.5 * Math.log((v + tau2) / v)),
    );
    return q1 - q0 - zPower * Math.sqrt(v1) >= boundary;
  };
  let high = 1;
  while (!enough(high)) {
    high *= 2;
    if (high > 1e12) return Infinity;
  }
  let low = high / 2;
  if (high === 1) return 1;
  while (high - low > 0.5) {
    const mid = (low + high) / 2;
    if (enough(mid)) high = mid;
    else low = mid;
  }
  return Math.ceil(high);
}

/**
 * Visitors each page needs (same order as `weights`, the control first) for the verdict's test to
 * find a change of `mde` at `baseRate` with 80% power, with the Bonferroni split among the
 * challengers; Infinity when it cannot be estimated (no rate yet, a page without share).
 */
export function visitorsPerPage(
  baseRate: number,
  weights: readonly number[],
  mde = DEFAULT_MDE,
  alpha = ALPHA,
): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  const challengers = weights.length - 1;
  const never = weights.map(() => Infinity);
  if (!(baseRate > 0 && baseRate < 1) || challengers < 1 || !(total > 0) || !(mde > 0)) return never;
  const level = alpha / challengers;
  const control = weights[0]!;
  let visitorsInAll = 0;
  for (const variant of weights.slice(1)) {
    const conversions = conversionsNeeded(control, variant, mde, level);
    // The pair's conversions per visitor of the whole route, with the effect.
    const perVisitor = (baseRate * (control + variant * (1 + mde))) / total;
    visitorsInAll = Math.max(visitorsInAll, conversions / perVisitor);
  }
  if (!Number.isFinite(visitorsInAll)) return never;
  return weights.map((w) => Math.ceil((visitorsInAll * w) / total));
}

const int = (x: number) => Math.round(x).toLocaleString('pt-BR');
const pct = (x: number) => `${Math.round(x * 100).toLocaleString('pt-BR')}%`;

function daysFor(
  input: PlanInput,
  weights: readonly number[],
  mde: number,
): { perPage: number[]; days: number } {
  const perPage = visitorsPerPage(input.baseRate, weights, mde);
  const total = weights.reduce((s, w) => s + w, 0);
  if (!(input.dailyVisitors > 0) || perPage.some((n) => !Number.isFinite(n))) {
    return { perPage, days: Infinity };
  }
  const days = Math.max(
    MIN_DAYS,
    ...perPage.map((n, i) => Math.ceil(n / ((input.dailyVisitors * weights[i]!) / total))),
  );
  return { perPage, days };
}

/** The duration estimate of an experiment before it starts, for the Estúdio's screen. */
export function planExperiment(input: PlanInput): Plan {
  const mde = input.mde ?? DEFAULT_MDE;
  const { perPage, days } = daysFor(input, input.weights, mde);
  const tooLong = days > MAX_PLAN_DAYS;
  const pages = input.weights.length;
  if (!(input.dailyVisitors > 0) || !(input.baseRate > 0 && input.baseRate < 1) || pages < 2) {
    return {
      perPage,
      days,
      tooLong,
      message:
        pages < 2
          ? 'Um teste precisa de ao menos 2 páginas.'
          : 'Sem o tráfego e a taxa de conversão da página, não dá para estimar quanto tempo o teste precisa.',
    };
  }
  const traffic = `Com cerca de ${int(input.dailyVisitors)} visitantes por dia`;
  if (!tooLong) {
    return {
      perPage,
      days,
      tooLong,
      message: `${traffic}, o teste precisa de uns ${int(days)} dias para enxergar uma mudança de ${pct(mde)}.`,
    };
  }
  const advice: string[] = [];
  if (pages > 2) {
    // The same route with one page fewer: the original and the first variant, at their shares.
    const fewer = daysFor(input, input.weights.slice(0, 2), mde);
    advice.push(
      fewer.days <= MAX_PLAN_DAYS ? `teste 2 páginas (uns ${int(fewer.days)} dias)` : 'teste 2 páginas',
    );
  }
  const larger = [0.3, 0.4, 0.5, 0.75, 1, 1.5, 2]
    .filter((m) => m > mde)
    .map((m) => ({ m, days: daysFor(input, input.weights, m).days }))
    .find((x) => x.days <= MAX_PLAN_DAYS);
  advice.push(
    larger
      ? `${advice.length > 0 ? 'ou ' : 'procure '}um efeito maior (${pct(larger.m)} precisa de uns ${int(larger.days)} dias)`
      : `${advice.length > 0 ? 'ou ' : ''}traga mais visitantes para a página antes de testar`,
  );
  const needs = Number.isFinite(days) ? ` (precisaria de uns ${int(days)})` : '';
  return {
    perPage,
    days,
    tooLong,
    message: `${traffic}, um teste de ${pages} páginas não chega a uma conclusão em ${MAX_PLAN_DAYS} dias${needs} para enxergar uma mudança de ${pct(mde)}: ${advice.join(', ')}.`,
  };
}
