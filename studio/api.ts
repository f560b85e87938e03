/**
 * What the Estúdio's server and its browser app say to each other: one type per request and
 * answer of the JSON API. Every error answer is `ApiError` with a Portuguese message.
 */
import type { DraftRender } from '../runtime/dev/index.ts';

export interface ApiError {
  /** Portuguese, for the author: what happened and what to do. */
  error: string;
  hint?: string;
}

export interface PageSummary {
  /** Root-relative: "pages/agendamento.yaml". */
  file: string;
  route: string;
  title: string | null;
  /** The base page as written after `extends:` ("agendamento"), when the page is a variant. */
  extends: string | null;
  /** The base page's route, when it resolves. */
  variantOf: string | null;
  /** How many problems `npm run check` reports in this file. */
  problems: number;
}

/** GET /api/pages */
export interface PagesAnswer {
  pages: PageSummary[];
}

/** GET /api/page?file=pages/x.yaml */
export interface PageAnswer {
  file: string;
  route: string;
  source: string;
  /** sha256 (hex) of the file's bytes when read: the base of the next save. */
  version: string;
}

/** PUT /api/page: saves when the file on disk is still `version`. */
export interface SaveRequest {
  file: string;
  source: string;
  version: string;
}
/** 200 */
export interface SaveAnswer {
  version: string;
}
/** 409: the file changed on disk since `version`; nothing was written. */
export interface SaveConflict extends ApiError {
  current: { source: string; version: string };
}

/** POST /api/pages: a new page, or a variant of `from` (what `npm run new-page -- --from` writes). */
export interface CreateRequest {
  route: string;
  from?: string;
}
/** POST /api/pages/duplicate: a copy of `file` at `route`. */
export interface DuplicateRequest {
  file: string;
  route: string;
}
export interface CreatedAnswer {
  file: string;
  route: string;
}

/** DELETE /api/page?file=…: 409 with the pages that extend it. */
export interface DeleteRefused extends ApiError {
  dependents: string[];
}

/** POST /api/preview */
export interface PreviewRequest {
  file: string;
  source: string;
}
export type PreviewAnswer = DraftRender;

/** GET /api/blocks: the palette. */
export interface BlockInfo {
  type: string;
  title: string;
  description: string;
  placement: 'header' | 'main' | 'footer' | 'overlay';
  /** The block's first registry example as a YAML list item (`- type: …`), at indent 0. */
  example: string;
}
export interface BlocksAnswer {
  blocks: BlockInfo[];
}

/** GET /api/images: site addresses of the images in public/images/ ("/images/cilindro.svg"). */
export interface ImagesAnswer {
  images: string[];
}
