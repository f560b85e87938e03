/**
 * Scheduled changes (issue 38, decision 0047), the part with no file system: the São Paulo minute
 * an author writes ("2026-12-20 00:00") and shows ("20/12/2026 às 00:00"), the instants at which
 * the site changes, which schedules are live at an instant, and a schedule in words. Runs in a
 * browser too (runtime/load/browser.ts); reading the folders is schedule.ts.
 */
import { siteInstantsOf, siteWallAt, wallMs } from '../edge/index.ts';
import { fileToRoute } from './routes.ts';

/** The schedules' folder, under pages/. Starts with "_": nothing in it is a route. */
export const SCHEDULES_DIR = '_agendamentos';
/** A schedule's meta file, in its folder: start, end, note, remove. */
export const SCHEDULE_META_FILE = '_agendamento.yaml';
/** The site settings' file name, as a schedule's folder mirrors it. */
const SITE_FILE_NAME = '_site.yaml';

export interface Schedule {
  /** The folder's name: pages/_agendamentos/<id>/. */
  id: string;
  start: Date;
  /** null: the change stays for ever. */
  end: Date | null;
  /** As written in the meta file: "2026-12-20 00:00" (São Paulo). */
  startText: string;
  endText: string | null;
  note?: string;
  /** The files it writes while live, relative to pages/ ('/' separators), sorted. */
  files: { path: string; text: string }[];
  /** The files of pages/ that do not exist while it is live, relative to pages/. */
  remove: string[];
}

const INSTANT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

/**
 * "AAAA-MM-DD HH:MM" on the São Paulo clock → the instant, or undefined when the text is not that
 * or names no day ("2026-02-30"). From the IANA zone, so a change of Brazil's clocks is followed;
 * a minute a clock change skips reads as the same minute after the change.
 */
export function parseSiteInstant(text: string): Date | undefined {
  const m = INSTANT.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || day < 1) return undefined;
  const wall = wallMs(year, month, day, hour, minute);
  if (new Date(wall).getUTCDate() !== day) return undefined; // 30 February
  // Of the two readings of this wall time, which agree except across a change of clocks, the
  // earlier one that shows it wins (a minute the clocks repeat); none does in a minute they skip.
  const [first, second] = siteInstantsOf(wall);
  const shows = [first, second].filter(
    (t) => wallMs(...(siteWallAt(t) as [number, number, number, number, number])) === wall,
  );
  return new Date(shows.length > 0 ? Math.min(...shows) : Math.max(first, second));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The instant on the São Paulo clock as people read it: "20/12/2026 às 00:00". */
export function formatSiteInstant(d: Date): string {
  const [y, mo, day, h, mi] = siteWallAt(d.getTime());
  return `${pad(day!)}/${pad(mo!)}/${y} às ${pad(h!)}:${pad(mi!)}`;
}

/** The instant as an author writes it in a meta file: "2026-12-20 00:00" (São Paulo). */
export function siteInstantText(d: Date): string {
  const [y, mo, day, h, mi] = siteWallAt(d.getTime());
  return `${y}-${pad(mo!)}-${pad(day!)} ${pad(h!)}:${pad(mi!)}`;
}

/**
 * Every instant at which the site changes: each schedule's start and end, sorted, each once,
 * only those after `after` when given.
 */
export function scheduleInstants(schedules: readonly Schedule[], after?: Date): Date[] {
  const times = new Set<number>();
  for (const s of schedules) {
    times.add(s.start.getTime());
    if (s.end) times.add(s.end.getTime());
  }
  return [...times]
    .filter((t) => after === undefined || t > after.getTime())
    .sort((a, b) => a - b)
    .map((t) => new Date(t));
}

/** Live at `at`: start ≤ at < end (no end: for ever). */
export function isLive(s: Schedule, at: Date): boolean {
  const t = at.getTime();
  return s.start.getTime() <= t && (s.end === null || t < s.end.getTime());
}

/** Schedules in the order they overlay pages/: by start, ties by id (a later start wins a file). */
export function overlayOrder(a: Schedule, b: Schedule): number {
  return a.start.getTime() - b.start.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The schedules live at `at`, in the order they overlay pages/. */
export function activeSchedules(schedules: readonly Schedule[], at: Date): Schedule[] {
  return schedules.filter((s) => isLive(s, at)).sort(overlayOrder);
}

/**
 * The pages folder's files at `at` given its files without schedules (`base`, relative to pages/,
 * the schedules' folder left out): each live schedule in order writes its files and removes its
 * `remove` list. Each file maps to the schedule it comes from (undefined: pages/ itself).
 */
export function filesAt(
  base: readonly string[],
  schedules: readonly Schedule[],
  at: Date,
): Map<string, Schedule | undefined> {
  const files = new Map<string, Schedule | undefined>(base.map((f) => [f, undefined]));
  for (const s of activeSchedules(schedules, at)) {
    for (const f of s.files) files.set(f.path, s);
    for (const r of s.remove) files.delete(r);
  }
  return files;
}

/** How a file of pages/ is named to an author: its address, or the site's settings. */
function fileWords(file: string): string {
  if (file === SITE_FILE_NAME) return 'as configurações do site';
  return file.endsWith('.yaml') ? fileToRoute(file) : file;
}

function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} e ${items.at(-1)}`;
}

/**
 * A schedule in pt-BR words: "/agendamento-natal entra no ar em 20/12/2026 às 00:00 e sai em
 * 26/12/2026 às 00:00". With `pagesFiles` (the files of pages/ without schedules), a file that
 * already exists is said to change ("a nova versão de /agendamento entra no ar …").
 */
export function describeSchedule(s: Schedule, pagesFiles?: readonly string[]): string {
  const start = formatSiteInstant(s.start);
  const end = s.end ? formatSiteInstant(s.end) : undefined;
  const existing = new Set(pagesFiles ?? []);
  const site = s.files.some((f) => f.path === SITE_FILE_NAME);
  const pages = s.files.filter((f) => f.path !== SITE_FILE_NAME).map((f) => f.path);
  const fresh = pages.filter((f) => !existing.has(f)).map(fileWords);
  const changed = pages.filter((f) => existing.has(f)).map(fileWords);
  const parts: string[] = [];
  if (fresh.length > 0) {
    const many = fresh.length > 1;
    parts.push(
      `${list(fresh)} ${many ? 'entram' : 'entra'} no ar em ${start}${end ? ` e ${many ? 'saem' : 'sai'} em ${end}` : ''}`,
    );
  }
  if (changed.length > 0) {
    const many = changed.length > 1;
    parts.push(
      `${many ? 'as novas versões' : 'a nova versão'} de ${list(changed)} ${many ? 'entram' : 'entra'} no ar em ${start}${end ? ` e ${many ? 'as anteriores voltam' : 'a anterior volta'} em ${end}` : ''}`,
    );
  }
  if (site) {
    parts.push(`as novas configurações do site valem a partir de ${start}${end ? ` até ${end}` : ''}`);
  }
  if (s.remove.length > 0) {
    const gone = s.remove.map(fileWords);
    const many = gone.length > 1;
    parts.push(
      `${list(gone)} ${many ? 'saem' : 'sai'} do ar em ${start}${end ? ` e ${many ? 'voltam' : 'volta'} em ${end}` : ''}`,
    );
  }
  if (parts.length === 0) {
    parts.push(`o agendamento ${s.id} não muda nada: vale de ${start}${end ? ` até ${end}` : ' em diante'}`);
  }
  const text = parts.join('; ');
  return text.charAt(0) === '/' ? text : text.charAt(0).toUpperCase() + text.slice(1);
}
