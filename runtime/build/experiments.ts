/**
 * The experiments' manifest beside the pages (issue 20): what the edge handler needs to split a
 * route, and nothing else. Written only when the site declares experiments: a site with none
 * gets no manifest and no edge code.
 */
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build as viteBuild } from 'vite';
import {
  experimentPaths,
  type ExperimentManifest,
  type ManifestExperiment,
  type ManifestVariant,
} from '../edge/index.ts';
import { routeToOutFile, variantCookieKey, type Project, type ResolvedExperiment } from '../load/index.ts';
import { DEPLOY_HEADERS_FILE, headerRules, headersForPath, parseHeadersFile } from './headers.ts';

export { variantCookieKey };

export const EXPERIMENTS_FILE = '_experiments.json';
/** Cloudflare Pages runs this file of the output folder in front of the static files. */
export const CLOUDFLARE_WORKER_FILE = '_worker.js';
const CLOUDFLARE_ENTRY = 'runtime/edge/cloudflare.ts';
const EDGE_ENTRY = 'runtime/edge/index.ts';

/**
 * Cloudflare Workers with static assets (`main = "dist/_worker.js"` over `dist/`) upload every
 * file of the assets folder and serve it at its path, except what this file of the folder names
 * (gitignore syntax; `_headers`, `_redirects` and the file itself are never uploaded). Wrangler
 * refuses to upload a `_worker.js` without it. Cloudflare Pages never serves its `_worker.js`
 * and reads no such file; Netlify and Vercel publish the whole folder (decision 0021).
 */
export const ASSETS_IGNORE_FILE = '.assetsignore';
export const ASSETS_IGNORE_TEXT = [
  "# The edge split's internals, not public files (Cloudflare Workers with static assets).",
  `/${CLOUDFLARE_WORKER_FILE}`,
  `/${EXPERIMENTS_FILE}`,
  '',
].join('\n');

export type { ExperimentManifest, ManifestExperiment, ManifestVariant };

export function experimentManifest(
  experiments: readonly ResolvedExperiment[],
  headersOf: (route: string) => Record<string, string> = () => ({}),
): ExperimentManifest {
  return {
    version: 1,
    experiments: experiments.map((e) => {
      const winner = e.winner === undefined ? undefined : e.pages.find((p) => p.page === e.winner);
      return {
        id: e.id,
        route: e.route,
        variants: e.pages.map((p) => ({
          key: variantCookieKey(p.page),
          route: p.route,
          file: routeToOutFile(p.route),
          weight: p.weight,
        })),
        start: e.start ?? null,
        end: e.end ?? null,
        winner: winner ? variantCookieKey(winner.page) : null,
        headers: Object.fromEntries(
          Object.entries(headersOf(e.route)).filter(([name]) => name.toLowerCase() !== 'cache-control'),
        ),
      };
    }),
  };
}

/**
 * Netlify runs the build-generated edge functions of `.netlify/v1/edge-functions/` in the project
 * root (its Frameworks API), beside the output folder. The build writes the function into its
 * scratch output first (nothing half-written reaches the project) and places it once the output
 * is in place (placeNetlifyFunction).
 */
export const NETLIFY_FUNCTIONS_DIR = '.netlify/v1/edge-functions';
export const NETLIFY_FUNCTION_FILE = 'fgs-experiments.js';
const NETLIFY_STAGED = '.netlify-edge-function.js';

/**
 * The manifest, the Cloudflare worker and the Netlify edge function (each one ES module, the
 * manifest inlined), and the `.assetsignore` that keeps the first two out of a Workers deploy's
 * public files, only when the site declares experiments.
 */
export async function writeExperimentManifest(
  outDir: string,
  experiments: readonly ResolvedExperiment[],
  root?: string,
): Promise<void> {
  if (experiments.length === 0) return;
  // After writeDeployFiles: the edge answers with the same security headers as the static host.
  const rules = parseHeadersFile(await readFile(path.join(outDir, DEPLOY_HEADERS_FILE), 'utf8'));
  const manifest = experimentManifest(experiments, (route) => headersForPath(rules, route));
  await writeFile(path.join(outDir, EXPERIMENTS_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(path.join(outDir, ASSETS_IGNORE_FILE), ASSETS_IGNORE_TEXT);
  if (root === undefined) return;
  const inlined = JSON.stringify(manifest);
  await bundleEdge(
    root,
    outDir,
    `import { cloudflareWorker } from ${JSON.stringify(path.join(root, CLOUDFLARE_ENTRY))};\nexport default cloudflareWorker(${inlined});\n`,
    CLOUDFLARE_WORKER_FILE,
  );
  // Netlify reads `config` from the module: paths (only the experiments' routes), the methods
  // the split answers, and on an error the static page rather than an error page.
  const config = { path: experimentPaths(manifest), method: ['GET', 'HEAD'], onError: 'bypass' };
  await bundleEdge(
    root,
    outDir,
    `import { netlifyEdgeFunction } from ${JSON.stringify(path.join(root, EDGE_ENTRY))};\nexport default netlifyEdgeFunction(${inlined});\nexport const config = ${JSON.stringify(config)};\n`,
    NETLIFY_STAGED,
  );
}

/**
 * After the output is in place: the Netlify function where Netlify looks for it, beside the
 * output folder; without experiments, a function left by an earlier build is removed.
 */
export async function placeNetlifyFunction(outDir: string): Promise<void> {
  const dir = path.join(path.dirname(outDir), NETLIFY_FUNCTIONS_DIR);
  const staged = path.join(outDir, NETLIFY_STAGED);
  if (
    await stat(staged).then(
      () => true,
      () => false,
    )
  ) {
    await mkdir(dir, { recursive: true });
    await rename(staged, path.join(dir, NETLIFY_FUNCTION_FILE));
  } else await rm(path.join(dir, NETLIFY_FUNCTION_FILE), { force: true });
}

/** One edge entry bundled by Vite into a single ES module of the output folder. */
async function bundleEdge(root: string, outDir: string, source: string, fileName: string) {
  const tmp = path.join(outDir, '.edge-build');
  await mkdir(tmp, { recursive: true });
  const entry = path.join(tmp, 'entry.ts');
  await writeFile(entry, source);
  try {
    await viteBuild({
      configFile: false,
      root,
      logLevel: 'warn',
      publicDir: false,
      build: {
        outDir: path.join(tmp, 'out'),
        emptyOutDir: true,
        // Readable, so a host that reads `config` from the source sees the literal object.
        minify: false,
        target: 'es2022',
        lib: { entry, formats: ['es'], fileName: () => fileName },
      },
    });
    await writeFile(path.join(outDir, fileName), await readFile(path.join(tmp, 'out', fileName)));
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/**
 * Vercel reads Routing Middleware from the project root (`middleware.ts`) before it builds, and
 * its `config.matcher` statically: so the file is generated from _site.yaml and committed, like
 * vercel.json (`npx tsx runtime/build/headers.ts`; a test fails while it is stale). No experiment,
 * no file.
 */
export const VERCEL_MIDDLEWARE_FILE = 'middleware.ts';

export function vercelMiddlewareSource(manifest: ExperimentManifest): string {
  const matcher = experimentPaths(manifest);
  return [
    '// Generated from pages/_site.yaml (experiments) by `npx tsx runtime/build/headers.ts`: do not edit.',
    '// Vercel Routing Middleware: the edge split of runtime/edge/vercel.ts, on the experiments’ routes only.',
    "import { vercelMiddleware } from './runtime/edge/vercel.ts';",
    '',
    `export default vercelMiddleware(${JSON.stringify(manifest, null, 2)});`,
    '',
    `export const config = { matcher: ${JSON.stringify(matcher)} };`,
    '',
  ].join('\n');
}

/** The middleware for a loaded project, with the headers _headers would give each route; none without experiments. */
export function vercelMiddlewareFor(
  project: Pick<Project, 'site' | 'pages' | 'experiments'>,
): string | undefined {
  if (!project.experiments?.length) return undefined;
  const rules = headerRules(
    project.site,
    project.pages.map((p) => p.route),
  );
  return vercelMiddlewareSource(
    experimentManifest(project.experiments, (route) => headersForPath(rules, route)),
  );
}
