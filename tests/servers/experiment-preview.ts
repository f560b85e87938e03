/**
 * Browser tests of an experiment need the site built with one and the edge split in front of
 * it. This builds a copy of pages/ whose _site.yaml adds a test analytics id (the consent banner
 * and Consent Mode, as in production) and an experiment on /sodastream-t (its own page against
 * /recarrega-site, 50/50), then serves the build's real `_worker.js` under workerd (Miniflare) in
 * front of that dist/ as Cloudflare's static assets, on 127.0.0.1. The browser tests start it
 * through test-sites.ts; this runs it alone, by hand.
 *
 *   PORT=4320 NODE_ENV=production npx tsx tests/servers/experiment-preview.ts
 */
import { buildExperimentSite } from './test-builds.ts';
import { TEST_EXPERIMENT } from './test-site.ts';
import { cloudflareOverDist } from './workerd.ts';

const port = Number(process.env.PORT ?? 4320);
const mf = cloudflareOverDist(await buildExperimentSite(port), { host: '127.0.0.1', port });
const url = await mf.ready;
console.log(`Site com o experimento ${TEST_EXPERIMENT.id} (workerd) em ${url.href}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void mf.dispose().finally(() => process.exit(0)));
