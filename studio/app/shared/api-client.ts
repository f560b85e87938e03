/**
 * The app's side of the JSON API (studio/api.ts). Same-origin requests: the browser sends the
 * session cookie and the Origin header the server checks on every write.
 */
import type {
  ChangesAnswer,
  DeletedAnswer,
  HistoryAnswer,
  HistoryDiffAnswer,
  PresenceAnswer,
  PublishAnswer,
  PublishRequest,
  RestoreRequest,
  RevertRequest,
  ApiError,
  BlocksAnswer,
  CreatedAnswer,
  CreateRequest,
  ImagesAnswer,
  DuplicateRequest,
  PageAnswer,
  PageLinksAnswer,
  PagesAnswer,
  PreviewAnswer,
  PreviewDeltaAnswer,
  SaveAnswer,
  SaveConflict,
  SaveRequest,
  UploadedImage,
  SiteAnswer,
  SiteCheckAnswer,
  SiteSaveRequest,
  ReportRequest,
  ConcludeRequest,
  PicturesAnswer,
  ReviewAnswer,
  ReviewRequest,
} from '../../api.ts';
import type { Report } from '../../../runtime/experiments/index.ts';
import { sourceChange } from './source-change.ts';

/** An answer other than 2xx, with the server's Portuguese message and the whole body. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError & Record<string, unknown>,
  ) {
    super(body.error);
    this.name = 'ApiFailure';
  }
}

/**
 * One same-origin request to the Estúdio's API. A refusal becomes an ApiFailure with the server's
 * Portuguese message; when the server sent none, `fallbacks` may give one for a status (a route
 * an older Estúdio does not have answers 404).
 */
export async function call<T>(
  method: string,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
  fallbacks?: Readonly<Partial<Record<number, string>>>,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      signal,
      // A file goes as its own bytes (an upload); anything else as JSON.
      headers:
        body === undefined
          ? undefined
          : {
              'Content-Type':
                body instanceof Blob ? body.type || 'application/octet-stream' : 'application/json',
            },
      body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiFailure(0, {
      error: 'Sem conexão com o Estúdio. Confira se o terminal que o abriu ainda está aberto.',
    });
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : {};
  } catch {
    data = { error: `Resposta inesperada do servidor (${response.status}).` };
  }
  if (!response.ok) {
    const fallback =
      fallbacks?.[response.status] ??
      (response.status === 401
        ? 'Sua sessão expirou. Abra de novo o endereço que o terminal mostrou.'
        : `Erro ${response.status}.`);
    const body = data as Partial<ApiError> & Record<string, unknown>;
    throw new ApiFailure(response.status, { ...body, error: body.error ?? fallback });
  }
  return data as T;
}

/** Per file, the last text the preview was sent and the server's name for it (source-change.ts). */
const sentSources = new Map<string, { source: string; name: string }>();

const q = (file: string) => `?file=${encodeURIComponent(file)}`;

export const api = {
  changes: () => call<ChangesAnswer>('GET', '/api/changes'),
  publish: (request: PublishRequest) => call<PublishAnswer>('POST', '/api/publish', request),
  history: (file: string) => call<HistoryAnswer>('GET', `/api/history${q(file)}`),
  historyDiff: (file: string, commit: string) =>
    call<HistoryDiffAnswer>('GET', `/api/history/diff${q(file)}&commit=${encodeURIComponent(commit)}`),
  deleted: () => call<DeletedAnswer>('GET', '/api/history/deleted'),
  restore: (request: RestoreRequest) => call<PublishAnswer>('POST', '/api/history/restore', request),
  revert: (request: RevertRequest) => call<PublishAnswer>('POST', '/api/history/revert', request),
  presence: () => call<PresenceAnswer>('GET', '/api/presence'),
  here: (tab: string, file: string | null) =>
    call<PresenceAnswer>('POST', '/api/presence', { tab, file: file ?? '' }),
  pages: () => call<PagesAnswer>('GET', '/api/pages'),
  page: (file: string) => call<PageAnswer>('GET', `/api/page${q(file)}`),
  save: (request: SaveRequest) => call<SaveAnswer>('PUT', '/api/page', request),
  create: (request: CreateRequest) => call<CreatedAnswer>('POST', '/api/pages', request),
  duplicate: (request: DuplicateRequest) => call<CreatedAnswer>('POST', '/api/pages/duplicate', request),
  remove: (file: string) => call<Record<string, never>>('DELETE', `/api/page${q(file)}`),
  /** The pages that link to this one (Excluir's warning). */
  linksTo: (file: string) => call<PageLinksAnswer>('GET', `/api/page/links${q(file)}`),
  preview: (file: string, source: string, signal?: AbortSignal) =>
    call<PreviewAnswer>('POST', '/api/preview', { file, source }, signal),
  /**
   * The render as the parts the app does not hold yet (`known`: the names of those it holds). The
   * text goes as its change from the one sent before for this file, when the server still has it.
   */
  previewDelta: async (file: string, source: string, known: Iterable<string>) => {
    const held = [...known].join(' ');
    const sent = sentSources.get(file);
    const change = sent && sourceChange(sent.source, source);
    let answer: PreviewDeltaAnswer;
    try {
      answer = await call<PreviewDeltaAnswer>(
        'POST',
        '/api/preview',
        change ? { file, base: sent.name, ...change, known: held } : { file, source, known: held },
      );
    } catch (e) {
      // The server no longer has the text before (restarted, or many pages edited since): all of it.
      if (!(change && e instanceof ApiFailure && e.status === 409 && e.body.sourceUnknown)) throw e;
      sentSources.delete(file);
      answer = await call<PreviewDeltaAnswer>('POST', '/api/preview', { file, source, known: held });
    }
    sentSources.set(file, { source, name: answer.sourceName });
    return answer;
  },
  blocks: () => call<BlocksAnswer>('GET', '/api/blocks'),
  images: () => call<ImagesAnswer>('GET', '/api/images'),
  /** The file's bytes under `name` in public/images/ (the server checks both). */
  uploadImage: (name: string, file: Blob) =>
    call<UploadedImage>('POST', `/api/images?name=${encodeURIComponent(name)}`, file),
  site: () => call<SiteAnswer>('GET', '/api/site'),
  saveSite: (request: SiteSaveRequest) => call<SaveAnswer>('PUT', '/api/site', request),
  checkSite: (source: string, signal?: AbortSignal) =>
    call<SiteCheckAnswer>('POST', '/api/site/check', { source }, signal),
  report: (request: ReportRequest) => call<Report>('POST', '/api/experiments/report', request),
  conclude: (request: ConcludeRequest) => call<PublishAnswer>('POST', '/api/experiments/conclude', request),
  /** The pages a publish of these files changes (builds both versions: seconds). */
  review: (request: ReviewRequest, signal?: AbortSignal) =>
    call<ReviewAnswer>('POST', '/api/review', request, signal),
  /** `route` in the versions `before` and `after` (commits or trees), at 375 and 1280 px. */
  reviewPictures: (before: string | null, after: string | null, route: string, signal?: AbortSignal) =>
    call<PicturesAnswer>(
      'GET',
      `/api/review/pictures?before=${encodeURIComponent(before ?? '')}&after=${encodeURIComponent(after ?? '')}&route=${encodeURIComponent(route)}`,
      undefined,
      signal,
    ),
};

export function isConflict(error: unknown): error is ApiFailure & { body: SaveConflict } {
  return error instanceof ApiFailure && error.status === 409 && 'current' in error.body;
}
