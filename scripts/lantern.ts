/**
 * `npm run lantern`: what Lighthouse's simulated FCP and LCP (Lantern) are made of, route by
 * route, and what-ifs on the simulated graph (decision 0040, session 26).
 *
 * Lighthouse's mobile run loads the page unthrottled, then replays the requests and main-thread
 * tasks of that load over a simulated slow 4G and 4× CPU (Lantern). Its LCP is the mean of two
 * simulations ("optimistic" and "pessimistic") of a graph holding every request that ended before
 * the paint it observed (decision 0040). This script:
 * 1. runs Lighthouse once per route and pass on the built site (as scripts/audit.ts does: the same
 *    server, Chromium and flags) and keeps the artifacts it computes its metrics from (trace,
 *    devtoolsLog, gather context) in LANTERN_OUT (one JSON file per run);
 * 2. recomputes FCP and LCP from those artifacts with Lighthouse's own computed artifacts and checks
 *    they equal the figures of Lighthouse's report (`reproduced`);
 * 3. prints the LCP simulation's nodes with their simulated start and end (request, kind, bytes,
 *    priority, cold or warm connection, round trips; CPU tasks with what they did);
 * 4. reruns the same simulation on changed graphs (WHAT_IFS below: a request dropped, its bytes
 *    shrunk, requests merged, one warm connection for the origin, a script evaluated after the
 *    paint), so a change to the site can be judged before it is made. The simulation is
 *    deterministic given the artifacts; which requests ended before the observed paint is not
 *    (a race on the local server), hence several passes.
 *
 * Run: `NODE_ENV=production npx tsx scripts/lantern.ts`. `npm run audit` prints, per route, what
 * ends last in its LCP simulation (lanternLastNodes).
 *
 * Env: DIST_DIR (audit this build; default: build into a temporary folder), LANTERN_ROUTES (comma
 * list; default every route), LANTERN_RUNS (passes, default 3), LANTERN_PORT (default 4181),
 * LANTERN_OUT (where artifacts are kept; default .tmp/lantern), LANTERN_FROM (a folder of kept
 * artifacts: no Lighthouse run, only the recomputation and the what-ifs), LANTERN_NODES=0 (do not
 * print the node lists).
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { PageDependencyGraph } from 'lighthouse/core/computed/page-dependency-graph.js';
import { ProcessedNavigation } from 'lighthouse/core/computed/processed-navigation.js';
import { LoadSimulator } from 'lighthouse/core/computed/load-simulator.js';
import { buildSite } from '../runtime/build/index.ts';
import { NOT_FOUND_ROUTE } from '../runtime/load/index.ts';
import { serveStatic } from '../runtime/dev/index.ts';
import { auditChromeFlags, CHROMIUM_PATH } from './chromium.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** A path no page has: the server answers it with 404.html and status 404 (as scripts/audit.ts). */
const MISSING_PATH = '/pagina-que-nao-existe';

/* ------------------------------------------------------------------ artifacts */

/** What Lighthouse's metrics are computed from, as kept on disk. */
export interface LanternArtifacts {
  route: string;
  url: string;
  /** Lighthouse's own figures for this run, to check the recomputation against. */
  reported: {
    fcpMs: number;
    lcpMs: number;
    observedFcpMs: number;
    observedLcpMs: number;
    benchmarkIndex: number;
  };
  settings: unknown;
  artifacts: {
    Trace: unknown;
    DevtoolsLog: unknown;
    GatherContext: unknown;
    URL: unknown;
    SourceMaps: unknown;
  };
}

/**
 * One Lighthouse mobile run in its own Chromium, launched as the audit launches it (its flags:
 * decision 0015), on `url`: its report and the artifacts its metrics are computed from.
 */
export async function runLighthouse(
  url: string,
  route: string,
): Promise<NonNullable<Awaited<ReturnType<typeof lighthouse>>>> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: auditChromeFlags() });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      // The 404 page answers with status 404 on purpose.
      ignoreStatusCode: route === NOT_FOUND_ROUTE,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    return result;
  } finally {
    chrome.kill();
  }
}

/** One Lighthouse mobile run (the audit's Chromium and flags), its artifacts kept. */
export async function collectArtifacts(url: string, route: string): Promise<LanternArtifacts> {
  const { lhr, artifacts } = await runLighthouse(url, route);
  const observed = (
    lhr.audits.metrics?.details as
      | { items?: { observedFirstContentfulPaint?: number; observedLargestContentfulPaint?: number }[] }
      | undefined
  )?.items?.[0];
  const a = artifacts as unknown as LanternArtifacts['artifacts'];
  return {
    route,
    url,
    reported: {
      fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      observedFcpMs: observed?.observedFirstContentfulPaint ?? NaN,
      observedLcpMs: observed?.observedLargestContentfulPaint ?? NaN,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    },
    settings: lhr.configSettings,
    artifacts: {
      Trace: a.Trace,
      DevtoolsLog: a.DevtoolsLog,
      GatherContext: a.GatherContext,
      URL: a.URL,
      SourceMaps: a.SourceMaps,
    },
  };
}

/* ------------------------------------------------------------------ the graph, loosely typed */

interface LanternRequest {
  requestId: string;
  url: string;
  transferSize: number;
  resourceType?: string;
  priority: string;
  protocol: string;
  networkRequestTime: number;
  networkEndTime: number;
  connectionId: number;
  parsedURL: { scheme: string; host: string; securityOrigin: string };
}

interface GraphNode {
  id: string;
  type: 'network' | 'cpu';
  startTime: number;
  endTime: number;
  request: LanternRequest;
  _request: LanternRequest;
  event?: { dur?: number };
  childEvents?: { name: string }[];
  getDependents(): GraphNode[];
  getDependencies(): GraphNode[];
  addDependency(node: GraphNode): void;
  removeDependency(node: GraphNode): void;
  removeDependent(node: GraphNode): void;
  traverse(callback: (node: GraphNode) => void): void;
  cloneWithRelationships(predicate?: (node: GraphNode) => boolean): GraphNode;
  isMainDocument(): boolean;
  didPerformLayout(): boolean;
  getEvaluateScriptURLs(): Set<string>;
}

interface NodeTiming {
  startTime: number;
  endTime: number;
  connectionTiming?: { dnsResolutionTime?: number; connectionTime?: number; timeToFirstByte?: number };
}

interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, NodeTiming>;
}

interface MetricResult {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
  optimisticGraph: GraphNode;
  pessimisticGraph: GraphNode;
}

interface Simulator {
  simulate(
    graph: GraphNode,
    options?: { label?: string },
  ): { timeInMs: number; nodeTimings: Map<GraphNode, NodeTiming> };
  connectionPool: unknown;
}

interface Inputs {
  graph: GraphNode;
  processedNavigation: { timestamps: { firstContentfulPaint: number; largestContentfulPaint?: number } };
  simulator: Simulator;
}

type Context = { computedCache: Map<string, unknown> };

function metricData(kept: LanternArtifacts) {
  const a = kept.artifacts;
  return {
    trace: a.Trace,
    devtoolsLog: a.DevtoolsLog,
    gatherContext: a.GatherContext,
    settings: kept.settings,
    URL: a.URL,
    SourceMaps: a.SourceMaps,
    simulator: null,
  };
}

interface Computed {
  fcp: MetricResult;
  lcp: MetricResult;
  inputs: Inputs;
}

/**
 * FCP and LCP recomputed from kept artifacts by Lighthouse's own computed artifacts (the code its
 * audits call), and the inputs of their simulation (graph, observed paints, simulator).
 */
export async function recompute(kept: LanternArtifacts): Promise<Computed> {
  const context: Context = { computedCache: new Map() };
  const data = metricData(kept) as never;
  type Request<T> = { request(data: never, context: Context): Promise<T> };
  const fcp = await (LanternFirstContentfulPaint as unknown as Request<MetricResult>).request(data, context);
  const lcp = await (LanternLargestContentfulPaint as unknown as Request<MetricResult>).request(
    data,
    context,
  );
  const graph = await (PageDependencyGraph as unknown as Request<GraphNode>).request(
    { ...(metricData(kept) as object), fromTrace: false } as never,
    context,
  );
  const processedNavigation = await (
    ProcessedNavigation as unknown as Request<Inputs['processedNavigation']>
  ).request(kept.artifacts.Trace as never, context);
  const simulator = await (LoadSimulator as unknown as Request<Simulator>).request(data, context);
  return { fcp, lcp, inputs: { graph, processedNavigation, simulator } };
}

type MetricClass = { compute(data: Inputs, extras?: { fcpResult: MetricResult }): MetricResult };
const FCP = (Lantern as unknown as { Metrics: { FirstContentfulPaint: MetricClass } }).Metrics
  .FirstContentfulPaint;
const LCP = (Lantern as unknown as { Metrics: { LargestContentfulPaint: MetricClass } }).Metrics
  .LargestContentfulPaint;

const ALL_TIMINGS = (
  Lantern as unknown as {
    Simulation: { Simulator: { allNodeTimings: Map<string, Map<GraphNode, NodeTiming>> } };
  }
).Simulation.Simulator.allNodeTimings;

/** The simulations' node timings with their connection timing (Lantern keeps the last of each label). */
export interface FullTimings {
  fcpOptimistic: Map<GraphNode, NodeTiming>;
  lcpOptimistic: Map<GraphNode, NodeTiming>;
  lcpPessimistic: Map<GraphNode, NodeTiming>;
}

/** Lantern's FCP and LCP of a (changed) graph, with the same observed paints and simulator settings. */
export function simulate(inputs: Inputs): { fcp: MetricResult; lcp: MetricResult; timings: FullTimings } {
  const fcp = FCP.compute(inputs);
  const fcpOptimistic = ALL_TIMINGS.get('optimisticFirstContentfulPaint')!;
  const lcp = LCP.compute(inputs, { fcpResult: fcp });
  return {
    fcp,
    lcp,
    timings: {
      fcpOptimistic,
      lcpOptimistic: ALL_TIMINGS.get('optimisticLargestContentfulPaint')!,
      lcpPessimistic: ALL_TIMINGS.get('pessimisticLargestContentfulPaint')!,
    },
  };
}

/* ------------------------------------------------------------------ what-ifs */

/** A change to the graph: gets a full copy of it (its own nodes and requests) to change in place. */
export interface WhatIf {
  name: string;
  /** What a real change to the site this stands for. */
  meaning: string;
  apply(root: GraphNode): void;
  /** The server's response time Lantern assumes for every origin, in ms (default: as observed). */
  serverMs?: number;
}

const nodesOf = (root: GraphNode): GraphNode[] => {
  const all: GraphNode[] = [];
  root.traverse((n) => all.push(n));
  return all;
};
const isNet = (n: GraphNode) => n.type === 'network';
export const kindOf = (r: LanternRequest): string =>
  r.resourceType === 'Font'
    ? 'font'
    : r.resourceType === 'Script'
      ? 'script'
      : r.resourceType === 'Manifest'
        ? 'manifest'
        : /\/favicon|icon/.test(r.url)
          ? 'icon'
          : (r.resourceType ?? 'other').toLowerCase();

/** A full copy of the graph whose network nodes own a copy of their request (safe to change). */
function copyGraph(root: GraphNode): GraphNode {
  const copy = root.cloneWithRelationships();
  for (const n of nodesOf(copy)) if (isNet(n)) n._request = { ...n._request };
  return copy;
}

/** Takes a node out, its dependents then depending on its dependencies. */
function dropNode(node: GraphNode): void {
  const deps = node.getDependencies();
  for (const dependent of node.getDependents()) {
    dependent.removeDependency(node);
    for (const d of deps) if (!dependent.getDependencies().includes(d)) dependent.addDependency(d);
  }
  for (const d of deps) node.removeDependency(d);
}

const match = (pred: (r: LanternRequest) => boolean) => (root: GraphNode) =>
  nodesOf(root).filter((n) => isNet(n) && !n.isMainDocument() && pred(n._request));

export const drop = (pred: (r: LanternRequest) => boolean) => (root: GraphNode) => {
  for (const n of match(pred)(root)) dropNode(n);
};

/** The requests' bytes times `factor` (or set to `bytes`). */
export const shrink =
  (pred: (r: LanternRequest) => boolean, size: (bytes: number) => number) => (root: GraphNode) => {
    for (const n of nodesOf(root))
      if (isNet(n) && pred(n._request)) n._request.transferSize = Math.round(size(n._request.transferSize));
  };

/** The matched requests as one: the first keeps the sum of their bytes, the others go. */
export const merge = (pred: (r: LanternRequest) => boolean) => (root: GraphNode) => {
  const nodes = match(pred)(root);
  if (nodes.length < 2) return;
  const [first, ...rest] = nodes as [GraphNode, ...GraphNode[]];
  first._request.transferSize = nodes.reduce((sum, n) => sum + n._request.transferSize, 0);
  for (const n of rest) dropNode(n);
};

/** Ends after the paint Lighthouse observed: Lantern leaves it out (a script then is not evaluated before it). */
export const afterPaint = (pred: (r: LanternRequest) => boolean) => (root: GraphNode) => {
  for (const n of match(pred)(root)) n._request.networkEndTime = 1e9;
};

/** Every request of the page's origin on one connection that stays warm (HTTP/2 without TLS). */
export const oneConnection = (root: GraphNode) => {
  for (const n of nodesOf(root)) if (isNet(n)) n._request.protocol = 'h2';
};

const isFont = (r: LanternRequest) => kindOf(r) === 'font';
const isScript = (r: LanternRequest) => kindOf(r) === 'script';
const isManifestOrIcon = (r: LanternRequest) => ['manifest', 'icon'].includes(kindOf(r));
const isDocument = (r: LanternRequest) => r.resourceType === 'Document';
/** One TCP initial window (10 segments of 1,460 bytes): what arrives with the first byte. */
export const INITIAL_WINDOW_BYTES = 14_600;

const both =
  (...changes: ((root: GraphNode) => void)[]) =>
  (root: GraphNode) => {
    for (const change of changes) change(root);
  };

export const WHAT_IFS: WhatIf[] = [
  { name: 'no fonts', meaning: 'a bound: no web font requested', apply: drop(isFont) },
  { name: 'no scripts', meaning: 'a bound: no page script', apply: drop(isScript) },
  {
    name: 'no manifest, icon',
    meaning: 'the manifest and favicon asked for later',
    apply: drop(isManifestOrIcon),
  },
  {
    name: 'fonts only',
    meaning: 'no script, manifest or icon ended before the paint: the fonts are all Lantern counts',
    apply: drop((r) => isScript(r) || isManifestOrIcon(r)),
  },
  {
    name: 'one script',
    meaning: 'the page script and its modules as one file (same bytes)',
    apply: merge(isScript),
  },
  {
    name: 'scripts after paint',
    meaning: 'the page script evaluated after the largest paint',
    apply: afterPaint(isScript),
  },
  {
    name: 'fonts −30 %',
    meaning: 'font files 30 % smaller (a tighter subset)',
    apply: shrink(isFont, (b) => b * 0.7),
  },
  { name: 'fonts −50 %', meaning: 'font files half their size', apply: shrink(isFont, (b) => b * 0.5) },
  {
    name: 'fonts pt-BR subset',
    meaning:
      'fonts cut to the characters pt-BR text uses (Inter 23,664 → 16,708 bytes, Poppins 8,000 → 6,648 and 7,816 → 6,524: fontTools subset; widths, kerning and features kept)',
    apply: shrinkFontsBy({
      inter: 23_664 - 16_572,
      'poppins-latin-600': 8_000 - 6_608,
      'poppins-latin-700': 7_816 - 6_452,
    }),
  },
  {
    name: 'one font',
    meaning: 'one preloaded font file (the body face), not three',
    apply: dropAllFontsBut(1),
  },
  {
    name: 'HTML ≤ 1 window',
    meaning: `the page's HTML within one TCP initial window (${INITIAL_WINDOW_BYTES} bytes)`,
    apply: shrink(isDocument, (b) => Math.min(b, INITIAL_WINDOW_BYTES - 600)),
  },
  {
    name: 'one connection',
    meaning: 'every request on one warm connection (HTTP/2, no TLS)',
    apply: oneConnection,
  },
  {
    name: 'HTML ≤ 1 window + one script + fonts −30 %',
    meaning: 'the three real changes together',
    apply: both(
      shrink(isDocument, (b) => Math.min(b, INITIAL_WINDOW_BYTES - 600)),
      merge(isScript),
      shrink(isFont, (b) => b * 0.7),
    ),
  },
  {
    name: 'every request 1 byte',
    meaning: 'a bound: the requests stay, their bytes go (what the connections alone cost)',
    apply: shrink(
      (r) => !isDocument(r),
      () => 1,
    ),
  },
  {
    name: 'server 10 ms',
    meaning:
      "the local server's response time Lantern assumes at 10 ms (a quiet machine's), nothing else changed",
    apply: () => {},
    serverMs: 10,
  },
  {
    name: 'server 10 ms + HTML ≤ 1 window + every request 1 byte',
    meaning: 'a bound: the floor of any page that requests something before its paint, on a quiet machine',
    apply: both(
      shrink(isDocument, (b) => Math.min(b, INITIAL_WINDOW_BYTES - 600)),
      shrink(
        (r) => !isDocument(r),
        () => 1,
      ),
    ),
    serverMs: 10,
  },
  {
    name: 'nothing but the HTML',
    meaning: 'a bound: no request but the page ended before its paint',
    apply: drop((r) => !isDocument(r)),
  },
];

/** Font requests smaller by the bytes given per file name part. */
function shrinkFontsBy(savedByName: Record<string, number>) {
  return (root: GraphNode) => {
    for (const n of nodesOf(root)) {
      if (!isNet(n) || !isFont(n._request)) continue;
      const saved = Object.entries(savedByName).find(([name]) => n._request.url.includes(name))?.[1] ?? 0;
      n._request.transferSize -= saved;
    }
  };
}

function dropAllFontsBut(keep: number) {
  return (root: GraphNode) => {
    const fonts = match(isFont)(root);
    for (const n of fonts.slice(keep)) dropNode(n);
  };
}

/** FCP and LCP of the graph changed by `whatIf`. */
export function simulateWhatIf(inputs: Inputs, whatIf: WhatIf): { fcpMs: number; lcpMs: number } {
  const graph = copyGraph(inputs.graph);
  whatIf.apply(graph);
  // The simulator reads its options at each simulation: the server time is swapped for this one.
  const options = (
    inputs.simulator as unknown as { options: { serverResponseTimeByOrigin: Map<string, number> } }
  ).options;
  const observed = options.serverResponseTimeByOrigin;
  if (whatIf.serverMs !== undefined)
    options.serverResponseTimeByOrigin = new Map(
      [...observed.keys()].map((origin) => [origin, whatIf.serverMs!]),
    );
  try {
    const { fcp, lcp } = simulate({ ...inputs, graph });
    return { fcpMs: fcp.timing, lcpMs: lcp.timing };
  } finally {
    options.serverResponseTimeByOrigin = observed;
  }
}

/* ------------------------------------------------------------------ printing */

const ms = (t: number) => `${Math.round(t)}`.padStart(5);
const kbs = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The nodes of one simulation, by simulated end: what ends last sets the metric. */
export function describeNodes(timings: Map<GraphNode, NodeTiming>, origin: string, rttMs: number): string[] {
  const rows = [...timings.entries()].sort((a, b) => a[1].endTime - b[1].endTime);
  const lines: string[] = [];
  for (const [node, t] of rows) {
    if (isNet(node)) {
      const r = node.request;
      const c = t.connectionTiming;
      const conn = c?.dnsResolutionTime !== undefined ? 'new connection' : 'warm connection';
      const name = r.url.startsWith(origin) ? r.url.slice(origin.length) || '/' : r.url;
      // Round trips: the simulated time over the round trip (handshake, request, windows of data).
      const trips = (t.endTime - t.startTime) / rttMs;
      lines.push(
        `    ${ms(t.startTime)} → ${ms(t.endTime)} ms  ${kindOf(r).padEnd(8)} ${kbs(r.transferSize).padStart(8)}  ${r.priority.padEnd(8)} ${conn.padEnd(15)} ${c?.timeToFirstByte !== undefined ? `first byte +${Math.round(c.timeToFirstByte)} ms` : ''}, ${trips.toFixed(1)} round trips  ${name.slice(0, 70)}`,
      );
    } else {
      const events = [...new Set((node.childEvents ?? []).map((e) => e.name))]
        .filter((n) =>
          /Layout|Paint|ParseHTML|EvaluateScript|FunctionCall|UpdateLayoutTree|v8.compile|EventDispatch/i.test(
            n,
          ),
        )
        .slice(0, 5);
      const scripts = [...node.getEvaluateScriptURLs()].map((u) => u.replace(origin, ''));
      lines.push(
        `    ${ms(t.startTime)} → ${ms(t.endTime)} ms  cpu      ${`${Math.round(((node.event?.dur ?? 0) / 1000) * 10) / 10} ms seen`.padStart(12)}  ${events.join(', ')}${scripts.length ? ` (${scripts.join(', ')})` : ''}`,
      );
    }
  }
  return lines;
}

/** Round trips Lantern gives a response of `bytes` on a fresh connection alone (initial window 10, doubling). */
export function roundTripsFor(bytes: number, windowSegments = 10): number {
  let trips = 1;
  let got = windowSegments * 1460;
  let w = windowSegments;
  while (got < bytes) {
    w *= 2;
    got += w * 1460;
    trips++;
  }
  return trips;
}

/* ------------------------------------------------------------------ main */

function listRoutes(dist: string): string[] {
  const routes: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (name === 'assets' || name.startsWith('.')) continue;
      if (statSync(full).isDirectory()) walk(full, `${prefix}/${name}`);
      else if (name === 'index.html') routes.push(prefix || '/');
    }
  };
  walk(dist, '');
  routes.push(NOT_FOUND_ROUTE);
  return routes.sort((a, b) => a.localeCompare(b));
}

const fileName = (route: string, pass: number) =>
  `${route === '/' ? 'index' : route.replace(/^\//, '').replace(/\//g, '_')}-${pass}.json`;

async function collectAll(): Promise<LanternArtifacts[]> {
  let tmp: string | undefined;
  let server: Server | undefined;
  try {
    let dist = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : undefined;
    if (!dist) {
      tmp = await mkdtemp(path.join(os.tmpdir(), 'fillgas-lantern-'));
      dist = path.join(tmp, 'dist');
      process.env.NODE_ENV = 'production';
      console.log('Building the site into a temporary folder…');
      await buildSite({ root: ROOT, outDir: dist });
    }
    const only = process.env.LANTERN_ROUTES?.split(',').map((r) => r.trim());
    const routes = listRoutes(dist).filter((r) => !only || only.includes(r));
    const port = Number(process.env.LANTERN_PORT ?? 4181);
    server = await serveStatic(dist, port);
    const origin = `http://127.0.0.1:${port}`;
    const out = path.resolve(process.env.LANTERN_OUT ?? path.join(ROOT, '.tmp/lantern'));
    mkdirSync(out, { recursive: true });
    const passes = Math.max(1, Number(process.env.LANTERN_RUNS ?? 3));
    const all: LanternArtifacts[] = [];
    for (let pass = 1; pass <= passes; pass++) {
      for (const route of routes) {
        const url = `${origin}${route === NOT_FOUND_ROUTE ? MISSING_PATH : route}`;
        const kept = await collectArtifacts(url, route);
        writeFileSync(path.join(out, fileName(route, pass)), JSON.stringify(kept));
        all.push(kept);
      }
      console.log(`Lighthouse pass ${pass}/${passes} done (artifacts in ${out}).`);
    }
    return all;
  } finally {
    server?.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }
}

function loadKept(dir: string): LanternArtifacts[] {
  const only = process.env.LANTERN_ROUTES?.split(',').map((r) => r.trim());
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as LanternArtifacts)
    .filter((k) => !only || only.includes(k.route));
}

export interface RouteReport {
  route: string;
  reported: LanternArtifacts['reported'];
  fcpMs: number;
  lcpMs: number;
  reproduced: boolean;
  /** The request or task that ends last in each LCP simulation. */
  lastOptimistic: string;
  lastPessimistic: string;
  whatIfs: { name: string; fcpMs: number; lcpMs: number }[];
}

function lastNode(estimate: Estimate, origin: string): string {
  const [node, t] = [...estimate.nodeTimings.entries()].sort((a, b) => b[1].endTime - a[1].endTime)[0]!;
  if (isNet(node))
    return `${kindOf(node.request)} ${node.request.url.replace(origin, '')} at ${Math.round(t.endTime)} ms`;
  return `cpu task at ${Math.round(t.endTime)} ms`;
}

/**
 * What ends last in Lantern's LCP simulations of one Lighthouse run (its artifacts), for the
 * audit's line: e.g. "font /assets/fonts/inter….woff2 at 1341 ms". Empty when the run cannot be
 * recomputed.
 */
export async function lanternLastNodes(kept: LanternArtifacts): Promise<string> {
  try {
    const { lcp } = await recompute(kept);
    const origin = new URL(kept.url).origin;
    const optimistic = lastNode(lcp.optimisticEstimate, origin);
    const pessimistic = lastNode(lcp.pessimisticEstimate, origin);
    return optimistic === pessimistic ? optimistic : `${optimistic} / ${pessimistic}`;
  } catch {
    return '';
  }
}

/**
 * What the connections alone cost after the HTML, in Lantern: the HTML's simulated end, the
 * server's response time it assumes (observed on the local load), and the earliest end of any
 * other request: one round trip and the server's time after the HTML on the HTML's warm
 * connection, two round trips more (handshake, request) on a new one.
 */
export function connectionFloor(inputs: Inputs, timings: Map<GraphNode, NodeTiming>, origin: string) {
  const options = (
    inputs.simulator as unknown as {
      options: { rtt: number; serverResponseTimeByOrigin: Map<string, number> };
    }
  ).options;
  const rtt = options.rtt;
  const serverMs = options.serverResponseTimeByOrigin.get(origin) ?? 30;
  const html = [...timings.entries()].find(([n]) => isNet(n) && n.isMainDocument());
  const htmlEndMs = html?.[1].endTime ?? NaN;
  const htmlWindows = html ? roundTripsFor(html[0].request.transferSize) : NaN;
  return {
    htmlEndMs,
    htmlWindows,
    serverMs,
    warmMs: htmlEndMs + rtt + serverMs,
    coldMs: htmlEndMs + 2 * rtt + serverMs,
  };
}

/** Everything for one kept run: recomputed figures, the node lists, the what-ifs. */
export async function analyze(kept: LanternArtifacts, printNodes: boolean): Promise<RouteReport> {
  const { fcp, lcp, inputs } = await recompute(kept);
  const origin = new URL(kept.url).origin;
  const reproduced =
    Math.abs(fcp.timing - kept.reported.fcpMs) < 0.5 && Math.abs(lcp.timing - kept.reported.lcpMs) < 0.5;
  const direct = simulate(inputs);
  const rtt = (inputs.simulator as unknown as { rtt: number }).rtt;
  if (Math.abs(direct.lcp.timing - lcp.timing) > 0.5 || Math.abs(direct.fcp.timing - fcp.timing) > 0.5)
    throw new Error(`${kept.route}: the direct simulation differs from Lighthouse's computed artifact`);
  const report: RouteReport = {
    route: kept.route,
    reported: kept.reported,
    fcpMs: fcp.timing,
    lcpMs: lcp.timing,
    reproduced,
    lastOptimistic: lastNode(lcp.optimisticEstimate, origin),
    lastPessimistic: lastNode(lcp.pessimisticEstimate, origin),
    whatIfs: WHAT_IFS.map((w) => ({ name: w.name, ...simulateWhatIf(inputs, w) })),
  };
  console.log(
    `\n${kept.route}: FCP ${Math.round(fcp.timing)} ms, LCP ${Math.round(lcp.timing)} ms (optimistic ${Math.round(lcp.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(lcp.pessimisticEstimate.timeInMs)}); ` +
      `Lighthouse's report ${Math.round(kept.reported.fcpMs)} / ${Math.round(kept.reported.lcpMs)} ms ${reproduced ? '(reproduced exactly)' : '(NOT REPRODUCED)'}; ` +
      `observed paints ${Math.round(kept.reported.observedFcpMs)} / ${Math.round(kept.reported.observedLcpMs)} ms; CPU benchmark ${Math.round(kept.reported.benchmarkIndex)}`,
  );
  if (printNodes) {
    console.log('  FCP, optimistic:');
    for (const line of describeNodes(direct.timings.fcpOptimistic, origin, rtt)) console.log(line);
    console.log('  LCP, optimistic:');
    for (const line of describeNodes(direct.timings.lcpOptimistic, origin, rtt)) console.log(line);
    console.log('  LCP, pessimistic:');
    for (const line of describeNodes(direct.timings.lcpPessimistic, origin, rtt)) console.log(line);
  }
  console.log(`  ends last: optimistic ${report.lastOptimistic}; pessimistic ${report.lastPessimistic}`);
  const floor = connectionFloor(inputs, direct.timings.lcpOptimistic, origin);
  console.log(
    `  floor: the HTML ends at ${Math.round(floor.htmlEndMs)} ms (${floor.htmlWindows} window(s) of data); the server answers in ${Math.round(floor.serverMs)} ms; ` +
      `so any other request it counts ends at ${Math.round(floor.warmMs)} ms at the earliest on the HTML's warm connection, ${Math.round(floor.coldMs)} ms on a new one (2 round trips more)`,
  );
  for (const w of report.whatIfs)
    console.log(`  what if ${w.name.padEnd(44)} FCP ${ms(w.fcpMs)} ms  LCP ${ms(w.lcpMs)} ms`);
  return report;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function summary(reports: RouteReport[]): string {
  const routes = [...new Set(reports.map((r) => r.route))];
  const names = ['as is', ...WHAT_IFS.map((w) => w.name)];
  const lines = [
    `| Route (runs) | ${names.join(' | ')} |`,
    `| --- | ${names.map(() => '---').join(' | ')} |`,
  ];
  for (const route of routes) {
    const rs = reports.filter((r) => r.route === route);
    const cell = (f: (r: RouteReport) => { fcpMs: number; lcpMs: number }) =>
      `${Math.round(median(rs.map((r) => f(r).fcpMs)))} / ${Math.round(median(rs.map((r) => f(r).lcpMs)))}`;
    lines.push(
      `| ${route} (${rs.length}) | ${cell((r) => r)} | ${WHAT_IFS.map((w) => cell((r) => r.whatIfs.find((x) => x.name === w.name)!)).join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const from = process.env.LANTERN_FROM;
  const kept = from ? loadKept(path.resolve(from)) : await collectAll();
  const printNodes = process.env.LANTERN_NODES !== '0';
  const reports: RouteReport[] = [];
  for (const k of kept) reports.push(await analyze(k, printNodes));
  const notReproduced = reports.filter((r) => !r.reproduced);
  console.log(
    `\nReproduced Lighthouse's own FCP and LCP exactly in ${reports.length - notReproduced.length} of ${reports.length} runs.`,
  );
  console.log(`\nMedian simulated FCP / LCP in ms, as is and per what-if:\n\n${summary(reports)}\n`);
  for (const w of WHAT_IFS) console.log(`- ${w.name}: ${w.meaning}`);
  if (notReproduced.length) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
