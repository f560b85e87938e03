/**
 * The JSON API (types in studio/api.ts). Every operation calls the runtime through the SSR module
 * runner; every file name goes through page-files.ts before anything is read or written.
 */
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYamlText, stringify } from 'yaml';
import { deltaFor } from '../../runtime/dev/browser.ts';
import { MAX_IMAGE_NAME } from '../image-rules.ts';
import { removeItem, removeKey, applyChange } from '../yaml-edits.ts';
import type {
  MeAnswer,
  BlocksAnswer,
  CreatedAnswer,
  DeleteRefused,
  PageAnswer,
  PagesAnswer,
  PreviewAnswer,
  PreviewDeltaAnswer,
  SaveAnswer,
  SaveConflict,
  SiteAnswer,
  SiteCheckAnswer,
  ConcludeRequest,
  ReportRequest,
} from '../api.ts';
import type { Answer, ApiContext, ApiRequest } from './api-context.ts';
import { HttpError, readJsonBody } from './http.ts';
import {
  apiFileName,
  checkFolderInside,
  checkPageFileName,
  existingPageFile,
  isErrno,
  readPageBytes,
  routeToFile,
  serialised,
  sha256,
  writeAtomic,
} from './page-files.ts';
import { getImages, uploadImage } from './images.ts';
import { historyWordsFor } from './history-words.ts';
import { getInherited } from './inherited.ts';
import { dependentsOf, linksToPage, listPages, routeFiles } from './pages.ts';
import { reviewRoutes } from './review/review-api.ts';
import { ga4Routes } from './ga4/routes.ts';
import { guardRoute } from './hosted/roles.ts';
import { isSafeMethod } from './security.ts';
import { peopleRoutes } from './hosted/people-directory.ts';
import { scheduleRoutes } from './schedules.ts';
import { approvalRefusal, publishNeedsRequest, requestRoutes } from './requests.ts';
import { audienceRoutes } from './audiences.ts';
import { sharedPreviewRoutes } from './shared-previews.ts';
import { partNames } from './preview-names.ts';
import { changedSource, keepSource } from './preview-sources.ts';
import type { LoadStage } from './runtime.ts';
import {
  EXPERIMENT_TIME_ZONE,
  EXPERIMENT_TIME_ZONE_LABEL,
  experimentSummaries,
  inWords,
  placeholdersOf,
  siteDay,
  SITE_API_FILE,
  SITE_REL,
  type PageInfo,
} from './site.ts';

export type { Answer, ApiContext, ApiRequest };

type Handler = (ctx: ApiContext, request: ApiRequest) => Promise<Answer>;

const ok = (body: unknown, status = 200): Answer => ({ status, body });

type FieldKinds = Record<string, 'string' | 'string?' | 'count?'>;
type Fields<F extends FieldKinds> = {
  [K in keyof F]: F[K] extends 'string'
    ? string
    : F[K] extends 'count?'
      ? number | undefined
      : string | undefined;
};

/** Fields of a JSON body ('string?': optional; 'count?': an optional whole number ≥ 0), or a 400 naming what is missing. */
async function readFields<F extends FieldKinds>(request: ApiRequest, fields: F): Promise<Fields<F>> {
  const body = await readJsonBody(request.req);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'Os dados enviados precisam ser um objeto JSON.');
  }
  const record = body as Record<string, unknown>;
  const result: Record<string, string | number | undefined> = {};
  for (const [key, kind] of Object.entries(fields)) {
    const value = record[key];
    if (value === undefined && kind !== 'string') continue;
    if (kind === 'count?') {
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
        throw new HttpError(400, `O campo "${key}" precisa ser um número inteiro, zero ou mais.`);
      result[key] = value;
      continue;
    }
    if (typeof value !== 'string') {
      throw new HttpError(400, `Falta o campo "${key}" (texto) nos dados enviados.`);
    }
    result[key] = value;
  }
  return result as Fields<F>;
}

/** The loader's size limit holds for text from the browser too. */
function checkSourceSize(source: string, load: typeof LoadStage): Buffer {
  const bytes = Buffer.from(source, 'utf8');
  if (bytes.length > load.MAX_FILE_BYTES) {
    throw new HttpError(
      413,
      `O texto da página tem ${Math.ceil(bytes.length / 1024)} KB; o limite é ${load.MAX_FILE_BYTES / 1024} KB.`,
      {
        hint: 'Uma página não precisa de tanto texto. Divida o conteúdo em outras páginas ou remova o que foi colado por engano.',
      },
    );
  }
  return bytes;
}

const getPages: Handler = async (ctx) => {
  const [pages, states] = await Promise.all([
    listPages(ctx.runtime, ctx.pagesDir),
    ctx.publisher.pageStates(),
  ]);
  const answer: PagesAnswer = {
    pages: pages.map((page) => ({
      ...page,
      lastChange: states.get(page.file)?.lastChange ?? null,
      unpublished: states.get(page.file)?.unpublished ?? false,
    })),
  };
  return ok(answer);
};

const getPage: Handler = async (ctx, request) => {
  const load = await ctx.runtime.load();
  const rel = checkPageFileName(request.query.get('file'), load);
  const file = apiFileName(rel);
  const { abs } = await existingPageFile(ctx.pagesDir, rel);
  const bytes = await readPageBytes(abs, file, load.MAX_FILE_BYTES);
  return ok({
    file,
    route: load.fileToRoute(rel),
    source: bytes.toString('utf8'),
    version: sha256(bytes),
  } satisfies PageAnswer);
};

/**
 * Writes `bytes` over the page file `rel` when it is still at `version` (the sha256 the editor
 * opened); otherwise a 409 with what is on disk now, so the author can compare and merge.
 */
async function saveOver(
  ctx: ApiContext,
  rel: string,
  bytes: Buffer,
  version: string,
  load: typeof LoadStage,
  changed: (file: string) => string,
): Promise<Answer> {
  const file = apiFileName(rel);
  const { abs } = await existingPageFile(ctx.pagesDir, rel);
  return serialised(abs, async () => {
    const { stats } = await existingPageFile(ctx.pagesDir, rel);
    const current = await readPageBytes(abs, file, load.MAX_FILE_BYTES);
    const currentVersion = sha256(current);
    if (currentVersion !== version) {
      const conflict: SaveConflict = {
        error: changed(file),
        current: { source: current.toString('utf8'), version: currentVersion },
      };
      return ok(conflict, 409);
    }
    await writeAtomic(abs, bytes, stats.mode & 0o777);
    return ok({ version: sha256(bytes) } satisfies SaveAnswer);
  });
}

/**
 * Saves when the file on disk is still the version the editor opened. Drafts with errors are
 * saved too: publishing is what refuses them.
 */
const putPage: Handler = async (ctx, request) => {
  const load = await ctx.runtime.load();
  const body = await readFields(request, { file: 'string', source: 'string', version: 'string' });
  const rel = checkPageFileName(body.file, load);
  const bytes = checkSourceSize(body.source, load);
  return saveOver(
    ctx,
    rel,
    bytes,
    body.version,
    load,
    (file) =>
      `${file} mudou desde que você abriu: alguém salvou outra versão. Nada foi gravado; compare as duas e escolha o que fica.`,
  );
};

/** A new page or a variant, written by the runtime's own `npm run new-page`. */
const postPages: Handler = async (ctx, request) => {
  const load = await ctx.runtime.load();
  const author = await ctx.runtime.author();
  const { route, from } = await readFields(request, { route: 'string', from: 'string?' });
  // createPage makes missing folders: the nearest existing one must not be a link out.
  const target = routeToFile(route, load);
  if ('rel' in target) await checkFolderInside(ctx.pagesDir, target.rel);
  try {
    const created = await author.createPage({
      root: ctx.runtime.root,
      pagesDir: ctx.runtime.pagesDir,
      route,
      ...(from === undefined ? {} : { from }),
    });
    return ok({ file: created.file, route: created.route } satisfies CreatedAnswer, 201);
  } catch (error) {
    if (error instanceof Error && error.name === 'NewPageError') {
      const hint = (error as InstanceType<typeof author.NewPageError>).hint;
      throw new HttpError(400, error.message, hint ? { hint } : {});
    }
    if (isErrno(error, 'EEXIST')) throw new HttpError(409, `A página ${route} já existe.`);
    throw error;
  }
};

/** A copy of a page's exact text at a new address; never overwrites anything. */
const duplicatePage: Handler = async (ctx, request) => {
  const load = await ctx.runtime.load();
  const { file: name, route } = await readFields(request, { file: 'string', route: 'string' });
  const rel = checkPageFileName(name, load);
  const source = await existingPageFile(ctx.pagesDir, rel);
  const target = routeToFile(route, load);
  if ('error' in target) throw new HttpError(400, target.error, { hint: target.hint });
  const targetFile = apiFileName(target.rel);
  const targetRoute = load.fileToRoute(target.rel);
  const abs = path.join(ctx.pagesDir, ...target.rel.split('/'));
  return serialised(abs, async () => {
    const files = routeFiles(await load.listYamlFiles(ctx.pagesDir), load);
    const taken = files.find((f) => load.fileToRoute(f) === targetRoute);
    if (taken !== undefined) {
      throw new HttpError(409, `O endereço ${targetRoute} já existe: ${apiFileName(taken)}.`, {
        hint: 'Escolha outro endereço para a cópia.',
      });
    }
    const bytes = await readPageBytes(source.abs, apiFileName(rel), load.MAX_FILE_BYTES);
    await checkFolderInside(ctx.pagesDir, target.rel);
    await mkdir(path.dirname(abs), { recursive: true });
    await checkFolderInside(ctx.pagesDir, target.rel);
    try {
      await writeFile(abs, bytes, { flag: 'wx', mode: source.stats.mode & 0o777 });
    } catch (error) {
      if (isErrno(error, 'EEXIST'))
        throw new HttpError(409, `Já existe um arquivo ${targetFile}: nada foi gravado.`);
      throw error;
    }
    return ok({ file: targetFile, route: targetRoute } satisfies CreatedAnswer, 201);
  });
};

/** Refused while other pages extend it: they would break. */
const deletePage: Handler = async (ctx, request) => {
  const load = await ctx.runtime.load();
  const rel = checkPageFileName(request.query.get('file'), load);
  const file = apiFileName(rel);
  const { abs } = await existingPageFile(ctx.pagesDir, rel);
  return serialised(abs, async () => {
    await existingPageFile(ctx.pagesDir, rel);
    const dependents = await dependentsOf(ctx.pagesDir, rel, load);
    if (dependents.length > 0) {
      const refused: DeleteRefused = {
        error: `É a página base de ${inWords(dependents)}: ${dependents.length === 1 ? 'essa variante herda' : 'essas variantes herdam'} o conteúdo dela. Exclua ${dependents.length === 1 ? 'a variante' : 'as variantes'} ou mude o "extends:" antes de excluir ${file}.`,
        dependents,
      };
      return ok(refused, 409);
    }
    await unlink(abs);
    return ok({});
  });
};

/** The pages with a link to a page (Excluir names them: deleting it breaks their links). */
const getPageLinks: Handler = async (ctx, request) => {
  const load = await ctx.runtime.load();
  const rel = checkPageFileName(request.query.get('file'), load);
  await existingPageFile(ctx.pagesDir, rel);
  return ok(await linksToPage(ctx.runtime, rel));
};

/** The page as visitors would get it, rendered from the unsaved text by the build's own path. */
const postPreview: Handler = async (ctx, request) => {
  const load = await ctx.runtime.load();
  const fields = await readFields(request, {
    file: 'string',
    source: 'string?',
    known: 'string?',
    // Or the change from a text sent before (preview-sources.ts): a keystroke sends a letter.
    base: 'string?',
    from: 'count?',
    to: 'count?',
    insert: 'string?',
  });
  const { file: name, known } = fields;
  const source = fields.source ?? changedSource(fields);
  const rel = checkPageFileName(name, load);
  checkSourceSize(source, load);
  const sourceName = keepSource(source);
  const held = known === undefined ? undefined : knownParts(known);
  await existingPageFile(ctx.pagesDir, rel);
  const dev = await ctx.runtime.dev();
  // In a variant, each inherited text comes with the smallest change: that writes it (decision 0037).
  const { smallestChange } = await ctx.runtime.author();
  const answer = await dev.renderDraft(ctx.runtime.root, ctx.runtime.pagesDir, apiFileName(rel), source, {
    changePathOf: smallestChange,
  });
  if (!answer.ok) return ok({ ...answer, sourceName });
  // Named one by one: `html` is the whole document, made only when read (renderDraft).
  const { parts } = answer;
  const rendered = { ok: true as const, route: answer.route, blocks: answer.blocks, sourceName };
  if (!held) {
    const whole: PreviewAnswer = { ...rendered, html: answer.html };
    return ok(whole);
  }
  // Only the parts the app does not hold: a keystroke on a long page sends one block, not a megabyte.
  const names = partNames(parts, rendered.blocks);
  const blocks = rendered.blocks.map(({ texts, media, ...block }, i) =>
    held.has(names.blocks[i]!) ? block : { ...block, texts, ...(media ? { media } : {}) },
  );
  const delta: PreviewDeltaAnswer = { ...rendered, blocks, delta: deltaFor(parts, names, held) };
  return ok(delta);
};

/** The render parts the app says it holds: names as this server makes them, and not too many. */
function knownParts(known: string): Set<string> {
  const names = known.split(' ').filter(Boolean);
  if (known.length > 200_000 || names.length > 5_000 || names.some((n) => !/^[\w-]{22}$/.test(n)))
    throw new HttpError(
      400,
      'O campo "known" precisa listar nomes de partes da prévia separados por espaço.',
    );
  return new Set(names);
}

/** The palette: every block in registry order, with its first example as a YAML list item. */
const getBlocks: Handler = async (ctx) => {
  const { blockList } = await ctx.runtime.blocks();
  const answer: BlocksAnswer = {
    blocks: blockList.map((block) => ({
      type: block.type,
      title: block.title,
      description: block.description,
      placement: block.placement ?? 'main',
      example: stringify([{ type: block.type, ...(block.examples[0]?.props as object | undefined) }]),
    })),
  };
  return ok(answer);
};

/** A file the publisher names: a page by the loader's rules, or an image under public/images/. */
function checkPublishedFile(value: unknown, load: typeof LoadStage): string {
  if (value === SITE_API_FILE) return value;
  if (typeof value === 'string' && value.startsWith('public/images/')) {
    const rest = value.slice('public/images/'.length);
    if (rest.length > 4 * MAX_IMAGE_NAME) {
      throw new HttpError(
        400,
        `O nome da imagem tem ${rest.length} caracteres; o limite é ${MAX_IMAGE_NAME}.`,
      );
    }
    if (/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/.test(rest) && !rest.split('/').includes('..'))
      return value;
    throw new HttpError(400, `${JSON.stringify(value)} não é uma imagem de public/images/.`);
  }
  return apiFileName(checkPageFileName(value, load));
}

async function readObject(request: ApiRequest): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request.req);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'Os dados enviados precisam ser um objeto JSON.');
  }
  return body as Record<string, unknown>;
}

const getChanges: Handler = async (ctx, request) => ok(await ctx.publisher.changes(request.person));

const MAX_MESSAGE = 2000;

/** Publicar: the chosen saved files, checked as the build checks them, committed and pushed. */
const postPublish: Handler = async (ctx, request) => {
  const load = await ctx.runtime.load();
  const body = await readObject(request);
  const {
    files,
    message,
    overwrite = [],
  } = body as { files?: unknown; message?: unknown; overwrite?: unknown };
  if (!Array.isArray(files) || files.length === 0 || files.length > 200) {
    throw new HttpError(400, 'Escolha ao menos um arquivo para publicar.');
  }
  if (!Array.isArray(overwrite)) throw new HttpError(400, 'O campo "overwrite" precisa ser uma lista.');
  // Every publication needs approval (decision 0049): Publicar becomes a request for everyone.
  const needsRequest = await publishNeedsRequest(ctx);
  if (needsRequest !== undefined) throw new HttpError(403, needsRequest);
  const text = typeof message === 'string' ? message.trim() : '';
  if (text === '') throw new HttpError(400, 'Escreva uma mensagem dizendo o que mudou.');
  if (text.length > MAX_MESSAGE) throw new HttpError(400, `A mensagem passa de ${MAX_MESSAGE} caracteres.`);
  const checked = [...new Set(files.map((f) => checkPublishedFile(f, load)))];
  const seen = overwrite.map((f) => checkPublishedFile(f, load));
  const resolved = checkResolved(body.resolved, load);
  const outcome = await ctx.publisher.publish(request.person, checked, text, seen, resolved);
  return ok(outcome.body, outcome.status);
};

/** The texts merged in the publish conflict's merge view: pages only, each a page's size at most. */
function checkResolved(
  value: unknown,
  load: typeof LoadStage,
): { file: string; text: string; against: string | null }[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > 200)
    throw new HttpError(400, 'O campo "resolved" precisa ser uma lista.');
  return value.map((item: unknown) => {
    const { file, text, against } = (item ?? {}) as { file?: unknown; text?: unknown; against?: unknown };
    if (
      typeof text !== 'string' ||
      (against !== null && !(typeof against === 'string' && /^[0-9a-f]{40}$/.test(against)))
    )
      throw new HttpError(400, 'Cada junção precisa de "file", "text" e "against" (um commit ou null).');
    checkSourceSize(text, load);
    const name = checkPublishedFile(file, load);
    if (!name.startsWith('pages/')) throw new HttpError(400, 'Só páginas podem ser juntadas.');
    return { file: name, text, against };
  });
}

const getHistory: Handler = async (ctx, request) => {
  const load = await ctx.runtime.load();
  const file = apiFileName(checkPageFileName(request.query.get('file'), load));
  return ok(await historyWordsFor(ctx).history(await ctx.publisher.history(file)));
};

const getHistoryDiff: Handler = async (ctx, request) => {
  const load = await ctx.runtime.load();
  const file = apiFileName(checkPageFileName(request.query.get('file'), load));
  const commit = request.query.get('commit') ?? '';
  if (!/^[0-9a-f]{40}$/.test(commit)) throw new HttpError(400, 'Informe a versão (commit) completa.');
  return ok(await historyWordsFor(ctx).diff(await ctx.publisher.diff(file, commit)));
};

const getDeleted: Handler = async (ctx) => ok({ pages: await ctx.publisher.deleted() });

const postRestore: Handler = async (ctx, request) => {
  const load = await ctx.runtime.load();
  const { file: name, commit } = await readFields(request, { file: 'string', commit: 'string' });
  const file = apiFileName(checkPageFileName(name, load));
  const outcome = await ctx.publisher.restore(request.person, file, commit);
  return ok(outcome.body, outcome.status);
};

/** Desfazer esta mudança: the whole published change undone as a new one (every file it touched). */
const postRevert: Handler = async (ctx, request) => {
  const { commit } = await readFields(request, { commit: 'string' });
  if (!/^[0-9a-f]{40}$/.test(commit)) throw new HttpError(400, 'Informe a versão (commit) completa.');
  const outcome = await ctx.publisher.revert(request.person, commit);
  return ok(outcome.body, outcome.status);
};

const getPresence: Handler = async (ctx) => ok(ctx.presence.list());

/** The editor says every few seconds which page it has open (or none). */
const postPresence: Handler = async (ctx, request) => {
  const load = await ctx.runtime.load();
  const { tab, file } = await readFields(request, { tab: 'string', file: 'string?' });
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(tab)) throw new HttpError(400, 'Identificador de aba inválido.');
  const page = file === undefined || file === '' ? null : apiFileName(checkPageFileName(file, load));
  ctx.presence.beat(tab, request.person, page);
  return ok(ctx.presence.list());
};

/** Who is signed in, for the app's header (and its Sair button when hosted). */
const getMe: Handler = async (ctx, request) => {
  // Screens disable what would publish directly while every publication needs approval.
  const approvalRequired = (await publishNeedsRequest(ctx).catch(() => undefined)) !== undefined;
  return ok({
    ...request.person,
    mode: ctx.mode ?? 'local',
    ...(approvalRequired ? { approvalRequired } : {}),
  } satisfies MeAnswer);
};

/** The pages an experiment can name, with their routes and titles (the Experimentos screen). */
async function pageInfos(ctx: ApiContext): Promise<PageInfo[]> {
  const pages = await listPages(ctx.runtime, ctx.pagesDir);
  return pages.map((p) => ({
    page: p.file
      .slice('pages/'.length)
      .replace(/\.yaml$/, '')
      .replace(/(^|\/)index$/, ''),
    file: p.file,
    route: p.route,
    title: p.title,
  }));
}

async function siteSummaries(ctx: ApiContext, source: string) {
  const [published, pages] = await Promise.all([ctx.publisher.publishedText(SITE_API_FILE), pageInfos(ctx)]);
  const today = siteDay(new Date());
  const since = await ctx.publisher.firstDays(SITE_API_FILE);
  return {
    published,
    today,
    experiments: experimentSummaries(source, published, pages, today, (id) => since(id)),
    placeholders: placeholdersOf(source),
  };
}

const getSite: Handler = async (ctx) => {
  const load = await ctx.runtime.load();
  const { abs } = await existingPageFile(ctx.pagesDir, SITE_REL);
  const bytes = await readPageBytes(abs, SITE_API_FILE, load.MAX_FILE_BYTES);
  const source = bytes.toString('utf8');
  const derived = await siteSummaries(ctx, source);
  return ok({
    file: SITE_API_FILE,
    source,
    version: sha256(bytes),
    ...derived,
    timeZone: EXPERIMENT_TIME_ZONE,
    timeZoneLabel: EXPERIMENT_TIME_ZONE_LABEL,
  } satisfies SiteAnswer);
};

/** Saved like a page: only over the version the screen opened; drafts with problems too. */
const putSite: Handler = async (ctx, request) => {
  const load = await ctx.runtime.load();
  const body = await readFields(request, { source: 'string', version: 'string' });
  const bytes = checkSourceSize(body.source, load);
  return saveOver(
    ctx,
    SITE_REL,
    bytes,
    body.version,
    load,
    (file) =>
      `${file} mudou desde que você abriu: alguém salvou outra versão. Nada foi gravado; recarregue para ver a versão atual.`,
  );
};

/** Every problem the loader finds with `source` as _site.yaml (nothing is written). */
const postSiteCheck: Handler = async (ctx, request) => {
  const load = await ctx.runtime.load();
  const { source } = await readFields(request, { source: 'string' });
  checkSourceSize(source, load);
  const { blockList } = await ctx.runtime.blocks();
  let problems: LoadStage.PageProblem[] = [];
  try {
    await load.loadProject({
      root: ctx.runtime.root,
      pagesDir: ctx.runtime.pagesDir,
      blocks: blockList,
      sources: new Map([[SITE_API_FILE, source]]),
    });
  } catch (error) {
    if (!(error instanceof Error && error.name === 'PageErrors')) throw error;
    problems = (error as InstanceType<typeof LoadStage.PageErrors>).problems;
  }
  const mine = problems.filter((p) => p.loc.file === SITE_API_FILE);
  const derived = await siteSummaries(ctx, source);
  return ok({
    problems: mine.map((p) => ({
      code: p.code,
      message: p.message,
      ...(p.hint === undefined ? {} : { hint: p.hint }),
      loc: p.loc,
      text: load.formatProblem(p),
    })),
    otherProblems: problems.length - mine.length,
    experiments: derived.experiments,
    placeholders: derived.placeholders,
  } satisfies SiteCheckAnswer);
};

/** The experiment `id` of the saved _site.yaml, resolved by the loader (or a 4xx saying why not). */
async function declaredExperiment(ctx: ApiContext, id: string) {
  const load = await ctx.runtime.load();
  const { blockList } = await ctx.runtime.blocks();
  let project;
  try {
    project = await load.loadProject({
      root: ctx.runtime.root,
      pagesDir: ctx.runtime.pagesDir,
      blocks: blockList,
    });
  } catch (error) {
    if (!(error instanceof Error && error.name === 'PageErrors')) throw error;
    throw new HttpError(
      409,
      'O site tem problemas que impedem ler os experimentos: corrija-os (a tela Páginas mostra onde) e tente de novo.',
    );
  }
  const experiment = project.experiments.find((e) => e.id === id);
  if (!experiment) throw new HttpError(404, `O experimento "${id}" não existe em ${SITE_API_FILE}.`);
  return experiment;
}

const MAX_EXPORT_CHARS = 60_000;

/** Resultados: a GA4 export judged by the same code as `npm run experiments -- report --json`. */
const postReport: Handler = async (ctx, request) => {
  const body = await readFields(request, { id: 'string', csv: 'string', name: 'string?' });
  const { id, csv, name } = body satisfies Partial<ReportRequest>;
  if (csv.length > MAX_EXPORT_CHARS) {
    throw new HttpError(
      413,
      'A exportação é grande demais: o relatório precisa só de uma linha por página (e por dia).',
    );
  }
  const experiment = await declaredExperiment(ctx, id);
  const file =
    (name ?? 'exportação.csv').replace(/[^\p{L}\p{N} ._()-]/gu, '').slice(0, 80) || 'exportação.csv';
  // The statistics (@stdlib's 300 modules) load at the first report, not at the Estúdio's start.
  const { judgeExport } = await import('../../runtime/experiments/index.ts');
  try {
    return ok(judgeExport(csv, experiment, { file, today: siteDay(new Date()) }));
  } catch (error) {
    if (error instanceof Error && error.name === 'ReportError') throw new HttpError(422, error.message);
    throw error;
  }
};

/**
 * "Levar a vencedora para a página": in one publish, the route's page takes the winning variant's
 * content (merged node by node: blocks the variant did not touch stay as written), the variant's
 * file and the experiment's entry go. With the route's own page as the winner, only the entry goes.
 */
const postConclude: Handler = async (ctx, request) => {
  const load = await ctx.runtime.load();
  const body = await readFields(request, { id: 'string', message: 'string?' });
  const { id } = body satisfies Partial<ConcludeRequest>;
  const published = await ctx.publisher.publishedText(SITE_API_FILE);
  if (published === null) throw new HttpError(409, `${SITE_API_FILE} ainda não foi publicado.`);
  const list = (parseYamlText(published) as { experiments?: { id?: unknown; winner?: unknown }[] } | null)
    ?.experiments;
  const index = Array.isArray(list) ? list.findIndex((e) => e?.id === id) : -1;
  if (index < 0) throw new HttpError(404, `O experimento "${id}" não está publicado.`);
  const experiment = await declaredExperiment(ctx, id);
  if (experiment.winner === undefined || list![index]!.winner === undefined) {
    throw new HttpError(
      409,
      `O experimento "${id}" ainda não tem vencedora publicada: use “Encerrar com a vencedora” primeiro.`,
    );
  }
  const files = await load.listYamlFiles(ctx.pagesDir);
  const winner = load.resolvePageName(experiment.winner, files);
  const baseline = experiment.pages.find((p) => p.route === experiment.route);
  if (!('file' in winner) || !baseline)
    throw new HttpError(409, `O experimento "${id}" não se resolve nas páginas.`);
  const removal =
    list!.length === 1
      ? removeKey(published, ['experiments'])
      : removeItem(published, ['experiments'], index);
  if (!removal) throw new HttpError(500, `Não foi possível tirar o experimento "${id}" de ${SITE_API_FILE}.`);
  const texts: { file: string; text: string | null }[] = [
    { file: SITE_API_FILE, text: applyChange(published, removal) },
  ];
  const winnerFile = apiFileName(winner.file);
  const baselineFile = apiFileName(baseline.file);
  const winnerRoute = load.fileToRoute(winner.file);
  let message: string;
  if (winner.file === baseline.file) {
    message = `Encerra o experimento ${id}: fica a página original de ${experiment.route}`;
  } else {
    const dependents = await dependentsOf(ctx.pagesDir, winner.file, load);
    if (dependents.length > 0) {
      throw new HttpError(
        409,
        `${winnerFile} é a página base de ${inWords(dependents)}: mude o "extends:" delas antes, porque ${winnerFile} deixa de existir.`,
      );
    }
    const variantSource = await ctx.publisher.publishedText(winnerFile);
    const baseSource = await ctx.publisher.publishedText(baselineFile);
    if (variantSource === null || baseSource === null) {
      throw new HttpError(409, `${winnerFile} e ${baselineFile} precisam estar publicadas.`);
    }
    const variantData = parseYamlText(variantSource) as { extends?: unknown } | null;
    let merged: string;
    if (variantData?.extends === undefined) merged = variantSource;
    else {
      const base = load.resolvePageName(String(variantData.extends), files);
      if (!('file' in base) || base.file !== baseline.file) {
        throw new HttpError(
          409,
          `${winnerFile} não é uma variante de ${baselineFile}: leve o conteúdo para a página à mão, pelo editor.`,
        );
      }
      const author = await ctx.runtime.author();
      try {
        merged = author.promoteVariant({
          baseSource,
          variantSource,
          baseFile: baselineFile,
          variantFile: winnerFile,
        });
      } catch (error) {
        if (error instanceof Error && error.name === 'PromoteError') {
          const hint = (error as Error & { hint?: string }).hint;
          throw new HttpError(422, error.message, hint ? { hint } : {});
        }
        throw error;
      }
    }
    texts.push({ file: baselineFile, text: merged }, { file: winnerFile, text: null });
    message = `Leva a vencedora ${winnerRoute} para ${experiment.route} e encerra o experimento ${id}`;
  }
  const text = body.message?.trim() || message;
  const outcome = await ctx.publisher.publishTexts(request.person, texts, text.slice(0, MAX_MESSAGE));
  return ok(outcome.body, outcome.status);
};

const routes: Record<string, Partial<Record<string, Handler>>> = {
  '/api/eu': { GET: getMe },
  '/api/changes': { GET: getChanges },
  '/api/publish': { POST: postPublish },
  '/api/history': { GET: getHistory },
  '/api/history/diff': { GET: getHistoryDiff },
  '/api/history/deleted': { GET: getDeleted },
  '/api/history/restore': { POST: postRestore },
  '/api/history/revert': { POST: postRevert },
  '/api/presence': { GET: getPresence, POST: postPresence },
  '/api/pages': { GET: getPages, POST: postPages },
  '/api/pages/duplicate': { POST: duplicatePage },
  '/api/page': { GET: getPage, PUT: putPage, DELETE: deletePage },
  '/api/page/links': { GET: getPageLinks },
  '/api/preview': { POST: postPreview },
  '/api/inherited': { GET: getInherited },
  '/api/blocks': { GET: getBlocks },
  '/api/site': { GET: getSite, PUT: putSite },
  '/api/site/check': { POST: postSiteCheck },
  '/api/experiments/report': { POST: postReport },
  '/api/experiments/conclude': { POST: postConclude },
  '/api/images': { GET: getImages, POST: uploadImage },
  // Google Analytics: the connection and the experiments' numbers pulled from it (decision 0036).
  ...ga4Routes(declaredExperiment),
  ...reviewRoutes(async (ctx, files) => {
    const load = await ctx.runtime.load();
    return files.map((f) => checkPublishedFile(f, load));
  }),
  // Pedidos de publicação (issue 39, decision 0049): an Editor asks, a Publicador approves.
  ...requestRoutes(
    async (ctx, files) => {
      const load = await ctx.runtime.load();
      return files.map((f) => checkPublishedFile(f, load));
    },
    // Restaurar, Agendar… asked: their own handler, run when asked (a dry run) and when approved.
    (ctx, route, request) => routes[route]!.POST!(ctx, request),
  ),
  // Compartilhar prévia (issue 39, decision 0050): links, their revocation, readers' comments.
  ...sharedPreviewRoutes(),
  // Públicos (issue 38): the rules a scheduled _site.yaml brings.
  ...audienceRoutes(),
  // Agendamentos (issue 38): scheduled changes, checked and published like Publicar.
  ...scheduleRoutes(async (ctx, files) => {
    const load = await ctx.runtime.load();
    return files.map((f) => checkPublishedFile(f, load));
  }),
  // Pessoas (issue 39, decision 0048): the accounts and their roles, for the Administrador.
  ...peopleRoutes(),
};

/** The answer to an /api/ request; refusals come back as HttpError. */
export async function handleApi(ctx: ApiContext, request: ApiRequest, pathname: string): Promise<Answer> {
  const methods = routes[pathname];
  if (!methods) throw new HttpError(404, 'Este endereço não existe na API do Estúdio.');
  const handler = methods[request.req.method ?? ''];
  if (!handler) {
    const allow = Object.keys(methods).join(', ');
    return {
      status: 405,
      body: { error: `O método ${request.req.method} não é aceito neste endereço (aceitos: ${allow}).` },
      headers: { Allow: allow },
    };
  }
  // Who may: one table for every route (roles.ts), before the handler reads a byte of the body.
  try {
    guardRoute(request.person.role, request.req.method ?? '', pathname);
  } catch (error) {
    // A change refused by role is in the audit log (a forged request included); a read is not.
    if (!isSafeMethod(request.req.method))
      await ctx.audit.record('papel-recusado', request.person.email, {
        rota: `${request.req.method} ${pathname}`,
        papel: request.person.role,
      });
    throw error;
  }
  // Every publication needs approval (decision 0049): what else publishes directly is refused too.
  const mustAsk = await approvalRefusal(ctx, request.req.method ?? '', pathname);
  if (mustAsk !== undefined) throw new HttpError(403, mustAsk);
  return handler(ctx, request);
}

/** Every API path with its methods: tests/studio/hosted.test.ts checks that each one needs a session. */
export const apiRoutes = (): Record<string, string[]> =>
  Object.fromEntries(Object.entries(routes).map(([route, methods]) => [route, Object.keys(methods)]));
