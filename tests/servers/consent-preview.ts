/**
 * Browser tests of consent need the site built with an analytics id, which the real
 * pages/_site.yaml does not have (no real ids are committed). This builds a copy of pages/
 * whose _site.yaml adds a test id, into a temporary folder, and serves it like
 * `npm run preview` (with its _headers). Playwright starts it as a second web server, and
 * a third one with PREVIEW_PAGES naming another pages folder (the hostile-text fixture).
 *
 *   PORT=4318 NODE_ENV=production npx tsx tests/servers/consent-preview.ts
 *   PREVIEW_PAGES=tests/fixtures/hostile/_texto-hostil/pages PORT=4319 npx tsx tests/servers/consent-preview.ts
 */
import { appendFile, cp, mkdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildSite } from '../../runtime/build/index.ts';
import { serveStatic } from '../../runtime/dev/index.ts';
import { TEST_ANALYTICS_ID } from './test-site.ts';

const root = process.cwd();
const port = Number(process.env.PORT ?? 4318);
const work = path.join(os.tmpdir(), `fillgas-consent-${port}`);
const pagesDir = path.join(work, 'pages');
const outDir = path.join(work, 'dist');

await rm(work, { recursive: true, force: true });
await mkdir(work, { recursive: true });
await cp(path.resolve(root, process.env.PREVIEW_PAGES ?? 'pages'), pagesDir, { recursive: true });
const siteFile = path.join(pagesDir, '_site.yaml');
if (!/^analyticsId:/m.test(await readFile(siteFile, 'utf8')))
  await appendFile(siteFile, `\nanalyticsId: ${TEST_ANALYTICS_ID}\n`);
await buildSite({ root, pagesDir, outDir });
await serveStatic(outDir, port);
console.log(`Site com analyticsId ${TEST_ANALYTICS_ID} em http://127.0.0.1:${port}/`);
