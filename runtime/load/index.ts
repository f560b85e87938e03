/**
 * Load: YAML text in pages/ (plus the block definitions) in, a validated page model out.
 * Parses with positions, merges variants with their base, validates with ajv, and collects every
 * problem of every file as located Portuguese errors (file:line:column, the line, a suggestion).
 */
export {
  loadProject,
  validatorsFor,
  SITE_FILE,
  type BlockInstance,
  type LoadedPage,
  type LoadOptions,
  type PageModel,
  type Project,
} from './project.ts';
export { listYamlFiles, readYamlFile, symbolicLinkProblem, symbolicLinks } from './files.ts';
export { MAX_FILE_BYTES, parseYaml, type ParsedFile, type ParseResult } from './parse.ts';
export { createAjv, createValidator, type Validator } from './validate.ts';
export {
  isVariant,
  itemAddresses,
  itemIndex,
  orderAfterMoves,
  pageNames,
  resolvePageName,
  writtenBlockNames,
} from './extends.ts';
export {
  checkExperiments,
  EXP_TOOL,
  variantCookieKey,
  variantKey,
  type ResolvedExperiment,
} from './experiments.ts';
export { checkSite, instantPrefix, type CheckOptions, type SiteCheck, type SiteState } from './check-site.ts';
export { checkAudiences, STATIC_HOST_HINT, STATIC_HOST_REASON, type ResolvedAudience } from './audiences.ts';
export {
  describeAudience,
  describeWhen,
  normalizeWhen,
  sameWhen,
  whenCovers,
  type AudienceWhen,
} from './audience-words.ts';
export {
  activeSchedules,
  describeSchedule,
  filesAt,
  formatSiteInstant,
  isLive,
  materializePagesAt,
  overlayOrder,
  parseSiteInstant,
  readSchedules,
  SCHEDULE_META_FILE,
  SCHEDULES_DIR,
  scheduleInstants,
  siteInstantText,
  type Schedule,
} from './schedule.ts';
export { MODELINE_PREFIX, placeModeline, schemaModeline } from './modeline.ts';
export {
  badRouteFileName,
  fileToRoute,
  isRouteFile,
  MAX_ROUTE_DEPTH,
  MAX_ROUTE_NAME_LENGTH,
  NOT_FOUND_ROUTE,
  routeLimitProblem,
  routeSlug,
  routeToOutFile,
} from './routes.ts';
export { PageErrors, plural, RenderError, type PageProblem, type SourceLocation } from './errors.ts';
export { codeFrame, formatProblem, formatProblems } from './format-error.ts';
export { insidePublic, publicFileOf } from './public-files.ts';
export {
  clientCodeOf,
  hydrateStrategyOf,
  usesBehavior,
  type AnyBlockDefinition,
  type BlockDefinition,
  type ClientCode,
  type HydrateStrategy,
  type JsonLdThing,
} from './define-block.ts';
