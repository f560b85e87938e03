/**
 * Who is acting. In local mode, the person at the computer: git's own user.name and user.email
 * in the repository (the author of their commits anyway). In hosted mode, the account of the
 * session (hosted/accounts.ts).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Role } from '../roles.ts';

export interface Person {
  name: string;
  email: string;
}

/** The person a request comes from, with what they may do (roles.ts, decision 0048). */
export interface ActingPerson extends Person {
  /** Local mode: the one person at the computer is Administrador. */
  role: Role;
}

const run = promisify(execFile);

async function gitConfig(cwd: string, key: string): Promise<string | undefined> {
  try {
    const { stdout } = await run('git', ['config', '--get', key], { cwd });
    return stdout.trim() || undefined;
  } catch {
    return undefined;
  }
}

/** git config user.name / user.email in `cwd`, or a placeholder the publish dialog asks to fill. */
export async function localPerson(cwd: string): Promise<ActingPerson> {
  const [name, email] = await Promise.all([gitConfig(cwd, 'user.name'), gitConfig(cwd, 'user.email')]);
  return { name: name ?? 'Autor local', email: email ?? 'autor@localhost', role: 'administrador' };
}
