/**
 * The site of pages/ built once for the test files that only read it (render.test.ts and
 * seo.test.ts), kept while its sources and packages stay the same: the same kept build as the
 * edge site's (experiment-site.ts, studio/server/build-cache.ts), built in a folder aside and
 * renamed into place, so two files starting at once end with one. Read only: a test that writes
 * builds or copies into a folder of its own (build.test.ts builds its own, as it checks that a
 * build replaces dist/ whole; budget.test.ts builds with NODE_ENV=production).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildSite, type BuildReport } from '../../runtime/build/index.ts';
import { cachedBuild } from '../../studio/server/build-cache.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** What the build reads: a change to any of them builds it again. */
const SITE_SOURCES = [
  'pages/',
  'public/',
  'runtime/',
  'blocks/',
  'design/',
  'schema/',
  'tsconfig.json',
  'tests/runtime/site-build.ts',
];

/**
 * pages/ built into `<kept folder>/dist` as buildSite builds it in this process (under Vitest,
 * NODE_ENV=test: React's development build, no JavaScript budget), and its report.
 */
export async function sharedSiteBuild(): Promise<BuildReport> {
  const mode = process.env.NODE_ENV ?? 'none';
  const dir = await cachedBuild(ROOT, {
    name: `teste-site-${mode}`,
    sources: SITE_SOURCES,
    marker: 'report.json',
    build: async (scratch) => {
      const { outDir: _, ...report } = await buildSite({ root: ROOT, outDir: path.join(scratch, 'dist') });
      await writeFile(path.join(scratch, 'report.json'), JSON.stringify(report));
    },
  });
  const report = JSON.parse(await readFile(path.join(dir, 'report.json'), 'utf8')) as Omit<
    BuildReport,
    'outDir'
  >;
  return { ...report, outDir: path.join(dir, 'dist') };
}
