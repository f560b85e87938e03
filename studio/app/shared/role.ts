/**
 * What the signed-in person's role lets them do, for screens to hide what it cannot (decision
 * 0048). The server is the authority: it refuses every route a role cannot use, whatever the app
 * shows. The role comes from GET /api/eu (asked once per page, presence.ts's useMe).
 *
 * For Publicar: `useCan('publish') === false` is an Editor, whose Publicar becomes "Pedir
 * publicação" (Pedidos, decision 0049); `useMustAsk` says where any other direct publication
 * (Restaurar, Agendar, Levar a vencedora…) becomes its request.
 */
import { can, ROLE_LABEL, type Action, type Role } from '../../roles.ts';
import { useMe } from './presence.ts';

/** The role, undefined while GET /api/eu has not answered (or cannot say). */
export function useRole(): Role | undefined {
  return useMe()?.role;
}

/**
 * Whether the person may do `action`: undefined while not yet known (screens keep showing what
 * they showed before roles, so an Administrador's screen never flickers), then true or false.
 */
export function useCan(action: Action): boolean | undefined {
  const role = useRole();
  return role === undefined ? undefined : can(role, action);
}

/**
 * Whether `action` (restore, schedule, publish) must be asked instead of done (session 21): the
 * role cannot do it, or every publication needs approval. Undefined while not yet known.
 * Screens then show "Pedir …" (shared/action-request.tsx) where the button was.
 */
export function useMustAsk(action: Action): boolean | undefined {
  const me = useMe();
  if (!me) return undefined;
  return !can(me.role, action) || me.approvalRequired === true;
}

export { ROLE_LABEL };
export type { Action, Role };
