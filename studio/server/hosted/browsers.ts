/**
 * Browsers that have signed in (decision 0026): after a right password the browser gets
 * `__Host-estudio-navegador`, a random value and an HMAC of it with the e-mail, under a key kept
 * on the data volume (`navegadores.chave`, mode 0600, made on the first start). At the next
 * sign-in on that e-mail the cookie lets the attempt skip the e-mail's slow-down
 * (login-limits.ts): guessing from elsewhere does not slow a person on their own browser. It is
 * not a session and opens nothing; the per-address limits still apply to it. A stolen key lets
 * its holder skip the slow-down, nothing more.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { cookieValues } from '../security.ts';

export const BROWSER_COOKIE = '__Host-estudio-navegador';
/** 180 days. */
const MAX_AGE_SECONDS = 180 * 86_400;

export interface BrowserSigner {
  /** Set-Cookie for a browser that just signed in to `email`. */
  cookie(email: string): string;
  /** Whether the request's cookie was given to a browser that signed in to `email`. */
  knows(cookieHeader: string | undefined, email: string): boolean;
}

async function loadKey(file: string): Promise<Buffer> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    const handle = await open(file, 'wx', 0o600);
    try {
      const key = randomBytes(32);
      await handle.writeFile(key.toString('base64url'));
      await handle.sync();
      return key;
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
  if (key.length < 32) throw new Error(`A chave ${file} está incompleta: apague o arquivo e inicie de novo.`);
  return key;
}

export async function browserSigner(dataDir: string): Promise<BrowserSigner> {
  const key = await loadKey(path.join(dataDir, 'navegadores.chave'));
  const mac = (email: string, nonce: string) =>
    createHmac('sha256', key).update(`${email}\n${nonce}`).digest();
  return {
    cookie(email) {
      const nonce = randomBytes(16).toString('base64url');
      const value = `${nonce}.${mac(email, nonce).toString('base64url')}`;
      return `${BROWSER_COOKIE}=${value}; Secure; HttpOnly; SameSite=Strict; Path=/; Max-Age=${MAX_AGE_SECONDS}`;
    },
    knows(header, email) {
      for (const value of cookieValues(header, BROWSER_COOKIE)) {
        const m = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value);
        if (!m) continue;
        const given = Buffer.from(m[2]!, 'base64url');
        if (given.length === 32 && timingSafeEqual(given, mac(email, m[1]!))) return true;
      }
      return false;
    },
  };
}
