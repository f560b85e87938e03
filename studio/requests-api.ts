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

/**
 * What a request asks for besides publishing saved texts (session 21): each is a route of its own
 * that publishes directly, asked instead of done. The stored body is that route's body, run by its
 * own handler at approval.
 */
export const ACTION_KINDS = [
  'restaurar',
  'desfazer',
  'agendar',
  'alterar-horario',
  'cancelar-agendamento',
  'trazer-para-paginas',
  'levar-vencedora',
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];
export type RequestKind = 'publicar' | ActionKind;
/** An action's body, as JSON, at most this many characters. */
export const MAX_ACTION_BODY = 16 * 1024;

/** The button's words where the action would have been ("Pedir para restaurar"). */
export const ACTION_ASK: Record<ActionKind, string> = {
  restaurar: 'Pedir para restaurar',
  desfazer: 'Pedir para desfazer',
  agendar: 'Pedir agendamento',
  'alterar-horario': 'Pedir mudança de horário',
  'cancelar-agendamento': 'Pedir cancelamento',
  'trazer-para-paginas': 'Pedir para trazer para as páginas',
  'levar-vencedora': 'Pedir para levar a vencedora',
};

/** A path the action writes: its git blob before (published) and after (null: absent). */
export interface ActionWrite {
  file: string;
  path: string;
  before: string | null;
  after: string | null;
}

/** What an action request will do, computed by its handler when asked (and asked again). */
export interface RequestedAction {
  /** The route's body, validated by its handler (a message of its own is not kept). */
  body: Record<string, unknown>;
  /** The commit's subject the handler chose: the action in words ("Restaura /recarga à versão de …"). */
  summary: string;
  /** The published commit it was planned on and the tree it would commit (the review's pictures). */
  parent: string;
  tree: string;
  /** Every path it writes, with what it depended on (before) and what it writes (after). */
  writes: ActionWrite[];
  /** Routes whose page changes now, for the review's before/after pictures (parent → tree). */
  routes: string[];
}

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
  /** Absent: publicar (every request before session 21). */
  kind?: RequestKind;
  /** Publicar's files; empty for an action. */
  files: RequestedFile[];
  /** An action's body and plan (kind other than publicar). */
  action?: RequestedAction;
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
  /** Each file's route ("/promo"), null for _site.yaml and images (an action: each write's). */
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

/** POST /api/requests/action */
export interface RequestActionCreate {
  kind: ActionKind;
  body: Record<string, unknown>;
  message: string;
}

/** POST /api/requests/approve answered 409 because a file changed since the request. */
export interface RequestChanged {
  error: string;
  /**
   * "alterado": saved again since (an action: what it would write is no longer what was asked);
   * "excluído": removed since; "publicado": someone published the file since (an action).
   */
  changed: { file: string; route: string | null; now: 'alterado' | 'excluído' | 'publicado' }[];
}
