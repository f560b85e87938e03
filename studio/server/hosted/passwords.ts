/**
 * Password hashes: scrypt from node:crypto (OpenSSL's), stored as `scrypt$N$r$p$salt$key`
 * (salt and key in base64url). The cost is one of OWASP's equivalent scrypt settings,
 * N=2^15, r=8, p=3: 32 MiB of memory per hash (a small host survives the 4 that libuv's thread
 * pool runs at once) and about a tenth of a second of CPU.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const SCRYPT = { N: 2 ** 15, r: 8, p: 3, saltBytes: 16, keyBytes: 32 } as const;

/** What the account command accepts: long enough to resist guessing, short enough to type. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 1024;

function scrypt(password: string, salt: Buffer, keyBytes: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** scrypt needs 128·N·r bytes (plus a little): room for exactly that, whatever the settings. */
const maxmemFor = (N: number, r: number, p: number) => 128 * r * (N + 2 + p) + 1024 * 1024;

/** Unicode's composed form, so "é" typed on two keyboards is one password. */
const normalise = (password: string) => password.normalize('NFC');

/** The reason a new password is refused, in Portuguese, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  const length = [...normalise(password)].length;
  if (length < PASSWORD_MIN)
    return `A senha precisa ter ao menos ${PASSWORD_MIN} caracteres (tem ${length}). Uma frase com espaços serve.`;
  if (length > PASSWORD_MAX) return `A senha pode ter no máximo ${PASSWORD_MAX} caracteres.`;
  return undefined;
}

export async function hashPassword(password: string): Promise<string> {
  return hashAt(password, SCRYPT);
}

/** A hash at the given scrypt cost (hashPassword: SCRYPT's; the decoy: the accounts'). */
async function hashAt(password: string, { N, r, p }: HashCost): Promise<string> {
  const { saltBytes, keyBytes } = SCRYPT;
  const salt = randomBytes(saltBytes);
  const key = await scrypt(normalise(password), salt, keyBytes, { N, r, p, maxmem: maxmemFor(N, r, p) });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface HashCost {
  N: number;
  r: number;
  p: number;
}

interface ParsedHash extends HashCost {
  salt: Buffer;
  key: Buffer;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

/** A stored hash's parts, or undefined when it is not one this module writes (or within its bounds). */
export function parseHash(hash: string): ParsedHash | undefined {
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map((n) => (/^\d{1,8}$/.test(n) ? Number(n) : NaN)) as [
    number,
    number,
    number,
  ];
  // Powers of two from 2^10 to 2^20, and bounds that keep a hand-edited file from exhausting memory.
  if (!(N >= 1024 && N <= 2 ** 20 && (N & (N - 1)) === 0 && r >= 1 && r <= 32 && p >= 1 && p <= 16))
    return undefined;
  if (!B64URL.test(parts[4]!) || !B64URL.test(parts[5]!)) return undefined;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const key = Buffer.from(parts[5]!, 'base64url');
  if (salt.length < 16 || key.length < 16 || key.length > 64) return undefined;
  return { N, r, p, salt, key };
}

export const isValidHash = (hash: string) => parseHash(hash) !== undefined;

/** Constant-time comparison of the derived key; false for a malformed hash. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parsed = parseHash(hash);
  if (!parsed) return false;
  const { N, r, p, salt, key } = parsed;
  const derived = await scrypt(normalise(password), salt, key.length, {
    N,
    r,
    p,
    maxmem: maxmemFor(N, r, p),
  });
  return timingSafeEqual(derived, key);
}

/** The scrypt cost of the costliest of these stored hashes; SCRYPT's when none is one. */
export function costOf(hashes: readonly string[]): HashCost {
  let costliest: HashCost | undefined;
  for (const hash of hashes) {
    const parsed = parseHash(hash);
    if (parsed && (!costliest || parsed.N * parsed.r * parsed.p > costliest.N * costliest.r * costliest.p))
      costliest = { N: parsed.N, r: parsed.r, p: parsed.p };
  }
  return costliest ?? { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p };
}

const decoys = new Map<string, Promise<string>>();

/**
 * A hash of a random password, made once per cost: a login with an unknown e-mail is checked
 * against it, so it takes as long as one with a known e-mail and a wrong password (no way to tell
 * which e-mails have accounts by timing the answer). Its cost is the accounts' hashes' (costOf):
 * the account command's SCRYPT for every account it made; another cost only when the accounts'
 * stored hashes have it, so the answer for an unknown e-mail is never quicker than for a known one.
 */
export function decoyHash(cost: HashCost = SCRYPT): Promise<string> {
  const { N, r, p } = cost;
  const key = `${N}$${r}$${p}`;
  let decoy = decoys.get(key);
  if (!decoy) {
    decoy = hashAt(randomBytes(32).toString('base64url'), { N, r, p });
    decoys.set(key, decoy);
  }
  return decoy;
}
