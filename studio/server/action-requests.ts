/**
 * Requests for what publishes directly besides Publicar (decision 0049, session 21): Restaurar,
 * Desfazer, Agendar, Alterar horário, Cancelar, Trazer para as páginas, Levar a vencedora. A
 * request stores the route's body; when asked (and asked again) the route's own handler runs it
 * as a dry run (publish/on-behalf.ts), so everything the direct action validates is validated,
 * and the plan it would publish is kept: every path it writes with its blob before (what it
 * depended on) and after. At approval the same handler runs for real, in the approver's name as
 * committer and the requester's as author, and is refused if the plan it computes then differs.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import {
  ACTION_KINDS,
  MAX_ACTION_BODY,
  type ActionKind,
  type ActionWrite,
  type RequestedAction,
} from '../requests-api.ts';
import type { Answer, ApiContext, ApiRequest } from './api-context.ts';
import { HttpError } from './http.ts';
import type { ActingPerson as Person } from './people.ts';
import { onBehalf, PlannedPublish, type Behalf } from './publish/on-behalf.ts';

/** Each kind's route (POST): the handler a direct action uses. */
export const ACTION_ROUTES: Readonly<Record<ActionKind, string>> = {
  restaurar: '/api/history/restore',
  desfazer: '/api/history/revert',
  agendar: '/api/schedules',
  'alterar-horario': '/api/schedules/times',
  'cancelar-agendamento': '/api/schedules/cancel',
  'trazer-para-paginas': '/api/schedules/apply',
  'levar-vencedora': '/api/experiments/conclude',
};

/** Kinds that change what visitors see at once: their review shows pictures of those pages. */
const PICTURED = new Set<ActionKind>(['restaurar', 'desfazer', 'levar-vencedora']);

/** The kind a direct route would be asked as ("POST /api/history/restore" → restaurar). */
export const kindOfRoute = (method: string, route: string): ActionKind | undefined =>
  method === 'POST' ? ACTION_KINDS.find((k) => ACTION_ROUTES[k] === route) : undefined;

/** Runs a route's handler (api.ts's table), without the guards handleApi adds before it. */
export type RunRoute = (ctx: ApiContext, route: string, request: ApiRequest) => Promise<Answer>;

export function checkKind(value: unknown): ActionKind {
  if (typeof value !== 'string' || !(ACTION_KINDS as readonly string[]).includes(value))
    throw new HttpError(400, `O pedido precisa dizer o que fazer ("kind"): ${ACTION_KINDS.join(', ')}.`);
  return value as ActionKind;
}

/** The action's body: a JSON object of at most MAX_ACTION_BODY characters, its own message left out. */
export function checkBody(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new HttpError(400, 'O campo "body" precisa ser um objeto JSON (o que a ação recebe).');
  const { message: _own, ...body } = value as Record<string, unknown>;
  void _own;
  const size = JSON.stringify(body).length;
  if (size > MAX_ACTION_BODY)
    throw new HttpError(
      413,
      `Os dados da ação têm ${size} caracteres; o limite de um pedido é ${MAX_ACTION_BODY}.`,
    );
  return body;
}

/** A request body for a handler: the stored JSON, as if it had come from the browser. */
function replayed(body: Record<string, unknown>, person: Person, route: string): ApiRequest {
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  const req = Object.assign(Readable.from([bytes]), {
    headers: { 'content-type': 'application/json', 'content-length': String(bytes.length) },
    method: 'POST',
    url: route,
    socket: { destroyed: false },
  }) as unknown as IncomingMessage;
  return { req, query: new URLSearchParams(), person };
}

/** A handler's answer that is not a success, as the refusal it is. */
function refusalOf(answer: Answer): HttpError {
  const body = answer.body as { error?: unknown } | null;
  const error = typeof body?.error === 'string' ? body.error : 'A ação foi recusada.';
  return new HttpError(answer.status >= 400 ? answer.status : 409, error);
}

/**
 * The plan of `kind` with `body`, asked by `person`: the handler's own dry run. Its refusals
 * (a page with saved changes, a version that does not exist, a time in the past…) come as they
 * would to a direct action.
 */
export async function planAction(
  ctx: ApiContext,
  run: RunRoute,
  kind: ActionKind,
  body: Record<string, unknown>,
  person: Person,
  routeOf: (file: string) => Promise<string | null>,
): Promise<RequestedAction> {
  const route = ACTION_ROUTES[kind];
  let answer: Answer;
  try {
    answer = await onBehalf({ dryRun: true }, () => run(ctx, route, replayed(body, person, route)));
  } catch (error) {
    if (!(error instanceof PlannedPublish)) throw error;
    const { plan } = error;
    const stored = { ...body };
    // Agendar names its schedule when asked: approving runs it under that same name.
    if (kind === 'agendar' && stored.id === undefined) {
      const id = plan.writes.map((w) => /(?:^|\/)_agendamentos\/([^/]+)\//.exec(w.path)?.[1]).find(Boolean);
      if (id) stored.id = id;
    }
    // Pictures where the page visitors see now changes (not a schedule's folder: it waits its hour).
    const routes: string[] = [];
    if (PICTURED.has(kind))
      for (const w of plan.writes) {
        const r = w.after === null ? null : await routeOf(w.file);
        if (r !== null && !routes.includes(r)) routes.push(r);
      }
    return {
      body: stored,
      summary: plan.message.split('\n')[0]!,
      parent: plan.parent,
      tree: plan.tree,
      writes: plan.writes,
      routes,
    };
  }
  // The handler answered without reaching the commit: a refusal in its own words.
  throw refusalOf(answer.status === 200 ? { status: 409, body: { error: 'Nada a publicar.' } } : answer);
}

/** The kinds whose body carries a schedule's times (start, end): they may be asked again with new ones. */
export const TIMED_KINDS: readonly ActionKind[] = ['agendar', 'alterar-horario'];

/**
 * A schedule request whose time passed while it waited: the handler's refusal ("O início (…) já
 * passou: agora são …") said for whoever meets it, without its advice to publish now (that is the
 * direct action's), and what to do instead. Undefined for any other refusal.
 */
export function passedTimeWords(
  kind: ActionKind,
  text: string,
  requester: string,
  mine: boolean,
): string | undefined {
  if (!TIMED_KINDS.includes(kind) || !/já passou/.test(text)) return undefined;
  const said = text.replace(/\s*(?:Escolha um dia|Para pôr no ar agora)[\s\S]*$/, '').trim();
  return mine
    ? `${said} O horário pedido já passou: em Pedidos, use “Pedir de novo com outro horário” e escolha um novo.`
    : `${said} O horário pedido já passou, e o pedido não pode ser aprovado assim: devolva-o, e ${requester} pede de novo com um novo horário.`;
}

/** The action run for real on behalf of its request; a plan that differs throws PlanChanged. */
export function runAction(
  ctx: ApiContext,
  run: RunRoute,
  kind: ActionKind,
  action: RequestedAction,
  approver: Person,
  behalf: Omit<Behalf, 'dryRun' | 'expect'>,
): Promise<Answer> {
  const route = ACTION_ROUTES[kind];
  return onBehalf({ ...behalf, expect: action.writes }, () =>
    run(ctx, route, replayed(action.body, approver, route)),
  );
}

/** git's blob id of `bytes`. */
const blobId = (bytes: Buffer) =>
  createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');

/**
 * The pages/ files an action request depended on that were published again since (cheap, for the
 * list: the approval compares the whole plan, images and what would be written included).
 */
export async function publishedSince(ctx: ApiContext, action: RequestedAction): Promise<ActionWrite[]> {
  const out: ActionWrite[] = [];
  for (const w of action.writes) {
    if (!w.file.startsWith('pages/')) continue;
    const text = await ctx.publisher.publishedText(w.file).catch(() => undefined);
    if (text === undefined) continue;
    const now = text === null ? null : blobId(Buffer.from(text, 'utf8'));
    if (now !== w.before) out.push(w);
  }
  return out;
}
