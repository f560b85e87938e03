/**
 * The part of load that runs in a browser (Storybook's bundle, the Estúdio's editor): YAML text
 * in, the positioned document and the schema's located problems out. No file system here.
 */
export { parseYaml, type ParsedFile, type ParseResult } from './parse.ts';
export { createAjv, createValidator, type Validator } from './validate.ts';
export type { PageProblem, SourceLocation } from './errors.ts';
export { fileToRoute, isRouteFile, NOT_FOUND_ROUTE } from './routes.ts';
export { closest } from './suggest.ts';
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
export {
  describeAudience,
  describeWhen,
  normalizeWhen,
  sameWhen,
  whenCovers,
  type AudienceWhen,
} from './audience-words.ts';
