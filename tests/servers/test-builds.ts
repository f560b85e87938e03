/**
 * The builds the browser tests need besides dist/: a copy of a pages folder whose _site.yaml adds
 * the test analytics id (and, for the experiment's, an experiment on /sodastream-t), built into
 * a temporary folder. No real ids are committed (test-site.ts). Used by test-sites.ts (all of
 * them in one process, for the browser tests) and by consent-preview.ts and experiment-preview.ts
 * (one at a time, by hand).
 */
import { appendFile, cp, mkdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildSite } from '../../runtime/build/index.ts';
import { TEST_ANALYTICS_ID, TEST_EXPERIMENT } from './test-site.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** A fresh copy of `pages` (relative to the repository) in the temporary folder named `name`. */
async function copyPages(name: string, pages: string): Promise<{ pagesDir: string; outDir: string }> {
  const work = path.join(os.tmpdir(), name);
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const pagesDir = path.join(work, 'pages');
  await cp(path.resolve(root, pages), pagesDir, { recursive: true });
  return { pagesDir, outDir: path.join(work, 'dist') };
}

/**
 * `pages` (default pages/) built with the test analytics id (consent banner, Google tag, CSP with
 * Google), unless its _site.yaml has one already. Returns the built folder.
 */
export async function buildConsentSite(port: number, pages = 'pages'): Promise<string> {
  const { pagesDir, outDir } = await copyPages(`fillgas-consent-${port}`, pages);
  const siteFile = path.join(pagesDir, '_site.yaml');
  if (!/^analyticsId:/m.test(await readFile(siteFile, 'utf8')))
    await appendFile(siteFile, `\nanalyticsId: ${TEST_ANALYTICS_ID}\n`);
  await buildSite({ root, pagesDir, outDir });
  return outDir;
}

/**
 * pages/ built with the test analytics id (the consent banner and Consent Mode, as in
 * production) and the experiment on /sodastream-t (its own page against /recarrega-site, 50/50).
 * Returns the built folder, `_worker.js` included.
 */
export async function buildExperimentSite(port: number): Promise<string> {
  const { pagesDir, outDir } = await copyPages(`fillgas-experiment-${port}`, 'pages');
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
  return outDir;
}
