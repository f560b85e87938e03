/**
 * The Pessoas screen's API (decision 0048), shared by the server and the app: the accounts with
 * their roles, and a role's change. Never a password hash.
 */
import type { Role } from './roles.ts';

export interface PersonEntry {
  name: string;
  email: string;
  role: Role;
}

/** GET /api/pessoas and the answer to PUT /api/pessoas. */
export interface PessoasAnswer {
  people: PersonEntry[];
  /** Whether roles can be changed here (false: fixed accounts in STUDIO_ACCOUNTS, or no accounts). */
  editable: boolean;
  /** Why not, in Portuguese, when `editable` is false. */
  reason?: string;
  /**
   * Behind Cloudflare Access (decision 0048): people are those Access let in, each listed at their
   * first visit as Editor (the very first as Administrador); there are no passwords here.
   */
  access?: boolean;
}

/** PUT /api/pessoas */
export interface RoleChange {
  email: string;
  role: Role;
}
