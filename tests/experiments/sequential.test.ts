/**
 * The always-valid test of runtime/experiments/sequential.ts (decision 0022): its value against
 * Johari et al.'s formula, the running minimum, and a small seeded simulation of A/A experiments
 * looked at every day, where the plain z-test declares far more than 5% false winners and the
 * sequential test stays under 5%.
 */
import { describe, expect, it } from 'vitest';
import {
  logMixtureRatio,
  mixtureInterval,
  mixtureVariance,
  sequentialTest,
  zTest,
  type Arm,
  type SequentialLook,
} from '../../runtime/experiments/index.ts';

/** mulberry32, as in scripts/bench-experiments.ts: the same runs every time. */
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

describe('the mixture likelihood ratio', () => {
  const a = { n: 1000, c: 50 };
  const b = { n: 1000, c: 70 };

  it("equals Johari et al.'s two-stream Bernoulli formula when the arms are equal", () => {
    // Λ_n = √(V/(V + nτ²)) · exp(n²τ²θ̂² / (2V(V + nτ²))), V = p̂A(1 − p̂A) + p̂B(1 − p̂B).
    const n = 1000;
    const V = 0.05 * 0.95 + 0.07 * 0.93;
    const tau2 = (0.2 * 0.06) ** 2; // τ = mde × the pooled rate
    const theta = 0.02;
    const expected =
      Math.sqrt(V / (V + n * tau2)) * Math.exp((n * n * tau2 * theta ** 2) / (2 * V * (V + n * tau2)));
    expect(mixtureVariance(a, b, 0.2)).toBeCloseTo(tau2, 12);
    expect(Math.exp(logMixtureRatio(a, b, tau2))).toBeCloseTo(expected, 10);
  });

  it('gives the known values for the fixture 1000/50 vs 1000/70 (z-test p = 0.0597)', () => {
    const { p, logLambdas, interval } = sequentialTest([{ control: a, variant: b }], { mde: 0.2 });
    expect(logLambdas[0]).toBeCloseTo(0.58494, 4);
    expect(p).toBeCloseTo(0.5571, 4);
    // Always valid costs width: the 95% interval for the difference is wide and holds 0.
    expect(interval.low).toBeCloseTo(-0.01698, 4);
    expect(interval.high).toBeCloseTo(0.05698, 4);
    // Symmetric: the same evidence either way.
    expect(sequentialTest([{ control: b, variant: a }], { mde: 0.2 }).p).toBeCloseTo(p, 12);
  });

  it('depends on the sample size, not on z alone', () => {
    // Two samples with (almost) the same z: the larger one carries a smaller Λ at that z.
    const small = { control: { n: 1000, c: 50 }, variant: { n: 1000, c: 70 } };
    const large = { control: { n: 16000, c: 800 }, variant: { n: 16000, c: 875 } };
    const zSmall = zTest(small.control, small.variant).z;
    const zLarge = zTest(large.control, large.variant).z;
    expect(Math.abs(zSmall - zLarge)).toBeLessThan(0.001);
    const ratio = (look: SequentialLook) =>
      logMixtureRatio(look.control, look.variant, mixtureVariance(look.control, look.variant, 0.2));
    expect(ratio(small)).toBeCloseTo(0.585, 3);
    expect(ratio(large)).toBeCloseTo(0.214, 3);
  });

  it('is 1 (no evidence) while nothing converted or nobody came', () => {
    expect(logMixtureRatio({ n: 500, c: 0 }, { n: 500, c: 0 }, 1e-4)).toBe(0);
    expect(logMixtureRatio({ n: 0, c: 0 }, { n: 10, c: 1 }, 1e-4)).toBe(0);
    expect(sequentialTest([], { mde: 0.2 }).p).toBe(1);
    expect(mixtureInterval({ n: 0, c: 0 }, { n: 0, c: 0 }, 1e-4, 0.05)).toEqual({ low: -1, high: 1 });
  });
});

describe('the always-valid p-value', () => {
  it('is the running minimum of 1/Λ over the looks, never increasing', () => {
    const random = mulberry32(7);
    const control: Arm = { n: 0, c: 0 };
    const variant: Arm = { n: 0, c: 0 };
    const looks: SequentialLook[] = [];
    for (let day = 0; day < 40; day++) {
      control.n += 250;
      variant.n += 250;
      for (let i = 0; i < 250; i++) {
        if (random() < 0.05) control.c++;
        if (random() < 0.055) variant.c++;
      }
      looks.push({ control: { ...control }, variant: { ...variant } });
    }
    const result = sequentialTest(looks, { mde: 0.2 });
    expect(result.pByLook).toHaveLength(40);
    for (let i = 1; i < 40; i++) expect(result.pByLook[i]!).toBeLessThanOrEqual(result.pByLook[i - 1]!);
    const atEachLook = result.logLambdas.map((l) => Math.min(1, Math.exp(-l)));
    expect(result.p).toBe(Math.min(...atEachLook));
    expect(result.p).toBe(result.pByLook.at(-1));
    // With only the totals, 1/Λ at the totals (still valid, never smaller than the running minimum).
    const totals = sequentialTest([looks.at(-1)!], { mde: 0.2 });
    expect(totals.p).toBeCloseTo(atEachLook.at(-1)!, 12);
    expect(totals.p).toBeGreaterThanOrEqual(result.p);
  });

  it('agrees with its interval: p ≤ α exactly when the interval leaves 0 out', () => {
    for (const c of [560, 595, 600, 640]) {
      const look = { control: { n: 10000, c: 500 }, variant: { n: 10000, c } };
      const { p, interval } = sequentialTest([look], { mde: 0.2, alpha: 0.05 });
      expect(p <= 0.05).toBe(interval.low > 0 || interval.high < 0);
    }
  });
});

describe('looked at every day (seeded simulation)', () => {
  // 1,000 A/A experiments, 250 visitors per arm a day at 5%, 30 daily looks.
  const simulate = (effect: number, runs: number, seed: number) => {
    const random = mulberry32(seed);
    let sequentialWins = 0;
    let zWins = 0;
    for (let run = 0; run < runs; run++) {
      const control: Arm = { n: 0, c: 0 };
      const variant: Arm = { n: 0, c: 0 };
      const looks: SequentialLook[] = [];
      let zStopped = false;
      for (let day = 0; day < 30; day++) {
        control.n += 250;
        variant.n += 250;
        for (let i = 0; i < 250; i++) {
          if (random() < 0.05) control.c++;
          if (random() < 0.05 * (1 + effect)) variant.c++;
        }
        looks.push({ control: { ...control }, variant: { ...variant } });
        if (!zStopped && zTest(control, variant).p < 0.05) zStopped = true;
      }
      if (zStopped) zWins++;
      if (sequentialTest(looks, { mde: 0.2 }).p <= 0.05) sequentialWins++;
    }
    return { sequential: sequentialWins / runs, z: zWins / runs };
  };

  it('names a false winner at most 5% of the time, where the daily z-test does far more often', () => {
    const { sequential, z } = simulate(0, 1000, 20261201);
    expect(sequential).toBeLessThanOrEqual(0.05);
    expect(z).toBeGreaterThan(0.15);
  });

  it('still finds a true effect of +50%', () => {
    expect(simulate(0.5, 200, 42).sequential).toBeGreaterThan(0.9);
  });
});
