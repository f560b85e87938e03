/**
 * The report's names for an experiment's variants: the page, or its exp_variant_string
 * ("FGS-<experiment id>-<page>", named in the load stage, which the page script's events carry).
 */
import { EXP_TOOL, variantKey, type ResolvedExperiment } from '../load/index.ts';
import type { ReportOptions } from './report.ts';

export { EXP_TOOL, variantKey };

/**
 * The report's options from the experiment as declared: weights and the baseline (the page whose
 * route is the experiment's) under every name an export may use for a variant (the page, or its
 * exp_variant_string), and the days from its start to its end (or `today`).
 */
export function experimentReportOptions(
  experiment: ResolvedExperiment,
  variantsInExport: readonly string[],
  today: string,
): Pick<ReportOptions, 'weights' | 'control' | 'days' | 'labels'> & { names: Map<string, string> } {
  const names = new Map<string, string>();
  for (const name of variantsInExport) {
    const page = experiment.pages.find((p) => p.page === name || variantKey(experiment.id, p.page) === name);
    if (page) names.set(name, page.page);
  }
  const weights: Record<string, number> = {};
  /** Each variant as the marketer knows it: its page's own address ("/agendamento-oferta"). */
  const labels: Record<string, string> = {};
  let control: string | undefined;
  for (const [name, pageName] of names) {
    const page = experiment.pages.find((p) => p.page === pageName)!;
    weights[name] = page.weight;
    labels[name] = page.route;
    if (page.route === experiment.route) control = name;
  }
  const day = (text: string) => Date.parse(`${text}T00:00:00Z`);
  const end = experiment.end !== undefined && experiment.end < today ? experiment.end : today;
  const days =
    experiment.start === undefined
      ? undefined
      : Math.floor((day(end) - day(experiment.start)) / 86_400_000) + 1;
  return { weights, control, days, names, labels };
}

/**
 * The declared experiments an export's variants all belong to, by page name or exp_variant_string
 * ("FGS-<id>-<page>"): the one the export is of when there is exactly one.
 */
export function experimentsNamedBy(
  experiments: readonly ResolvedExperiment[],
  variantsInExport: readonly string[],
): ResolvedExperiment[] {
  if (variantsInExport.length === 0) return [];
  return experiments.filter((experiment) =>
    variantsInExport.every((name) =>
      experiment.pages.some((p) => p.page === name || variantKey(experiment.id, p.page) === name),
    ),
  );
}
