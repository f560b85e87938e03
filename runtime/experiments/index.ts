/**
 * Experiments (issue 20): a route split between a page and its variants at the CDN edge, and the
 * report that says which brings more chats.
 * In: a GA4 export (CSV) and the experiment's weights, start and baseline.
 * Out: per variant rate, interval, uplift, chance to beat the baseline, p-value, SRM, visitors
 * still needed, and a verdict only when the evidence allows one.
 */
export {
  buildReport,
  DEFAULT_MDE,
  formatReport,
  MIN_CONVERSIONS,
  MIN_DAYS,
  parseExport,
  ReportError,
  WIN_CHANCE,
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
export { EXP_TOOL, experimentReportOptions, variantKey } from './keys.ts';
