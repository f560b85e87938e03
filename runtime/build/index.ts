/**
 * Build: the project in, dist/ out (npm run build): the page script bundled with the islands and
 * behaviours pages use, every route prerendered, images sized and fingerprinted, _headers and
 * vercel.json, JavaScript budgets; and the generated schemas and block reference (npm run schema).
 */
export { buildSite, CLIENT_ENTRY, type BuildOptions, type BuildReport } from './prerender.ts';
export {
  CLOUDFLARE_WORKER_FILE,
  EXPERIMENTS_FILE,
  experimentManifest,
  NETLIFY_FUNCTION_FILE,
  NETLIFY_FUNCTIONS_DIR,
  variantCookieKey,
  VERCEL_MIDDLEWARE_FILE,
  vercelEdgeMiddlewareSource,
  vercelMiddlewareFor,
  vercelMiddlewareForRepo,
  vercelMiddlewareSource,
  EDGE_MANIFEST_FILE,
  writeEdgeManifest,
  type ExperimentManifest,
  type ManifestExperiment,
  type ManifestVariant,
} from './experiments.ts';
export { writeEpochs } from './schedule.ts';
export { clientPlugins, type ClientBundleOptions } from './client-bundle.ts';
export {
  BudgetError,
  gzipSize,
  jsBudgetTable,
  kb,
  measureRouteJs,
  scriptsInHtml,
  type RouteJs,
} from './budget.ts';
export {
  headersForPath,
  IMMUTABLE,
  IMMUTABLE_PREFIX,
  parseHeadersFile,
  VERCEL_FILE,
  vercelJson,
} from './headers.ts';
export { imageVariantMiddleware } from './images.ts';
export {
  PAGE_SCHEMA_FILE,
  pageSchemaText,
  SCHEDULE_SCHEMA_FILE,
  scheduleSchemaText,
  SITE_SCHEMA_FILE,
  siteSchemaText,
} from './schema-files.ts';
export { BLOCKS_DOC_FILE, blocksDocText } from './blocks-doc.ts';
