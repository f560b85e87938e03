/**
 * The whole-site check (issue 38): the site as it is now and as it will be at every later instant
 * a schedule starts or ends, each loaded and validated like pages/ itself. `npm run check` and the
 * build call it (the Estúdio's publish runs the build), so the three never disagree. A problem
 * found only at an instant is located where its author wrote it (pages/ or the schedule's folder)
 * and dated: "Em 26/12/2026 às 00:00 (agendamento natal): …". Without schedules this is
 * loadProject and one empty readdir.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { STATIC_HOST_HINT, STATIC_HOST_REASON } from './audiences.ts';
import { PageErrors, type PageProblem } from './errors.ts';
import { resolvePageName, uniqueProblems } from './extends.ts';
import { linkRoute } from './links.ts';
import { parseYaml } from './parse.ts';
import { loadProject, SITE_FILE, type LoadOptions, type Project } from './project.ts';
import { fileToRoute, isRouteFile } from './routes.ts';
import { baseFiles, materializePagesAt, readSchedules } from './schedule.ts';
import {
  activeSchedules,
  filesAt,
  formatSiteInstant,
  SCHEDULE_META_FILE,
  SCHEDULES_DIR,
  scheduleInstants,
  type Schedule,
} from './schedule-model.ts';
import { locationIn } from './yaml-location.ts';

export interface CheckOptions extends LoadOptions {
  /** The check's clock (default: the real now); tests set it. */
  now?: Date;
}

/** The site at one instant: the schedules live then and the site loaded, files named as in the repository. */
export interface SiteState {
  at: Date;
  /** Live at `at`, in the order they overlay pages/. */
  live: Schedule[];
  /** The schedules that start or end at `at`. */
  changing: Schedule[];
  project: Project;
}

export interface SiteCheck {
  now: Date;
  /** The site now: pages/ overlaid by the schedules live now. */
  project: Project;
  /** Every schedule read (ended ones included), by start then id. */
  schedules: Schedule[];
  /** The site at every later instant it changes at, in order (none without schedules). */
  future: SiteState[];
  /** Allowed but worth a look (pt-BR sentences): schedules that change the same file at the same time. */
  warnings: string[];
}

const slash = (p: string) => p.split(path.sep).join('/');

/** "agendamento natal", "agendamentos natal e verao". */
function scheduleNames(list: readonly Schedule[]): string {
  const ids = list.map((s) => s.id);
  if (ids.length === 1) return `agendamento ${ids[0]}`;
  return `agendamentos ${ids.slice(0, -1).join(', ')} e ${ids.at(-1)}`;
}

const lowerFirst = (text: string) =>
  /^[A-ZÀ-Ý](?![A-ZÀ-Ý])/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;

/** The prefix of a problem found only at `at`: "Em 26/12/2026 às 00:00 (agendamento natal): ". */
export function instantPrefix(at: Date, changing: readonly Schedule[]): string {
  return `Em ${formatSiteInstant(at)}${changing.length > 0 ? ` (${scheduleNames(changing)})` : ''}: `;
}

const problemKey = (p: PageProblem) => `${p.loc.file}:${p.loc.line}:${p.loc.column}:${p.code}:${p.message}`;

/**
 * Checks the site now and at every later instant (see the module's comment); throws PageErrors with
 * every problem of every instant at once, each located and dated, like loadProject.
 */
export async function checkSite(options: CheckOptions): Promise<SiteCheck> {
  const { root, pagesDir } = options;
  const now = options.now ?? new Date();
  const read = await readSchedules(pagesDir, root);
  if (read.schedules.length === 0 && read.problems.length === 0) {
    return { now, project: await loadProject(options), schedules: [], future: [], warnings: [] };
  }
  const { schedules } = read;
  const problems: PageProblem[] = [...read.problems];
  const relPages = slash(path.relative(root, pagesDir));
  const base = await baseFiles(pagesDir);
  const instants = scheduleInstants(schedules, now);
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'fillgas-agenda-'));
  const loaded = new Map<string, { project?: Project; problems: PageProblem[] }>();
  // A schedule's file named in `only` is checked at the instants it is live, not as a file of pages/.
  const inSchedules = (f: string) =>
    slash(path.relative(root, path.resolve(root, f))).startsWith(`${relPages}/${SCHEDULES_DIR}/`);
  const baseOptions = options.only
    ? { ...options, only: options.only.filter((f) => !inSchedules(f)) }
    : options;
  try {
    /** The site with `live` overlaid, loaded once per set of live schedules. */
    const load = async (at: Date) => {
      const live = activeSchedules(schedules, at);
      const key = live.map((s) => s.id).join('\n');
      const known = loaded.get(key);
      if (known) return known;
      let result: { project?: Project; problems: PageProblem[] };
      if (live.length === 0)
        result = await attempt(
          () => loadProject(baseOptions),
          (p) => p,
        );
      else result = await loadOverlaid(at, String(loaded.size), at === now);
      loaded.set(key, result);
      return result;
    };

    const loadOverlaid = async (at: Date, name: string, isNow: boolean) => {
      const from = filesAt(base, schedules, at);
      const stateRoot = path.join(scratch, name);
      const statePages = path.join(stateRoot, 'pages');
      await materializePagesAt(pagesDir, schedules, at, statePages);
      /** A file of the materialized folder ("pages/x.yaml") named where its author wrote it. */
      const realFile = (file: string) => {
        if (!file.startsWith('pages/')) return file;
        const rel = file.slice('pages/'.length);
        const s = from.get(rel);
        return s ? `${relPages}/${SCHEDULES_DIR}/${s.id}/${rel}` : `${relPages}/${rel}`;
      };
      const toState = (rel: string) => `pages/${rel}`;
      // Unsaved texts and `only` name files of pages/ (or of a live schedule's folder): the same files here.
      let sources: Map<string, string> | undefined;
      if (options.sources) {
        sources = new Map();
        for (const [file, text] of options.sources) {
          for (const [rel] of from) if (realFile(toState(rel)) === file) sources.set(toState(rel), text);
        }
      }
      let only: string[] | undefined;
      if (options.only) {
        only = [];
        for (const wanted of options.only) {
          const file = slash(path.relative(root, path.resolve(root, wanted)));
          for (const [rel] of from)
            if (realFile(toState(rel)) === file) only.push(path.join(statePages, rel));
        }
        // None of them exists then: a later instant has nothing to check; now, loadProject says so.
        if (only.length === 0 && !isNow) return { project: undefined, problems: [] };
        if (only.length === 0) only = options.only;
      }
      return attempt(
        () =>
          loadProject({
            ...options,
            root: stateRoot,
            pagesDir: statePages,
            ...(sources ? { sources } : {}),
            ...(only ? { only } : {}),
          }),
        (p) => ({ ...p, loc: { ...p.loc, file: realFile(p.loc.file) } }),
        (project) => ({
          ...project,
          pages: project.pages.map((page) => ({
            ...page,
            file: realFile(page.file),
            blockSources: page.blockSources.map((b) => ({ ...b, file: realFile(b.file) })),
          })),
        }),
      );
    };

    const nowState = await load(now);
    problems.push(...nowState.problems);
    const seen = new Set(nowState.problems.map(problemKey));
    const future: SiteState[] = [];
    for (const at of instants) {
      const live = activeSchedules(schedules, at);
      const changing = schedules.filter(
        (s) => s.start.getTime() === at.getTime() || s.end?.getTime() === at.getTime(),
      );
      const state = await load(at);
      const prefix = instantPrefix(at, changing);
      const gone = goneAt(base, schedules, at);
      for (const p of state.problems) {
        if (seen.has(problemKey(p))) continue;
        seen.add(problemKey(p));
        const words = goneWords(p, gone, relPages);
        problems.push({
          ...p,
          ...(words ? { code: 'schedule-gone' as const, ...words } : {}),
          message: `${prefix}${lowerFirst(words?.message ?? p.message)}`,
        });
      }
      if (state.project) future.push({ at, live, changing, project: state.project });
    }

    problems.push(...(await removalProblems(schedules, base, now, root, pagesDir)));
    problems.push(...(await staticHostProblems(schedules, now, root, pagesDir)));
    if (problems.length > 0) throw new PageErrors(uniqueProblems(problems));
    return { now, project: nowState.project!, schedules, future, warnings: overlapWarnings(schedules, now) };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Runs a load: its project, or its problems (PageErrors), each passed through `locate`. */
async function attempt(
  run: () => Promise<Project>,
  locate: (p: PageProblem) => PageProblem,
  rename: (project: Project) => Project = (p) => p,
): Promise<{ project?: Project; problems: PageProblem[] }> {
  try {
    return { project: rename(await run()), problems: [] };
  } catch (error) {
    if (!(error instanceof PageErrors)) throw error;
    return { problems: error.problems.map(locate) };
  }
}

interface Gone {
  file: string;
  /** Why it goes: "remove do agendamento natal", "o agendamento natal termina". */
  why: string;
}

/** The pages that exist the minute before `at` and not at `at`, with why. */
function goneAt(base: readonly string[], schedules: readonly Schedule[], at: Date): Gone[] {
  const before = filesAt(base, schedules, new Date(at.getTime() - 60_000));
  const after = filesAt(base, schedules, at);
  const gone: Gone[] = [];
  for (const [file, from] of before) {
    if (after.has(file) || !isRouteFile(file)) continue;
    const remover = activeSchedules(schedules, at).findLast((s) => s.remove.includes(file));
    gone.push({
      file,
      why: remover
        ? `o agendamento ${remover.id} a tira do ar`
        : from && from.end?.getTime() === at.getTime()
          ? `ela vem do agendamento ${from.id}, que termina`
          : 'ela deixa de existir',
    });
  }
  return gone;
}

/**
 * A page that is still named (extends, an experiment, an audience) or linked to when the page it
 * names goes away at this instant, said in those words; undefined for every other problem.
 */
function goneWords(p: PageProblem, gone: readonly Gone[], relPages: string) {
  if (gone.length === 0) return undefined;
  const words = (g: Gone, user: string) => ({
    message: `A página ${fileToRoute(g.file)} sai do ar (${g.why}), mas ${user}.`,
    hint: `Tire ${relPages}/${g.file} do ar só junto com quem a usa (ponha os dois no mesmo agendamento), ou mude ${p.loc.file} para não depender dela.`,
  });
  if (p.code === 'broken-link') {
    // Visitors would follow the link to a page that is no longer there (runtime/load/links.ts).
    const href = /^O link (\S+) /.exec(p.message)?.[1];
    const route = href === undefined ? undefined : linkRoute(href);
    const g = gone.find((x) => fileToRoute(x.file) === route);
    return g ? words(g, `${p.loc.file} ainda tem um link para ela (${href})`) : undefined;
  }
  const patterns: [PageProblem['code'], RegExp, (name: string) => string][] = [
    [
      'extends-missing',
      /^A página base "(.+?)" não existe/,
      (n) => `${p.loc.file} ainda a estende (extends: ${n})`,
    ],
    [
      'experiment-page',
      /^A página "(.+?)" do experimento "(.+?)" não existe/,
      (n) =>
        `o experimento "${/experimento "(.+?)"/.exec(p.message)![1]}" de _site.yaml ainda a usa (page: ${n})`,
    ],
    [
      'audience-page',
      /^A página "(.+?)" do público de (\S+) não existe/,
      (n) =>
        `um público de ${/público de (\S+) não/.exec(p.message)![1]} em _site.yaml ainda a mostra (page: ${n})`,
    ],
  ];
  for (const [code, pattern, user] of patterns) {
    if (p.code !== code) continue;
    const name = pattern.exec(p.message)?.[1];
    if (name === undefined) continue;
    const found = resolvePageName(
      name,
      gone.map((g) => g.file),
    );
    if (!('file' in found)) continue;
    return words(
      gone.find((x) => x.file === found.file)!,
      user(name),
    );
  }
  return undefined;
}

/** The meta file of a schedule, parsed (for locations), or undefined. */
async function parsedMeta(s: Schedule, root: string, pagesDir: string) {
  const abs = path.join(pagesDir, SCHEDULES_DIR, s.id, SCHEDULE_META_FILE);
  const file = slash(path.relative(root, abs));
  const text = await readFile(abs, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const result = parseYaml(text, file);
  return result.ok ? result.parsed : undefined;
}

/** `remove` entries naming a file that does not exist when a schedule still to start starts. */
async function removalProblems(
  schedules: readonly Schedule[],
  base: readonly string[],
  now: Date,
  root: string,
  pagesDir: string,
): Promise<PageProblem[]> {
  const problems: PageProblem[] = [];
  for (const s of schedules) {
    if (s.remove.length === 0 || s.start.getTime() <= now.getTime()) continue;
    const before = filesAt(
      base,
      schedules.filter((x) => x !== s),
      s.start,
    );
    const missing = s.remove.filter((r) => !before.has(r));
    if (missing.length === 0) continue;
    const parsed = await parsedMeta(s, root, pagesDir);
    for (const r of missing) {
      const guess = resolvePageName(r, [...before.keys()]);
      problems.push({
        code: 'schedule-remove',
        message: `${instantPrefix(s.start, [s])}${r} não existe nessa hora: não há o que tirar do ar.`,
        hint:
          'suggestion' in guess && guess.suggestion
            ? `Você quis dizer "${guess.suggestion}.yaml"?`
            : 'Confira o nome do arquivo em pages/, ou tire-o de remove.',
        loc: parsed
          ? locationIn(parsed, ['remove', s.remove.indexOf(r)])
          : {
              file: slash(path.relative(root, path.join(pagesDir, SCHEDULES_DIR, s.id, SCHEDULE_META_FILE))),
              line: 1,
              column: 1,
            },
        ...(parsed ? { source: parsed.source } : {}),
      });
    }
  }
  return problems;
}

/** Every schedule still to change the site, on a site whose _site.yaml says host: estatico. */
async function staticHostProblems(
  schedules: readonly Schedule[],
  now: Date,
  root: string,
  pagesDir: string,
): Promise<PageProblem[]> {
  const pending = schedules.filter((s) => scheduleInstants([s], now).length > 0);
  if (pending.length === 0) return [];
  const site = await readFile(path.join(pagesDir, SITE_FILE), 'utf8').catch(() => '');
  if (!/^host:\s*['"]?estatico['"]?\s*(#.*)?$/m.test(site)) return [];
  const problems: PageProblem[] = [];
  for (const s of pending) {
    const parsed = await parsedMeta(s, root, pagesDir);
    const file = slash(path.relative(root, path.join(pagesDir, SCHEDULES_DIR, s.id, SCHEDULE_META_FILE)));
    problems.push({
      code: 'static-host',
      message: `O agendamento "${s.id}" não funciona com host: estatico em _site.yaml: ${STATIC_HOST_REASON}.`,
      hint: STATIC_HOST_HINT,
      loc: parsed ? locationIn(parsed, ['start']) : { file, line: 1, column: 1 },
      ...(parsed ? { source: parsed.source } : {}),
    });
  }
  return problems;
}

/** Two schedules live at the same time that write or remove the same file (not both over). */
function overlapWarnings(schedules: readonly Schedule[], now: Date): string[] {
  const warnings: string[] = [];
  const touched = (s: Schedule) => new Set([...s.files.map((f) => f.path), ...s.remove]);
  const endOf = (s: Schedule) => s.end?.getTime() ?? Infinity;
  for (const [i, a] of schedules.entries()) {
    for (const b of schedules.slice(i + 1)) {
      const from = Math.max(a.start.getTime(), b.start.getTime());
      const to = Math.min(endOf(a), endOf(b));
      if (from >= to || to <= now.getTime()) continue;
      const mine = touched(b);
      const both = [...touched(a)].filter((f) => mine.has(f)).sort();
      if (both.length === 0) continue;
      const [first, later] = activeSchedules([a, b], new Date(from));
      const names = both.map((f) => (f === SITE_FILE ? SITE_FILE : fileToRoute(f)));
      const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} e ${names.at(-1)}`;
      const span =
        to === Infinity
          ? `a partir de ${formatSiteInstant(new Date(from))}`
          : `de ${formatSiteInstant(new Date(from))} a ${formatSiteInstant(new Date(to))}`;
      warnings.push(
        `Os agendamentos ${first!.id} e ${later!.id} mudam ${list} ao mesmo tempo (${span}): vale o de ${later!.id}, ${first!.start.getTime() === later!.start.getTime() ? 'que vem depois na ordem dos nomes (os dois começam juntos)' : 'que começa depois'}.`,
      );
    }
  }
  return warnings;
}
