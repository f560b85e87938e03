/**
 * What every step of a publish shares: the options, the repository, the audit log, the kept
 * builds and the files marked stale, passed explicitly as one context; the outcome types and the
 * constants the steps agree on.
 */
import type { PublishAnswer, PublishConflict, PublishRefused } from '../../api.ts';
import type { AuditLog } from '../audit.ts';
import type { Repo, TreeChange } from '../git.ts';
import { HttpError } from '../http.ts';
import type { SiteBuilds } from '../review/site-builds.ts';

export interface PublishOptions {
  /** The project root: runtime/ and node_modules/ (the build runs from here). */
  root: string;
  repo: Repo | undefined;
  audit: AuditLog;
  /** The file → route rule and the blocks' titles, for default messages. */
  routeOf(apiFile: string): string | null;
  blockTitle(type: string): string | undefined;
  /** The kept builds of trees (shared with the review of a publish); default: a new set. */
  builds?: SiteBuilds;
}

export interface PublishContext {
  readonly options: PublishOptions;
  readonly repo: Repo | undefined;
  readonly audit: AuditLog;
  /** The kept builds of trees (review/site-builds.ts): the check reuses a recent one. */
  readonly builds: SiteBuilds;
  /**
   * Files whose saved text was written against an older version than the branch now has (the
   * remote brought another person's change to them): publishing one needs the author to have
   * seen both versions (`overwrite`). Repository path → the commit the saved text started from.
   */
  readonly stale: Map<string, string>;
}

/** A build kept from a review this recent is the check of the same tree (no second build). */
export const CHECK_REUSE_MS = 10 * 60_000;

/** What a commit does, as the audit log names it ("concluir": levar a vencedora para a página; "agendar": a scheduled change made, retimed or cancelled). */
export type Action = 'publicar' | 'restaurar' | 'concluir' | 'agendar';

/** An outcome the API sends as is (200 published, 409 conflict, 422 refused by the check). */
export type PublishOutcome =
  | { status: 200; body: PublishAnswer }
  | { status: 409; body: PublishConflict }
  | { status: 422; body: PublishRefused };

export interface CheckResult {
  ok: boolean;
  output: string;
  pages: string[];
  /** The generated files the checked tree implies (vercel.json, middleware.ts) where they differ from it. */
  derived: TreeChange[];
}

export const PAGES = 'pages/';
export const IMAGES = 'public/images/';

/** How long a push may take; recovery waits this long for one a crash left running. */
export const PUSH_TIMEOUT_MS = 120_000;

/** The mode git gives a symbolic link. */
export const LINK_MODE = '120000';

/** The repository, or the refusal to publish outside one. */
export function need(ctx: PublishContext): Repo {
  const { repo } = ctx;
  if (!repo) {
    throw new HttpError(
      409,
      'Esta pasta não está num repositório git: o Estúdio salva as páginas, mas não tem onde publicá-las.',
      {
        hint: 'Peça a quem cuida do site para abrir o Estúdio dentro da cópia do repositório (git clone).',
      },
    );
  }
  return repo;
}
