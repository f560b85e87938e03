/**
 * Signed-in sessions, in memory: a restart signs everyone out (they sign in again; unsaved work
 * is kept in their browser). The cookie carries 32 random bytes; the store keeps only their
 * SHA-256, so a memory dump or a log line with a store key opens nothing. A session ends after
 * `idleMs` without a request, `absoluteMs` after it began, at logout, and when its account is
 * removed or its password changes (the account's `stamp` at sign-in no longer matches).
 */
import { createHash, randomBytes } from 'node:crypto';

export interface SessionLimits {
  /** Without a request for this long, the session ends. Default 2 hours. */
  idleMs: number;
  /** However active, the session ends this long after sign-in. Default 12 hours. */
  absoluteMs: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { idleMs: 2 * 3600_000, absoluteMs: 12 * 3600_000 };

export interface Session {
  email: string;
  name: string;
  /** What identifies the account's password at sign-in (accounts.ts: a digest of its hash). */
  stamp: string;
  createdAt: number;
  lastSeenAt: number;
}

/** Sessions kept at most; the oldest goes first (a flood of sign-ins cannot fill the memory). */
const MAX_SESSIONS = 10_000;

const digest = (id: string) => createHash('sha256').update(id).digest('base64url');

export class SessionStore {
  readonly #sessions = new Map<string, Session>();

  constructor(
    readonly limits: SessionLimits,
    private readonly now: () => number,
  ) {}

  /** A new session; `id` goes into the cookie and nowhere else. */
  create(person: { email: string; name: string }, stamp: string): { id: string; session: Session } {
    this.sweep();
    while (this.#sessions.size >= MAX_SESSIONS) this.#sessions.delete(this.#sessions.keys().next().value!);
    const id = randomBytes(32).toString('base64url');
    const at = this.now();
    const session: Session = { ...person, stamp, createdAt: at, lastSeenAt: at };
    this.#sessions.set(digest(id), session);
    return { id, session };
  }

  /** The live session of a cookie value, its idle clock reset; undefined when absent or expired. */
  touch(id: string): Session | undefined {
    if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
    const key = digest(id);
    const session = this.#sessions.get(key);
    if (!session) return undefined;
    const at = this.now();
    if (this.expired(session, at)) {
      this.#sessions.delete(key);
      return undefined;
    }
    session.lastSeenAt = at;
    return session;
  }

  delete(id: string): Session | undefined {
    const key = digest(id);
    const session = this.#sessions.get(key);
    this.#sessions.delete(key);
    return session;
  }

  get size(): number {
    return this.#sessions.size;
  }

  private expired(session: Session, at: number): boolean {
    return at - session.lastSeenAt >= this.limits.idleMs || at - session.createdAt >= this.limits.absoluteMs;
  }

  private sweep(): void {
    const at = this.now();
    for (const [key, session] of this.#sessions) if (this.expired(session, at)) this.#sessions.delete(key);
  }
}
