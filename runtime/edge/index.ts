/**
 * The edge stage (issue 20): in a CDN worker, before the static files.
 * In: a Request and the build's _experiments.json. Out: the variant's prerendered HTML at the
 * same address with the assignment cookie, or nothing (the host serves the request as usual).
 */
export {
  cookieMaxAge,
  cookieName,
  createSplitter,
  DEFAULT_COOKIE_DAYS,
  draw,
  experimentFor,
  experimentPaths,
  readStatic,
  type AssetFetcher,
  type SplitOptions,
} from './split.ts';
export { endOfSiteDay, EXPERIMENT_TIME_ZONE, EXPERIMENT_TIME_ZONE_LABEL, siteDay } from './site-day.ts';
export type { ExperimentManifest, ManifestExperiment, ManifestVariant } from './manifest.ts';
export { netlifyEdgeFunction, type NetlifyContext } from './netlify.ts';
export { vercelMiddleware } from './vercel.ts';
