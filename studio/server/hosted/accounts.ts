/**
 * The hosted Estúdio's accounts: `[{ "name", "email", "hash" }]` in a JSON file (default
 * <dataDir>/contas.json, mode 0600, written only by `npm run studio:conta`) or in the
 * STUDIO_ACCOUNTS environment variable. The file is read again whenever it changes, so adding a
 * person, rotating a password or removing someone needs no restart: a session whose account is
 * gone or whose password changed stops working at its next request.
 *
 * Each account has a role (roles.ts, decision 0048). A file from before roles has none: every
 * such account is read as Administrador (what everyone could do then), so upgrading loses no
 * one's access and no session; the next write by the account tool records the roles.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isErrno } from '../page-files.ts';
import { isValidHash } from './passwords.ts';
import { isRole, ROLE_LABEL, ROLES, type Role } from '../../roles.ts';

export interface Account {
  name: string;
  email: string;
  /** scrypt$N$r$p$salt$key (passwords.ts). */
  hash: string;
  role: Role;
}

/** What an account without a role (a file from before roles) is: nobody loses what they could do. */
export const ROLE_BEFORE_ROLES: Role = 'administrador';

export interface AccountSource {
  /** Where the accounts come from, for messages: a file path or "STUDIO_ACCOUNTS". */
  describe: string;
  /** Every account, as of now. A malformed file gives none (closed, never the last good copy). */
  list(): Promise<Account[]>;
}

/** E-mails are compared trimmed and lower-cased. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (email: string): boolean => EMAIL.test(email) && email.length <= 254;

export class AccountsError extends Error {
  override name = 'AccountsError';
}

/** The accounts in `text` (JSON), checked; `source` names it in the Portuguese error. */
export function parseAccounts(text: string, source: string): Account[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new AccountsError(`${source} não é um JSON válido.`);
  }
  if (!Array.isArray(data))
    throw new AccountsError(`${source} precisa ser uma lista: [{ "name", "email", "hash" }, …].`);
  const seen = new Set<string>();
  return data.map((item: unknown, i) => {
    const entry = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const { name, email, hash, role } = entry;
    if (typeof name !== 'string' || name.trim() === '')
      throw new AccountsError(`${source}, conta ${i + 1}: falta o nome ("name").`);
    if (typeof email !== 'string' || !isEmail(normaliseEmail(email)))
      throw new AccountsError(`${source}, conta ${i + 1}: o e-mail ("email") não é válido.`);
    if (typeof hash !== 'string' || !isValidHash(hash))
      throw new AccountsError(
        `${source}, conta ${i + 1} (${email}): o "hash" não é um hash scrypt do Estúdio. Crie a senha com npm run studio:conta -- senha --email ${email}.`,
      );
    if (role !== undefined && !isRole(role))
      throw new AccountsError(
        `${source}, conta ${i + 1} (${email}): o papel ("role") ${JSON.stringify(role).slice(0, 40)} não existe; use ${ROLES.map((r) => `"${r}" (${ROLE_LABEL[r]})`).join(', ')}.`,
      );
    const key = normaliseEmail(email);
    if (seen.has(key)) throw new AccountsError(`${source}: o e-mail ${key} aparece duas vezes.`);
    seen.add(key);
    return { name: name.trim(), email: key, hash, role: role ?? ROLE_BEFORE_ROLES };
  });
}

/** Fixed accounts (STUDIO_ACCOUNTS), checked once. */
export function accountsFromText(text: string, source = 'STUDIO_ACCOUNTS'): AccountSource {
  const accounts = parseAccounts(text, source);
  return { describe: source, list: async () => accounts };
}

/** The accounts file, read again when its size, time or inode changes. */
export function accountsFromFile(file: string): AccountSource {
  let cached: { stamp: string; accounts: Account[] } | undefined;
  return {
    describe: file,
    async list() {
      let stamp: string;
      try {
        const s = await stat(file);
        stamp = `${s.ino}:${s.size}:${s.mtimeMs}`;
      } catch (error) {
        if (isErrno(error, 'ENOENT')) return [];
        throw error;
      }
      if (cached?.stamp === stamp) return cached.accounts;
      let accounts: Account[];
      try {
        accounts = parseAccounts(await readFile(file, 'utf8'), file);
      } catch (error) {
        if (!(error instanceof AccountsError)) throw error;
        console.error(`Estúdio: ${error.message} Ninguém consegue entrar até o arquivo ser corrigido.`);
        accounts = [];
      }
      cached = { stamp, accounts };
      return accounts;
    },
  };
}

/** The file's accounts, or none when it does not exist yet; a malformed file is an error. */
export async function readAccountsFile(file: string): Promise<Account[]> {
  try {
    return parseAccounts(await readFile(file, 'utf8'), file);
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return [];
    throw error;
  }
}

/**
 * Writes the accounts atomically: a temporary file beside it, created with mode 0600, written,
 * flushed to disk, then renamed over the old one. The folder is created with mode 0700.
 */
export async function writeAccountsFile(file: string, accounts: Account[]): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(accounts, null, 2)}\n`);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  // The umask never widens 0600, but a file created by hand might be wider: the new one is not.
  await chmod(temp, 0o600);
  await rename(temp, file);
}
