/**
 * The Agendamentos API (issue 38; types in studio/schedules-api.ts):
 * GET /api/schedules (upcoming and ended, in words), POST /api/schedules (Agendar the chosen saved
 * changes), POST /api/schedules/times (Alterar horário), POST /api/schedules/cancel (Cancelar),
 * POST /api/schedules/edit (Editar: the files back as drafts).
 *
 * Every request is taken as hostile: ids match the folder rule, instants are "AAAA-MM-DD HH:MM"
 * that exist in São Paulo, file names go through the publisher's file check (the loader's rules),
 * and every file a schedule's folder holds is checked the same way before it is written to pages/.
 * What is scheduled is what is published (HEAD): the folders are read from git, not the disk.
 */
import { parse as parseYaml, parseDocument } from 'yaml';
import {
  describeSchedule,
  formatSiteInstant,
  parseSiteInstant,
  schemaModeline,
  SCHEDULE_META_FILE as META_FILE,
  SCHEDULES_DIR as SCHEDULES_FOLDER,
  siteInstantText,
  type Schedule,
} from '../../runtime/load/index.ts';
import {
  MAX_SCHEDULE_ID,
  MAX_SCHEDULE_NOTE,
  SCHEDULE_ID,
  type ScheduleAnswer,
  type ScheduledFile,
  type ScheduleEditAnswer,
  type ScheduleInfo,
  type SchedulesAnswer,
} from '../schedules-api.ts';
import type { Answer, ApiContext, ApiRequest } from './api-context.ts';
import { HttpError, readJsonBody } from './http.ts';
import { checkFolderInside } from './page-files.ts';
import { inWords, SITE_API_FILE } from './site.ts';

type Handler = (ctx: ApiContext, request: ApiRequest) => Promise<Answer>;
/** The publisher's file check (api.ts): a page by the loader's rules, _site.yaml, or an image. */
type CheckFiles = (ctx: ApiContext, files: unknown[]) => Promise<string[]>;

const MAX_MESSAGE = 2000;
export const ZONE_WORDS = 'horário de São Paulo';

// Instants: minutes in São Paulo time, read and shown by the runtime's one definition (issue 38).
const parseInstant = parseSiteInstant;
const instantText = siteInstantText;
const instantWords = formatSiteInstant;

// ---------------------------------------------------------------------------------------------
// The meta file and a schedule in words.

interface Meta {
  start: string;
  end: string | null;
  note: string | null;
  remove: string[];
}

const scalar = (v: unknown): string | undefined =>
  typeof v === 'string' ? v.trim() : v instanceof Date ? instantText(v) : undefined;

/** The meta file read; a located problem in words when it cannot be. */
function readMeta(text: string | null, where: string): Meta | string {
  if (text === null) return `${where}: falta o arquivo ${META_FILE} (com start:).`;
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    return `${where}: o YAML não pôde ser lido (${(error as Error).message.split('\n')[0]}).`;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return `${where}: precisa ter start: AAAA-MM-DD HH:MM.`;
  const d = data as Record<string, unknown>;
  const start = scalar(d.start);
  if (!start || !parseInstant(start))
    return `${where}: start precisa ser "AAAA-MM-DD HH:MM" (horário de São Paulo).`;
  const end = d.end === undefined || d.end === null ? null : scalar(d.end);
  if (end === undefined || (end !== null && !parseInstant(end)))
    return `${where}: end precisa ser "AAAA-MM-DD HH:MM" (horário de São Paulo).`;
  const remove = Array.isArray(d.remove) ? d.remove.filter((x): x is string => typeof x === 'string') : [];
  return { start, end, note: scalar(d.note) || null, remove };
}

/** The meta file's text, as docs/autoria.md shows it. */
export function metaText(meta: Meta): string {
  const lines = [
    schemaModeline(`${SCHEDULES_FOLDER}/_/${META_FILE}`),
    '# Agendamento (docs/autoria.md, "Agendar"). Horário de São Paulo.',
    `start: ${meta.start}`,
  ];
  if (meta.end) lines.push(`end: ${meta.end}`);
  if (meta.note) lines.push(`note: ${JSON.stringify(meta.note)}`);
  if (meta.remove.length > 0) lines.push(`remove: [${meta.remove.join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

/** The schedule in words by the runtime's describeSchedule ("/agendamento-natal entra no ar em …"). */
function describe(s: Read, files: ScheduledFile[]): string {
  const schedule: Schedule = {
    id: s.id,
    start: s.start,
    end: s.end,
    startText: s.meta.start,
    endText: s.meta.end,
    ...(s.meta.note ? { note: s.meta.note } : {}),
    files: s.files.map((f) => ({ path: f.rel, text: f.text ?? '' })),
    remove: s.meta.remove,
  };
  const existing = files.filter((f) => f.kind === 'muda').map((f) => f.file.slice('pages/'.length));
  return describeSchedule(schedule, existing);
}

// ---------------------------------------------------------------------------------------------
// Reading the published schedules.

interface Read {
  id: string;
  meta: Meta;
  start: Date;
  end: Date | null;
  /** The folder's files but the meta, relative to pages/. */
  files: { rel: string; text: string | null }[];
}

async function readAll(ctx: ApiContext): Promise<{ list: Read[]; problems: string[] }> {
  const folders = await ctx.publisher.schedules();
  const list: Read[] = [];
  const problems: string[] = [];
  for (const [id, files] of folders) {
    const where = `pages/${SCHEDULES_FOLDER}/${id}/${META_FILE}`;
    if (!SCHEDULE_ID.test(id) || id.length > MAX_SCHEDULE_ID) {
      problems.push(
        `pages/${SCHEDULES_FOLDER}/${id}: o nome da pasta precisa ter só letras minúsculas, números e hífens (até ${MAX_SCHEDULE_ID}).`,
      );
      continue;
    }
    const meta = readMeta(files.find((f) => f.rel === META_FILE)?.text ?? null, where);
    if (typeof meta === 'string') {
      problems.push(meta);
      continue;
    }
    list.push({
      id,
      meta,
      start: parseInstant(meta.start)!,
      end: meta.end === null ? null : parseInstant(meta.end)!,
      files: files.filter((f) => f.rel !== META_FILE),
    });
  }
  return { list, problems };
}

async function find(ctx: ApiContext, id: string): Promise<Read> {
  const { list, problems } = await readAll(ctx);
  const found = list.find((s) => s.id === id);
  if (!found) {
    const problem = problems.find((p) => p.includes(`/${id}/`) || p.endsWith(`/${id}:`));
    throw new HttpError(
      problem ? 409 : 404,
      problem ?? `O agendamento "${id}" não existe (ou já foi cancelado).`,
    );
  }
  return found;
}

async function infoOf(
  ctx: ApiContext,
  s: Read,
  now: Date,
  author?: { by: string; at: string },
): Promise<ScheduleInfo> {
  const load = await ctx.runtime.load();
  const routeOf = (rel: string) =>
    load.isRouteFile(rel) && load.badRouteFileName(rel) === undefined ? load.fileToRoute(rel) : null;
  const files: ScheduledFile[] = [];
  for (const f of s.files) {
    const file = `pages/${f.rel}`;
    const published = await ctx.publisher.publishedText(file);
    files.push({ file, route: routeOf(f.rel), kind: published === null ? 'cria' : 'muda' });
  }
  for (const rel of s.meta.remove) files.push({ file: `pages/${rel}`, route: routeOf(rel), kind: 'remove' });
  const state: ScheduleInfo['state'] =
    (s.end ?? s.start) <= now ? 'encerrado' : s.start <= now ? 'no-ar' : 'proximo';
  return {
    id: s.id,
    start: s.meta.start,
    end: s.meta.end,
    startWords: instantWords(s.start),
    endWords: s.end ? instantWords(s.end) : null,
    startAt: s.start.toISOString(),
    endAt: s.end?.toISOString() ?? null,
    note: s.meta.note,
    words: describe(s, files),
    files,
    state,
    by: author?.by ?? null,
    when: author ? instantWords(new Date(author.at)) : null,
  };
}

/** Why scheduling is not possible here, in words; undefined when it is. */
async function refusal(ctx: ApiContext): Promise<string | undefined> {
  if (!ctx.publisher.enabled)
    return 'Esta pasta não está num repositório git: o Estúdio salva, mas não publica nem agenda.';
  const site = await ctx.publisher.publishedText(SITE_API_FILE);
  let host: unknown;
  try {
    host = site === null ? undefined : (parseYaml(site) as { host?: unknown } | null)?.host;
  } catch {
    host = undefined;
  }
  if (host === 'estatico')
    return `O site está configurado com host: estatico em ${SITE_API_FILE}: num host estático nada troca a página na hora marcada, então não dá para agendar. Publique agora, ou peça a quem cuida do site para usar Cloudflare, Netlify ou Vercel.`;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Requests.

async function readObject(request: ApiRequest): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request.req);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'Os dados enviados precisam ser um objeto JSON.');
  return body as Record<string, unknown>;
}

function checkId(value: unknown, field = 'id'): string {
  if (typeof value !== 'string' || value.length > MAX_SCHEDULE_ID || !SCHEDULE_ID.test(value))
    throw new HttpError(
      400,
      `O campo "${field}" precisa ser o nome de um agendamento: letras minúsculas sem acento, números e hífens, até ${MAX_SCHEDULE_ID} caracteres.`,
    );
  return value;
}

function checkInstant(value: unknown, what: string): { text: string; at: Date } {
  const text = typeof value === 'string' ? value.trim() : '';
  const at = text.length <= 16 ? parseInstant(text) : undefined;
  if (!at)
    throw new HttpError(
      400,
      `${what} precisa ser uma data e hora que existem no horário de São Paulo, no formato AAAA-MM-DD HH:MM (por exemplo 2026-12-20 00:00).`,
    );
  return { text, at };
}

/** Start in the future (unless it is `keep`, the schedule's own), end after start and after now. */
function checkTimes(
  body: Record<string, unknown>,
  now: Date,
  keep?: string,
): { start: { text: string; at: Date }; end: { text: string; at: Date } | null } {
  const start = checkInstant(body.start, 'O início');
  if (start.text !== keep && start.at <= now)
    throw new HttpError(
      400,
      `O início (${instantWords(start.at)}) já passou: agora são ${instantWords(now)} no horário de São Paulo. Escolha um dia e hora depois de agora. Para pôr no ar agora, escolha "Publicar agora" (num pedido de publicação, "Assim que for aprovado").`,
    );
  const end =
    body.end === undefined || body.end === null || body.end === '' ? null : checkInstant(body.end, 'O fim');
  if (end && end.at <= start.at)
    throw new HttpError(
      400,
      `O fim (${instantWords(end.at)}) precisa vir depois do início (${instantWords(start.at)}).`,
    );
  if (end && end.at <= now)
    throw new HttpError(400, `O fim (${instantWords(end.at)}) já passou: agora são ${instantWords(now)}.`);
  return { start, end };
}

function checkNote(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new HttpError(400, 'A observação precisa ser um texto.');
  const note = value.trim();
  if (note.length > MAX_SCHEDULE_NOTE)
    throw new HttpError(400, `A observação passa de ${MAX_SCHEDULE_NOTE} caracteres.`);
  if ([...note].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f' || c === '\u2028' || c === '\u2029'))
    throw new HttpError(
      400,
      'A observação precisa caber numa linha (sem quebras nem caracteres de controle).',
    );
  return note || null;
}

/** A name for the folder from the note: "Oferta de Natal" → "oferta-de-natal". */
export function idFromNote(note: string | null): string {
  const slug = (note ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SCHEDULE_ID - 3)
    .replace(/-+$/, '');
  return slug || 'agendamento';
}

function message(value: unknown, fallback: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text.length > MAX_MESSAGE) throw new HttpError(400, `A mensagem passa de ${MAX_MESSAGE} caracteres.`);
  return (text || fallback).slice(0, MAX_MESSAGE);
}

/** The ids a schedule gets when it was made without a note ("agendamento", "agendamento-2"). */
const UNNAMED = /^agendamento(?:-(\d+))?$/;

/**
 * "agendamento natal" as the author reads it; one made without a note is told by its start
 * ("agendamento de 20/12/2026 às 00:00"), not "agendamento agendamento".
 */
const named = (id: string, start?: Date) => {
  const unnamed = UNNAMED.exec(id);
  if (!unnamed) return `agendamento ${id.replace(/-/g, ' ')}`;
  return start
    ? `agendamento de ${instantWords(start)}`
    : `agendamento sem nome${unnamed[1] ? ` ${unnamed[1]}` : ''}`;
};

function answer(status: number, body: unknown): Answer {
  return { status, body };
}

const getSchedules: Handler = async (ctx) => {
  const now = new Date();
  const reason = await refusal(ctx);
  const { list, problems } = await readAll(ctx);
  const authors = await ctx.publisher.scheduleAuthors(list.map((s) => s.id));
  const infos = await Promise.all(list.map((s) => infoOf(ctx, s, now, authors.get(s.id))));
  const upcoming = infos
    .filter((i) => i.state !== 'encerrado')
    .sort((a, b) => a.startAt.localeCompare(b.startAt) || a.id.localeCompare(b.id));
  const ended = infos
    .filter((i) => i.state === 'encerrado')
    .sort((a, b) => (b.endAt ?? b.startAt).localeCompare(a.endAt ?? a.startAt) || a.id.localeCompare(b.id));
  const body: SchedulesAnswer = {
    enabled: reason === undefined,
    ...(reason ? { reason } : {}),
    zone: ZONE_WORDS,
    now: instantText(now),
    upcoming,
    ended,
    problems,
  };
  return answer(200, body);
};

const postSchedule =
  (checkFiles: CheckFiles): Handler =>
  async (ctx, request) => {
    const body = await readObject(request);
    const reason = await refusal(ctx);
    if (reason) throw new HttpError(409, reason);
    if (!Array.isArray(body.files) || body.files.length === 0 || body.files.length > 200)
      throw new HttpError(400, 'Escolha ao menos um arquivo para agendar.');
    const files = [...new Set(await checkFiles(ctx, body.files))];
    const now = new Date();
    const replace =
      body.replace === undefined || body.replace === null ? undefined : checkId(body.replace, 'replace');
    // A live schedule brought back by Editar keeps its start, though it has passed; and its note.
    const kept = replace === undefined ? undefined : (await readAll(ctx)).list.find((s) => s.id === replace);
    const { start, end } = checkTimes(body, now, kept?.meta.start);
    const note = checkNote(body.note ?? kept?.meta.note);
    let id: string;
    if (replace !== undefined) {
      if (body.id !== undefined && body.id !== replace)
        throw new HttpError(400, 'Ao substituir um agendamento, o nome continua o mesmo.');
      id = replace;
    } else if (body.id !== undefined && body.id !== null && body.id !== '') id = checkId(body.id);
    else {
      const taken = new Set((await ctx.publisher.schedules()).keys());
      const base = idFromNote(note);
      id = base;
      for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    }
    const load = await ctx.runtime.load();
    const routes = files
      .filter((f) => f.startsWith('pages/'))
      .map((f) => {
        const rel = f.slice('pages/'.length);
        return load.isRouteFile(rel) ? load.fileToRoute(rel) : 'as configurações do site';
      });
    const when = `${instantWords(start.at)}${end ? ` até ${instantWords(end.at)}` : ''}`;
    const fallback = `Agenda ${inWords(routes)} para ${when}${UNNAMED.test(id) ? '' : ` (${named(id)})`}`;
    const outcome = await ctx.publisher.schedule(request.person, {
      id,
      files,
      message: message(body.message, fallback),
      replace: replace !== undefined,
      meta: (remove) => metaText({ start: start.text, end: end?.text ?? null, note, remove }),
    });
    if (outcome.status !== 200) return answer(outcome.status, outcome.body);
    const created = await find(ctx, id);
    const info = await infoOf(ctx, created, now);
    return answer(200, { ...outcome.body, id, words: info.words } satisfies ScheduleAnswer);
  };

const postTimes: Handler = async (ctx, request) => {
  const body = await readObject(request);
  const id = checkId(body.id);
  const reason = await refusal(ctx);
  if (reason) throw new HttpError(409, reason);
  const now = new Date();
  const s = await find(ctx, id);
  if ((s.end ?? s.start) <= now)
    throw new HttpError(
      409,
      `O ${named(id, s.start)} já terminou: não há horário a mudar. Cancele-o ou agende de novo.`,
    );
  const { start, end } = checkTimes(body, now, s.meta.start);
  if (start.text === s.meta.start && (end?.text ?? null) === s.meta.end)
    throw new HttpError(409, `O ${named(id, s.start)} já está com esses horários.`);
  const folder = await ctx.publisher.schedules();
  const old = folder.get(id)?.find((f) => f.rel === META_FILE)?.text ?? '';
  const doc = parseDocument(old);
  doc.set('start', start.text);
  if (end) doc.set('end', end.text);
  else doc.delete('end');
  const text =
    doc.errors.length === 0
      ? doc.toString()
      : metaText({ ...s.meta, start: start.text, end: end?.text ?? null });
  const when = `${instantWords(start.at)}${end ? ` até ${instantWords(end.at)}` : ''}`;
  const outcome = await ctx.publisher.scheduleTexts(
    request.person,
    id,
    [{ rel: META_FILE, text }],
    message(body.message, `Muda o horário do ${named(id, s.start)} para ${when}`),
  );
  return answer(outcome.status, outcome.body);
};

const postCancel: Handler = async (ctx, request) => {
  const body = await readObject(request);
  const id = checkId(body.id);
  const folder = (await ctx.publisher.schedules()).get(id);
  if (!folder) throw new HttpError(404, `O agendamento "${id}" não existe (ou já foi cancelado).`);
  const outcome = await ctx.publisher.scheduleTexts(
    request.person,
    id,
    folder.map((f) => ({ rel: f.rel, text: null })),
    message(body.message, `Cancela o ${named(id, (await find(ctx, id).catch(() => undefined))?.start)}`),
  );
  return answer(outcome.status, outcome.body);
};

const postEdit =
  (checkFiles: CheckFiles): Handler =>
  async (ctx, request) => {
    const body = await readObject(request);
    const id = checkId(body.id);
    const s = await find(ctx, id);
    const files = [
      ...s.files.map((f) => ({ rel: f.rel, text: f.text })),
      ...s.meta.remove.map((rel) => ({ rel, text: null })),
    ];
    // What the repository holds is checked like a request: the loader's names, inside pages/.
    const names = await checkFiles(
      ctx,
      files.map((f) => `pages/${f.rel}`),
    ).catch((error: unknown) => {
      throw new HttpError(
        409,
        `O ${named(id, s.start)} tem um arquivo que o Estúdio não edita: ${error instanceof HttpError ? error.message : String(error)}`,
      );
    });
    if (names.some((n) => !n.startsWith('pages/')))
      throw new HttpError(
        409,
        `O ${named(id, s.start)} tem arquivos fora de pages/: o Estúdio não os edita.`,
      );
    for (const f of files) await checkFolderInside(ctx.pagesDir, f.rel);
    const written = await ctx.publisher.bringBack(id, files);
    return answer(200, { id, files: written } satisfies ScheduleEditAnswer);
  };

/**
 * Trazer para as páginas: a schedule with no end that is live for good becomes pages/ itself (its
 * files there, its folder gone) in one publish; the site does not change.
 */
const postApply =
  (checkFiles: CheckFiles): Handler =>
  async (ctx, request) => {
    const body = await readObject(request);
    const id = checkId(body.id);
    const s = await find(ctx, id);
    if (s.end !== null || s.start > new Date())
      throw new HttpError(
        409,
        `Só um agendamento sem fim que já entrou no ar pode ser trazido para as páginas; o ${named(id, s.start)} ${s.end !== null ? 'tem fim: depois dele o site volta a ser como era' : 'ainda não entrou no ar'}.`,
      );
    const files = [
      ...s.files.map((f) => ({ rel: f.rel, text: f.text })),
      ...s.meta.remove.map((rel) => ({ rel, text: null })),
    ];
    await checkFiles(
      ctx,
      files.map((f) => `pages/${f.rel}`),
    ).catch((error: unknown) => {
      throw new HttpError(
        409,
        `O ${named(id, s.start)} tem um arquivo que o Estúdio não publica: ${error instanceof HttpError ? error.message : String(error)}`,
      );
    });
    for (const f of files) await checkFolderInside(ctx.pagesDir, f.rel);
    const outcome = await ctx.publisher.applySchedule(
      request.person,
      id,
      files,
      message(
        body.message,
        `Traz o ${named(id, s.start)} para as páginas (já estava no ar desde ${instantWords(s.start)})`,
      ),
    );
    return answer(outcome.status, outcome.body);
  };

/** The routes, given api.ts's check of publishable file names. */
export function scheduleRoutes(checkFiles: CheckFiles): Record<string, Partial<Record<string, Handler>>> {
  return {
    '/api/schedules': { GET: getSchedules, POST: postSchedule(checkFiles) },
    '/api/schedules/times': { POST: postTimes },
    '/api/schedules/cancel': { POST: postCancel },
    '/api/schedules/edit': { POST: postEdit(checkFiles) },
    '/api/schedules/apply': { POST: postApply(checkFiles) },
  };
}
