/**
 * Roles on the server (issue 39, decision 0048): the table itself is studio/roles.ts (the app
 * reads it too, to hide what a role cannot do); here is the one guard every API request passes
 * through (api.ts handleApi), keyed by method and route. A route without a rule is refused for
 * everyone, and tests/studio/roles.test.ts fails for it: a new route must say who may use it.
 */
import { HttpError } from '../http.ts';
import { can, isRole, ROLE_LABEL, type Action, type Role } from '../../roles.ts';

export { ACTIONS, can, isRole, parseRole, ROLE_LABEL, ROLE_SUMMARY, ROLES } from '../../roles.ts';
export type { Action, Role } from '../../roles.ts';

/** `'anyone'`: every signed-in person (reading, checking, saying which page one has open). */
export type RouteRule = Action | 'anyone';

/** "METHOD /api/path" → who may. Reading is open to every role; each change names its action. */
export const ROUTE_RULES: Record<string, RouteRule> = {
  'GET /api/eu': 'anyone',
  'GET /api/changes': 'anyone',
  'POST /api/publish': 'publish',
  'GET /api/history': 'anyone',
  'GET /api/history/diff': 'anyone',
  'GET /api/history/deleted': 'anyone',
  'POST /api/history/restore': 'restore',
  'POST /api/history/revert': 'restore',
  'GET /api/presence': 'anyone',
  'POST /api/presence': 'anyone',
  'GET /api/pages': 'anyone',
  'POST /api/pages': 'edit',
  'POST /api/pages/duplicate': 'edit',
  'GET /api/page': 'anyone',
  'PUT /api/page': 'edit',
  'DELETE /api/page': 'delete-page',
  // Which pages link to a page (Excluir's warning): reading.
  'GET /api/page/links': 'anyone',
  'POST /api/preview': 'anyone',
  'GET /api/inherited': 'anyone',
  'GET /api/blocks': 'anyone',
  'GET /api/site': 'anyone',
  'PUT /api/site': 'settings',
  'POST /api/site/check': 'anyone',
  'POST /api/experiments/report': 'anyone',
  // Concluding an experiment publishes (the winner goes to the site in one commit).
  'POST /api/experiments/conclude': 'publish',
  'GET /api/images': 'anyone',
  'POST /api/images': 'edit',
  'GET /api/ga4': 'anyone',
  'PUT /api/ga4': 'ga4',
  'DELETE /api/ga4': 'ga4',
  'POST /api/ga4/test': 'ga4',
  'GET /api/ga4/traffic': 'anyone',
  // Pulls the experiment's numbers with the saved connection: reading, like the report.
  'POST /api/experiments/pull': 'anyone',
  'POST /api/review': 'anyone',
  'GET /api/review/pictures': 'anyone',
  'GET /api/review/picture': 'anyone',
  'GET /api/publicos/agendados': 'anyone',
  'GET /api/schedules': 'anyone',
  'POST /api/schedules': 'schedule',
  'POST /api/schedules/times': 'schedule',
  'POST /api/schedules/cancel': 'schedule',
  'POST /api/schedules/edit': 'schedule',
  'POST /api/schedules/apply': 'schedule',
  // Pedidos de publicação (decision 0049): everyone sees theirs (approvers: all), anyone who
  // edits may ask; requests.ts checks one's own (renew) and "not one's own" (approval required).
  'GET /api/requests': 'anyone',
  'POST /api/requests': 'edit',
  // Pedir para restaurar, agendar… (session 21): asking is editing; approving needs the action's own rule too.
  'POST /api/requests/action': 'edit',
  'POST /api/requests/renew': 'edit',
  'POST /api/requests/approve': 'approve',
  'POST /api/requests/return': 'approve',
  'PUT /api/requests/settings': 'settings',
  // Shared previews (decision 0050): every role may share; the list shows readers' comments.
  'GET /api/previas': 'share',
  'POST /api/previas': 'share',
  'POST /api/previas/revogar': 'share',
  // Pessoas (this decision): the list and a role's change.
  'GET /api/pessoas': 'accounts',
  'PUT /api/pessoas': 'accounts',
};

/** What people read when their role does not allow a route's action. */
const REFUSAL: Record<Action, string> = {
  edit: 'editar páginas',
  publish: 'publicar',
  approve: 'aprovar pedidos de publicação',
  restore: 'restaurar versões',
  'delete-page': 'apagar páginas',
  settings: 'mudar as Configurações do site',
  accounts: 'ver e mudar as pessoas do Estúdio',
  ga4: 'mudar a conexão com o Google Analytics',
  share: 'compartilhar prévias',
  schedule: 'agendar publicações',
};

/** The rule of `method` on `route`, or undefined when none was written. */
export const routeRule = (method: string, route: string): RouteRule | undefined =>
  Object.hasOwn(ROUTE_RULES, `${method} ${route}`) ? ROUTE_RULES[`${method} ${route}`] : undefined;

/**
 * Throws 403 unless `role` may use `method` on `route`. No rule: refused for everyone (closed),
 * so a forgotten route is never open. HEAD follows GET.
 */
export function guardRoute(role: Role | undefined, method: string, route: string): void {
  const rule = routeRule(method === 'HEAD' ? 'GET' : method, route);
  if (rule === undefined)
    throw new HttpError(403, `Nenhum papel pode usar ${method} ${route}: falta a regra em roles.ts.`);
  if (rule === 'anyone') {
    if (!isRole(role)) throw new HttpError(403, 'Sua conta não tem um papel.');
    return;
  }
  if (!can(role, rule)) {
    const who = isRole(role) ? ROLE_LABEL[role] : 'sem papel';
    throw new HttpError(
      403,
      `Seu papel (${who}) não permite ${REFUSAL[rule]}. Peça a um Administrador se precisar.`,
    );
  }
}
