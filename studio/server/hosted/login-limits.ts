/**
 * Limits on guessing passwords, in memory (a restart forgets them, as it forgets sessions):
 *
 * - per account: `maxFailures` wrong passwords within `windowMs` lock the e-mail for `lockMs`;
 *   while locked even the right password is refused. Unknown e-mails are counted and locked the
 *   same way, so a lock says nothing about whether an account exists.
 * - per client address: a token bucket of `ipBurst` failures that refills one every `ipRefillMs`;
 *   empty, every attempt from that address is refused until a token comes back. It stops one
 *   address from trying a few passwords on every account.
 *
 * An attempt takes its token and its place in the count before the password is checked (scrypt
 * takes a tenth of a second), so parallel attempts cannot slip past the limits; a right password
 * gives the address's token back.
 */

export interface LoginLimits {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
  ipBurst: number;
  ipRefillMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  ipBurst: 20,
  ipRefillMs: 45_000,
};

export type Refusal = { kind: 'conta' | 'endereco'; until: number };

export interface Attempt {
  /** The password was right: the account's count starts over, the address gets its token back. */
  succeeded(): void;
  /** Wrong: counted. Returns the lock when this failure caused one. */
  failed(): { lockedUntil: number } | undefined;
}

interface AccountState {
  failures: number[];
  pending: number;
  lockedUntil: number;
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
  readonly #accounts = new Map<string, AccountState>();
  readonly #addresses = new Map<string, Bucket>();

  constructor(
    readonly limits: LoginLimits,
    private readonly now: () => number,
  ) {}

  /** Starts an attempt, or says why none may be made now and until when. */
  begin(email: string, ip: string): Attempt | Refusal {
    const at = this.now();
    const account = this.account(email, at);
    if (account.lockedUntil > at) return { kind: 'conta', until: account.lockedUntil };
    const bucket = this.bucket(ip, at);
    if (bucket.tokens < 1)
      return { kind: 'endereco', until: at + (1 - bucket.tokens) * this.limits.ipRefillMs };
    if (account.failures.length + account.pending >= this.limits.maxFailures) {
      // Other attempts on this account are being checked right now and would reach the limit.
      return { kind: 'conta', until: at + this.limits.lockMs };
    }
    bucket.tokens -= 1;
    account.pending += 1;
    let done = false;
    return {
      succeeded: () => {
        if (done) return;
        done = true;
        this.#accounts.delete(email);
        const b = this.bucket(ip, this.now());
        b.tokens = Math.min(this.limits.ipBurst, b.tokens + 1);
      },
      failed: () => {
        if (done) return undefined;
        done = true;
        const now = this.now();
        const state = this.account(email, now);
        state.pending = Math.max(0, state.pending - 1);
        state.failures.push(now);
        if (state.failures.length < this.limits.maxFailures) return undefined;
        state.failures = [];
        state.lockedUntil = now + this.limits.lockMs;
        return { lockedUntil: state.lockedUntil };
      },
    };
  }

  private account(email: string, at: number): AccountState {
    let state = this.#accounts.get(email);
    if (!state) {
      state = { failures: [], pending: 0, lockedUntil: 0 };
      this.#accounts.set(email, state);
      trim(this.#accounts);
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
