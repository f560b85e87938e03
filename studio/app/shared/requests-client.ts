/**
 * Pedidos de publicação as the app calls them (types in studio/requests-api.ts): the list (with
 * what this person may do), Pedir publicação, Pedir para restaurar/agendar…, Pedir de novo, Aprovar e publicar, Devolver, and
 * the setting "toda publicação precisa de aprovação".
 */
import type { PublishAnswer } from '../../api.ts';
import type { ActionKind, PublicationRequest, RequestCreate, RequestsAnswer } from '../../requests-api.ts';
import { call } from './api-client.ts';

export const requestsApi = {
  list: () => call<RequestsAnswer>('GET', '/api/requests'),
  create: (request: RequestCreate) => call<PublicationRequest>('POST', '/api/requests', request),
  /** Pedir para restaurar, agendar…: the action's own body, asked instead of done. */
  askAction: (kind: ActionKind, body: Record<string, unknown>, message: string) =>
    call<PublicationRequest>('POST', '/api/requests/action', { kind, body, message }),
  /** Pedir de novo; a schedule's request may carry new times ("AAAA-MM-DD HH:MM", end null: none). */
  renew: (id: string, times?: { start: string; end: string | null }) =>
    call<PublicationRequest>('POST', '/api/requests/renew', { id, ...times }),
  approve: (id: string) => call<PublishAnswer>('POST', '/api/requests/approve', { id }),
  giveBack: (id: string, comment: string) =>
    call<PublicationRequest>('POST', '/api/requests/return', { id, comment }),
  setApprovalRequired: (approvalRequired: boolean) =>
    call<{ approvalRequired: boolean }>('PUT', '/api/requests/settings', { approvalRequired }),
};

/** Said by any screen that changed requests: the header's count reads them again. */
export const REQUESTS_CHANGED = 'estudio:pedidos';
export const requestsChanged = () => dispatchEvent(new Event(REQUESTS_CHANGED));
