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

/** An audience rule's conditions (_site.yaml `audiences[].when`): all given keys must hold. */
export interface AudienceWhen {
  utm_campaign?: string;
  utm_source?: string;
  utm_medium?: string;
  gclid?: boolean;
  referrer?: string;
}

/** One audience rule of an epoch: who gets `page` at `route`. */
export interface ManifestAudience {
  route: string;
  /** The page's name as the page view counts it ("agendamento-natal"; "/" becomes "_"). */
  key: string;
  /** The audience page's own route and its prerendered file. */
  page: string;
  file: string;
  when: AudienceWhen;
}

/**
 * The site as it is from one instant on (issue 38): the build's root (`folder` null, `from`
 * null) or a scheduled instant's, whose output files that differ from the root's sit in
 * `folder` ("_agenda/<hash>"). Everything the edge answers for a request comes from one epoch.
 */
export interface ManifestEpoch {
  /** ISO instant the epoch starts; null for the build's own (everything before the first). */
  from: string | null;
  folder: string | null;
  /** Output files ("agendamento/index.html", "sitemap.xml") the epoch's folder holds. */
  changed: string[];
  /** Output files of the root that do not exist in this epoch (a removed page: the 404 page). */
  gone: string[];
  experiments: ManifestExperiment[];
  audiences: ManifestAudience[];
  /** The security headers of the epoch's pages (_headers' "/*" rule; Cache-Control left out). */
  headers: Record<string, string>;
}

/** What the edge reads when the site has schedules or audiences (inlined in its code). */
export interface EdgeManifest {
  version: 2;
  /** Sorted by `from`, the root's first. */
  epochs: ManifestEpoch[];
}

/** An experiments-only manifest as one epoch without schedules (the edge reads either). */
export function asEdgeManifest(manifest: ExperimentManifest | EdgeManifest): EdgeManifest {
  if (manifest.version === 2) return manifest;
  return {
    version: 2,
    epochs: [
      {
        from: null,
        folder: null,
        changed: [],
        gone: [],
        experiments: manifest.experiments,
        audiences: [],
        headers: manifest.experiments[0]?.headers ?? {},
      },
    ],
  };
}
