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

/**
 * user.name and user.email as `git config --get` gives each (the last value set, trimmed; empty is
 * unset), read with one git process: every process a start forks costs its page faults.
 */
async function gitIdentity(cwd: string): Promise<{ name?: string; email?: string }> {
  let stdout: string;
  try {
    // NUL-separated "key\nvalue" entries, keys lowercased by git, in the configuration's order.
    ({ stdout } = await run('git', ['config', '--null', '--get-regexp', String.raw`^user\.(name|email)$`], {
      cwd,
    }));
  } catch {
    // Exit 1: neither is set (or no git at all).
    return {};
  }
  const found: { name?: string; email?: string } = {};
  for (const entry of stdout.split('\0')) {
    const end = entry.indexOf('\n');
    const key = end < 0 ? entry : entry.slice(0, end);
    const value = end < 0 ? '' : entry.slice(end + 1).trim();
    if (key === 'user.name') found.name = value || undefined;
    else if (key === 'user.email') found.email = value || undefined;
  }
  return found;
}

/** git config user.name / user.email in `cwd`, or a placeholder the publish dialog asks to fill. */
export async function localPerson(cwd: string): Promise<ActingPerson> {
  const { name, email } = await gitIdentity(cwd);
  return { name: name ?? 'Autor local', email: email ?? 'autor@localhost', role: 'administrador' };
}
