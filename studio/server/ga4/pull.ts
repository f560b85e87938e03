/**
 * An experiment's numbers read from GA4 (decision 0036): per day and page, the users who saw the
 * page at the experiment's route (`experience_impression`) and those who tapped WhatsApp
 * (`whatsapp_click`), by the custom dimension `exp_variant_string`; judged by `judgeRows`, the
 * code the CLI and the CSV drop use. A finished day (GA4 keeps changing a day for about two days)
 * is kept on disk under the data folder and never fetched again.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Ga4TrafficAnswer, PullAnswer } from '../../api.ts';
import type { ExportRow } from '../../../runtime/experiments/index.ts';
import { variantKey, type ResolvedExperiment } from '../../../runtime/load/index.ts';
import { EXPERIMENT_TIME_ZONE } from '../../../runtime/edge/index.ts';
import { HttpError } from '../http.ts';
import { isErrno, serialised, writeAtomic } from '../page-files.ts';
import { runFullReport, type Ga4Connection, type ReportMetadata } from './client.ts';

export const IMPRESSION = 'experience_impression';
export const CONVERSION = 'whatsapp_click';
export const VARIANT_DIMENSION = 'customEvent:exp_variant_string';
/** Users, not events: the unit the split assigns and the test counts (decision 0036). */
export const USERS_METRIC = 'totalUsers';
/** A day is final when it ended at least two days ago: D ≤ today − 3. */
export const UNFINISHED_DAYS = 3;
/** Without "Atualizar agora", days that may still change are reused for an hour. */
export const FRESH_MS = 60 * 60 * 1000;
export const CACHE_FOLDER = 'ga4-dias';

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const brDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
/** GA4's "20261201" → "2026-12-01" (or null for anything else). */
const isoDay = (value: string) => {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
};

interface CachedDay {
  /** Per variant (its exp_variant_string): users exposed and users who converted. */
  cells: Record<string, { visitors: number; conversions: number }>;
  /** Rows of no page of the experiment ("(not set)", "(other)"): their users exposed. */
  skipped: Record<string, number>;
  fetchedAt: string;
  /** Fetched after the day was finished: never fetched again. */
  final: boolean;
  thresholded: boolean;
  otherRow: boolean;
  sampledShare: number | null;
}

interface DayCache {
  version: 1;
  timeZone: string | null;
  days: Record<string, CachedDay>;
}

export interface PullInput {
  connection: Ga4Connection;
  dataDir: string;
  experiment: ResolvedExperiment;
  /** The experiment's first day (its start, or the day it was first published). */
  first: string;
  /** Today in São Paulo. */
  today: string;
  refresh: boolean;
  now?: Date;
}

function cacheFile(dataDir: string, propertyId: string, experiment: ResolvedExperiment, keys: string[]) {
  const name = createHash('sha256')
    .update(JSON.stringify([experiment.id, keys]))
    .digest('hex')
    .slice(0, 32);
  return path.join(dataDir, CACHE_FOLDER, `${propertyId}-${name}.json`);
}

async function readCache(file: string): Promise<DayCache> {
  try {
    const data = JSON.parse(await readFile(file, 'utf8')) as DayCache;
    if (data.version === 1 && typeof data.days === 'object' && data.days !== null) return data;
  } catch (error) {
    if (!isErrno(error, 'ENOENT') && !(error instanceof SyntaxError)) throw error;
  }
  return { version: 1, timeZone: null, days: {} };
}

/** Every day from `first` to `last`. */
function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last && days.length < 3660; day = addDays(day, 1)) days.push(day);
  return days;
}

export function pullExperiment(input: PullInput): Promise<PullAnswer> {
  const { connection, experiment, today } = input;
  const now = input.now ?? new Date();
  const keys = experiment.pages.map((p) => variantKey(experiment.id, p.page));
  const file = cacheFile(input.dataDir, connection.settings.propertyId, experiment, keys);
  const last = experiment.end !== undefined && experiment.end < today ? experiment.end : today;
  if (input.first > last) {
    return Promise.resolve({
      report: null,
      source: {
        fetchedAt: now.toISOString(),
        first: null,
        last: null,
        warnings: [`O experimento começa em ${brDay(input.first)}: ainda não há números.`],
      },
    });
  }
  return serialised(file, async () => {
    const cache = await readCache(file);
    const finishedBy = addDays(today, -UNFINISHED_DAYS);
    const days = daysBetween(input.first, last);
    const stale = (day: string) => {
      const cached = cache.days[day];
      if (!cached) return true;
      if (cached.final) return false;
      if (day <= finishedBy) return true; // fetched while it could change: once more, for good
      return input.refresh || now.getTime() - Date.parse(cached.fetchedAt) > FRESH_MS;
    };
    const needed = days.filter(stale);
    if (needed.length > 0) {
      const start = needed[0]!;
      const end = needed.at(-1)!;
      const report = await runFullReport(connection, {
        dateRanges: [{ startDate: start, endDate: end }],
        dimensions: [{ name: 'date' }, { name: VARIANT_DIMENSION }, { name: 'eventName' }],
        metrics: [{ name: USERS_METRIC }],
        dimensionFilter: {
          andGroup: {
            expressions: [
              { filter: { fieldName: 'eventName', inListFilter: { values: [IMPRESSION, CONVERSION] } } },
              // Every page's exact string, plus GA4's own "(not set)" (named in a warning).
              {
                filter: {
                  fieldName: VARIANT_DIMENSION,
                  inListFilter: { values: [...keys, '(not set)'], caseSensitive: true },
                },
              },
            ],
          },
        },
      });
      const fetched = new Map<string, CachedDay>();
      const fresh = (day: string): CachedDay => {
        let entry = fetched.get(day);
        if (!entry) {
          entry = newDay(day, finishedBy, now, report.metadata);
          fetched.set(day, entry);
        }
        return entry;
      };
      for (const row of report.rows) {
        const [date = '', variant = '', eventName = ''] = row.dimensions;
        const users = row.metrics[0] ?? 0;
        const day = isoDay(date);
        // "(other)" has no date either: counted on the range's first day, to be named.
        const entry = fresh(day !== null && day >= start && day <= end ? day : start);
        if (!keys.includes(variant)) {
          if (eventName === IMPRESSION || eventName === '(other)' || variant === '(other)')
            entry.skipped[variant] = (entry.skipped[variant] ?? 0) + users;
          continue;
        }
        const cell = (entry.cells[variant] ??= { visitors: 0, conversions: 0 });
        if (eventName === IMPRESSION) cell.visitors += users;
        else if (eventName === CONVERSION) cell.conversions += users;
      }
      for (const day of daysBetween(start, end)) {
        if (cache.days[day]?.final) continue;
        cache.days[day] = fetched.get(day) ?? newDay(day, finishedBy, now, report.metadata);
      }
      cache.timeZone = report.metadata.timeZone ?? cache.timeZone;
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeAtomic(file, Buffer.from(JSON.stringify(cache)), 0o600);
    }
    return answerFrom(cache, days, keys, input, now);
  });
}

function newDay(day: string, finishedBy: string, now: Date, metadata: ReportMetadata): CachedDay {
  return {
    cells: {},
    skipped: {},
    fetchedAt: now.toISOString(),
    final: day <= finishedBy,
    thresholded: metadata.subjectToThresholding,
    otherRow: metadata.dataLossFromOtherRow,
    sampledShare: metadata.sampledShare,
  };
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

async function answerFrom(
  cache: DayCache,
  days: string[],
  keys: string[],
  input: PullInput,
  now: Date,
): Promise<PullAnswer> {
  const rows: ExportRow[] = [];
  const skipped = new Map<string, number>();
  let thresholded = false;
  let otherRow = false;
  let sampled: number | null = null;
  const fetchedTimes: string[] = [];
  const changing: string[] = [];
  for (const day of days) {
    const entry = cache.days[day];
    if (!entry) continue;
    fetchedTimes.push(entry.fetchedAt);
    if (!entry.final) changing.push(entry.fetchedAt);
    thresholded ||= entry.thresholded;
    otherRow ||= entry.otherRow;
    if (entry.sampledShare !== null) sampled = Math.min(sampled ?? 1, entry.sampledShare);
    for (const [name, users] of Object.entries(entry.skipped))
      skipped.set(name, (skipped.get(name) ?? 0) + users);
    const cells = Object.values(entry.cells);
    if (!cells.some((c) => c.visitors > 0 || c.conversions > 0)) continue;
    // A day with numbers names every page (0 where GA4 has no row): a page nobody saw is a finding.
    for (const variant of keys) {
      const cell = entry.cells[variant] ?? { visitors: 0, conversions: 0 };
      rows.push({ variant, visitors: cell.visitors, conversions: cell.conversions, date: day });
    }
  }
  const warnings: string[] = [];
  const dated = rows.map((r) => r.date!);
  const first = dated.length > 0 ? dated.reduce((a, b) => (a < b ? a : b)) : null;
  const lastDay = dated.length > 0 ? dated.reduce((a, b) => (a > b ? a : b)) : null;
  if (rows.length === 0) {
    warnings.push(
      `O Google Analytics ainda não tem números deste experimento (de ${brDay(days[0]!)} a ${brDay(days.at(-1)!)}). Se o teste começou há pouco, espere: os números de um dia aparecem um ou dois dias depois. Se já roda há mais tempo, confira se a dimensão personalizada exp_variant_string está cadastrada (guia, seção 8) e se o experimento está publicado.`,
    );
  }
  if (thresholded) {
    warnings.push(
      'O Google Analytics aplicou limites de privacidade a estes números (subjectToThresholding): linhas com poucos usuários podem ter sido omitidas, sobretudo nas páginas e nos dias com menos visitantes. Acontece quando os Indicadores do Google estão ativados na propriedade; desativá-los (Administrador → Coleta de dados) dá números completos.',
    );
  }
  if (sampled !== null && sampled < 1) {
    const share = Math.max(1, Math.floor(sampled * 100));
    warnings.push(
      `Os números são uma amostra: o Google Analytics leu só ${share}% dos dados do período (amostragem), e o relatório os trata como se fossem todos.`,
    );
  }
  if (otherRow) {
    warnings.push(
      'Parte dos números foi juntada pelo Google Analytics na linha "(other)" (a propriedade tem valores diferentes demais) e ficou fora do relatório.',
    );
  }
  if (skipped.size > 0) {
    const named = [...skipped].map(
      ([name, users]) => `"${name.slice(0, 80)}" (${plural(users, 'visitante', 'visitantes')})`,
    );
    warnings.push(
      `Linhas sem página do experimento ficaram fora do relatório: ${named.join(', ')}. "(not set)" são visitas sem o nome da variante (antes de a dimensão existir, ou de quem não foi sorteado).`,
    );
  }
  if (cache.timeZone && cache.timeZone !== EXPERIMENT_TIME_ZONE) {
    warnings.push(
      `A propriedade do Google Analytics conta os dias no fuso ${cache.timeZone}; o experimento usa o horário de Brasília: os dias podem não coincidir por algumas horas.`,
    );
  }
  const sorted = (changing.length > 0 ? changing : fetchedTimes).sort();
  const fetchedAt = (changing.length > 0 ? sorted[0] : sorted.at(-1)) ?? now.toISOString();
  let report: PullAnswer['report'] = null;
  if (rows.length > 0) {
    // The statistics (@stdlib's 300 modules) load at the first report, not at the Estúdio's start.
    const { judgeRows, ReportError } = await import('../../../runtime/experiments/index.ts');
    try {
      report = judgeRows(rows, input.experiment, { today: input.today });
    } catch (error) {
      if (error instanceof ReportError) throw new HttpError(422, error.message, { warnings });
      throw error;
    }
  }
  return { report, source: { fetchedAt, first, last: lastDay, warnings } };
}

export const removeCache = (dataDir: string) =>
  rm(path.join(dataDir, CACHE_FOLDER), { recursive: true, force: true });

/** The route's last 28 finished days: users on its page per day, and the share who tapped WhatsApp. */
export async function routeTraffic(
  connection: Ga4Connection,
  route: string,
  today: string,
): Promise<Ga4TrafficAnswer> {
  const end = addDays(today, -UNFINISHED_DAYS);
  const start = addDays(end, -27);
  const paths = route === '/' ? ['/'] : [route, `${route}/`];
  const report = await runFullReport(connection, {
    dateRanges: [{ startDate: start, endDate: end }],
    dimensions: [{ name: 'date' }, { name: 'eventName' }],
    metrics: [{ name: USERS_METRIC }],
    dimensionFilter: {
      andGroup: {
        expressions: [
          { filter: { fieldName: 'pagePath', inListFilter: { values: paths, caseSensitive: true } } },
          { filter: { fieldName: 'eventName', inListFilter: { values: ['page_view', CONVERSION] } } },
        ],
      },
    },
  });
  const views = new Map<string, number>();
  let clicks = 0;
  for (const row of report.rows) {
    const [date = '', eventName = ''] = row.dimensions;
    const users = row.metrics[0] ?? 0;
    if (eventName === 'page_view') views.set(date, (views.get(date) ?? 0) + users);
    else if (eventName === CONVERSION) clicks += users;
  }
  const visitors = [...views.values()].reduce((a, b) => a + b, 0);
  const days = [...views.values()].filter((v) => v > 0).length;
  return {
    route,
    days,
    dailyVisitors: days === 0 ? 0 : Math.round((visitors / days) * 10) / 10,
    conversionRate: visitors === 0 ? 0 : Math.min(1, clicks / visitors),
  };
}

/** "Testar conexão": one small report that needs the access, the property, the API and the dimension. */
export async function testConnection(connection: Ga4Connection, today: string): Promise<string> {
  const report = await runFullReport(connection, {
    dateRanges: [{ startDate: addDays(today, -27), endDate: today }],
    dimensions: [{ name: 'date' }],
    metrics: [{ name: 'eventCount' }],
    dimensionFilter: {
      andGroup: {
        expressions: [
          { filter: { fieldName: 'eventName', stringFilter: { matchType: 'EXACT', value: IMPRESSION } } },
          {
            filter: {
              fieldName: VARIANT_DIMENSION,
              stringFilter: { matchType: 'BEGINS_WITH', value: 'FGS-' },
            },
          },
        ],
      },
    },
  });
  const days = report.rows.filter((r) => (r.metrics[0] ?? 0) > 0).length;
  const who = `Conectado à propriedade ${connection.settings.propertyId} como ${connection.settings.key.client_email}`;
  return days > 0
    ? `${who}: ${plural(days, 'dia', 'dias')} de dados de experimentos encontrados nos últimos 28 dias.`
    : `${who}: nenhum dado de experimento nos últimos 28 dias (normal se nenhum teste rodou ainda; a dimensão exp_variant_string existe).`;
}
