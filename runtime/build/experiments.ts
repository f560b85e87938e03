/**
 * The experiments' manifest beside the pages (issue 20): what the edge handler needs to split a
 * route, and nothing else. Written only when the site declares experiments: a site with none
 * gets no manifest and no edge code.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build as viteBuild } from 'vite';
import { routeToOutFile, variantCookieKey, type ResolvedExperiment } from '../load/index.ts';

export { variantCookieKey };
import { DEPLOY_HEADERS_FILE, headersForPath, parseHeadersFile } from './headers.ts';

export const EXPERIMENTS_FILE = '_experiments.json';
/** Cloudflare Pages runs this file of the output folder in front of the static files. */
export const CLOUDFLARE_WORKER_FILE = '_worker.js';
const CLOUDFLARE_ENTRY = 'runtime/edge/cloudflare.ts';

export interface ManifestVariant {
  /** What the assignment cookie holds: the page's name ("/" becomes "_"). */
  key: string;
  route: string;
  /** The prerendered file in the output folder ("recarrega-site/index.html"). */
  file: string;
  weight: number;
}

export interface ManifestExperiment {
  id: string;
  route: string;
  variants: ManifestVariant[];
  /** ISO dates, inclusive; before start and after end everyone gets the route's own page. */
  start: string | null;
  end: string | null;
  /** The key of the page everyone gets once the experiment is decided. */
  winner: string | null;
  /** The security headers _headers gives the route (its Cache-Control left out: the edge sets its own). */
  headers: Record<string, string>;
}

export interface ExperimentManifest {
  version: 1;
  experiments: ManifestExperiment[];
}

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
 * The manifest and the Cloudflare worker (one ES module, the manifest inlined), only when the
 * site declares experiments.
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
  if (root !== undefined) await writeCloudflareWorker(root, outDir, manifest);
}

async function writeCloudflareWorker(root: string, outDir: string, manifest: ExperimentManifest) {
  // The entry: the adapter with the manifest inlined, in a scratch folder of the output.
  const tmp = path.join(outDir, '.worker-build');
  await mkdir(tmp, { recursive: true });
  const entry = path.join(tmp, 'entry.ts');
  await writeFile(
    entry,
    `import { cloudflareWorker } from ${JSON.stringify(path.join(root, CLOUDFLARE_ENTRY))};\nexport default cloudflareWorker(${JSON.stringify(manifest)});\n`,
  );
  try {
    await viteBuild({
      configFile: false,
      root,
      logLevel: 'warn',
      publicDir: false,
      build: {
        outDir: path.join(tmp, 'out'),
        emptyOutDir: true,
        minify: true,
        target: 'es2022',
        lib: { entry, formats: ['es'], fileName: () => CLOUDFLARE_WORKER_FILE },
      },
    });
    await writeFile(
      path.join(outDir, CLOUDFLARE_WORKER_FILE),
      await readFile(path.join(tmp, 'out', CLOUDFLARE_WORKER_FILE)),
    );
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
