/**
 * The edge stage (issue 20), in a CDN worker, before the static files.
 * In: a Request and the build's _experiments.json. Out: the variant's prerendered HTML at the
 * same address with the assignment cookie, or nothing (the host serves the request as usual).
 * With schedules or audiences (issue 38): the epochs' manifest and one handler (handler.ts) that
 * picks the epoch, then the audience, then the split.
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
export { siteInstantsOf, siteWallAt, wallMs } from './site-zone.ts';
export {
  asEdgeManifest,
  type AudienceWhen,
  type EdgeManifest,
  type ExperimentManifest,
  type ManifestAudience,
  type ManifestEpoch,
  type ManifestExperiment,
  type ManifestVariant,
} from './manifest.ts';
export {
  audienceMatches,
  CAMPAIGN_COOKIE,
  campaignSetCookie,
  CRAWLER_PATTERN,
  decodeCampaign,
  encodeCampaign,
  AD_CHECKER_PATTERN,
  isAudienceCrawler,
  isCrawler,
  matchAudience,
  MAX_ATTRIBUTE_LENGTH,
  normalizeHost,
  readCookie,
  referrerMatches,
  requestAttributes,
  type CampaignAttributes,
} from './audience.ts';
export { epochClock, pickEpoch } from './epoch.ts';
export {
  AGENDA_DIR,
  createEdgeHandler,
  edgePaths,
  fileAddress,
  filesOfPath,
  isAgendaPath,
  pageFile,
  type EdgeOptions,
} from './handler.ts';
export { cloudflareEdge, cloudflareWorker } from './cloudflare.ts';
export { netlifyEdge, netlifyEdgeFunction, type NetlifyContext } from './netlify.ts';
export {
  vercelDeploymentEdge,
  vercelEdge,
  vercelMiddleware,
  VERCEL_KEY_HEADER,
  VERCEL_MANIFEST_PATH,
} from './vercel.ts';
