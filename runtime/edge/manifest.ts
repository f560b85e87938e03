/**
 * The experiments' manifest (_experiments.json): what the build writes beside the pages and the
 * edge split reads. Defined here, by its reader: the build imports these types from the edge's
 * index, and the edge imports nothing of the build.
 */
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
