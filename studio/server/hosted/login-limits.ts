/**
 * Limits on guessing passwords (decision 0026), kept in memory (a restart forgets them):
 *
 * - per e-mail *and* client address: `maxFailures` wrong passwords within `windowMs` lock that
 *   pair for `lockMs`; while locked even the right password is refused from that address. Another
 *   address is not locked, so whoever knows a person's e-mail cannot keep them out: the lock
 *   holds only where the guessing comes from. Unknown e-mails are counted and locked the same
 *   way, so a lock says nothing about whether an account exists.
 * - per client address: a token bucket of `ipBurst` failures that refills one every `ipRefillMs`;
 *   empty, every attempt from that address is refused until a token comes back. It stops one
 *   address from trying a few passwords on every account.
 * - per e-mail, from everywhere: after `slowAfter` failures within `windowMs` the e-mail is
 *   slowed, never locked. Its attempts take turns, `slowIntervalMs` apart; an attempt waits for
 *   its turn (the answer comes later) and is refused only when its turn is more than
 *   `slowMaxWaitMs` away ("try again in a few seconds"). That caps guessing from many addresses
 *   at one password per `slowIntervalMs`. A browser that has signed in to this e-mail before
 *   (it carries the signed cookie gate.ts gives at sign-in) does not take a turn: a person on
 *   their own computer or phone is not slowed by someone else's guessing.
 *
 * An attempt takes its token and its place in the counts before the password is checked (scrypt
 * takes a tenth of a second), so parallel attempts cannot slip past the limits; a right password
 * gives the address's token back and clears its pair's count. It does not clear the e-mail's
 * count from everywhere: a guesser would otherwise start over each time the person signs in.
 */

export interface LoginLimits {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
  ipBurst: number;
  ipRefillMs: number;
  slowAfter: number;
  slowIntervalMs: number;
  slowMaxWaitMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  ipBurst: 20,
  ipRefillMs: 45_000,
  slowAfter: 10,
  slowIntervalMs: 10_000,
  slowMaxWaitMs: 30_000,
};

/**
 * Why no attempt may be made now, and until when: `conta` this e-mail from this address is
 * locked, `endereco` this address has failed too often, `lento` this e-mail is slowed and its
 * turns are taken for longer than an attempt may wait.
 */
export type Refusal = { kind: 'conta' | 'endereco' | 'lento'; until: number };

export interface Attempt {
  /** Milliseconds to wait before checking the password: its turn on a slowed e-mail (else 0). */
  waitMs: number;
  /** The password was right: the pair's count starts over, the address gets its token back. */
  succeeded(): void;
  /**
   * Wrong: counted. Returns the pair's lock when this failure caused one, and `slowed` when it
   * is the failure that began slowing the e-mail down.
   */
  failed(): { lockedUntil?: number; slowed?: boolean };
}

interface PairState {
  failures: number[];
  pending: number;
  lockedUntil: number;
}
interface EmailState {
  failures: number[];
  /** When the next turn of a slowed e-mail is free. */
  nextTurn: number;
}
interface Bucket {
  tokens: number;
  at: number;
}

/** Keys kept at most per map; the oldest go first. */
const MAX_KEYS = 10_000;

function trim<K, V>(map: Map<K, V>) {
  while (map.size > MAX_KEYS) map.delete(map.keys().next().value!);
}

export class LoginLimiter {
  readonly #pairs = new Map<string, PairState>();
  readonly #emails = new Map<string, EmailState>();
  readonly #addresses = new Map<string, Bucket>();

  constructor(
    readonly limits: LoginLimits,
    private readonly now: () => number,
  ) {}

  /**
   * Starts an attempt, or says why none may be made now and until when. `knownBrowser`: the
   * request carries this e-mail's signed browser cookie (it skips the e-mail's turns).
   */
  begin(email: string, ip: string, knownBrowser = false): Attempt | Refusal {
    const at = this.now();
    const pairKey = `${email}\n${ip}`;
    const pair = this.pair(pairKey, at);
    if (pair.lockedUntil > at) return { kind: 'conta', until: pair.lockedUntil };
    const bucket = this.bucket(ip, at);
    if (bucket.tokens < 1)
      return { kind: 'endereco', until: at + (1 - bucket.tokens) * this.limits.ipRefillMs };
    if (pair.failures.length + pair.pending >= this.limits.maxFailures) {
      // Other attempts of this pair are being checked right now and would reach the limit.
      return { kind: 'conta', until: at + this.limits.lockMs };
    }
    const mail = this.email(email, at);
    let waitMs = 0;
    if (!knownBrowser && mail.failures.length >= this.limits.slowAfter) {
      const turn = Math.max(at, mail.nextTurn);
      if (turn - at > this.limits.slowMaxWaitMs)
        return { kind: 'lento', until: turn - this.limits.slowMaxWaitMs };
      mail.nextTurn = turn + this.limits.slowIntervalMs;
      waitMs = turn - at;
    }
    bucket.tokens -= 1;
    pair.pending += 1;
    let done = false;
    return {
      waitMs,
      succeeded: () => {
        if (done) return;
        done = true;
        this.#pairs.delete(pairKey);
        const b = this.bucket(ip, this.now());
        b.tokens = Math.min(this.limits.ipBurst, b.tokens + 1);
      },
      failed: () => {
        if (done) return {};
        done = true;
        const now = this.now();
        const out: { lockedUntil?: number; slowed?: boolean } = {};
        const e = this.email(email, now);
        e.failures.push(now);
        // Enough to know the e-mail is slowed; a flood keeps no more than this in memory.
        if (e.failures.length > 4 * this.limits.slowAfter) e.failures.shift();
        if (e.failures.length === this.limits.slowAfter) out.slowed = true;
        const state = this.pair(pairKey, now);
        state.pending = Math.max(0, state.pending - 1);
        state.failures.push(now);
        if (state.failures.length >= this.limits.maxFailures) {
          state.failures = [];
          state.lockedUntil = now + this.limits.lockMs;
          out.lockedUntil = state.lockedUntil;
        }
        return out;
      },
    };
  }

  private pair(key: string, at: number): PairState {
    let state = this.#pairs.get(key);
    if (!state) {
      state = { failures: [], pending: 0, lockedUntil: 0 };
      this.#pairs.set(key, state);
      trim(this.#pairs);
    }
    state.failures = state.failures.filter((t) => at - t < this.limits.windowMs);
    return state;
  }

  private email(email: string, at: number): EmailState {
    let state = this.#emails.get(email);
    if (!state) {
      state = { failures: [], nextTurn: 0 };
      this.#emails.set(email, state);
      trim(this.#emails);
    }
    state.failures = state.failures.filter((t) => at - t < this.limits.windowMs);
    return state;
  }

  private bucket(ip: string, at: number): Bucket {
    let bucket = this.#addresses.get(ip);
    if (!bucket) {
      bucket = { tokens: this.limits.ipBurst, at };
      this.#addresses.set(ip, bucket);
      trim(this.#addresses);
    }
    bucket.tokens = Math.min(this.limits.ipBurst, bucket.tokens + (at - bucket.at) / this.limits.ipRefillMs);
    bucket.at = at;
    return bucket;
  }
}

export const isRefusal = (result: Attempt | Refusal): result is Refusal => 'kind' in result;
