/**
 * The experiments' manifest beside the pages (issue 20): what the edge handler needs to split a
 * route, and nothing else. Written only when the site declares experiments: a site with none
 * gets no manifest and no edge code.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { routeToOutFile, type ResolvedExperiment } from '../load/index.ts';
import { DEPLOY_HEADERS_FILE, headersForPath, parseHeadersFile } from './headers.ts';

export const EXPERIMENTS_FILE = '_experiments.json';

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

export const variantCookieKey = (page: string): string => page.replaceAll('/', '_');

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

export async function writeExperimentManifest(
  outDir: string,
  experiments: readonly ResolvedExperiment[],
): Promise<void> {
  if (experiments.length === 0) return;
  // After writeDeployFiles: the edge answers with the same security headers as the static host.
  const rules = parseHeadersFile(await readFile(path.join(outDir, DEPLOY_HEADERS_FILE), 'utf8'));
  const manifest = experimentManifest(experiments, (route) => headersForPath(rules, route));
  await writeFile(path.join(outDir, EXPERIMENTS_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}
