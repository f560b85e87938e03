/**
 * One judgement of a GA4 export for an experiment declared in _site.yaml, shared by
 * `npm run experiments -- report` and the Estúdio's Resultados (POST /api/experiments/report):
 * the export read, its variants matched with the experiment's pages (by page or by
 * exp_variant_string), the weights, the baseline and the days taken from the declaration
 * unless given, and the report built.
 */
import type { ResolvedExperiment } from '../load/index.ts';
import { experimentReportOptions } from './keys.ts';
import { buildReport, parseExport, ReportError, type Report } from './report.ts';

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
}

/** The report of `text` (a GA4 export in CSV) for `experiment`, or for the export alone. */
export function judgeExport(
  text: string,
  experiment: ResolvedExperiment | undefined,
  options: JudgeOptions,
): Report {
  const rows = parseExport(text, options.file);
  let { control, weights, days } = options;
  if (experiment !== undefined) {
    const variants = [...new Set(rows.map((r) => r.variant))];
    const declared = experimentReportOptions(experiment, variants, options.today);
    const unknown = variants.filter((v) => !declared.names.has(v));
    if (unknown.length > 0) {
      throw new ReportError(
        `A exportação tem variantes que não são páginas do experimento ${experiment.id}: ${unknown.join(', ')} (páginas: ${experiment.pages.map((p) => p.page).join(', ')}).`,
      );
    }
    weights ??= declared.weights;
    control ??= declared.control;
    days ??= declared.days;
  }
  return buildReport(rows, { control, weights, days, mde: options.mde });
}
