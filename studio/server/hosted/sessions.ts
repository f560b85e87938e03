/**
 * Signed-in sessions. The cookie carries 32 random bytes; the store keeps only their SHA-256, so
 * a memory dump, a log line or a copy of the sessions file opens nothing (finding a 32-byte value
 * from its SHA-256 is out of reach). A session ends after `idleMs` without a request,
 * `absoluteMs` after it began, at logout, and when its account is removed or its password
 * changes (the account's `stamp` at sign-in no longer matches).
 *
 * With a file (hosted: `<data>/sessoes.json`, mode 0600, decision 0026) the sessions outlive a
 * restart, so a deploy signs nobody out. The file is written whole to a temporary file, flushed,
 * renamed over the old one and its folder flushed: after a crash it is the old list or the new
 * one. A sign-in and a logout are on disk before they are answered (a logout that a restart
 * undid would be no logout); a request only moves the idle clock, written within
 * `PERSIST_TOUCH_MS` and at a clean stop, so after a crash a session may look up to that much
 * less idle than it was.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeDurable } from '../page-files.ts';

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

/** A request's new idle clock reaches the file within this. */
const PERSIST_TOUCH_MS = 60_000;

const digest = (id: string) => createHash('sha256').update(id).digest('base64url');

interface SessionsFile {
  versao: 1;
  /** SHA-256 of the cookie value (base64url) → the session. */
  sessoes: Record<string, Session>;
}

function isSession(value: unknown): value is Session {
  const s = value as Partial<Session> | null;
  return (
    typeof s === 'object' &&
    s !== null &&
    typeof s.email === 'string' &&
    typeof s.name === 'string' &&
    typeof s.stamp === 'string' &&
    Number.isFinite(s.createdAt) &&
    Number.isFinite(s.lastSeenAt)
  );
}

export class SessionStore {
  readonly #sessions = new Map<string, Session>();
  #dirty = false;
  #writing: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;

  /** `file`: where the sessions are kept across restarts; none, in memory only. */
  constructor(
    readonly limits: SessionLimits,
    private readonly now: () => number,
    readonly file?: string,
  ) {}

  /**
   * Reads the sessions file (none yet: no sessions). Expired sessions are dropped; a file that
   * cannot be read as sessions signs everyone out rather than stopping the Estúdio.
   */
  async load(): Promise<void> {
    if (!this.file) return;
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    let parsed: Partial<SessionsFile>;
    try {
      parsed = JSON.parse(text) as Partial<SessionsFile>;
    } catch {
      process.stderr.write(`Estúdio: ${this.file} não pôde ser lido; todos precisam entrar de novo.\n`);
      return;
    }
    const at = this.now();
    for (const [key, session] of Object.entries(parsed.sessoes ?? {})) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(key) || !isSession(session)) continue;
      if (!this.expired(session, at)) this.#sessions.set(key, { ...session });
    }
  }

  /** A new session; `id` goes into the cookie and nowhere else. Call `flush` before answering. */
  create(person: { email: string; name: string }, stamp: string): { id: string; session: Session } {
    this.sweep();
    while (this.#sessions.size >= MAX_SESSIONS) this.#sessions.delete(this.#sessions.keys().next().value!);
    const id = randomBytes(32).toString('base64url');
    const at = this.now();
    const session: Session = { ...person, stamp, createdAt: at, lastSeenAt: at };
    this.#sessions.set(digest(id), session);
    this.#dirty = true;
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
      this.#dirty = true;
      return undefined;
    }
    session.lastSeenAt = at;
    this.#dirty = true;
    this.flushSoon();
    return session;
  }

  /** Ends a session. Call `flush` before answering. */
  delete(id: string): Session | undefined {
    const key = digest(id);
    const session = this.#sessions.get(key);
    if (this.#sessions.delete(key)) this.#dirty = true;
    return session;
  }

  get size(): number {
    return this.#sessions.size;
  }

  /** Writes the sessions file when anything changed since the last write (in turn, never two at once). */
  flush(): Promise<void> {
    const run = this.#writing.then(async () => {
      if (!this.file || !this.#dirty) return;
      this.sweep();
      this.#dirty = false;
      const body: SessionsFile = { versao: 1, sessoes: Object.fromEntries(this.#sessions) };
      try {
        await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
        await writeDurable(this.file, Buffer.from(`${JSON.stringify(body)}\n`), 0o600);
      } catch (error) {
        this.#dirty = true;
        throw error;
      }
    });
    this.#writing = run.catch(() => {});
    return run;
  }

  /** The last write, at a clean stop. */
  async close(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }

  private flushSoon(): void {
    if (!this.file || this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.flush().catch((error: unknown) => {
        process.stderr.write(`Estúdio: as sessões não puderam ser gravadas: ${String(error)}\n`);
      });
    }, PERSIST_TOUCH_MS);
    this.#timer.unref();
  }

  private expired(session: Session, at: number): boolean {
    return at - session.lastSeenAt >= this.limits.idleMs || at - session.createdAt >= this.limits.absoluteMs;
  }

  private sweep(): void {
    const at = this.now();
    for (const [key, session] of this.#sessions)
      if (this.expired(session, at)) {
        this.#sessions.delete(key);
        this.#dirty = true;
      }
  }
}
