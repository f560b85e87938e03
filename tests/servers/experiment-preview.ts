/**
 * Browser tests of an experiment need the site built with one and the edge split in front of
 * it. This builds a copy of pages/ whose _site.yaml adds a test analytics id (the consent banner
 * and Consent Mode, as in production) and an experiment on /sodastream-t (its own page against
 * /recarrega-site, 50/50), then serves the build's real `_worker.js` under workerd (Miniflare) in
 * front of that dist/ as Cloudflare's static assets, on 127.0.0.1. Playwright starts it as its
 * fourth web server and stops it after the run.
 *
 *   PORT=4320 NODE_ENV=production npx tsx tests/servers/experiment-preview.ts
 */
import { appendFile, cp, mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildSite } from '../../runtime/build/index.ts';
import { TEST_ANALYTICS_ID, TEST_EXPERIMENT } from './test-site.ts';
import { cloudflareOverDist } from './workerd.ts';

const root = process.cwd();
const port = Number(process.env.PORT ?? 4320);
const work = path.join(os.tmpdir(), `fillgas-experiment-${port}`);
const pagesDir = path.join(work, 'pages');
const outDir = path.join(work, 'dist');

await rm(work, { recursive: true, force: true });
await mkdir(work, { recursive: true });
await cp(path.resolve(root, 'pages'), pagesDir, { recursive: true });
await appendFile(
  path.join(pagesDir, '_site.yaml'),
  [
    '',
    `analyticsId: ${TEST_ANALYTICS_ID}`,
    'experiments:',
    `  - id: ${TEST_EXPERIMENT.id}`,
    `    route: ${TEST_EXPERIMENT.route}`,
    '    variants:',
    ...TEST_EXPERIMENT.pages.flatMap((page) => [`      - page: ${page}`, '        weight: 50']),
    '',
  ].join('\n'),
);
await buildSite({ root, pagesDir, outDir });

const mf = cloudflareOverDist(outDir, { host: '127.0.0.1', port });
const url = await mf.ready;
console.log(`Site com o experimento ${TEST_EXPERIMENT.id} (workerd) em ${url.href}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void mf.dispose().finally(() => process.exit(0)));
