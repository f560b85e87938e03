/**
 * Experiments (issue 20): a route split between a page and its variants at the CDN edge, and the
 * report that says which brings more chats.
 * In: a GA4 export (CSV, totals or one row per variant and day) and the experiment's weights,
 * start and baseline.
 * Out: per variant rate, interval, uplift, the always-valid p-value of the sequential test, chance
 * to beat the baseline, z-test p-value, SRM, visitors still needed, the days one by one, and a
 * verdict only when the evidence allows one (decision 0022). `judgeExport` is the one entry the
 * CLI and the Estúdio share.
 */
export { judgeExport, judgeRows, type JudgedReport, type JudgeOptions } from './judge.ts';
export { parseExport, readExport, type ExportReading } from './export-file.ts';
export {
  ALPHA,
  buildReport,
  DEFAULT_MDE,
  formatReport,
  MIN_DAYS,
  ReportError,
  WIN_CHANCE,
  type DailyVariant,
  type ExportRow,
  type Report,
  type ReportOptions,
  type VariantResult,
} from './report.ts';
export {
  chanceToBeat,
  chanceToBeatApprox,
  rateInterval,
  sampleRatioMismatch,
  sampleSizePerArm,
  SRM_P,
  zTest,
  type Arm,
} from './stats.ts';
export {
  conversionsNeeded,
  MAX_PLAN_DAYS,
  PLAN_POWER,
  planExperiment,
  visitorsPerPage,
  type Plan,
  type PlanInput,
} from './plan.ts';
export {
  exactSequentialTest,
  logShareBayesFactor,
  nullShare,
  shareInterval,
  sharePrior,
  type ExactSequentialResult,
  type UpliftInterval,
  logMixtureRatio,
  mixtureInterval,
  mixtureVariance,
  sequentialTest,
  type DifferenceInterval,
  type SequentialLook,
  type SequentialResult,
} from './sequential.ts';
export { sequentialSrm, srmLogBayesFactor, SRM_CONCENTRATION, SRM_LEVEL, type SequentialSrm } from './srm.ts';
export { EXP_TOOL, experimentReportOptions, experimentsNamedBy, variantKey } from './keys.ts';
