/**
 * The experiments' manifest beside the pages (issue 20): what the edge handler needs to split a
 * route, and nothing else. Written only when the site declares experiments: a site with none
 * gets no manifest and no edge code.
 */
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  AGENDA_DIR,
  edgePaths,
  experimentPaths,
  type EdgeManifest,
  type ExperimentManifest,
  type ManifestExperiment,
  type ManifestVariant,
} from '../edge/index.ts';
import {
  readSchedules,
  routeToOutFile,
  variantCookieKey,
  type Project,
  type ResolvedExperiment,
} from '../load/index.ts';
import { DEPLOY_HEADERS_FILE, headerRules, headersForPath, parseHeadersFile } from './headers.ts';

export { variantCookieKey };

export const EXPERIMENTS_FILE = '_experiments.json';
/** Cloudflare Pages runs this file of the output folder in front of the static files. */
export const CLOUDFLARE_WORKER_FILE = '_worker.js';
const CLOUDFLARE_ENTRY = 'runtime/edge/cloudflare.ts';
const EDGE_ENTRY = 'runtime/edge/index.ts';
const NETLIFY_ENTRY = 'runtime/edge/netlify.ts';

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

/** The epochs' manifest in the output, for the Vercel middleware to read (runtime/edge/vercel.ts). */
export const EDGE_MANIFEST_FILE = `${AGENDA_DIR}/manifest.json`;

/** Files of the output that are the build's machinery, not the site's (never compared between epochs). */
export const INTERNAL_FILES: readonly string[] = [
  EXPERIMENTS_FILE,
  CLOUDFLARE_WORKER_FILE,
  ASSETS_IGNORE_FILE,
  '.netlify-edge-function.js',
];

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
 * With schedules or audiences (issue 38): the epochs' manifest inlined into the Cloudflare worker
 * and the Netlify edge function (the one handler of runtime/edge/handler.ts), and written to
 * `_agenda/manifest.json` for the Vercel middleware; the build's experiments as before in
 * `_experiments.json`. The Netlify function runs on every address an epoch or an audience touches
 * and on `/_agenda/*` (runtime/edge/handler.ts edgePaths).
 */
export async function writeEdgeManifest(
  outDir: string,
  manifest: EdgeManifest,
  experiments: readonly ResolvedExperiment[],
  root: string,
): Promise<void> {
  const rootExperiments = manifest.epochs[0]!.experiments;
  if (experiments.length > 0) {
    const v1: ExperimentManifest = { version: 1, experiments: rootExperiments };
    await writeFile(path.join(outDir, EXPERIMENTS_FILE), `${JSON.stringify(v1, null, 2)}\n`);
  }
  await mkdir(path.join(outDir, AGENDA_DIR), { recursive: true });
  await writeFile(path.join(outDir, EDGE_MANIFEST_FILE), `${JSON.stringify(manifest)}\n`);
  await writeFile(path.join(outDir, ASSETS_IGNORE_FILE), `${ASSETS_IGNORE_TEXT}/${EDGE_MANIFEST_FILE}\n`);
  const inlined = JSON.stringify(manifest);
  await bundleEdge(
    root,
    outDir,
    `import { cloudflareEdge } from ${JSON.stringify(path.join(root, CLOUDFLARE_ENTRY))};\nexport default cloudflareEdge(${inlined});\n`,
    CLOUDFLARE_WORKER_FILE,
  );
  const { path: paths, excludedPath } = edgePaths(manifest);
  const config = {
    path: paths,
    ...(excludedPath.length > 0 && { excludedPath }),
    method: ['GET', 'HEAD'],
    onError: 'bypass',
  };
  await bundleEdge(
    root,
    outDir,
    `import { netlifyEdge } from ${JSON.stringify(path.join(root, NETLIFY_ENTRY))};\nexport default netlifyEdge(${inlined});\nexport const config = ${JSON.stringify(config)};\n`,
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
  // Vite is loaded only when there is an edge entry to bundle (most builds have none).
  const { build: viteBuild } = await import('vite');
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

/**
 * With schedules or audiences (issue 38) the middleware cannot inline what it serves: Vercel reads
 * middleware.ts before the build, and what a schedule changes is known only once built. So it is
 * one fixed file: every address but /assets/, the manifest read from the deployment
 * (runtime/edge/vercel.ts vercelDeploymentEdge), its own reads let through by `key`. It changes
 * only when the site starts or stops having schedules or audiences, not with each schedule.
 */
export function vercelEdgeMiddlewareSource(key: string): string {
  return [
    '// Generated by `npx tsx runtime/build/headers.ts` (the site has schedules or audiences): do not edit.',
    '// Vercel Routing Middleware: the edge of runtime/edge/vercel.ts over the epochs the build wrote',
    '// (dist/_agenda/manifest.json); its own reads carry this key (keep it out of public files).',
    "import { vercelDeploymentEdge } from './runtime/edge/vercel.ts';",
    '',
    `export default vercelDeploymentEdge(${JSON.stringify(key)});`,
    '',
    "export const config = { matcher: ['/((?!assets/).*)'] };",
    '',
  ].join('\n');
}

/** The key of an existing generated middleware.ts (kept when it is generated again). */
export function vercelEdgeKeyOf(source: string | undefined): string | undefined {
  return source ? /vercelDeploymentEdge\("([0-9a-f-]{36})"\)/.exec(source)?.[1] : undefined;
}

/**
 * The middleware for a loaded project, with the headers _headers would give each route; none
 * without experiments. With schedules (any folder in pages/_agendamentos/) or audiences, the fixed
 * one over the deployment's manifest, with `key` (vercelEdgeKeyOf the current file, or a new one).
 */
export function vercelMiddlewareFor(
  project: Pick<Project, 'site' | 'pages' | 'experiments'> & { audiences?: Project['audiences'] },
  edge: { scheduled: boolean; key?: string } = { scheduled: false },
): string | undefined {
  if (edge.scheduled || (project.audiences?.length ?? 0) > 0) {
    return vercelEdgeMiddlewareSource(edge.key ?? crypto.randomUUID());
  }
  if (!project.experiments?.length) return undefined;
  const rules = headerRules(
    project.site,
    project.pages.map((p) => p.route),
  );
  return vercelMiddlewareSource(
    experimentManifest(project.experiments, (route) => headersForPath(rules, route)),
  );
}

/**
 * The middleware.ts a repository's site implies (`npx tsx runtime/build/headers.ts`, `build
 * --vercel-out`): with its schedules read and the key of its current middleware.ts kept.
 */
export async function vercelMiddlewareForRepo(
  root: string,
  project: Parameters<typeof vercelMiddlewareFor>[0],
  pagesDir: string = path.join(root, 'pages'),
): Promise<string | undefined> {
  const { schedules } = await readSchedules(pagesDir, root);
  // The key of the tree's own middleware.ts (beside its pages/, as the Estúdio's checked trees are), else the root's.
  const keyIn = async (dir: string) =>
    vercelEdgeKeyOf(await readFile(path.join(dir, VERCEL_MIDDLEWARE_FILE), 'utf8').catch(() => undefined));
  const key = (await keyIn(path.dirname(pagesDir))) ?? (await keyIn(root));
  return vercelMiddlewareFor(project, { scheduled: schedules.length > 0, ...(key && { key }) });
}
