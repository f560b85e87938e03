/**
 * Shared previews (issue 39, decision 0050; types in studio/shared-previews-api.ts).
 *
 * "Compartilhar prévia" makes a link /previa/<token> that shows one page, as it was saved when the
 * link was made, to anyone who has the link: the manager, the legal reviewer, the agency's client.
 *
 * - The token is 32 random bytes (256 bits), base64url. The Estúdio keeps only its SHA-256, in
 *   <data>/previas.json (mode 0600, written atomically, never in the repository); the audit log
 *   names a link by the first 8 characters of that hash. The whole address is shown once.
 * - A link keeps a snapshot: the saved texts the page needs (the page, the pages it extends,
 *   _site.yaml), so the reader sees exactly what was shared, whatever is saved afterwards.
 * - The page is rendered by the runtime's own load → validate → render (renderShared), with the
 *   site's page script (one bundle, /previa-pagina.js) and a thin banner; noindex, private
 *   no-store, no-referrer, and a policy that lets nothing leave the page (no analytics).
 * - A token opens that page and nothing else: it is never a session, it sets no cookie, and the
 *   gate answers /previa/ before any session check and only there. Expired, revoked, forged,
 *   truncated tokens and deleted pages all get the same plain page (404, or 410 for a link that
 *   existed), with nothing that helps guessing.
 * - A reader may leave a comment (plain text, MAX_COMMENT characters) that the author reads in
 *   the Estúdio as text.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import {
  DEFAULT_SHARE_DAYS,
  LOCAL_SHARE_REASON,
  MAX_COMMENT,
  MAX_COMMENTS_PER_LINK,
  MAX_READER_NAME,
  SHARE_DAYS,
  type SharedComment,
  type SharedLinkInfo,
  type SharedLinkState,
  type SharedPreviewsAnswer,
  type ShareAnswer,
} from '../shared-previews-api.ts';
import { SCHEDULE_ID } from '../schedules-api.ts';
import type { Answer, ApiContext, ApiRequest } from './api-context.ts';
import { buildClientScript, type ClientScript } from './client-script.ts';
import { HttpError, readJsonBody, readRawBody } from './http.ts';
import { apiFileName, checkPageFileName, isErrno } from './page-files.ts';
import { SITE_API_FILE } from './site.ts';

export const PREVIEW_PREFIX = '/previa/';
/** The site's page script for shared previews: the same for every link, nothing secret in it. */
export const SHARED_SCRIPT_PATH = '/previa-pagina.js';
const COMMENT_SUFFIX = '/comentario';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const DAY = 86_400_000;
/** Links that ended (expired or revoked) this long ago leave the list and the file. */
const FORGET_AFTER = 30 * DAY;
const MAX_LINKS = 500;
const MAX_COMMENT_FORM = 8 * 1024;
const HASH_PREFIX = 8;

interface StoredLink {
  id: string;
  /** SHA-256 of the token, base64url. */
  hash: string;
  file: string;
  route: string;
  schedule?: string;
  /** Root-relative file → text: what the page is rendered from. */
  texts: Record<string, string>;
  creator: { name: string; email: string };
  createdAt: string;
  expiresAt: string;
  revokedAt?: string;
  revokedBy?: string;
  comments: SharedComment[];
}

export interface SharedPreviewStore {
  /** The public address links start with ("https://estudio.fillgas.com.br"). */
  origin: string;
  now(): number;
  list(): Promise<StoredLink[]>;
  find(token: string): Promise<StoredLink | undefined>;
  /** Runs `change` on the links and writes them (atomically, one change at a time). */
  update<T>(change: (links: StoredLink[]) => T): Promise<T>;
}

export const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('base64url');
const prefixOf = (hash: string) => hash.slice(0, HASH_PREFIX);

export function createSharedPreviewStore(options: {
  dataDir: string;
  origin: string;
  now?: () => number;
}): SharedPreviewStore {
  const file = path.join(options.dataDir, 'previas.json');
  const now = options.now ?? Date.now;
  let links: StoredLink[] | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const load = async (): Promise<StoredLink[]> => {
    if (links) return links;
    try {
      const data = JSON.parse(await readFile(file, 'utf8')) as { links?: StoredLink[] };
      links = Array.isArray(data.links) ? data.links : [];
    } catch (error) {
      if (!isErrno(error, 'ENOENT')) throw error;
      links = [];
    }
    return links;
  };
  const write = async (next: StoredLink[]) => {
    await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify({ links: next })}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  };
  return {
    origin: options.origin,
    now,
    list: load,
    async find(token) {
      if (!TOKEN.test(token)) return undefined;
      const hash = hashOf(token);
      return (await load()).find((l) => l.hash === hash);
    },
    update(change) {
      const run = queue.then(async () => {
        const current = structuredClone(await load());
        const result = change(current);
        const cutoff = now() - FORGET_AFTER;
        const kept = current.filter((l) => Date.parse(l.revokedAt ?? l.expiresAt) > cutoff);
        await write(kept);
        links = kept;
        return result;
      });
      queue = run.catch(() => {});
      return run;
    },
  };
}

/** The files a page needs to render: itself, the pages it extends, and _site.yaml. */
async function neededFiles(ctx: ApiContext, rel: string, textOf: (file: string) => Promise<string | null>) {
  const load = await ctx.runtime.load();
  const all = await load.listYamlFiles(ctx.pagesDir);
  const files = [apiFileName(rel)];
  let current = rel;
  for (let depth = 0; depth < 10; depth++) {
    const text = await textOf(apiFileName(current));
    const base = text === null ? undefined : (parseYaml(text) as { extends?: unknown } | null)?.extends;
    if (typeof base !== 'string') break;
    const found = load.resolvePageName(base, all);
    if (!('file' in found) || files.includes(apiFileName(found.file))) break;
    files.push(apiFileName(found.file));
    current = found.file;
  }
  files.push(SITE_API_FILE);
  return files;
}

async function savedText(ctx: ApiContext, file: string): Promise<string | null> {
  try {
    return await readFile(path.join(ctx.pagesDir, ...file.slice('pages/'.length).split('/')), 'utf8');
  } catch (error) {
    if (isErrno(error, 'ENOENT') || isErrno(error, 'ENOTDIR')) return null;
    throw error;
  }
}

const scheduleFile = (id: string, file: string) => `pages/_agendamentos/${id}/${file.slice('pages/'.length)}`;

/** Whether the link's page is gone: the saved page deleted, or its schedule no longer there. */
async function pageGone(ctx: ApiContext, link: StoredLink): Promise<boolean> {
  if (link.schedule)
    return (
      (await ctx.publisher.publishedText(`pages/_agendamentos/${link.schedule}/_agendamento.yaml`)) === null
    );
  return (await savedText(ctx, link.file)) === null;
}

function stateOf(link: StoredLink, now: number, gone: boolean): SharedLinkState {
  if (link.revokedAt) return 'revogado';
  if (Date.parse(link.expiresAt) <= now) return 'expirado';
  return gone ? 'pagina-excluida' : 'ativo';
}

function infoOf(link: StoredLink, state: SharedLinkState): SharedLinkInfo {
  return {
    id: link.id,
    file: link.file,
    route: link.route,
    ...(link.schedule ? { schedule: link.schedule } : {}),
    creator: link.creator,
    createdAt: link.createdAt,
    expiresAt: link.expiresAt,
    ...(link.revokedAt ? { revokedAt: link.revokedAt } : {}),
    ...(link.revokedBy ? { revokedBy: link.revokedBy } : {}),
    state,
    hashPrefix: prefixOf(link.hash),
    comments: link.comments,
  };
}

type Handler = (ctx: ApiContext, request: ApiRequest) => Promise<Answer>;

/** Each hosted server's store, by its API context (local mode has none: sharing is not offered). */
const stores = new WeakMap<ApiContext, SharedPreviewStore>();
export const attachSharedPreviews = (ctx: ApiContext, store: SharedPreviewStore) =>
  void stores.set(ctx, store);

function storeOf(ctx: ApiContext): SharedPreviewStore {
  const store = stores.get(ctx);
  if (!store) throw new HttpError(409, LOCAL_SHARE_REASON);
  return store;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const getLinks: Handler = async (ctx, request) => {
  const store = stores.get(ctx);
  if (!store) return { status: 200, body: { available: false, reason: LOCAL_SHARE_REASON, links: [] } };
  const wanted = request.query.get('file');
  const links = (await store.list()).filter((l) => !wanted || l.file === wanted);
  const now = store.now();
  const infos = await Promise.all(links.map(async (l) => infoOf(l, stateOf(l, now, await pageGone(ctx, l)))));
  infos.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { status: 200, body: { available: true, links: infos } satisfies SharedPreviewsAnswer };
};

async function readObject(request: ApiRequest): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request.req);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'Os dados enviados precisam ser um objeto JSON.');
  return body as Record<string, unknown>;
}

/** Compartilhar prévia: a new link for a page's saved, unpublished text (or a scheduled change's). */
const postLink: Handler = async (ctx, request) => {
  const store = storeOf(ctx);
  const body = await readObject(request);
  const load = await ctx.runtime.load();
  const rel = checkPageFileName(body.file, load);
  const file = apiFileName(rel);
  const days = body.days === undefined ? DEFAULT_SHARE_DAYS : body.days;
  if (!SHARE_DAYS.includes(days as never))
    throw new HttpError(400, `Escolha por quantos dias o link vale: ${SHARE_DAYS.join(', ')}.`);
  const schedule = body.schedule;
  if (
    schedule !== undefined &&
    (typeof schedule !== 'string' || !SCHEDULE_ID.test(schedule) || schedule.length > 40)
  )
    throw new HttpError(400, 'O agendamento informado não existe.');

  let textOf: (f: string) => Promise<string | null>;
  if (schedule) {
    if ((await ctx.publisher.publishedText(`pages/_agendamentos/${schedule}/_agendamento.yaml`)) === null)
      throw new HttpError(404, `O agendamento "${schedule}" não existe (ou já foi cancelado).`);
    if ((await ctx.publisher.publishedText(scheduleFile(schedule, file))) === null)
      throw new HttpError(404, `O agendamento "${schedule}" não muda ${file}.`);
    // What the site will show at that instant: the schedule's files, the published ones otherwise.
    textOf = async (f) =>
      (await ctx.publisher.publishedText(scheduleFile(schedule, f))) ??
      (await ctx.publisher.publishedText(f)) ??
      (await savedText(ctx, f));
  } else {
    const saved = await savedText(ctx, file);
    if (saved === null) throw new HttpError(404, `A página ${file} não existe.`);
    if ((await ctx.publisher.publishedText(file)) === saved)
      throw new HttpError(
        409,
        `${file} não tem mudanças salvas que ainda não estão no site: o link mostraria o que qualquer visitante já vê. Salve a mudança e compartilhe de novo.`,
      );
    textOf = (f) => savedText(ctx, f);
  }
  const texts: Record<string, string> = {};
  for (const f of await neededFiles(ctx, rel, textOf)) {
    const text = await textOf(f);
    if (text !== null) texts[f] = text;
  }
  // It must render now: a link to a page with problems would show the reader an error.
  const dev = await ctx.runtime.dev();
  const render = await dev.renderShared(
    ctx.runtime.root,
    ctx.runtime.pagesDir,
    file,
    new Map(Object.entries(texts)),
    SHARED_SCRIPT_PATH,
  );
  if (!render.ok)
    throw new HttpError(
      422,
      `A página tem um problema e não pode ser compartilhada assim: ${render.reason} Corrija e salve antes.`,
    );

  const token = randomBytes(32).toString('base64url');
  const hash = hashOf(token);
  const now = store.now();
  const link: StoredLink = {
    id: randomBytes(9).toString('base64url'),
    hash,
    file,
    route: render.route,
    ...(schedule ? { schedule } : {}),
    texts,
    creator: { name: request.person.name, email: request.person.email },
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + (days as number) * DAY).toISOString(),
    comments: [],
  };
  await store.update((links) => {
    const live = links.filter((l) => !l.revokedAt && Date.parse(l.expiresAt) > now);
    if (live.length >= MAX_LINKS)
      throw new HttpError(409, `Já há ${MAX_LINKS} links ativos: revogue os que não são mais usados.`);
    links.push(link);
  });
  await ctx.audit.record('compartilhar-previa', request.person.email, {
    pagina: file,
    ...(schedule ? { agendamento: schedule } : {}),
    link: prefixOf(hash),
    dias: days,
  });
  // The page script is built now (a few seconds, once per version), not when the reader first opens the link.
  void pageScript().catch(() => undefined);
  const answer: ShareAnswer = {
    url: `${store.origin}${PREVIEW_PREFIX}${token}`,
    link: infoOf(link, 'ativo'),
  };
  return { status: 201, body: answer };
};

/** Revogar: the link stops at once (its next request gets the "not available" page). */
const postRevoke: Handler = async (ctx, request) => {
  const store = storeOf(ctx);
  const body = await readObject(request);
  const id = body.id;
  if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{12}$/.test(id))
    throw new HttpError(400, 'Informe o link a revogar.');
  const now = store.now();
  const link = await store.update((links) => {
    const found = links.find((l) => l.id === id);
    if (!found) throw new HttpError(404, 'Este link não existe (ou já saiu da lista).');
    if (!found.revokedAt) {
      found.revokedAt = new Date(now).toISOString();
      found.revokedBy = request.person.name;
    }
    return found;
  });
  await ctx.audit.record('revogar-previa', request.person.email, {
    pagina: link.file,
    link: prefixOf(link.hash),
  });
  return { status: 200, body: { link: infoOf(link, 'revogado') } };
};

export function sharedPreviewRoutes(): Record<string, Partial<Record<string, Handler>>> {
  return {
    '/api/previas': { GET: getLinks, POST: postLink },
    '/api/previas/revogar': { POST: postRevoke },
  };
}

// ——— The public side: what a reader with the link gets ———

const PAGE_SCRIPT: ClientScript = {
  name: 'previa-pagina',
  entry: 'runtime/client/main.ts',
  sources: [
    'runtime/client/',
    'runtime/block-api.ts',
    'runtime/behavior-api.ts',
    'blocks/',
    'design/',
    'schema/',
  ],
  file: 'pagina.js',
  failure: 'O script da página não pôde ser montado',
};
let scriptCode: Promise<string> | undefined;

/**
 * The site's page script (runtime/client/main.ts: consent, behaviours, islands with React) in one
 * file, because a preview reader has no session and may load nothing of the Estúdio but this and
 * the public files (built on first use, kept by build-cache.ts).
 */
function pageScript(): Promise<string> {
  return (scriptCode ??= buildClientScript(PAGE_SCRIPT).catch((error: unknown) => {
    scriptCode = undefined;
    throw error;
  }));
}

/** Whether the gate should let this path through to answerSharedPreview, without a session. */
export const isSharedPreviewPath = (pathname: string) =>
  pathname.startsWith(PREVIEW_PREFIX) || pathname === SHARED_SCRIPT_PATH;

const UNAVAILABLE_TITLE = 'Prévia indisponível';
const UNAVAILABLE_TEXT =
  'Esta prévia não está disponível. O link pode ter expirado, ter sido revogado ou estar incompleto. Peça um novo link a quem o enviou.';

function setReaderHeaders(res: ServerResponse): void {
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

function sendUnavailable(res: ServerResponse, status: 404 | 410, head = false): void {
  setReaderHeaders(res);
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  );
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${UNAVAILABLE_TITLE}</title>
<style>body{font:17px/1.5 system-ui,sans-serif;color:#1b2233;max-width:36rem;margin:4rem auto;padding:0 1.25rem}h1{font-size:1.5rem}</style></head>
<body><main><h1>${UNAVAILABLE_TITLE}</h1><p>${UNAVAILABLE_TEXT}</p></main></body></html>`;
  const bytes = Buffer.from(html);
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Length', bytes.length);
  res.end(head ? undefined : bytes);
}

/** Inline scripts of the render (the pre-paint class), allowed by their hash; JSON ones do not run. */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script>([\s\S]*?)<\/script>/g))
    hashes.add(`'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`);
  return [...hashes];
}

/** Nothing leaves the page: no analytics, no request but the page's own files. */
const readerCsp = (html: string) =>
  [
    "default-src 'none'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'none'",
    "manifest-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

const COMMENT_NOTICE: Record<string, string> = {
  enviado: 'Comentário enviado. Quem compartilhou a prévia vai lê-lo no Estúdio.',
  vazio: 'Escreva o comentário antes de enviar.',
  longo: `O comentário passa de ${MAX_COMMENT} caracteres: resuma e envie de novo.`,
  cheio: 'Esta prévia já recebeu comentários demais. Fale diretamente com quem a enviou.',
};

const BANNER_STYLE =
  'position:relative;z-index:2147483000;margin:0;padding:6px 12px;background:#1d2b4f;color:#fff;font:600 14px/1.4 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;text-align:center';
const LINK_STYLE = 'color:#fff;text-decoration:underline;margin-left:.75em;font-weight:400';

function readerParts(token: string, notice: string | undefined): { banner: string; comment: string } {
  const banner = `<aside aria-label="Prévia" data-previa-faixa style="${BANNER_STYLE}">Prévia: ainda não está no site<a href="#comentar-previa" style="${LINK_STYLE}">Comentar</a></aside>`;
  const message = notice && COMMENT_NOTICE[notice];
  const field =
    'display:block;width:100%;box-sizing:border-box;margin:.25rem 0 1rem;padding:.6rem;font:inherit;border:1px solid #8a93a6;border-radius:6px;background:#fff;color:#1b2233';
  const comment = `<section id="comentar-previa" aria-labelledby="comentar-previa-titulo" style="font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1b2233;background:#f3f5f9;border-top:1px solid #d5dae4;padding:2rem 1.25rem">
<div style="max-width:36rem;margin:0 auto">
<h2 id="comentar-previa-titulo" style="font-size:1.25rem;margin:0 0 .5rem">Comentar esta prévia</h2>
<p style="margin:0 0 1rem">Quem compartilhou lê o seu comentário no Estúdio. Ele não aparece na página.</p>
${message ? `<p role="status" style="margin:0 0 1rem;padding:.6rem .8rem;border-radius:6px;background:${notice === 'enviado' ? '#e3f4e8' : '#fdeaea'}">${escapeHtml(message)}</p>` : ''}
<form method="post" action="${PREVIEW_PREFIX}${token}${COMMENT_SUFFIX}">
<label for="previa-nome">Seu nome (opcional)</label>
<input id="previa-nome" name="nome" maxlength="${MAX_READER_NAME}" autocomplete="name" style="${field}">
<label for="previa-comentario">Comentário</label>
<textarea id="previa-comentario" name="comentario" required maxlength="${MAX_COMMENT}" rows="4" style="${field}"></textarea>
<button type="submit" style="font:inherit;font-weight:600;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#1d2b4f;color:#fff;cursor:pointer">Enviar comentário</button>
</form></div></section>`;
  return { banner, comment };
}

/** The site's address from a snapshot's _site.yaml ("https://fillgas.com.br"), when it has a valid one. */
function siteOrigin(text: string | undefined): string | undefined {
  if (!text) return undefined;
  try {
    const value = (parseYaml(text) as { origin?: unknown } | null)?.origin;
    const url = typeof value === 'string' ? new URL(value) : undefined;
    return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The snapshot's page as a visitor gets it, with the banner, noindex and the comment form. */
async function sendReaderPage(
  ctx: ApiContext,
  res: ServerResponse,
  link: StoredLink,
  token: string,
  notice: string | undefined,
  head: boolean,
): Promise<void> {
  const dev = await ctx.runtime.dev();
  const render = await dev.renderShared(
    ctx.runtime.root,
    ctx.runtime.pagesDir,
    link.file,
    new Map(Object.entries(link.texts)),
    SHARED_SCRIPT_PATH,
  );
  if (!render.ok) return sendUnavailable(res, 410, head);
  const { banner, comment } = readerParts(token, notice);
  const site = siteOrigin(link.texts[SITE_API_FILE]);
  const html = render.html
    // The site's own links lead to the site (here they would lead to the Estúdio's sign-in).
    .replace(/(<a\b[^>]*?\shref=")\/(?!\/)/g, (_, start: string) => (site ? `${start}${site}/` : `${start}/`))
    .replace(/<meta name="robots"[^>]*>/g, '')
    .replace('</title>', '</title><meta name="robots" content="noindex, nofollow">')
    .replace(/<body([^>]*)>/, (tag) => `${tag}${banner}`)
    .replace(/<\/body>/, `${comment}</body>`);
  setReaderHeaders(res);
  res.setHeader('Content-Security-Policy', readerCsp(html));
  const bytes = Buffer.from(html);
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Length', bytes.length);
  res.end(head ? undefined : bytes);
}

/** A reader's comment, from the page's form (url-encoded, small). */
async function takeComment(
  req: IncomingMessage,
  store: SharedPreviewStore,
  link: StoredLink,
): Promise<keyof typeof COMMENT_NOTICE> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded')
    throw new HttpError(415, 'Envie o comentário pelo formulário da prévia.');
  const bytes = await readRawBody(
    req,
    MAX_COMMENT_FORM,
    () => new HttpError(413, 'Comentário grande demais.'),
  );
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new HttpError(400, 'O comentário não está em UTF-8.');
  }
  // Plain text: controls out (line breaks kept), trimmed. Shown as text wherever it is read.
  const clean = (s: string) =>
    s
      .replace(/\r\n?/g, '\n')
      .replace(/[^\P{Cc}\n]/gu, '')
      .trim();
  const text = clean(form.get('comentario') ?? '');
  const name = clean(form.get('nome') ?? '').replace(/\n/g, ' ');
  if (!text) return 'vazio';
  if ([...text].length > MAX_COMMENT || [...name].length > MAX_READER_NAME) return 'longo';
  const now = store.now();
  return store.update((links) => {
    const found = links.find((l) => l.id === link.id);
    if (!found || found.revokedAt || Date.parse(found.expiresAt) <= now) throw new GoneError();
    if (found.comments.length >= MAX_COMMENTS_PER_LINK) return 'cheio';
    found.comments.push({
      id: randomBytes(6).toString('base64url'),
      at: new Date(now).toISOString(),
      name,
      text,
    });
    return 'enviado';
  });
}

class GoneError extends Error {}

/**
 * Answers /previa/<token>, /previa/<token>/comentario and /previa-pagina.js; true when answered
 * (every path under /previa/ is). Nothing here reads a session or sets a cookie.
 */
export async function answerSharedPreview(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  query: URLSearchParams,
): Promise<boolean> {
  if (!isSharedPreviewPath(pathname)) return false;
  const store = stores.get(ctx);
  const method = req.method ?? 'GET';
  const read = method === 'GET' || method === 'HEAD';
  if (pathname === SHARED_SCRIPT_PATH) {
    if (!read || !store) return (sendUnavailable(res, 404, !read), true);
    const bytes = Buffer.from(await pageScript());
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Content-Length', bytes.length);
    res.setHeader('Cache-Control', 'no-cache');
    res.end(method === 'HEAD' ? undefined : bytes);
    return true;
  }
  const rest = pathname.slice(PREVIEW_PREFIX.length);
  const token = rest.endsWith(COMMENT_SUFFIX) ? rest.slice(0, -COMMENT_SUFFIX.length) : rest;
  const commenting = token !== rest;
  const link = store ? await store.find(token) : undefined;
  if (!store || !link) return (sendUnavailable(res, 404, method === 'HEAD'), true);
  const alive = stateOf(link, store.now(), await pageGone(ctx, link)) === 'ativo';
  if (!alive) return (sendUnavailable(res, 410, method === 'HEAD'), true);
  if (!commenting) {
    if (!read) {
      res.setHeader('Allow', 'GET, HEAD');
      throw new HttpError(405, 'Esta prévia só pode ser lida.');
    }
    const notice = query.get('comentario') ?? undefined;
    await sendReaderPage(ctx, res, link, token, notice, method === 'HEAD');
    return true;
  }
  if (method !== 'POST') {
    res.setHeader('Allow', 'POST');
    throw new HttpError(405, 'Envie o comentário pelo formulário da prévia.');
  }
  // The page is no-referrer, so its form posts with "Origin: null"; the token is what authorises.
  // Another site's page is still refused when its browser names it.
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== 'null' && origin !== store.origin)
    throw new HttpError(403, 'Pedido recusado: comentários só pelo formulário da própria prévia.');
  let outcome: string;
  try {
    outcome = await takeComment(req, store, link);
  } catch (error) {
    if (error instanceof GoneError) return (sendUnavailable(res, 410), true);
    throw error;
  }
  if (outcome === 'enviado')
    await ctx.audit.record('comentar-previa', 'leitor da prévia', {
      pagina: link.file,
      link: prefixOf(link.hash),
    });
  res.statusCode = 303;
  res.setHeader('Location', `${PREVIEW_PREFIX}${token}?comentario=${outcome}#comentar-previa`);
  setReaderHeaders(res);
  res.end();
  return true;
}
