/**
 * What the Estúdio's server and its browser app say to each other: one type per request and
 * answer of the JSON API. Every error answer is `ApiError` with a Portuguese message.
 */
import type { DraftProblem, DraftRender } from '../runtime/dev/index.ts';
import type { RenderDelta } from '../runtime/dev/browser.ts';
import type { JudgedReport } from '../runtime/experiments/index.ts';
import type { Role } from './roles.ts';

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
  /** The experiment of _site.yaml this page is in: its address and this page's share of visitors. */
  experiment: { id: string; route: string; weight: number; winner: string | null } | null;
  /** The last published change (git), when the page has one. */
  lastChange: { name: string; date: string } | null;
  /** Saved changes not yet published. */
  unpublished: boolean;
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

/**
 * GET /api/page/links?file=pages/x.yaml: the pages whose links go to that page, by the link check
 * of `npm run check` and the publish (runtime/load/links.ts): Excluir names them before deleting.
 */
export interface PageLinksAnswer {
  /** The page's address. */
  route: string;
  /** false: the site has problems, so the scheduled changes' pages could not be read (pages/' are). */
  checked: boolean;
  /** Each page (now, or a scheduled change's) with a link to it, by route. */
  linking: { file: string; route: string; schedule?: string }[];
}

/**
 * POST /api/preview. With `known` (the names of the render parts the app holds, space-separated),
 * the answer brings the render as a delta (runtime/dev/render-parts.ts) instead of `html`. The
 * text is `source`, or the change `from`–`to` → `insert` of a text sent before, named `base` (an
 * answer's `sourceName`); a base the server no longer keeps is refused with 409 and `sourceUnknown`.
 */
export interface PreviewRequest {
  file: string;
  source?: string;
  base?: string;
  from?: number;
  to?: number;
  insert?: string;
  known?: string;
}
/** The name of the text rendered: the `base` of the next request's change. */
interface SourceNamed {
  sourceName: string;
}
/** Without `known`: the whole document (`parts` is the server's own). */
export type PreviewAnswer = (
  Extract<DraftRender, { ok: false }> | Omit<Extract<DraftRender, { ok: true }>, 'parts'>
) &
  SourceNamed;
export type PreviewDeltaAnswer = (
  | Extract<DraftRender, { ok: false }>
  | (Omit<Extract<DraftRender, { ok: true }>, 'html' | 'parts' | 'blocks'> & {
      delta: RenderDelta;
      /** A block's texts are left out when the app holds its part (a part's name covers them). */
      blocks: PreviewDeltaBlock[];
    })
) &
  SourceNamed;
type RenderedBlock = Extract<DraftRender, { ok: true }>['blocks'][number];
export type PreviewDeltaBlock = Omit<RenderedBlock, 'texts'> & { texts?: RenderedBlock['texts'] };
/* (A held block's `media` is left out with its texts: withTexts takes both from what the app holds.) */

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

/** An image of public/images/ by its site address, with its natural size when it could be read. */
export interface ImageInfo {
  /** "/images/cilindro.svg" */
  url: string;
  width?: number;
  height?: number;
}

/** GET /api/images: the images in public/images/ the form can choose from, sorted by address. */
export interface ImagesAnswer {
  images: ImageInfo[];
}

/**
 * POST /api/images?name=foto-da-loja.png with the file's bytes as the body: 201. Refusals: 400 (a
 * name that is not a plain file name; `suggestion` names one that works), 409 (the name is taken;
 * `suggestion`), 413 (too large), 415 (not the type its name says, or not an accepted type), 422
 * (a file that cannot be read, or an SVG that is not inert). Nothing is written on a refusal.
 */
export interface UploadedImage {
  /** "/images/foto-da-loja.png": what the image's `src` takes. */
  url: string;
  width: number;
  height: number;
  type: 'png' | 'jpeg' | 'webp' | 'avif' | 'svg';
}
export interface UploadRefused extends ApiError {
  suggestion?: string;
}

/** GET /api/changes: the saved files not yet published, and who would publish them. */
export interface ChangedFile {
  /** "pages/promo.yaml" or "public/images/foto.png". */
  file: string;
  route: string | null;
  status: 'novo' | 'alterado' | 'excluído';
  /** A default message for this change: "Muda o título de /promo". */
  summary: string;
  /** Another person published this file after it was saved here: publishing shows both first. */
  stale: boolean;
}
/** A saved file Publicar will not publish, and why (a symbolic link: decision 0017). */
export interface RefusedFile {
  /** "pages/promo.yaml" or "public/images/foto.png". */
  file: string;
  /** Portuguese, for the person: "pages/promo.yaml é um atalho (link simbólico): …". */
  reason: string;
}
export interface ChangesAnswer {
  publishing: { enabled: boolean; remote: string | null; branch: string | null; reason?: string };
  author: { name: string; email: string };
  changes: ChangedFile[];
  /** Values of _site.yaml still marked TROCAR: the site shows them to visitors. */
  placeholders: Placeholder[];
  /** Saved files left out of `changes` because they cannot be published (absent when none). */
  refused?: RefusedFile[];
}

/** POST /api/publish */
export interface PublishRequest {
  files: string[];
  message: string;
  /** Files whose newer published version the author has seen and chooses to replace. */
  overwrite?: string[];
  /**
   * Conflicting files the author merged in the merge view: `text` is saved as the file and
   * published; `against` is the commit of the published version it was merged with (refused with
   * a fresh conflict when the branch has another one by then).
   */
  resolved?: { file: string; text: string; against: string | null }[];
}
/** 200 (also the answer of a restore) */
export interface PublishAnswer {
  commit: string;
  short: string;
  message: string;
  /** Sent to the remote (the host rebuilds the site). */
  pushed: boolean;
  /** The remote had moved on: the change was replayed onto it, checked again and sent. */
  rebased: boolean;
  remote: string | null;
  branch: string;
  warnings: string[];
}
/** 422: the site does not pass the build's checks; nothing was committed. */
export interface PublishRefused extends ApiError {
  /** The pages the errors name. */
  pages: string[];
  /** The build's own output (located Portuguese errors). */
  output: string;
}
/** 409: another person published these files meanwhile; nothing was committed. */
export interface PublishConflict extends ApiError {
  conflicts: {
    file: string;
    /** The author's saved text (null: deleted). */
    mine: string | null;
    /** The published text (null: deleted). */
    theirs: string | null;
    /** The text both started from, when known: which side changed each differing chunk. */
    base?: string | null;
    /** The commit that last changed the published text. */
    published?: PublishedVersion | null;
  }[];
}
/** A published version of a file: the commit that made it, who and when. */
export interface PublishedVersion {
  commit: string;
  short: string;
  name: string;
  email: string;
  /** ISO 8601 */
  date: string;
}

/** GET /api/history?file=… */
export interface HistoryEntry {
  commit: string;
  short: string;
  name: string;
  email: string;
  /** ISO 8601 */
  date: string;
  /** The commit message's first line. */
  message: string;
  /** The whole commit message (Histórico shows it folded, under "Mensagem original"). */
  body?: string;
  /** What this version changed on the page, in Portuguese ("Muda o título da Abertura da página"). */
  changes?: string[];
  /** A publication request approved (Pedidos): who asked and who approved, "Ana <ana@…>". */
  requestedBy?: string;
  approvedBy?: string;
}
export interface HistoryAnswer {
  file: string;
  route: string | null;
  /** The file exists in the working tree (a deleted page's history has false). */
  exists: boolean;
  entries: HistoryEntry[];
}
/** GET /api/history/diff?file=…&commit=… */
export interface HistoryDiffAnswer {
  file: string;
  commit: string;
  before: string | null;
  after: string | null;
  /** Unified diff of the file in that commit. */
  diff: string;
  /** Every file the change touched ("pages/_site.yaml", "middleware.ts"…), this one included. */
  files: string[];
  /** What this version changed on the page, in Portuguese (as HistoryEntry.changes). */
  changes?: string[];
  /** The commit before this version (null: the repository's first), for its before/after pictures. */
  parent?: string | null;
}
/** GET /api/history/deleted */
export interface DeletedPage {
  file: string;
  route: string;
  deletedIn: string;
  name: string;
  email: string;
  date: string;
  /** The version to restore ("<commit>^"). */
  restoreFrom: string;
}
export interface DeletedAnswer {
  pages: DeletedPage[];
}
/** POST /api/history/restore */
export interface RestoreRequest {
  file: string;
  commit: string;
}
/** POST /api/history/revert: the whole change undone as a new one. */
export interface RevertRequest {
  commit: string;
}

/** GET /api/presence; POST /api/presence { tab, file } from each open editor. */
export interface PresenceAnswer {
  editing: { tab: string; file: string; name: string; email: string; since: string }[];
}

/**
 * How the Estúdio runs: `local` on 127.0.0.1 with the terminal's token; `hospedado` on a server,
 * with accounts and the /entrar page; `proxy` on a server behind Cloudflare Access.
 */
export type StudioMode = 'local' | 'hospedado' | 'proxy';

/** GET /api/eu: who is signed in (local: git's user.name and user.email), and the mode. */
export interface MeAnswer {
  name: string;
  email: string;
  mode: StudioMode;
  /** What this person may do (studio/roles.ts can()); the server checks every request anyway. */
  role: Role;
  /**
   * "Toda publicação precisa de aprovação" is on (decision 0049): Publicar, Restaurar, Desfazer, Agendar,
   * a schedule's changes and Levar a vencedora are refused when done directly; screens offer them as
   * requests ("Pedir …", POST /api/requests/action).
   */
  approvalRequired?: boolean;
}

/** A value of _site.yaml still marked `TROCAR` (a placeholder the site shows visitors). */
export interface Placeholder {
  /** The key in _site.yaml: "phone". */
  key: string;
  /** In words: "o site ainda mostra um telefone provisório". */
  words: string;
}

export type ExperimentState = 'rascunho' | 'agendado' | 'no-ar' | 'encerrado';

/** An experiment of _site.yaml as the Experimentos screen shows it. */
export interface ExperimentSummary {
  id: string;
  /** Its position in `experiments:` of the saved _site.yaml (-1: published, removed from the saved file). */
  index: number;
  route: string;
  /** From the published _site.yaml; `rascunho` while only saved here. */
  state: ExperimentState;
  /** "no ar desde 01/12/2026", "encerrado: vencedora /agendamento-oferta". */
  stateText: string;
  /** The saved entry differs from the published one (or is not published). */
  unpublished: boolean;
  pages: {
    page: string;
    /** "pages/agendamento.yaml" when the page exists. */
    file: string | null;
    route: string | null;
    title: string | null;
    weight: number;
    /** The route's own page: the base of the comparison. */
    baseline: boolean;
  }[];
  start: string | null;
  end: string | null;
  winner: string | null;
  /** When it went live (its start, or the day its publication reached the site). */
  since: string | null;
  /** Days it has run (São Paulo days, up to today or its end), when it has. */
  days: number | null;
}

/** GET /api/site: pages/_site.yaml as saved, and what the screens derive from it. */
export interface SiteAnswer {
  file: string;
  source: string;
  version: string;
  /** The published text (HEAD), null outside git or before the first commit. */
  published: string | null;
  placeholders: Placeholder[];
  experiments: ExperimentSummary[];
  /** Today in the experiments' time zone (AAAA-MM-DD), and the zone in words. */
  today: string;
  timeZone: string;
  timeZoneLabel: string;
}
/** PUT /api/site { source, version }: SaveAnswer, or 409 SaveConflict. */
export interface SiteSaveRequest {
  source: string;
  version: string;
}
/** POST /api/site/check { source }: every problem the loader finds with this text as _site.yaml. */
export interface SiteCheckAnswer {
  problems: DraftProblem[];
  /** Problems the loader reports in other files (pages), counted. */
  otherProblems: number;
  experiments: ExperimentSummary[];
  placeholders: Placeholder[];
}

/** POST /api/experiments/report { id, csv, name }: the same judgement as `npm run experiments -- report --json`. */
export interface ReportRequest {
  id: string;
  csv: string;
  /** The dropped file's name, for located errors. */
  name?: string;
}

/** POST /api/experiments/conclude { id }: the winner becomes the route's page, in one publish. */
export interface ConcludeRequest {
  id: string;
  message?: string;
}

/**
 * GET, PUT and DELETE /api/ga4: the Google Analytics connection (decision 0036). The key itself
 * stays on the server (its data folder, mode 0600) and is never sent back: only who it is.
 */
export interface Ga4Settings {
  connected: boolean;
  /** The GA4 property id, digits only ("123456789"). */
  propertyId: string | null;
  /** The service account's e-mail (…@….iam.gserviceaccount.com): the one to give Viewer access. */
  clientEmail: string | null;
  /** When the settings were last saved (ISO 8601). */
  updatedAt: string | null;
}

/** PUT /api/ga4: the property id ("123" or "properties/123") and the key file's text. */
export interface Ga4SettingsRequest {
  propertyId: string;
  /** The service-account key file's text (JSON); omitted: keep the stored key. */
  key?: string;
}

/**
 * A GA4 refusal's kind, in `reason` beside `error` and `hint` of the ApiError: not connected,
 * no access to the property, wrong property, Data API not enabled in the key's project, custom
 * dimension missing, quota, key refused, Google down, no answer in time, another refusal.
 */
export type Ga4ErrorReason =
  | 'nao-conectado'
  | 'sem-acesso'
  | 'propriedade'
  | 'api-desativada'
  | 'dimensao'
  | 'cota'
  | 'chave'
  | 'fora-do-ar'
  | 'tempo'
  | 'recusada';

/** POST /api/ga4/test: the connection works (a refusal is an ApiError saying what to do). */
export interface Ga4TestAnswer {
  ok: true;
  /** "Conectado à propriedade 123 como x@y.iam.gserviceaccount.com: 5 dias de dados de experimentos encontrados." */
  message: string;
}

/** POST /api/experiments/pull: the experiment's daily numbers read from Google Analytics. */
export interface PullRequest {
  id: string;
  /** Fetch again the days GA4 may still change (the last ~3); finished days are never fetched twice. */
  refresh?: boolean;
}

export interface PullAnswer {
  /** The same judgement as POST /api/experiments/report and the CLI; null while GA4 has no numbers yet. */
  report: JudgedReport | null;
  source: {
    /** When the newest numbers that can still change were fetched (ISO 8601): "atualizado às …". */
    fetchedAt: string;
    /** The first and last day of the numbers (AAAA-MM-DD), null without numbers. */
    first: string | null;
    last: string | null;
    /** What GA4 says about the answer, in Portuguese: thresholded, sampled, "(other)", no data yet… */
    warnings: string[];
  };
}

/** GET /api/ga4/traffic?route=/agendamento: the route's recent traffic, for the duration estimate. */
export interface Ga4TrafficAnswer {
  route: string;
  /** Finished days counted (up to 28). */
  days: number;
  /** Average users a day on the route's page. */
  dailyVisitors: number;
  /** Share of them (0–1) who tapped WhatsApp (whatsapp_click) on the page. */
  conversionRate: number;
}

/** POST /api/review { files }: the pages a publish of these saved files changes (decision 0029). */
export interface ReviewRequest {
  files: string[];
}
/** A route whose built page differs between the published site and the site after the change. */
export interface RouteChange {
  route: string;
  change: 'alterada' | 'nova' | 'excluída';
  /** Its own file is among those published; false: it changes through another (a base page, _site.yaml). */
  edited: boolean;
}
export interface ReviewAnswer {
  /** The published version (a tree id): the "before" of the pictures. */
  before: string;
  /** The version this publish makes (a tree id): the "after" of the pictures. */
  after: string;
  /** The routes whose page changes, the edited ones first (empty when the check refuses the change). */
  routes: RouteChange[];
  /** The site with this change does not pass the check: Publicar's refusal, told in advance. */
  refused?: PublishRefused;
  /** How long the builds took for this answer, in ms (0 when both were kept from before). */
  ms: number;
}
/**
 * GET /api/review/pictures?before=&after=&route=: a route before and after, at 375 and 1280 px.
 * `before` and `after` are commits or trees (40 hex digits): a review's, or a version of Histórico
 * and its parent.
 */
export interface PicturesAnswer {
  route: string;
  /** False when pictures cannot be made here (no Chromium): `reason` says so in words. */
  available: boolean;
  reason?: string;
  sizes: PictureSize[];
  /** How long the pictures took, in ms (builds not counted; 0 when all were kept from before). */
  ms: number;
}
export interface PictureSize {
  /** The window width, in CSS px. */
  width: 375 | 1280;
  /** null: the page does not exist on that side (new or deleted). */
  before: Picture | null;
  after: Picture | null;
  /** The changed regions, in the pictures' pixels (both pictures of a size share one scale). */
  regions: { x: number; y: number; width: number; height: number }[];
}
export interface Picture {
  /** GET /api/review/picture?tree=&route=&width= (image/png). */
  url: string;
  width: number;
  height: number;
}

/** One block of the base page: its type, id (when it has one) and every prop, merged. */
export interface InheritedBlock {
  type: string;
  id?: string;
  /** The block's map as the page renders it (type and id included). */
  props: Record<string, unknown>;
}

/** GET /api/inherited?extends=<name as written after `extends:`>. */
export interface InheritedAnswer {
  /** The base page's file: "pages/sodastream-t.yaml". */
  base: string;
  /** Its blocks, in page order. */
  blocks: InheritedBlock[];
}
