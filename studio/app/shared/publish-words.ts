/**
 * What a button that would publish says, for the person who sees it (decision 0049): an Editor's
 * Publicar sends a request ("Pedir publicação"), and so does everyone's while "toda publicação
 * precisa de aprovação" is on. The publish dialog itself decides from GET /api/requests; every
 * button that opens it (Páginas, the editor, Configurações, Públicos, Experimentos) says the same
 * from GET /api/eu, so nobody presses "Publicar" and gets a request.
 */
import { can, type Role } from '../../roles.ts';
import { useMe } from './presence.ts';

/**
 * Whether publishing asks instead, for this role and setting. Unknown (no answer from GET /api/eu)
 * is "Publicar", as before roles: the dialog still says "Pedir publicação" when it is one.
 */
export function publishAsks(me: { role: Role; approvalRequired?: boolean } | null | undefined): boolean {
  if (!me) return false;
  return me.approvalRequired === true || !can(me.role, 'publish');
}

/** publishAsks for the signed-in person. */
export function usePublishAsks(): boolean {
  return publishAsks(useMe());
}

/** "Publicar" or "Pedir publicação", capitalised as a button's label. */
export const publishVerb = (asks: boolean): string => (asks ? 'Pedir publicação' : 'Publicar');
