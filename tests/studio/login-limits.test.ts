/**
 * The sign-in limits on their own (decision 0026), with a clock the tests move: the lock is per
 * e-mail and address, an e-mail guessed from everywhere is slowed and never locked, and a browser
 * that signed in before skips the slow-down. tests/studio/hosted.test.ts drives the same limits
 * through the sign-in page.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOGIN_LIMITS,
  isRefusal,
  LoginLimiter,
  type Attempt,
  type Refusal,
} from '../../studio/server/hosted/login-limits.ts';

const EMAIL = 'ana@fillgas.com.br';

function limiter() {
  const clock = { now: Date.UTC(2026, 10, 23, 15, 0) };
  return { clock, limiter: new LoginLimiter(DEFAULT_LOGIN_LIMITS, () => clock.now) };
}

function attempt(result: Attempt | Refusal): Attempt {
  if (isRefusal(result)) throw new Error(`refused: ${result.kind}`);
  return result;
}

describe('the lock', () => {
  it('holds for the e-mail from the guessing address only, for 15 minutes', () => {
    const { clock, limiter: l } = limiter();
    for (let i = 0; i < 4; i++) expect(attempt(l.begin(EMAIL, '203.0.113.1')).failed()).toEqual({});
    expect(attempt(l.begin(EMAIL, '203.0.113.1')).failed()).toEqual({ lockedUntil: clock.now + 15 * 60_000 });
    expect(l.begin(EMAIL, '203.0.113.1')).toEqual({ kind: 'conta', until: clock.now + 15 * 60_000 });
    // The person, anywhere else, is not locked out.
    const own = attempt(l.begin(EMAIL, '198.51.100.9'));
    expect(own.waitMs).toBe(0);
    own.succeeded();
    clock.now += 15 * 60_000;
    expect(isRefusal(l.begin(EMAIL, '203.0.113.1'))).toBe(false);
  });

  it('counts attempts still being checked: parallel guesses cannot overshoot', () => {
    const { limiter: l } = limiter();
    const open = Array.from({ length: 5 }, () => attempt(l.begin(EMAIL, '203.0.113.2')));
    expect(l.begin(EMAIL, '203.0.113.2')).toMatchObject({ kind: 'conta' });
    for (const a of open) a.failed();
    expect(l.begin(EMAIL, '203.0.113.2')).toMatchObject({ kind: 'conta' });
  });
});

describe('the slow-down of an e-mail guessed from everywhere', () => {
  it('after 10 failures gives turns 10 s apart, refuses only beyond 30 s of waiting, and never locks', () => {
    const { clock, limiter: l } = limiter();
    let slowed = 0;
    for (let i = 0; i < 10; i++) {
      const a = attempt(l.begin(EMAIL, `203.0.113.${10 + i}`));
      expect(a.waitMs).toBe(0);
      if (a.failed().slowed) slowed++;
    }
    expect(slowed).toBe(1);
    // Four guesses at once from four more addresses: 0, 10, 20 and 30 s to wait.
    const turns = [0, 1, 2, 3].map((i) => attempt(l.begin(EMAIL, `198.51.100.${i}`)));
    expect(turns.map((t) => t.waitMs)).toEqual([0, 10_000, 20_000, 30_000]);
    // The fifth would wait 40 s: refused, saying when a turn is within reach.
    expect(l.begin(EMAIL, '198.51.100.4')).toEqual({ kind: 'lento', until: clock.now + 10_000 });
    for (const t of turns) t.failed();
    // The owner on a browser that signed in before does not wait, whatever the queue.
    const own = attempt(l.begin(EMAIL, '192.0.2.1', true));
    expect(own.waitMs).toBe(0);
    own.succeeded();
    // A success does not wipe the guesses from everywhere; time does. 40 s on, a new browser
    // waits no longer than the interval.
    clock.now += 40_000;
    expect(attempt(l.begin(EMAIL, '192.0.2.2')).waitMs).toBe(0);
    expect(attempt(l.begin(EMAIL, '192.0.2.3')).waitMs).toBe(10_000);
    clock.now += 15 * 60_000;
    expect(attempt(l.begin(EMAIL, '192.0.2.4')).waitMs).toBe(0);
    expect(attempt(l.begin(EMAIL, '192.0.2.5')).waitMs).toBe(0);
  });

  it('keeps each e-mail apart: another account is not slowed', () => {
    const { limiter: l } = limiter();
    for (let i = 0; i < 10; i++) attempt(l.begin(EMAIL, `203.0.113.${i}`)).failed();
    expect(attempt(l.begin(EMAIL, '203.0.113.100')).waitMs).toBe(0);
    expect(attempt(l.begin(EMAIL, '203.0.113.101')).waitMs).toBe(10_000);
    expect(attempt(l.begin('bruno@fillgas.com.br', '203.0.113.102')).waitMs).toBe(0);
    expect(attempt(l.begin('bruno@fillgas.com.br', '203.0.113.103')).waitMs).toBe(0);
  });
});
