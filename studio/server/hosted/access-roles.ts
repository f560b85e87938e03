/**
 * Roles behind Cloudflare Access (issue 39, decision 0048). Access decides who enters; the
 * Estúdio decides what each one may do, from papeis.json in its state folder (beside contas.json):
 * `[{ "name", "email", "role" }]`, keyed by e-mail.
 *
 * - A person listed there has that role (set in Pessoas or with `npm run studio:conta -- acesso`).
 * - A person not listed is an Editor, and is added to the list at their first request so the
 *   Administrador sees them in Pessoas and can give them another role. Access may let in a whole
 *   e-mail domain or anyone with a one-time code: being let in is not being trusted to publish.
 * - The very first person, while the list is empty, is Administrador: an installation can never
 *   lock itself out of Pessoas.
 *
 * Not contas.json: an account there must have a password hash (the sign-in checks it), and an
 * entry without one must never sign anyone in; people behind Access have no password of ours.
 * Written atomically and durably, one change at a time. A damaged file is refused in words, never
 * read as empty (which would make the next person Administrador).
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { HttpError } from '../http.ts';
import { isErrno, writeDurable } from '../page-files.ts';
import { isEmail, normaliseEmail } from './accounts.ts';
import { isRole, ROLE_LABEL, ROLES, type Role } from './roles.ts';

export const ACCESS_ROLES_FILE = 'papeis.json';

export interface AccessPerson {
  name: string;
  email: string;
  role: Role;
}

export class AccessRolesError extends Error {
  override name = 'AccessRolesError';
}

/** The list in `text`, checked; `source` names it in the Portuguese error. */
export function parseAccessRoles(text: string, source: string): AccessPerson[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new AccessRolesError(`${source} não é um JSON válido.`);
  }
  if (!Array.isArray(data))
    throw new AccessRolesError(`${source} precisa ser uma lista: [{ "name", "email", "role" }, …].`);
  const seen = new Set<string>();
  return data.map((item: unknown, i) => {
    const { name, email, role } = (typeof item === 'object' && item !== null ? item : {}) as Record<
      string,
      unknown
    >;
    if (typeof email !== 'string' || !isEmail(normaliseEmail(email)))
      throw new AccessRolesError(`${source}, pessoa ${i + 1}: o e-mail ("email") não é válido.`);
    if (!isRole(role))
      throw new AccessRolesError(
        `${source}, pessoa ${i + 1} (${email}): o papel ("role") ${JSON.stringify(role ?? null).slice(0, 40)} não existe; use ${ROLES.map((r) => `"${r}" (${ROLE_LABEL[r]})`).join(', ')}.`,
      );
    const key = normaliseEmail(email);
    if (seen.has(key)) throw new AccessRolesError(`${source}: o e-mail ${key} aparece duas vezes.`);
    seen.add(key);
    return { name: typeof name === 'string' && name.trim() ? name.trim() : key, email: key, role };
  });
}

/** The file's list, [] when it does not exist yet; a damaged file is an AccessRolesError. */
export async function readAccessRoles(file: string): Promise<AccessPerson[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return [];
    throw error;
  }
  return parseAccessRoles(text, file);
}

export async function writeAccessRoles(file: string, people: AccessPerson[]): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeDurable(file, Buffer.from(`${JSON.stringify(people, null, 2)}\n`, 'utf8'), 0o600);
}

export interface AccessRoles {
  file: string;
  /** The role of someone Access let in (listed: theirs; the first ever: Administrador; else Editor). */
  roleOf(person: { name: string; email: string }): Promise<Role>;
  list(): Promise<AccessPerson[]>;
  /** A listed person's new role; refused for the last Administrador. Returns the list and the old role. */
  setRole(email: string, role: Role): Promise<{ people: AccessPerson[]; from: Role }>;
}

/** Nobody could change roles any more. */
export const lastAdministrator = (p: AccessPerson, people: AccessPerson[]) =>
  p.role === 'administrador' && people.filter((x) => x.role === 'administrador').length === 1;

/** papeis.json in `dataDir`; `onAdded` hears of each person added (the audit log). */
export function accessRoles(dataDir: string, onAdded?: (person: AccessPerson) => Promise<void>): AccessRoles {
  const file = path.join(dataDir, ACCESS_ROLES_FILE);
  let chain: Promise<unknown> = Promise.resolve();
  const serialised = <T>(task: () => Promise<T>): Promise<T> => {
    const run = chain.then(task, task);
    chain = run.catch(() => undefined);
    return run;
  };
  const read = async () => {
    try {
      return await readAccessRoles(file);
    } catch (error) {
      if (error instanceof AccessRolesError)
        throw new HttpError(500, `${error.message} Ninguém entra no Estúdio até o arquivo ser corrigido.`);
      throw error;
    }
  };
  return {
    file,
    async roleOf(person) {
      const email = normaliseEmail(person.email);
      const known = (await read()).find((p) => p.email === email);
      if (known) return known.role;
      return serialised(async () => {
        const people = await read();
        const again = people.find((p) => p.email === email);
        if (again) return again.role;
        const added: AccessPerson = {
          name: person.name,
          email,
          role: people.length === 0 ? 'administrador' : 'editor',
        };
        await writeAccessRoles(file, [...people, added]);
        await onAdded?.(added);
        return added.role;
      });
    },
    list: read,
    setRole(typed, role) {
      const email = normaliseEmail(typed);
      return serialised(async () => {
        const people = await read();
        const person = people.find((p) => p.email === email);
        if (!person)
          throw new HttpError(
            404,
            `${email} ainda não entrou no Estúdio pelo Cloudflare Access. Quem entra aparece aqui como Editor; para dar um papel antes, use npm run studio:conta -- acesso --email ${email} --papel ${role}.`,
          );
        if (role !== 'administrador' && lastAdministrator(person, people))
          throw new HttpError(
            409,
            `${person.name} é a única pessoa Administradora: ninguém mais poderia mudar papéis. Faça outra pessoa Administradora antes.`,
          );
        const next = people.map((p) => (p.email === email ? { ...p, role } : p));
        if (person.role !== role) await writeAccessRoles(file, next);
        return { people: next, from: person.role };
      });
    },
  };
}
