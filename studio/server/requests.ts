/**
 * Pedidos de publicação (issue 39, decision 0049). An Editor cannot publish: "Pedir publicação"
 * records which saved files they want live, with each one's sha256 at that moment and a message.
 * A Publicador reviews it (the publish review: POST /api/review with the request's files) and
 * either approves — the exact requested texts go through Publicar's own pipeline (queue, check,
 * crash safety), the requester as the commit's author, the approver as its committer, both named
 * in trailers — or returns it with a comment. A file saved again since the request is never
 * published under the request's name: the approval is refused, saying which files changed.
 *
 * Kept in the Estúdio's state folder (pedidos.json beside contas.json and audit.log), written
 * atomically and durably, one change at a time; never in the repository. The same file holds the
 * setting "toda publicação precisa de aprovação" (an Estúdio rule about people, not the site's).
 *
 * GET /api/requests · POST /api/requests · POST /api/requests/approve · POST /api/requests/return ·
 * POST /api/requests/renew · PUT /api/requests/settings. Who may use which is roles.ts's table;
 * what depends on the request itself (one's own, the setting) is checked here.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ACTION_ASK,
  MAX_REQUEST_COMMENT,
  MAX_REQUEST_FILES,
  MAX_REQUEST_MESSAGE,
  REQUEST_ID,
  type ActionKind,
  type PublicationRequest,
  type RequestChanged,
  type RequestedAction,
  type RequestedFile,
  type RequestPerson,
  type RequestsAnswer,
  type RequestView,
} from '../requests-api.ts';
import { can, isRole, type Role } from '../roles.ts';
import {
  ACTION_ROUTES,
  checkBody,
  checkKind,
  passedTimeWords,
  planAction,
  publishedSince,
  runAction,
  TIMED_KINDS,
  type RunRoute,
} from './action-requests.ts';
import type { Answer, ApiContext, ApiRequest } from './api-context.ts';
import { HttpError, readJsonBody } from './http.ts';
import { isErrno, writeDurable } from './page-files.ts';
import type { Person } from './people.ts';
import { alreadyWritten, PlanChanged } from './publish/on-behalf.ts';
import { guardRoute } from './hosted/roles.ts';

type Handler = (ctx: ApiContext, request: ApiRequest) => Promise<Answer>;

/** The files of a body, checked by the API's own rule for publishable files (api.ts). */
export type FileCheck = (ctx: ApiContext, files: unknown[]) => Promise<string[]>;

export const REQUESTS_FILE = 'pedidos.json';
/** Decided requests beyond this many (oldest first) are forgotten; pending ones never. */
const KEEP_DECIDED = 300;
const MAX_PENDING = 200;

interface State {
  version: 1;
  approvalRequired: boolean;
  requests: PublicationRequest[];
}

/** The person's role: the session's (hosted); without one (local mode), the one person is Administrador. */
export function roleOf(person: Person): Role {
  const role = (person as Person & { role?: unknown }).role;
  return isRole(role) ? role : 'administrador';
}

const same = (a: RequestPerson, b: Person) => a.email.toLowerCase() === b.email.toLowerCase();
const personOf = (p: Person): RequestPerson => ({ name: p.name, email: p.email });

/** A request asked again: waiting once more, its earlier decision forgotten, its message new if given. */
function reopened(entry: PublicationRequest, message: string | undefined): PublicationRequest {
  if (message !== undefined) entry.message = message;
  entry.status = 'pendente';
  entry.createdAt = new Date().toISOString();
  delete entry.decidedBy;
  delete entry.decidedAt;
  delete entry.comment;
  return entry;
}

function dataDirOf(ctx: ApiContext): string {
  if (!ctx.dataDir)
    throw new HttpError(
      409,
      'Este Estúdio não tem uma pasta de estado: pedidos de publicação não são oferecidos.',
    );
  return ctx.dataDir;
}

/** One change of pedidos.json at a time, per file (two requests never write over each other). */
const chains = new Map<string, Promise<unknown>>();
function serialised<T>(file: string, task: () => Promise<T>): Promise<T> {
  const run = (chains.get(file) ?? Promise.resolve()).then(task);
  chains.set(
    file,
    run.catch(() => {}),
  );
  return run;
}

async function readState(dir: string): Promise<State> {
  const file = path.join(dir, REQUESTS_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return { version: 1, approvalRequired: false, requests: [] };
    throw error;
  }
  try {
    const data = JSON.parse(text) as State;
    if (data?.version !== 1 || !Array.isArray(data.requests) || typeof data.approvalRequired !== 'boolean')
      throw new Error('formato desconhecido');
    return data;
  } catch (error) {
    // Never replaced by an empty list: someone's requests would be lost without a word.
    throw new HttpError(
      500,
      `${file} está danificado (${error instanceof Error ? error.message : String(error)}): os pedidos de publicação não podem ser lidos nem gravados.`,
      {
        hint: 'Quem cuida do Estúdio pode restaurar o arquivo de um backup, ou apagá-lo para começar sem pedidos.',
      },
    );
  }
}

/** Reads, changes and writes pedidos.json in one turn; `change` returns what the caller gets. */
function update<T>(dir: string, change: (state: State) => Promise<T> | T): Promise<T> {
  const file = path.join(dir, REQUESTS_FILE);
  return serialised(file, async () => {
    const state = await readState(dir);
    const result = await change(state);
    const decided = state.requests.filter((r) => r.status !== 'pendente').slice(-KEEP_DECIDED);
    state.requests = state.requests.filter((r) => r.status === 'pendente' || decided.includes(r));
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeDurable(file, Buffer.from(`${JSON.stringify(state, null, 2)}\n`, 'utf8'), 0o600);
    return result;
  });
}

/** The saved bytes of an API file ("pages/x.yaml", "public/images/y.png"), null when absent. */
async function savedBytes(ctx: ApiContext, file: string): Promise<Buffer | null> {
  const abs = file.startsWith('public/')
    ? path.join(ctx.publicDir, ...file.slice('public/'.length).split('/'))
    : path.join(ctx.pagesDir, ...file.slice('pages/'.length).split('/'));
  try {
    return await readFile(abs);
  } catch (error) {
    if (isErrno(error, 'ENOENT') || isErrno(error, 'ENOTDIR')) return null;
    throw error;
  }
}

const hashOf = (bytes: Buffer | null) =>
  bytes === null ? null : createHash('sha256').update(bytes).digest('hex');

/** Plain one-line text for a commit trailer: no line breaks, no angle brackets. */
const trailerText = (text: string) => text.replace(/[\p{Cc}<>]+/gu, ' ').trim();
const trailerOf = (p: RequestPerson) => `${trailerText(p.name)} <${trailerText(p.email)}>`;

function checkId(value: unknown): string {
  if (typeof value !== 'string' || !REQUEST_ID.test(value))
    throw new HttpError(400, 'Informe o pedido ("id"): 16 letras, números, - ou _.');
  return value;
}

function found(state: State, id: string): PublicationRequest {
  const request = state.requests.find((r) => r.id === id);
  if (!request) throw new HttpError(404, 'Este pedido de publicação não existe (ou já foi esquecido).');
  return request;
}

function checkText(value: unknown, field: string, max: number, what: string): string {
  if (value !== undefined && typeof value !== 'string')
    throw new HttpError(400, `O campo "${field}" precisa ser um texto.`);
  const text = (value ?? '').trim();
  if (text === '') throw new HttpError(400, `Escreva ${what}.`);
  if (text.length > max)
    throw new HttpError(
      413,
      `${field === 'comment' ? 'O comentário' : 'A mensagem'} tem ${text.length} caracteres; o limite é ${max}.`,
    );
  return text;
}

async function readObject(request: ApiRequest): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request.req);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'Os dados enviados precisam ser um objeto JSON.');
  return body as Record<string, unknown>;
}

/** Requested files whose saved text is no longer the requested one. */
async function changedSince(
  ctx: ApiContext,
  request: PublicationRequest,
): Promise<RequestChanged['changed']> {
  const out: RequestChanged['changed'] = [];
  for (const f of request.files) {
    const now = hashOf(await savedBytes(ctx, f.file));
    if (now !== f.sha256)
      out.push({
        file: f.file,
        route: await routeOf(ctx, f.file),
        now: now === null ? 'excluído' : 'alterado',
      });
  }
  return out;
}

/** A file's route ("/promo"), null for _site.yaml, partials and images. */
async function routeOf(ctx: ApiContext, file: string): Promise<string | null> {
  if (!file.startsWith('pages/')) return null;
  const load = await ctx.runtime.load();
  // A schedule's copy of a page (pages/_agendamentos/<id>/recarga.yaml) is named by the page's route.
  const rel = file.slice('pages/'.length).replace(/^_agendamentos\/[^/]+\//, '');
  return load.isRouteFile(rel) && load.badRouteFileName(rel) === undefined ? load.fileToRoute(rel) : null;
}

/**
 * The setting applies where there are several people: the hosted Estúdio. Locally the one person
 * at the computer is Administrador and has nobody else to approve.
 */
const required = (ctx: ApiContext, state: State) =>
  state.approvalRequired && ctx.mode !== 'local' && ctx.mode !== undefined;

/**
 * Why Publicar is refused to everyone (every publication needs approval), or undefined.
 * api.ts's Publicar asks this before publishing.
 */
export async function publishNeedsRequest(ctx: ApiContext): Promise<string | undefined> {
  if (!ctx.dataDir) return undefined;
  const state = await readState(ctx.dataDir);
  if (!required(ctx, state)) return undefined;
  return `Toda publicação deste site precisa de aprovação: use “Pedir publicação” e outra pessoa com papel de Publicador aprova.`;
}

/**
 * The routes besides Publicar that change the live site (or what goes live at a set hour) in a
 * commit of their own. While every publication needs approval each is refused directly and asked
 * instead (POST /api/requests/action with its kind, session 21): the screens' "Pedir …" buttons.
 * Editar of a schedule (its files back as drafts) publishes nothing and stays.
 */
export const APPROVAL_BOUND: Readonly<Record<string, string>> = Object.fromEntries(
  (Object.entries(ACTION_ROUTES) as [ActionKind, string][]).map(([kind, route]) => [
    `POST ${route}`,
    `use “${ACTION_ASK[kind]}”: outra pessoa com papel de Publicador aprova, e só então a mudança é feita.`,
  ]),
);

/**
 * Why `method route` is refused while every publication needs approval, or undefined (any other
 * route, the setting off, local mode). api.ts's handleApi asks this after the role's guard, before
 * the handler reads a byte: nothing is committed or pushed when it refuses.
 */
export async function approvalRefusal(
  ctx: ApiContext,
  method: string,
  route: string,
): Promise<string | undefined> {
  const why = Object.hasOwn(APPROVAL_BOUND, `${method} ${route}`)
    ? APPROVAL_BOUND[`${method} ${route}`]
    : undefined;
  // Locally nothing to read: the setting does not apply there (required()).
  if (why === undefined || !ctx.dataDir || ctx.mode === 'local' || ctx.mode === undefined) return undefined;
  if (!required(ctx, await readState(ctx.dataDir))) return undefined;
  return `Toda publicação deste site precisa de aprovação: ${why} Nada mudou no site.`;
}

/**
 * The commit that already published `request` (none of its files has saved changes left, and the
 * last commit of its first file names its requester in Pedido-por), or undefined.
 */
async function publishedBefore(
  ctx: ApiContext,
  request: PublicationRequest,
  person: Person,
): Promise<{ commit: string; by: RequestPerson; at: string } | undefined> {
  const current = await ctx.publisher.changes(person);
  const waiting = new Set(current.changes.map((c) => c.file));
  if (request.files.some((f) => waiting.has(f.file))) return undefined;
  const first = request.files[0]!.file;
  if (!first.startsWith('pages/')) return undefined;
  const last = (await ctx.publisher.history(first)).entries[0];
  if (!last?.approvedBy || last.requestedBy !== trailerOf(request.requester)) return undefined;
  if (last.message !== request.message.split('\n')[0]) return undefined;
  const m = /^(.*) <([^>]*)>$/.exec(last.approvedBy);
  if (!m) return undefined;
  return { commit: last.commit, by: { name: m[1]!, email: m[2]! }, at: last.date };
}

/**
 * The commit that already carried out an action request: the last commit of the first page it
 * writes, naming its requester in Pedido-por with the action's own subject; or undefined.
 */
async function actionPublishedBefore(
  ctx: ApiContext,
  request: PublicationRequest,
): Promise<{ commit: string; by: RequestPerson; at: string } | undefined> {
  const first = request.action?.writes.find((w) => w.file.startsWith('pages/'));
  if (!first) return undefined;
  const last = (await ctx.publisher.history(first.file).catch(() => undefined))?.entries[0];
  if (!last?.approvedBy || last.requestedBy !== trailerOf(request.requester)) return undefined;
  if (last.message !== request.action!.summary) return undefined;
  const m = /^(.*) <([^>]*)>$/.exec(last.approvedBy);
  return m ? { commit: last.commit, by: { name: m[1]!, email: m[2]! }, at: last.date } : undefined;
}

/** Can `person` decide `request` now? Approvers may; not their own when approval is required. */
const mayDecide = (ctx: ApiContext, state: State, request: PublicationRequest, person: Person) =>
  can(roleOf(person), 'approve') && !(required(ctx, state) && same(request.requester, person));

/**
 * The saved files an action reads from pages/ (Agendar: the drafts it schedules), with each one's
 * sha256 now, so the list can say a draft was saved again since (the approval compares the plan).
 */
async function savedSources(
  ctx: ApiContext,
  kind: ActionKind,
  action: { body: Record<string, unknown> },
): Promise<RequestedFile[]> {
  if (kind !== 'agendar' || !Array.isArray(action.body.files)) return [];
  const out: RequestedFile[] = [];
  for (const file of action.body.files)
    if (typeof file === 'string' && file.startsWith('pages/'))
      out.push({ file, sha256: hashOf(await savedBytes(ctx, file)) });
  return out;
}

/** The trailers of a request's commit. */
const trailersOf = (requester: RequestPerson, approver: Person) =>
  `Pedido-por: ${trailerOf(requester)}\nAprovado-por: ${trailerOf(approver)}`;

const isAction = (r: PublicationRequest) => r.kind !== undefined && r.kind !== 'publicar';

/** Words for a changed action request: which file, and what happened to it. */
async function actionChanged(
  ctx: ApiContext,
  entry: PublicationRequest,
  error: PlanChanged,
): Promise<RequestChanged> {
  const changed: RequestChanged['changed'] = [];
  for (const d of error.differences)
    changed.push({ file: d.file, route: await routeOf(ctx, d.file), now: d.now });
  const names = changed.map((c) => c.route ?? c.file).join(', ');
  const published = changed.every((c) => c.now === 'publicado');
  return {
    error: `${names} ${published ? (changed.length === 1 ? 'foi publicado' : 'foram publicados') : changed.length === 1 ? 'mudou' : 'mudaram'} depois do pedido de ${entry.requester.name}: ${entry.action?.summary ?? 'a ação'} não faria mais o que foi pedido. Nada foi publicado. Peça para ${entry.requester.name} pedir de novo (o pedido é refeito com o site de agora), ou devolva o pedido.`,
    changed,
  };
}

export function requestRoutes(
  checkFiles: FileCheck,
  run: RunRoute,
): Record<string, Partial<Record<string, Handler>>> {
  const routeOfFile = (ctx: ApiContext) => (file: string) => routeOf(ctx, file);

  const list: Handler = async (ctx, request) => {
    const person = request.person;
    const role = roleOf(person);
    const enabled = ctx.publisher.enabled && ctx.dataDir !== undefined;
    const state = ctx.dataDir
      ? await readState(ctx.dataDir)
      : { version: 1 as const, approvalRequired: false, requests: [] };
    const mayApprove = can(role, 'approve');
    const visible = state.requests.filter((r) => mayApprove || same(r.requester, person)).reverse();
    const requests: RequestView[] = [];
    for (const r of visible) {
      requests.push({
        ...r,
        routes: await Promise.all((r.action ? r.action.writes : r.files).map((f) => routeOf(ctx, f.file))),
        changedSince:
          r.status !== 'pendente'
            ? []
            : isAction(r)
              ? r.action
                ? [
                    ...(await publishedSince(ctx, r.action)).map((w) => w.file),
                    ...(await changedSince(ctx, r)).map((c) => c.file),
                  ]
                : []
              : (await changedSince(ctx, r)).map((c) => c.file),
        mine: same(r.requester, person),
        canDecide: r.status === 'pendente' && mayDecide(ctx, state, r, person),
      });
    }
    const attention = requests.filter((r) =>
      mayApprove ? r.canDecide : r.mine && r.status === 'devolvido',
    ).length;
    const answer: RequestsAnswer = {
      enabled,
      approvalRequired: state.approvalRequired,
      mayPublish: can(role, 'publish') && !required(ctx, state),
      mayApprove,
      maySetApproval: can(role, 'settings'),
      requests,
      attention,
    };
    return { status: 200, body: answer };
  };

  /** Pedir publicação: the saved files (each one's sha256 now) and a message. */
  const create: Handler = async (ctx, request) => {
    const dir = dataDirOf(ctx);
    const body = await readObject(request);
    const { files } = body;
    if (!Array.isArray(files) || files.length === 0)
      throw new HttpError(400, 'Escolha ao menos um arquivo para pedir publicação.');
    if (files.length > MAX_REQUEST_FILES)
      throw new HttpError(413, `Um pedido tem no máximo ${MAX_REQUEST_FILES} arquivos.`);
    const message = checkText(
      body.message,
      'message',
      MAX_REQUEST_MESSAGE,
      'uma mensagem dizendo o que mudou',
    );
    const checked = [...new Set(await checkFiles(ctx, files))];
    const current = await ctx.publisher.changes(request.person);
    const changed = new Map(current.changes.map((c) => [c.file, c]));
    const missing = checked.find((f) => !changed.has(f));
    if (missing !== undefined)
      throw new HttpError(
        409,
        `${missing} não tem mudanças salvas para publicar (já publicado, ou não existe).`,
      );
    const requested: RequestedFile[] = [];
    for (const file of checked) {
      const bytes = await savedBytes(ctx, file);
      requested.push({ file, sha256: changed.get(file)!.status === 'excluído' ? null : hashOf(bytes) });
    }
    const created = await update(dir, (state) => {
      if (state.requests.filter((r) => r.status === 'pendente').length >= MAX_PENDING)
        throw new HttpError(
          429,
          `Já há ${MAX_PENDING} pedidos esperando: decida alguns antes de pedir outro.`,
        );
      const entry: PublicationRequest = {
        id: randomBytes(12).toString('base64url'),
        files: requested,
        message,
        requester: personOf(request.person),
        createdAt: new Date().toISOString(),
        status: 'pendente',
      };
      state.requests.push(entry);
      return entry;
    });
    await ctx.audit.record('pedir-publicacao', request.person.email, { id: created.id, files: checked });
    return { status: 201, body: created };
  };

  /** Pedir de novo: the requester's request, with the files' texts as saved now (pending or returned). */
  const renew: Handler = async (ctx, request) => {
    const dir = dataDirOf(ctx);
    const body = await readObject(request);
    const id = checkId(body.id);
    const message =
      body.message === undefined
        ? undefined
        : checkText(body.message, 'message', MAX_REQUEST_MESSAGE, 'uma mensagem dizendo o que mudou');
    const stored = found(await readState(dir), id);
    // A schedule's request may be asked again with new times (its start passed, or it was returned).
    let times: { start: string; end: string | null } | undefined;
    if (body.start !== undefined || body.end !== undefined) {
      if (!isAction(stored) || !TIMED_KINDS.includes(stored.kind as ActionKind))
        throw new HttpError(
          400,
          'Só um pedido de agendamento ou de mudança de horário tem horários a mudar.',
        );
      if (typeof body.start !== 'string')
        throw new HttpError(400, 'O campo "start" precisa ser um texto: o início, "AAAA-MM-DD HH:MM".');
      if (body.end !== null && typeof body.end !== 'string')
        throw new HttpError(
          400,
          'O campo "end" precisa ser um texto ("AAAA-MM-DD HH:MM") ou null (sem fim).',
        );
      times = { start: body.start, end: body.end };
    }
    if (isAction(stored)) return renewAction(ctx, request, dir, id, message, times);
    const current = await ctx.publisher.changes(request.person);
    const changed = new Map(current.changes.map((c) => [c.file, c]));
    const renewed = await update(dir, async (state) => {
      const entry = found(state, id);
      if (!same(entry.requester, request.person))
        throw new HttpError(403, 'Só quem fez o pedido pode pedir de novo.');
      if (entry.status === 'aprovado') throw new HttpError(409, 'Este pedido já foi aprovado e publicado.');
      if (isAction(entry)) throw new HttpError(409, 'Este pedido mudou enquanto era pedido de novo.');
      const files = entry.files.filter((f) => changed.has(f.file));
      if (files.length === 0)
        throw new HttpError(
          409,
          'Nenhum arquivo deste pedido tem mudanças salvas agora: não há o que pedir.',
        );
      entry.files = [];
      for (const f of files) {
        const bytes = await savedBytes(ctx, f.file);
        entry.files.push({
          file: f.file,
          sha256: changed.get(f.file)!.status === 'excluído' ? null : hashOf(bytes),
        });
      }
      return reopened(entry, message);
    });
    await ctx.audit.record('pedir-publicacao', request.person.email, {
      id,
      files: renewed.files.map((f) => f.file),
      again: true,
    });
    return { status: 200, body: renewed };
  };

  /** Ids being approved right now: a second click (or a second approver) waits for no double publish. */
  const approving = new Set<string>();

  /** Aprovar e publicar: exactly the requested texts, or a refusal naming what changed since. */
  const approve: Handler = async (ctx, request) => {
    const dir = dataDirOf(ctx);
    const body = await readObject(request);
    const id = checkId(body.id);
    const approver = request.person;
    if (approving.has(id)) throw new HttpError(409, 'Este pedido já está sendo aprovado por alguém agora.');
    approving.add(id);
    try {
      const state = await readState(dir);
      const entry = found(state, id);
      if (entry.status !== 'pendente') {
        const who = entry.decidedBy ? ` por ${entry.decidedBy.name}` : '';
        throw new HttpError(409, `Este pedido já foi ${entry.status}${who}.`);
      }
      if (!mayDecide(ctx, state, entry, approver))
        throw new HttpError(
          403,
          'Toda publicação precisa de aprovação de outra pessoa: você não pode aprovar o seu próprio pedido.',
        );
      if (isAction(entry)) return await approveAction(ctx, dir, entry, approver);
      const exact = new Map<string, string | null>();
      const changed: RequestChanged['changed'] = [];
      for (const f of entry.files) {
        const bytes = await savedBytes(ctx, f.file);
        const now = hashOf(bytes);
        if (now !== f.sha256) {
          changed.push({
            file: f.file,
            route: await routeOf(ctx, f.file),
            now: now === null ? 'excluído' : 'alterado',
          });
        } else if (f.file.startsWith('pages/'))
          exact.set(f.file, bytes === null ? null : bytes.toString('utf8'));
      }
      if (changed.length > 0) {
        const names = changed.map((c) => c.route ?? c.file).join(', ');
        const answer: RequestChanged = {
          error: `${names} ${changed.length === 1 ? 'mudou' : 'mudaram'} depois do pedido de ${entry.requester.name}: o que seria publicado não é mais o que foi pedido. Nada foi publicado. Veja a revisão de novo e peça para ${entry.requester.name} pedir de novo, ou devolva o pedido.`,
          changed,
        };
        return { status: 409, body: answer };
      }
      // Published already, its record cut short (a crash between the push and pedidos.json): the
      // commit's trailers say so; the record is put right instead of publishing "nothing" again.
      const recorded = await publishedBefore(ctx, entry, approver);
      if (recorded) {
        await update(dir, (fresh) => {
          const stored = found(fresh, id);
          stored.status = 'aprovado';
          stored.decidedBy = recorded.by;
          stored.decidedAt = recorded.at;
          stored.commit = recorded.commit;
        });
        throw new HttpError(
          409,
          `Este pedido já foi publicado (${recorded.commit.slice(0, 7)}, aprovado por ${recorded.by.name}); o registro do pedido foi corrigido.`,
        );
      }
      const message = `${entry.message}\n\n${trailersOf(entry.requester, approver)}`;
      const files = entry.files.map((f) => f.file);
      const outcome = await ctx.publisher.publish(approver, files, message, [], [], {
        exact,
        author: entry.requester,
      });
      if (outcome.status !== 200) return { status: outcome.status, body: outcome.body };
      await update(dir, (fresh) => {
        const stored = found(fresh, id);
        stored.status = 'aprovado';
        stored.decidedBy = personOf(approver);
        stored.decidedAt = new Date().toISOString();
        stored.commit = outcome.body.commit;
      });
      await ctx.audit.record('aprovar-pedido', approver.email, { id, commit: outcome.body.commit, files });
      return { status: 200, body: outcome.body };
    } finally {
      approving.delete(id);
    }
  };

  /**
   * Pedir para restaurar, desfazer, agendar…: the route's body and the plan its handler computes
   * now (everything the direct action checks, checked), kept with a message.
   */
  const createAction: Handler = async (ctx, request) => {
    const dir = dataDirOf(ctx);
    const body = await readObject(request);
    const kind = checkKind(body.kind);
    if (body.kind === 'publicar') throw new HttpError(400, 'Para publicar, use “Pedir publicação”.');
    const actionBody = checkBody(body.body);
    const message = checkText(body.message, 'message', MAX_REQUEST_MESSAGE, 'uma mensagem para quem aprova');
    if (!ctx.publisher.enabled)
      throw new HttpError(
        409,
        'Este Estúdio não publica (não está num repositório git): não há o que pedir.',
      );
    const action = await planAction(ctx, run, kind, actionBody, request.person, routeOfFile(ctx));
    const sources = await savedSources(ctx, kind, action);
    const created = await update(dir, (state) => {
      if (state.requests.filter((r) => r.status === 'pendente').length >= MAX_PENDING)
        throw new HttpError(
          429,
          `Já há ${MAX_PENDING} pedidos esperando: decida alguns antes de pedir outro.`,
        );
      const entry: PublicationRequest = {
        id: randomBytes(12).toString('base64url'),
        kind,
        files: sources,
        action,
        message,
        requester: personOf(request.person),
        createdAt: new Date().toISOString(),
        status: 'pendente',
      };
      state.requests.push(entry);
      return entry;
    });
    await ctx.audit.record('pedir-publicacao', request.person.email, {
      id: created.id,
      kind,
      files: action.writes.map((w) => w.file),
    });
    return { status: 201, body: created };
  };

  /** Pedir de novo, for an action: its plan computed again on the site as it is now. */
  const renewAction = async (
    ctx: ApiContext,
    request: ApiRequest,
    dir: string,
    id: string,
    message: string | undefined,
    times?: { start: string; end: string | null },
  ): Promise<Answer> => {
    const before = found(await readState(dir), id);
    if (!same(before.requester, request.person))
      throw new HttpError(403, 'Só quem fez o pedido pode pedir de novo.');
    if (before.status === 'aprovado') throw new HttpError(409, 'Este pedido já foi aprovado e publicado.');
    const kind = before.kind as ActionKind;
    const asked = times ? { ...before.action!.body, ...times } : before.action!.body;
    let action: RequestedAction;
    try {
      action = await planAction(ctx, run, kind, asked, request.person, routeOfFile(ctx));
    } catch (error) {
      const words =
        error instanceof HttpError
          ? passedTimeWords(kind, error.message, before.requester.name, true)
          : undefined;
      if (words) throw new HttpError(409, words);
      throw error;
    }
    const sources = await savedSources(ctx, kind, action);
    const renewed = await update(dir, (state) => {
      const entry = found(state, id);
      if (entry.status === 'aprovado') throw new HttpError(409, 'Este pedido já foi aprovado e publicado.');
      entry.action = action;
      entry.files = sources;
      return reopened(entry, message);
    });
    await ctx.audit.record('pedir-publicacao', request.person.email, {
      id,
      kind,
      files: action.writes.map((w) => w.file),
      again: true,
    });
    return { status: 200, body: renewed };
  };

  /**
   * Aprovar, for an action: its handler run for real, the requester the commit's author; refused
   * (409, naming the files) when the plan computed now is not the requested one.
   */
  const approveAction = async (
    ctx: ApiContext,
    dir: string,
    entry: PublicationRequest,
    approver: ApiRequest['person'],
  ): Promise<Answer> => {
    const kind = entry.kind as ActionKind;
    // The approver may do the action itself (a Publicador may; the table says).
    guardRoute(roleOf(approver), 'POST', ACTION_ROUTES[kind]);
    let answer: Answer;
    // A schedule whose time passed while the request waited: said so, and what to do.
    const passed = (text: string) => passedTimeWords(kind, text, entry.requester.name, false);
    try {
      answer = await runAction(ctx, run, kind, entry.action!, approver, {
        author: entry.requester,
        trailers: trailersOf(entry.requester, approver),
      });
    } catch (error) {
      if (error instanceof HttpError && passed(error.message))
        throw new HttpError(409, passed(error.message)!);
      if (!(error instanceof PlanChanged)) throw error;
      // Carried out already, its record cut short (a crash between the push and pedidos.json):
      // the record is put right from the commit's trailers, nothing is published twice.
      const recorded = alreadyWritten(entry.action!.writes, error.now)
        ? await actionPublishedBefore(ctx, entry)
        : undefined;
      if (!recorded) return { status: 409, body: await actionChanged(ctx, entry, error) };
      await update(dir, (fresh) => {
        const stored = found(fresh, entry.id);
        stored.status = 'aprovado';
        stored.decidedBy = recorded.by;
        stored.decidedAt = recorded.at;
        stored.commit = recorded.commit;
      });
      throw new HttpError(
        409,
        `Este pedido já foi feito (${recorded.commit.slice(0, 7)}, aprovado por ${recorded.by.name}); o registro do pedido foi corrigido.`,
      );
    }
    if (answer.status !== 200) {
      const error = (answer.body as { error?: unknown } | null)?.error;
      const words = typeof error === 'string' ? passed(error) : undefined;
      return words ? { status: 409, body: { error: words } } : answer;
    }
    const commit = (answer.body as { commit?: string }).commit;
    await update(dir, (fresh) => {
      const stored = found(fresh, entry.id);
      stored.status = 'aprovado';
      stored.decidedBy = personOf(approver);
      stored.decidedAt = new Date().toISOString();
      if (commit) stored.commit = commit;
    });
    await ctx.audit.record('aprovar-pedido', approver.email, {
      id: entry.id,
      kind,
      commit,
      files: entry.action!.writes.map((w) => w.file),
    });
    return answer;
  };

  /** Devolver: back to the requester with a comment (plain text). */
  const giveBack: Handler = async (ctx, request) => {
    const dir = dataDirOf(ctx);
    const body = await readObject(request);
    const id = checkId(body.id);
    const comment = checkText(body.comment, 'comment', MAX_REQUEST_COMMENT, 'um comentário para quem pediu');
    const entry = await update(dir, (state) => {
      const stored = found(state, id);
      if (stored.status !== 'pendente') throw new HttpError(409, `Este pedido já foi ${stored.status}.`);
      if (approving.has(id)) throw new HttpError(409, 'Este pedido está sendo aprovado agora.');
      if (!mayDecide(ctx, state, stored, request.person))
        throw new HttpError(403, 'Você não pode decidir o seu próprio pedido.');
      stored.status = 'devolvido';
      stored.decidedBy = personOf(request.person);
      stored.decidedAt = new Date().toISOString();
      stored.comment = comment;
      return stored;
    });
    await ctx.audit.record('devolver-pedido', request.person.email, { id });
    return { status: 200, body: entry };
  };

  /** "Toda publicação precisa de aprovação" (Administrador: roles.ts's 'settings'). */
  const settings: Handler = async (ctx, request) => {
    const dir = dataDirOf(ctx);
    const body = await readObject(request);
    if (typeof body.approvalRequired !== 'boolean')
      throw new HttpError(400, 'O campo "approvalRequired" precisa ser true ou false.');
    const value = body.approvalRequired;
    await update(dir, (state) => {
      state.approvalRequired = value;
    });
    await ctx.audit.record('aprovacao-obrigatoria', request.person.email, { approvalRequired: value });
    return { status: 200, body: { approvalRequired: value } };
  };

  return {
    '/api/requests': { GET: list, POST: create },
    '/api/requests/action': { POST: createAction },
    '/api/requests/approve': { POST: approve },
    '/api/requests/return': { POST: giveBack },
    '/api/requests/renew': { POST: renew },
    '/api/requests/settings': { PUT: settings },
  };
}
