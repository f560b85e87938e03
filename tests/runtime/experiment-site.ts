/**
 * The site the edge tests split: a copy of pages/ whose _site.yaml adds two experiments (50/50 on
 * /sodastream-t, 20/30/50 on /sodastream-f) and a dated one (1 to 21 December 2026 on /recarregue),
 * built for real: one build serves every edge case (edge-cases.ts), kept for the next file that
 * splits it (sharedEdgeSite).
 */
import { appendFile, cp, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildSite, CLOUDFLARE_WORKER_FILE } from '../../runtime/build/index.ts';
import { cachedBuild } from '../../studio/server/build-cache.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export const TWO_EXPERIMENTS = [
  'experiments:',
  '  - id: site-t',
  '    route: /sodastream-t',
  '    variants:',
  '      - page: sodastream-t',
  '        weight: 50',
  '      - page: recarrega-site',
  '        weight: 50',
  '  - id: tres',
  '    route: /sodastream-f',
  '    variants:',
  '      - page: sodastream-f',
  '        weight: 20',
  '      - page: sodastream-m',
  '        weight: 30',
  '      - page: recarga',
  '        weight: 50',
  '',
].join('\n');

/**
 * One experiment from 1 to 21 December 2026 (São Paulo days), 50/50 on /recarregue (its own page
 * against /recarregar-sodastream): items of the list TWO_EXPERIMENTS opens, so it follows it.
 */
export const DATED_EXPERIMENT = [
  '  - id: dias',
  '    route: /recarregue',
  '    variants:',
  '      - page: recarregue',
  '        weight: 50',
  '      - page: recarregar-sodastream',
  '        weight: 50',
  '    start: 2026-12-01',
  '    end: 2026-12-21',
  '',
].join('\n');

/** The edge tests' experiments: the two undated ones and the dated one, each on its own route. */
export const EDGE_EXPERIMENTS = TWO_EXPERIMENTS + DATED_EXPERIMENT;

/** Copies pages/, appends `experiments` to its _site.yaml and builds it (the folder's dist/). */
export async function buildExperimentSite(
  prefix: string,
  experiments = EDGE_EXPERIMENTS,
): Promise<{ tmp: string; pagesDir: string; outDir: string }> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), prefix));
  const pagesDir = path.join(tmp, 'pages');
  await cp(path.join(ROOT, 'pages'), pagesDir, { recursive: true });
  await appendFile(path.join(pagesDir, '_site.yaml'), experiments);
  const outDir = path.join(tmp, 'dist');
  await buildSite({ root: ROOT, pagesDir, outDir });
  return { tmp, pagesDir, outDir };
}

/** What the edge site's build reads: a change to any of them builds it again. */
const EDGE_SITE_SOURCES = [
  'pages/',
  'public/',
  'runtime/',
  'blocks/',
  'design/',
  'schema/',
  'tsconfig.json',
  'tests/runtime/experiment-site.ts',
];

/**
 * The site with EDGE_EXPERIMENTS, built once for every file that splits it (edge-cloudflare and
 * edge-hosts) and kept while its sources and packages stay the same (studio/server/build-cache.ts:
 * built in a folder aside and renamed into place, so two files starting at once end with one).
 * `site` holds `pages/`, `dist/` and the Netlify function beside it; read only: a test writes in a
 * folder of its own.
 */
export async function sharedEdgeSite(): Promise<{ site: string; pagesDir: string; outDir: string }> {
  const site = await cachedBuild(ROOT, {
    name: 'teste-site-experimentos',
    sources: EDGE_SITE_SOURCES,
    marker: `dist/${CLOUDFLARE_WORKER_FILE}`,
    build: async (dir) => {
      const pagesDir = path.join(dir, 'pages');
      await cp(path.join(ROOT, 'pages'), pagesDir, { recursive: true });
      await appendFile(path.join(pagesDir, '_site.yaml'), EDGE_EXPERIMENTS);
      await buildSite({ root: ROOT, pagesDir, outDir: path.join(dir, 'dist') });
    },
  });
  return { site, pagesDir: path.join(site, 'pages'), outDir: path.join(site, 'dist') };
}
