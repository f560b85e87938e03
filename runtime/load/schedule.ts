/**
 * Scheduled changes on disk (issue 38, decision 0047): each folder pages/_agendamentos/<id>/ holds
 * a meta file (_agendamento.yaml: start, end, note, remove) and the files of pages/ it replaces or
 * creates while live. Read here with located Portuguese problems; the pages folder as it is at an
 * instant is written out by materializePagesAt. The clock and the words are schedule-model.ts.
 */
import { constants } from 'node:fs';
import { copyFile, mkdir, open, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  SCHEDULE_ID_MAX_LENGTH,
  SCHEDULE_ID_PATTERN,
  ScheduleMetaSchema,
  type ScheduleMeta,
} from '../../schema/schedule.ts';
import type { PageProblem } from './errors.ts';
import { readYamlFile, symbolicLinkProblem } from './files.ts';
import { MAX_FILE_BYTES, type ParsedFile } from './parse.ts';
import { badRouteFileName, isRouteFile } from './routes.ts';
import {
  activeSchedules,
  parseSiteInstant,
  SCHEDULE_META_FILE,
  SCHEDULES_DIR,
  type Schedule,
} from './schedule-model.ts';
import type { Validator } from './validate.ts';
import { keptValidator } from './validator-cache.ts';
import { locationIn } from './yaml-location.ts';
export {
  activeSchedules,
  describeSchedule,
  filesAt,
  formatSiteInstant,
  isLive,
  overlayOrder,
  parseSiteInstant,
  SCHEDULE_META_FILE,
  SCHEDULES_DIR,
  scheduleInstants,
  siteInstantText,
  type Schedule,
} from './schedule-model.ts';

const ID = new RegExp(SCHEDULE_ID_PATTERN);

let metaValidator: Validator | undefined;
function validateMeta(parsed: ParsedFile): PageProblem[] {
  metaValidator ??= keptValidator(JSON.parse(JSON.stringify(ScheduleMetaSchema)) as Record<string, unknown>);
  return metaValidator(parsed);
}

const slash = (p: string) => p.split(path.sep).join('/');

/** Reads a file's text without following a link, or says why not (too large, a link). */
async function readText(abs: string, file: string): Promise<{ text: string } | { problem: PageProblem }> {
  let handle;
  try {
    handle = await open(abs, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') return { problem: symbolicLinkProblem(file) };
    throw error;
  }
  try {
    const { size } = await handle.stat();
    if (size > MAX_FILE_BYTES) {
      return {
        problem: {
          code: 'file-too-large',
          message: `Arquivo grande demais: ${Math.ceil(size / 1024)} KB (o limite é ${MAX_FILE_BYTES / 1024} KB).`,
          loc: { file, line: 1, column: 1 },
        },
      };
    }
    return { text: await handle.readFile('utf8') };
  } finally {
    await handle.close();
  }
}

/**
 * Every schedule of `pagesDir` (pages/_agendamentos/<id>/), sorted by start then id, and the
 * problems of their folders and meta files, located relative to `root` (default: the pages
 * folder's parent). A schedule whose meta file has a problem is left out of `schedules`. What its
 * files do to the site at an instant is checkSite's (runtime/load/check-site.ts).
 */
export async function readSchedules(
  pagesDir: string,
  root: string = path.dirname(pagesDir),
): Promise<{ schedules: Schedule[]; problems: PageProblem[] }> {
  const dir = path.join(pagesDir, SCHEDULES_DIR);
  const rel = (abs: string) => slash(path.relative(root, abs));
  const problems: PageProblem[] = [];
  const schedules: Schedule[] = [];
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { schedules, problems };
    if (code === 'ENOTDIR') {
      problems.push({
        code: 'schedule-file',
        message: `${rel(dir)} precisa ser uma pasta: nela fica uma pasta por agendamento.`,
        hint: `Apague ou renomeie o arquivo ${rel(dir)}.`,
        loc: { file: rel(dir), line: 1, column: 1 },
      });
      return { schedules, problems };
    }
    throw error;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const abs = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) {
      problems.push(symbolicLinkProblem(rel(abs)));
      continue;
    }
    if (!entry.isDirectory()) {
      problems.push({
        code: 'schedule-file',
        message: `Em ${rel(dir)}/ só ficam pastas, uma por agendamento: ${entry.name} não é uma delas.`,
        hint: `Ponha as páginas agendadas numa pasta ${rel(dir)}/<nome>/, ao lado do ${SCHEDULE_META_FILE}.`,
        loc: { file: rel(abs), line: 1, column: 1 },
      });
      continue;
    }
    const read = await readSchedule(abs, entry.name, rel);
    problems.push(...read.problems);
    if (read.schedule) schedules.push(read.schedule);
  }
  schedules.sort((a, b) => a.start.getTime() - b.start.getTime() || (a.id < b.id ? -1 : 1));
  return { schedules, problems };
}

async function readSchedule(
  folder: string,
  id: string,
  rel: (abs: string) => string,
): Promise<{ schedule?: Schedule; problems: PageProblem[] }> {
  const problems: PageProblem[] = [];
  const metaAbs = path.join(folder, SCHEDULE_META_FILE);
  const metaFile = rel(metaAbs);
  if (id.length > SCHEDULE_ID_MAX_LENGTH || !ID.test(id)) {
    problems.push({
      code: 'schedule-id',
      message:
        id.length > SCHEDULE_ID_MAX_LENGTH
          ? `O nome do agendamento "${id.slice(0, 40)}…" tem ${id.length} caracteres; o limite é ${SCHEDULE_ID_MAX_LENGTH}.`
          : `O nome do agendamento "${id}" não serve: a pasta de um agendamento tem só letras minúsculas sem acento, números e hífens.`,
      hint: 'Renomeie a pasta, ex.: natal ou black-friday-2026.',
      loc: { file: rel(folder), line: 1, column: 1 },
    });
  }

  const files: Schedule['files'] = [];
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  let hasMeta = false;
  for (const e of entries.sort((a, b) => (a.parentPath + a.name < b.parentPath + b.name ? -1 : 1))) {
    const abs = path.join(e.parentPath, e.name);
    const inside = slash(path.relative(folder, abs));
    if (e.isSymbolicLink()) {
      problems.push(symbolicLinkProblem(rel(abs)));
      continue;
    }
    if (!e.isFile()) continue;
    if (inside === SCHEDULE_META_FILE) {
      hasMeta = true;
      continue;
    }
    const isSite = inside === '_site.yaml';
    if (!isSite && !(isRouteFile(inside) && badRouteFileName(inside) === undefined)) {
      problems.push({
        code: 'schedule-file',
        message: inside.endsWith('.yml')
          ? `Extensão ".yml" não é lida: renomeie para "${path.posix.basename(inside, '.yml')}.yaml".`
          : isRouteFile(inside)
            ? `O nome "${inside}" não serve para endereço de página.`
            : `${inside} não é uma página: um agendamento só traz páginas (.yaml, como em pages/) e _site.yaml, ao lado do ${SCHEDULE_META_FILE}.`,
        hint: isRouteFile(inside)
          ? 'Use só letras minúsculas sem acento, números e hífens, ex.: recarga-natal.yaml.'
          : `Apague ${rel(abs)} ou tire-o desta pasta.`,
        loc: { file: rel(abs), line: 1, column: 1 },
      });
      continue;
    }
    const read = await readText(abs, rel(abs));
    if ('problem' in read) problems.push(read.problem);
    else files.push({ path: inside, text: read.text });
  }
  files.sort((a, b) => (a.path < b.path ? -1 : 1));
  if (!hasMeta) {
    problems.push({
      code: 'schedule-meta',
      message: `O agendamento "${id}" não tem o arquivo ${SCHEDULE_META_FILE}: sem ele não se sabe quando entra no ar.`,
      hint: `Crie ${metaFile} com "start: AAAA-MM-DD HH:MM" (horário de São Paulo), ou apague a pasta.`,
      loc: { file: metaFile, line: 1, column: 1 },
    });
    return { problems };
  }
  const parsedMeta = await readYamlFile(metaAbs, metaFile);
  if (!parsedMeta.ok) return { problems: [...problems, ...parsedMeta.problems] };
  const parsed = parsedMeta.parsed;
  const found = validateMeta(parsed);
  if (found.length > 0) return { problems: [...problems, ...found] };
  const meta = parsed.data as ScheduleMeta;

  const start = parseSiteInstant(meta.start);
  const end = meta.end === undefined ? null : parseSiteInstant(meta.end);
  const noDay = (text: string) => `O dia de "${text}" não existe no calendário.`;
  if (!start) {
    problems.push({
      code: 'schedule-dates',
      message: noDay(meta.start),
      hint: 'Escreva um dia que existe, ex.: 2026-12-20 00:00.',
      loc: locationIn(parsed, ['start']),
      source: parsed.source,
    });
  }
  if (end === undefined) {
    problems.push({
      code: 'schedule-dates',
      message: noDay(meta.end!),
      hint: 'Escreva um dia que existe, ex.: 2026-12-26 00:00.',
      loc: locationIn(parsed, ['end']),
      source: parsed.source,
    });
  }
  if (start && end && end.getTime() <= start.getTime()) {
    problems.push({
      code: 'schedule-dates',
      message: `O agendamento "${id}" termina (${meta.end}) ${end.getTime() === start.getTime() ? 'na mesma hora em que' : 'antes de'} começar (${meta.start}).`,
      hint: 'O fim (end) vem depois do início (start); sem fim, a mudança fica para sempre.',
      loc: locationIn(parsed, ['end']),
      source: parsed.source,
    });
  }
  const remove = meta.remove ?? [];
  remove.forEach((r, i) => {
    const at = locationIn(parsed, ['remove', i]);
    if (remove.indexOf(r) !== i) {
      problems.push({
        code: 'schedule-remove',
        message: `${r} aparece duas vezes em remove.`,
        loc: at,
        source: parsed.source,
      });
    } else if (files.some((f) => f.path === r)) {
      problems.push({
        code: 'schedule-remove',
        message: `O agendamento "${id}" tira ${r} do ar e ao mesmo tempo traz uma versão dele (${rel(path.join(folder, r))}).`,
        hint: `Apague um dos dois: o arquivo da pasta, ou ${r} de remove.`,
        loc: at,
        source: parsed.source,
      });
    }
  });
  if (problems.length > 0 || !start || end === undefined) return { problems };
  return {
    problems,
    schedule: {
      id,
      start,
      end,
      startText: meta.start,
      endText: meta.end ?? null,
      ...(meta.note === undefined ? {} : { note: meta.note }),
      files,
      remove,
    },
  };
}

/** Every regular file of pages/ (relative, '/' separators, sorted), the schedules' folder left out. */
export async function baseFiles(pagesDir: string): Promise<string[]> {
  const entries = await readdir(pagesDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => slash(path.relative(pagesDir, path.join(e.parentPath, e.name))))
    .filter((f) => f !== SCHEDULES_DIR && !f.startsWith(`${SCHEDULES_DIR}/`))
    .sort();
}

/**
 * Writes pages/ as it is at `at` into `outDir` (a temporary folder; created, and emptied first):
 * the files of pages/ without the schedules' folder (links are not followed: the loader refuses
 * them), then each schedule live at `at` in order of start writes its files and removes its list.
 */
export async function materializePagesAt(
  pagesDir: string,
  schedules: readonly Schedule[],
  at: Date,
  outDir: string,
): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const files = new Map<string, string | null>(); // null: copy from pages/
  for (const f of await baseFiles(pagesDir)) files.set(f, null);
  for (const s of activeSchedules(schedules, at)) {
    for (const f of s.files) files.set(f.path, f.text);
    for (const r of s.remove) files.delete(r);
  }
  const made = new Set<string>();
  for (const [file, text] of files) {
    const target = path.join(outDir, ...file.split('/'));
    const folder = path.dirname(target);
    if (!made.has(folder)) {
      await mkdir(folder, { recursive: true });
      made.add(folder);
    }
    if (text === null) await copyFile(path.join(pagesDir, ...file.split('/')), target);
    else await writeFile(target, text);
  }
}
