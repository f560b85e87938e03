/**
 * Shared previews' API types (issue 39, decision 0050), shared by the server
 * (studio/server/shared-previews.ts) and the app (screens/previas, the editor's bar).
 * A shared link /previa/<token> shows one page as it was saved when the link was made, to anyone
 * holding the link, read-only, until it expires or is revoked. The token is shown once, at
 * creation: the Estúdio keeps only its SHA-256.
 */

/** The expiries offered when sharing; 7 days unless chosen otherwise. */
export const SHARE_DAYS = [1, 7, 30] as const;
export type ShareDays = (typeof SHARE_DAYS)[number];
export const DEFAULT_SHARE_DAYS: ShareDays = 7;

/** A reader's comment: plain text, at most this many characters (and a name of at most MAX_READER_NAME). */
export const MAX_COMMENT = 1000;
export const MAX_READER_NAME = 80;
/** Comments kept per link; more are refused in words. */
export const MAX_COMMENTS_PER_LINK = 100;

export type SharedLinkState = 'ativo' | 'expirado' | 'revogado' | 'pagina-excluida';

export interface SharedComment {
  id: string;
  /** ISO 8601. */
  at: string;
  /** As the reader typed it ("" when none). Shown as text, never as markup. */
  name: string;
  text: string;
}

export interface SharedLinkInfo {
  id: string;
  /** "pages/recarga.yaml". */
  file: string;
  route: string;
  /** The scheduled change shared (its id), when the link shows a schedule's version of the page. */
  schedule?: string;
  creator: { name: string; email: string };
  createdAt: string;
  expiresAt: string;
  revokedAt?: string;
  revokedBy?: string;
  state: SharedLinkState;
  /** The first characters of the token's SHA-256: how the audit log names the link. */
  hashPrefix: string;
  comments: SharedComment[];
}

export interface SharedPreviewsAnswer {
  /** False in local mode: nobody outside this computer could open a link. */
  available: boolean;
  /** Why not, in words, when not available. */
  reason?: string;
  links: SharedLinkInfo[];
}

export interface ShareRequest {
  file: string;
  days?: number;
  /** Share the page as a scheduled change (its id) will make it, instead of the saved text. */
  schedule?: string;
}

export interface ShareAnswer {
  /** The whole address, with the token: shown once, never again. */
  url: string;
  link: SharedLinkInfo;
}

export const LOCAL_SHARE_REASON =
  'Compartilhar prévia precisa do Estúdio hospedado: este Estúdio roda só neste computador, e ninguém mais conseguiria abrir o link. No Estúdio hospedado (npm run studio -- --hosted, veja o README), qualquer pessoa com o link vê a página antes de ela ir para o site.';
