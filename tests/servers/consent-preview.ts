/**
 * Browser tests of consent need the site built with an analytics id, which the real
 * pages/_site.yaml does not have (no real ids are committed). This builds a copy of pages/
 * whose _site.yaml adds a test id, into a temporary folder, and serves it like
 * `npm run preview` (with its _headers). The browser tests start it, and the hostile-text one,
 * through test-sites.ts; this runs one of them by hand, PREVIEW_PAGES naming another pages folder.
 *
 *   PORT=4318 NODE_ENV=production npx tsx tests/servers/consent-preview.ts
 *   PREVIEW_PAGES=tests/fixtures/hostile/_texto-hostil/pages PORT=4319 npx tsx tests/servers/consent-preview.ts
 */
import { serveStatic } from '../../runtime/dev/index.ts';
import { buildConsentSite } from './test-builds.ts';
import { TEST_ANALYTICS_ID } from './test-site.ts';

const port = Number(process.env.PORT ?? 4318);
await serveStatic(await buildConsentSite(port, process.env.PREVIEW_PAGES ?? 'pages'), port);
console.log(`Site com analyticsId ${TEST_ANALYTICS_ID} em http://127.0.0.1:${port}/`);
