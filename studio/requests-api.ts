/**
 * Pedidos de publicação (issue 39, decision 0049): the API's types, shared by the server
 * (studio/server/requests.ts) and the app (screens/pedidos, the publish dialog's "Pedir publicação",
 * the header's count, Histórico). A request is kept in the Estúdio's own state folder, never in
 * the repository.
 */
/** A request's id: 16 base64url characters (96 random bits). */
export const REQUEST_ID = /^[A-Za-z0-9_-]{16}$/;
export const MAX_REQUEST_MESSAGE = 2000;
export const MAX_REQUEST_COMMENT = 1000;
export const MAX_REQUEST_FILES = 200;

export type RequestStatus = 'pendente' | 'aprovado' | 'devolvido';

export interface RequestPerson {
  name: string;
  email: string;
}

/** A file as requested: its saved text's sha256 at request time (null: the file's removal). */
export interface RequestedFile {
  file: string;
  sha256: string | null;
}

/** As stored (pedidos.json). */
export interface PublicationRequest {
  id: string;
  files: RequestedFile[];
  message: string;
  requester: RequestPerson;
  /** ISO 8601, UTC. */
  createdAt: string;
  status: RequestStatus;
  decidedBy?: RequestPerson;
  decidedAt?: string;
  /** Devolver's comment (plain text). */
  comment?: string;
  /** Aprovar e publicar: the commit that published it. */
  commit?: string;
}

/** A request as a screen shows it. */
export interface RequestView extends PublicationRequest {
  /** Each file's route ("/promo"), null for _site.yaml and images. */
  routes: (string | null)[];
  /** Pending only: requested files whose saved text is no longer what was requested. */
  changedSince: string[];
  /** The person asking is the requester. */
  mine: boolean;
  /** The person asking may approve or return it now (role, and not their own when approval is required). */
  canDecide: boolean;
}

/** GET /api/requests */
export interface RequestsAnswer {
  /** Publishing works here (a repository); otherwise requests are not offered. */
  enabled: boolean;
  /** "Toda publicação precisa de aprovação" (the Estúdio's setting). */
  approvalRequired: boolean;
  /** The person may publish directly (their role, and the setting). */
  mayPublish: boolean;
  /** The person may approve requests (their role). */
  mayApprove: boolean;
  /** The person may change the setting (Administrador). */
  maySetApproval: boolean;
  /** Approvers: every request; others: their own. Newest first. */
  requests: RequestView[];
  /** The header's count: requests this person may decide now; for others, their returned ones. */
  attention: number;
}

/** POST /api/requests */
export interface RequestCreate {
  files: string[];
  message: string;
}

/** POST /api/requests/approve answered 409 because a file changed since the request. */
export interface RequestChanged {
  error: string;
  /** "alterado": saved again since; "excluído": removed since. */
  changed: { file: string; route: string | null; now: 'alterado' | 'excluído' }[];
}
