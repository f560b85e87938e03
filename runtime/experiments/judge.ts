/**
 * One judgement of an experiment's numbers for an experiment declared in _site.yaml, shared by
 * `npm run experiments -- report`, the Estúdio's Resultados (POST /api/experiments/report) and the
 * numbers pulled from Google Analytics: the rows' variants matched with the experiment's pages (by
 * page or by exp_variant_string), the weights, the baseline, the days and the pages' addresses
 * taken from the declaration unless given, and the report built.
 */
import type { ResolvedExperiment } from '../load/index.ts';
import { readExport } from './export-file.ts';
import { experimentReportOptions } from './keys.ts';
import { buildReport, ReportError, type ExportRow, type Report } from './report.ts';

export interface JudgeOptions {
  /** The file's name, for located errors ("ga4.csv:3: …"). */
  file?: string;
  /** Today in São Paulo, AAAA-MM-DD (`siteDay(new Date())`): the end of a running experiment. */
  today: string;
  /** The baseline (default: the experiment's route page, or the export's first row). */
  control?: string;
  /** Weights by variant as named in the export (default: the experiment's, or equal). */
  weights?: Record<string, number>;
  /** Days run (default: the experiment's start to its end or today, or the export's dates). */
  days?: number;
  /** Minimum relative effect worth detecting (0.2 = 20%). */
  mde?: number;
  /** What reading the numbers left out or decided, in Portuguese, for the report's notes. */
  notes?: string[];
}

/**
 * A report with what reading the numbers left out or decided ("ga4.csv:2: a linha de total…",
 * "as datas foram lidas como mês/dia/ano…"), for the screen and the CLI to show beside it.
 */
export type JudgedReport = Report & { notes: string[] };

/** The report of `rows` (from an export or from Google Analytics) for `experiment`, or for the rows alone. */
export function judgeRows(
  rows: ExportRow[],
  experiment: ResolvedExperiment | undefined,
  options: JudgeOptions,
): JudgedReport {
  let { control, weights, days } = options;
  let labels: Record<string, string> | undefined;
  if (experiment !== undefined) {
    const variants = [...new Set(rows.map((r) => r.variant))];
    const declared = experimentReportOptions(experiment, variants, options.today);
    const unknown = variants.filter((v) => !declared.names.has(v));
    if (unknown.length > 0) {
      throw new ReportError(
        `Os números têm variantes que não são páginas do experimento ${experiment.id}: ${unknown.join(', ')} (páginas: ${experiment.pages.map((p) => p.page).join(', ')}).`,
      );
    }
    weights ??= declared.weights;
    control ??= declared.control;
    days ??= declared.days;
    labels = declared.labels;
  }
  const report = buildReport(rows, { control, weights, days, mde: options.mde, labels });
  return { ...report, notes: [...(options.notes ?? [])] };
}

/** The report of `text` (a GA4 export in CSV) for `experiment`, or for the export alone. */
export function judgeExport(
  text: string,
  experiment: ResolvedExperiment | undefined,
  options: JudgeOptions,
): JudgedReport {
  const { rows, notes } = readExport(text, options.file);
  return judgeRows(rows, experiment, { ...options, notes: [...(options.notes ?? []), ...notes] });
}
