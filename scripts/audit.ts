/**
 * `npm run audit`: Lighthouse and axe over every route of the built site, one table.
 *
 * Builds the site into a temporary folder (or audits DIST_DIR when set), serves it like a
 * static host with gzip on 127.0.0.1 (runtime/dev/static-server.ts), then for every route, the 404
 * included:
 * - Lighthouse (the npm package, Debian's Chromium, mobile defaults: Moto G Power screen,
 *   simulated slow 4G and 4× CPU slowdown): the four category scores, LCP, CLS, TBT. Chrome
 *   runs with chrome-launcher's flags plus the spare renderer off (auditChromeFlags, decision
 *   0015);
 * - the first and the largest contentful paint measured in Chromium itself (measurePaints): the
 *   same phone, network and CPU as Lighthouse's mobile run, applied for real through the DevTools
 *   protocol instead of simulated, read from the page's own PerformanceObserver entries; several
 *   runs per route, median. Lighthouse's simulated FCP and LCP sit beside it, with the paints it
 *   observed in its unthrottled trace: its LCP counts every request that ended before that paint
 *   (decision 0040), and the table lists them per route (fonts, scripts, manifest…);
 * - axe-core in Playwright at 375 px and 1280 px (wcag2a, wcag2aa, wcag21aa, best-practice);
 * - the gzipped JavaScript the route loads (runtime/build/budget.ts).
 * Prints the table and every failing Lighthouse audit, and writes the table into README.md
 * between the audit markers. Targets: Performance ≥ 98, Accessibility 100, Best Practices 100,
 * SEO 100 (on the 404: every SEO audit but its status code and its noindex), CLS 0, TBT < 50 ms;
 * paint (measured): the largest paint within 100 ms of the first, and by 1.0 s.
 * Scores vary with machine load: the audit reports them, tests do not assert them.
 *
 * Env: DIST_DIR (audit this build), AUDIT_PORT (default 4180), AUDIT_ROUTES (comma list,
 * e.g. "/,/agendamento"), AUDIT_RUNS (Lighthouse runs per route, in round-robin passes over
 * the routes, median kept; default 1), AUDIT_PAINT_RUNS (measured page loads per route, also in
 * passes; default 5),
 * CHROMIUM_PATH (default /usr/bin/chromium), AUDIT_NO_README=1 (do not touch README.md).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import * as lighthouseConstants from 'lighthouse/core/config/constants.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { kb, measureRouteJs, scriptsInHtml, buildSite } from '../runtime/build/index.ts';
import { chromium, type Browser } from 'playwright-core';
import { auditChromeFlags, CHROMIUM_PATH as CHROMIUM, launchChromium } from './chromium.ts';
import { lanternLastNodes, runLighthouse, type LanternArtifacts } from './lantern.ts';
import { SIMULATED_PHONE_SLOWDOWN } from './main-thread.ts';
import { NOT_FOUND_ROUTE } from '../runtime/load/index.ts';
import { serveStatic } from '../runtime/dev/index.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'];
const VIEWPORTS = [
  { width: 375, height: 740, isMobile: true },
  { width: 1280, height: 800, isMobile: false },
];
/** A path no page has: the server answers it with 404.html and status 404. */
const MISSING_PATH = '/pagina-que-nao-existe';
/** The two SEO audits a not-found page must fail. */
const NOT_FOUND_SEO_EXEMPT = ['http-status-code', 'is-crawlable'];

export const TARGETS = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  cls: 0,
  tbtMs: 50,
  /** Measured in Chromium (measurePaints): the largest paint at most this long after the first… */
  paintGapMs: 100,
  /** …and by this long after the navigation started. */
  lcpMs: 1000,
};

const START = '<!-- audit:start -->';
const END = '<!-- audit:end -->';

interface Failing {
  id: string;
  title: string;
  score: number | null;
  display?: string;
}

interface RouteResult {
  route: string;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpMs: number;
  cls: number;
  /** The median of every run's TBT (see medianRun). */
  tbtMs: number;
  /** The TBT of Lighthouse's median run (printed, not judged). */
  medianRunTbtMs: number;
  /** Every run's TBT, lowest first (the machine's noise). */
  tbtRunsMs: number[];
  fcpMs: number;
  /** The paints in Lighthouse's own trace, which it loads unthrottled and then simulates from. */
  observedFcpMs: number;
  observedLcpMs: number;
  /**
   * What Lantern adds to its LCP: the requests but the page's own that ended before the observed
   * largest paint (its optimistic LCP graph takes all of them but low-priority images), by kind.
   */
  countedRequests: string;
  /** What ends last in Lantern's LCP simulation (scripts/lantern.ts: the request or task that sets it). */
  lanternLast: string;
  lcpElement?: string;
  /** On the 404: Best Practices loses points only for the console line of its own 404 status. */
  bpOnlyOwnStatus: boolean;
  /** Elements that moved, when CLS > 0. */
  shifts: string[];
  /** Lighthouse's CPU benchmark of this machine during the run (higher is faster; a loaded machine scores low). */
  benchmarkIndex: number;
  jsBytes: number;
  /** Measured in Chromium with the phone's network and CPU applied (measurePaints), medians. */
  paint: PaintSummary;
  axe: { width: number; violations: string[] }[];
  failing: Failing[];
}

async function main(): Promise<void> {
  let tmp: string | undefined;
  let server: Server | undefined;
  try {
    let dist = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : undefined;
    if (!dist) {
      tmp = await mkdtemp(path.join(os.tmpdir(), 'fillgas-audit-'));
      dist = path.join(tmp, 'dist');
      process.env.NODE_ENV = 'production';
      console.log('Building the site into a temporary folder…');
      await buildSite({ root: ROOT, outDir: dist });
    }
    const routes = listRoutes(dist);
    const only = process.env.AUDIT_ROUTES?.split(',').map((r) => r.trim());
    const selected = only ? routes.filter((r) => only.includes(r.route)) : routes;
    const port = Number(process.env.AUDIT_PORT ?? 4180);
    server = await serveStatic(dist, port);
    const origin = `http://127.0.0.1:${port}`;
    console.log(`Serving ${dist} at ${origin} (gzip). Auditing ${selected.length} route(s).\n`);

    const js = await measureRouteJs(dist, selected);
    const runs = Math.max(1, Number(process.env.AUDIT_RUNS ?? 1));
    const urlOf = (route: string) => `${origin}${route === NOT_FOUND_ROUTE ? MISSING_PATH : route}`;
    // Round robin: each pass runs every route once, so a route's runs are spread over the
    // whole audit and a spell of load on a shared machine hits one of them, not all.
    const lhRuns: LhRun[][] = selected.map(() => []);
    for (let pass = 1; pass <= runs; pass++) {
      for (const [i, r] of selected.entries())
        lhRuns[i]!.push(await lighthouseRetrying(urlOf(r.route), r.route));
      if (runs > 1) console.log(`Lighthouse pass ${pass}/${runs} done.`);
    }
    const paintRuns = Math.max(1, Number(process.env.AUDIT_PAINT_RUNS ?? 5));
    const paints: PaintRun[][] = selected.map(() => []);
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: auditChromeFlags().filter((flag) => !flag.startsWith('--headless')),
    });
    try {
      for (let pass = 1; pass <= paintRuns; pass++) {
        for (const [i, r] of selected.entries())
          paints[i]!.push(await measurePaints(browser, urlOf(r.route)));
        if (paintRuns > 1) console.log(`Measured paints, pass ${pass}/${paintRuns} done.`);
      }
    } finally {
      await browser.close();
    }
    const results: RouteResult[] = [];
    for (const [i, r] of selected.entries()) {
      const lh = medianRun(lhRuns[i]!);
      const axe = await axeRoute(urlOf(r.route));
      const paint = summarizePaints(paints[i]!);
      const result = { route: r.route, ...lh, jsBytes: js[i]!.gzipBytes, paint, axe };
      results.push(result);
      console.log(summaryLine(result));
    }

    const table = markdownTable(results, runs, paintRuns);
    console.log(`\n${table}\n`);
    const details = failingDetails(results);
    if (details) console.log(details);
    if (!process.env.AUDIT_NO_README && !only) await writeReadme(table);
  } finally {
    server?.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }
}

/** Routes of a built folder: every index.html, plus the 404. */
function listRoutes(dist: string): { route: string; islands: string[]; scripts: string[] }[] {
  const routes: { route: string; islands: string[]; scripts: string[] }[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (name === 'assets' || name.startsWith('.')) continue;
      if (statSync(full).isDirectory()) walk(full, `${prefix}/${name}`);
      else if (name === 'index.html') routes.push(routeInfo(prefix || '/', full));
    }
  };
  walk(dist, '');
  routes.push(routeInfo(NOT_FOUND_ROUTE, path.join(dist, '404.html')));
  return routes.sort((a, b) => a.route.localeCompare(b.route));
}

function routeInfo(route: string, file: string) {
  const html = readFileSync(file, 'utf8');
  const islands = [...new Set([...html.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1]!))];
  return { route, islands, scripts: scriptsInHtml(html) };
}

type LhPart = Omit<RouteResult, 'route' | 'jsBytes' | 'axe' | 'paint' | 'tbtRunsMs' | 'medianRunTbtMs'>;
type LhRun = { part: LhPart; lhr: Parameters<typeof computeMedianRun>[0][number] };

/**
 * The median run as Lighthouse itself picks it (computeMedianRun: the run closest to the median
 * FCP and the median TTI), as its docs on variability advise, for the scores, LCP and CLS.
 * TBT is the median of every run's TBT (Lighthouse CI's `median` aggregation): the median run
 * is chosen by FCP and TTI, which say nothing about TBT, so its TBT is as noisy as any single
 * run's. Every run's TBT is kept to show the noise.
 */
function medianRun(all: LhRun[]): Omit<RouteResult, 'route' | 'jsBytes' | 'axe' | 'paint'> {
  const median = computeMedianRun(all.map((r) => r.lhr));
  const chosen = all.find((r) => r.lhr === median)!.part;
  const tbtRunsMs = all.map((r) => r.part.tbtMs).sort((a, b) => a - b);
  return { ...chosen, tbtMs: medianOf(tbtRunsMs), medianRunTbtMs: chosen.tbtMs, tbtRunsMs };
}

/** The median of sorted numbers (the mean of the middle two for an even count). */
function medianOf(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART…): try again, twice. */
async function lighthouseRetrying(url: string, route: string): Promise<LhRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, route);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  (${route}: ${error instanceof Error ? error.message : String(error)}; retrying)`);
    }
  }
}

async function lighthouseOnce(url: string, route: string): Promise<LhRun> {
  const { lhr, artifacts } = await runLighthouse(url, route);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => lhr.audits[id];
  const seoCategory = lhr.categories.seo!;
  let seo = score('seo');
  const exempt = route === NOT_FOUND_ROUTE ? NOT_FOUND_SEO_EXEMPT : [];
  if (exempt.length) {
    // The 404 must fail "status code" and "is crawlable": score SEO on every other audit.
    const refs = seoCategory.auditRefs.filter((ref) => ref.weight > 0 && !exempt.includes(ref.id));
    const total = refs.reduce((sum, ref) => sum + ref.weight, 0);
    seo = Math.round(
      (refs.reduce((sum, ref) => sum + ref.weight * (audit(ref.id)?.score ?? 0), 0) / total) * 100,
    );
  }
  const failing: Failing[] = [];
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const a = audit(ref.id);
      if (!a || exempt.includes(ref.id)) continue;
      const scored =
        a.scoreDisplayMode === 'binary' ||
        a.scoreDisplayMode === 'numeric' ||
        a.scoreDisplayMode === 'metricSavings';
      if (scored && a.score !== null && a.score < 1 && !failing.some((f) => f.id === a.id))
        failing.push({ id: a.id, title: a.title, score: a.score, display: a.displayValue });
    }
  }
  const lcpElement = (
    audit('largest-contentful-paint-element')?.details as
      { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined
  )?.items?.[0]?.items?.[0]?.node?.snippet;
  const observed = (
    audit('metrics')?.details as
      | { items?: { observedFirstContentfulPaint?: number; observedLargestContentfulPaint?: number }[] }
      | undefined
  )?.items?.[0];
  const part: LhPart = {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo,
    },
    lcpMs: audit('largest-contentful-paint')?.numericValue ?? NaN,
    cls: audit('cumulative-layout-shift')?.numericValue ?? NaN,
    tbtMs: audit('total-blocking-time')?.numericValue ?? NaN,
    fcpMs: audit('first-contentful-paint')?.numericValue ?? NaN,
    observedFcpMs: observed?.observedFirstContentfulPaint ?? NaN,
    observedLcpMs: observed?.observedLargestContentfulPaint ?? NaN,
    countedRequests: countedRequests(
      (audit('network-requests')?.details as { items?: NetworkRequestItem[] } | undefined)?.items ?? [],
      observed?.observedLargestContentfulPaint ?? NaN,
    ),
    lanternLast: await lanternLastNodes({
      route,
      url,
      reported: { fcpMs: NaN, lcpMs: NaN, observedFcpMs: NaN, observedLcpMs: NaN, benchmarkIndex: NaN },
      settings: lhr.configSettings,
      artifacts: artifacts as unknown as LanternArtifacts['artifacts'],
    }),
    lcpElement,
    bpOnlyOwnStatus:
      route === NOT_FOUND_ROUTE &&
      failing
        .filter((f) => lhr.categories['best-practices']!.auditRefs.some((r) => r.id === f.id && r.weight > 0))
        .every((f) => f.id === 'errors-in-console') &&
      (
        (
          audit('errors-in-console')?.details as {
            items?: { description?: string; sourceLocation?: { url?: string } }[];
          }
        )?.items ?? []
      ).every((item) => /status of 404/.test(item.description ?? '') && item.sourceLocation?.url === url),
    shifts: (
      (
        audit('layout-shifts')?.details as
          { items?: { node?: { snippet?: string }; score?: number }[] } | undefined
      )?.items ?? []
    ).map((item) => `${item.score?.toFixed(3)} ${item.node?.snippet ?? '(unknown)'}`),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failing,
  };
  return { part, lhr };
}

interface NetworkRequestItem {
  url: string;
  networkEndTime?: number;
  transferSize?: number;
  resourceType?: string;
  priority?: string;
}

/**
 * The requests Lantern's LCP counts (decision 0040): every one that ended before the paint it
 * observed, but the page itself and low-priority images, summed by kind, e.g. "3 fonts 39 KB,
 * 8 scripts 15 KB, manifest 1 KB". The audit's times start at the first request, a few
 * milliseconds after the navigation the paint is timed from, so a request that ended within
 * those milliseconds after the paint may be listed too.
 */
function countedRequests(items: readonly NetworkRequestItem[], observedLcpMs: number): string {
  const kinds = new Map<string, { count: number; bytes: number }>();
  for (const [i, item] of items.entries()) {
    if (i === 0 || item.networkEndTime === undefined || !(item.networkEndTime <= observedLcpMs)) continue;
    if (item.resourceType === 'Image' && (item.priority === 'Low' || item.priority === 'VeryLow')) continue;
    const kind =
      item.resourceType === 'Font'
        ? 'font'
        : item.resourceType === 'Script'
          ? 'script'
          : item.resourceType === 'Manifest'
            ? 'manifest'
            : /\/favicon|icon/.test(item.url)
              ? 'icon'
              : (item.resourceType ?? 'other').toLowerCase();
    const k = kinds.get(kind) ?? { count: 0, bytes: 0 };
    kinds.set(kind, { count: k.count + 1, bytes: k.bytes + (item.transferSize ?? 0) });
  }
  if (kinds.size === 0) return 'none';
  return [...kinds.entries()]
    .map(([kind, { count, bytes }]) => `${count > 1 ? `${count} ${kind}s` : kind} ${kb(bytes)} KB`)
    .join(', ');
}

/** Lighthouse's mobile run: its phone's screen and browser name, and its slow 4G and 4× CPU. */
const PHONE = lighthouseConstants.screenEmulationMetrics.mobile;
const THROTTLING = lighthouseConstants.throttling.mobileSlow4G;

interface PaintRun {
  fcpMs: number;
  lcpMs: number;
  /** The largest element, shortly: tag, first class, start of its text. */
  element: string;
}

interface PaintSummary {
  runs: PaintRun[];
  fcpMs: number;
  lcpMs: number;
  /** The median over the runs of each run's LCP − FCP. */
  gapMs: number;
  /** The elements that were the largest, most frequent first. */
  elements: string[];
}

/**
 * One fresh page load (empty cache, new context) in Chromium with Lighthouse's mobile conditions
 * applied for real: the network as Lighthouse's own "devtools" throttling sets it for slow 4G
 * (562.5 ms added to each request, 1,474.56 kbit/s down, 675 up), the CPU slowed 4×, the Moto G
 * Power's screen and browser name. FCP and LCP are the page's own
 * 'paint' and 'largest-contentful-paint' entries, read 3 s after the load event (after the
 * staged hero's last step, so an element that appears late is counted). Nothing is estimated:
 * a busy machine makes them later, not earlier.
 */
async function measurePaints(browser: Browser, url: string): Promise<PaintRun> {
  const context = await browser.newContext({
    viewport: { width: PHONE.width, height: PHONE.height },
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: lighthouseConstants.userAgents.mobile,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLING.requestLatencyMs,
      downloadThroughput: (THROTTLING.downloadThroughputKbps * 1024) / 8,
      uploadThroughput: (THROTTLING.uploadThroughputKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdownMultiplier });
    await page.addInitScript(() => {
      const store = { fcp: NaN, lcp: NaN, element: '' };
      (window as unknown as { __paints: typeof store }).__paints = store;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.name === 'first-contentful-paint') store.fcp = entry.startTime;
      }).observe({ type: 'paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
          store.lcp = entry.startTime;
          const el = entry.element;
          const cls = el?.classList[0];
          const text = (el?.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 32);
          store.element = el ? `<${el.localName}${cls ? `.${cls}` : ''}> ${text}…` : '(removed)';
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForTimeout(3000);
    const p = await page.evaluate(
      () => (window as unknown as { __paints: { fcp: number; lcp: number; element: string } }).__paints,
    );
    return { fcpMs: p.fcp, lcpMs: p.lcp, element: p.element };
  } finally {
    await context.close();
  }
}

function summarizePaints(runs: PaintRun[]): PaintSummary {
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const count = new Map<string, number>();
  for (const r of runs) count.set(r.element, (count.get(r.element) ?? 0) + 1);
  return {
    runs,
    fcpMs: medianOf(sorted(runs.map((r) => r.fcpMs))),
    lcpMs: medianOf(sorted(runs.map((r) => r.lcpMs))),
    gapMs: medianOf(sorted(runs.map((r) => r.lcpMs - r.fcpMs))),
    elements: [...count.entries()].sort((a, b) => b[1] - a[1]).map(([element]) => element),
  };
}

const paintMet = (r: RouteResult) => r.paint.gapMs <= TARGETS.paintGapMs && r.paint.lcpMs <= TARGETS.lcpMs;

async function axeRoute(url: string): Promise<RouteResult['axe']> {
  const browser = await launchChromium();
  try {
    const out: RouteResult['axe'] = [];
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        isMobile: viewport.isMobile,
        hasTouch: viewport.isMobile,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'networkidle' });
      const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
      out.push({
        width: viewport.width,
        violations: results.violations.map(
          (v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
        ),
      });
      await context.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}

const met = (r: RouteResult) =>
  r.scores.performance >= TARGETS.performance &&
  r.scores.accessibility >= TARGETS.accessibility &&
  (r.scores.bestPractices >= TARGETS.bestPractices || r.bpOnlyOwnStatus) &&
  r.scores.seo >= TARGETS.seo &&
  r.cls <= TARGETS.cls &&
  r.tbtMs < TARGETS.tbtMs &&
  r.axe.every((a) => a.violations.length === 0);

const tbtRuns = (r: RouteResult) => r.tbtRunsMs.map((ms) => Math.round(ms)).join(' · ');

const axeCount = (r: RouteResult) => r.axe.reduce((n, a) => n + a.violations.length, 0);

function summaryLine(r: RouteResult): string {
  const s = r.scores;
  return (
    `${met(r) ? '✓' : '✗'} ${r.route.padEnd(28)} P ${s.performance} A ${s.accessibility} BP ${s.bestPractices} SEO ${s.seo}` +
    `  FCP/LCP simulated ${fmtMs(r.fcpMs)}/${fmtMs(r.lcpMs)} (observed ${fmtMs(r.observedFcpMs)}/${fmtMs(r.observedLcpMs)}; ended before it: ${r.countedRequests}; its LCP ends with ${r.lanternLast || '?'})` +
    `  measured ${fmtMs(r.paint.fcpMs)}/${fmtMs(r.paint.lcpMs)} (${paintMet(r) ? '✓' : '✗'} gap ${Math.round(r.paint.gapMs)} ms; runs ${r.paint.runs.map((p) => `${Math.round(p.fcpMs)}/${Math.round(p.lcpMs)}`).join(' · ')}; ${r.paint.elements.join(' | ')})` +
    `  CLS ${r.cls.toFixed(3)} TBT ${Math.round(r.tbtMs)} ms (${tbtRuns(r)}; median run ${Math.round(r.medianRunTbtMs)})  JS ${kb(r.jsBytes)} KB  axe ${axeCount(r)}` +
    `  (CPU benchmark ${Math.round(r.benchmarkIndex)})`
  );
}

function markdownTable(results: RouteResult[], runs: number, paintRuns: number): string {
  const lines = [
    START,
    `Lighthouse ${lighthouseVersion()} (mobile: simulated slow 4G, ${SIMULATED_PHONE_SLOWDOWN}× CPU slowdown) and axe-core on Debian Chromium (chrome-launcher's flags, spare renderer off: decision 0015), ` +
      `site served with gzip on 127.0.0.1, ${new Date().toISOString().slice(0, 10)}; ${runs} run(s) per route, Lighthouse's median run shown, but TBT is the median of the runs' TBT (Lighthouse CI's \`median\`), then every run's, lowest first. Targets: Performance ≥ ${TARGETS.performance}, ` +
      `Accessibility, Best Practices and SEO 100 (404: all SEO audits but status code and noindex), CLS 0, TBT < ${TARGETS.tbtMs} ms, no axe violation at 375 and 1280 px. ` +
      `Lighthouse CPU benchmark of the machine during the runs: ${benchRange(results)} (it multiplies each task's observed wall time by ${SIMULATED_PHONE_SLOWDOWN}; a busy machine inflates TBT and LCP).`,
    '',
    `Paints. *Lighthouse*: its FCP and LCP, simulated (Lantern) from a load it observes unthrottled; in brackets the paints of that load, where the largest text is painted in the first frame on every route. Its LCP counts every request that ended before that observed paint (the next column: the preloaded fonts, the page script's modules, the manifest), so it is later than its FCP even when both are one frame; only a page that requests nothing before its first paint gets them together, and that costs visitors the brand's faces on a fast first visit and their taps later on a slow one (decision 0040, session 19). ` +
      `*Measured*: Chromium itself with the same phone applied for real through the DevTools protocol (Lighthouse's own slow-4G throttling: ${THROTTLING.requestLatencyMs} ms per request, ${Number(THROTTLING.downloadThroughputKbps.toFixed(2))} kbit/s; CPU ${THROTTLING.cpuSlowdownMultiplier}× slower; ${PHONE.width}×${PHONE.height} screen), ` +
      `fresh cache, the page's own PerformanceObserver 'paint' and 'largest-contentful-paint' entries; median of ${paintRuns} load(s) per route. Paint targets (measured): LCP within ${TARGETS.paintGapMs} ms of FCP and by ${fmtMs(TARGETS.lcpMs)}.`,
    '',
    '| Route | Performance | Accessibility | Best Practices | SEO | FCP / LCP, Lighthouse (its trace) | Ended before its paint (its LCP replays them) | FCP / LCP, measured | LCP − FCP, measured | CLS | TBT, median (runs) | JS KB (gzip) | axe violations | Targets | Paint targets |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of results) {
    const s = r.scores;
    lines.push(
      `| ${r.route} | ${s.performance} | ${s.accessibility} | ${s.bestPractices}${r.bpOnlyOwnStatus && s.bestPractices < 100 ? '†' : ''} | ${s.seo}${r.route === NOT_FOUND_ROUTE ? '*' : ''} | ` +
        `${fmtMs(r.fcpMs)} / ${fmtMs(r.lcpMs)} (${fmtMs(r.observedFcpMs)} / ${fmtMs(r.observedLcpMs)}) | ${r.countedRequests} | ${fmtMs(r.paint.fcpMs)} / ${fmtMs(r.paint.lcpMs)} | ${Math.round(r.paint.gapMs)} ms | ` +
        `${r.cls.toFixed(3)} | ${Math.round(r.tbtMs)} ms (${tbtRuns(r)}) | ${kb(r.jsBytes)} | ${axeCount(r)} | ${met(r) ? 'met' : 'NOT MET'} | ${paintMet(r) ? 'met' : 'NOT MET'} |`,
    );
  }
  lines.push(
    '',
    '\\* scored on every SEO audit but the two a not-found page must fail (status code, noindex).',
  );
  if (results.some((r) => r.bpOnlyOwnStatus && r.scores.bestPractices < 100))
    lines.push(
      '† its only Best Practices failure is "errors in console": the browser logs the 404 status the page must answer with ("Failed to load resource … 404"); nothing else is logged.',
    );
  lines.push(END);
  return lines.join('\n');
}

function failingDetails(results: RouteResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    const axe = r.axe.flatMap((a) => a.violations.map((v) => `axe @${a.width}px: ${v}`));
    if (r.failing.length === 0 && axe.length === 0 && r.cls === 0) continue;
    lines.push(`${r.route}${r.lcpElement ? `  (LCP element: ${r.lcpElement})` : ''}`);
    for (const f of r.failing)
      lines.push(
        `  - ${f.id}: ${f.title} (score ${f.score?.toFixed(2)}${f.display ? `, ${f.display}` : ''})`,
      );
    for (const line of axe) lines.push(`  - ${line}`);
    if (r.cls > 0) for (const shift of r.shifts) lines.push(`  - layout shift ${shift.slice(0, 200)}`);
  }
  return lines.length ? `Failing audits:\n${lines.join('\n')}\n` : '';
}

async function writeReadme(table: string): Promise<void> {
  const file = path.join(ROOT, 'README.md');
  const readme = await readFile(file, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) {
    console.log('README.md has no audit markers: table not written.');
    return;
  }
  await writeFile(file, readme.slice(0, start) + table + readme.slice(end + END.length));
  console.log('Wrote the table into README.md.');
}

function lighthouseVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

function benchRange(results: RouteResult[]): string {
  const values = results.map((r) => Math.round(r.benchmarkIndex));
  return `${Math.min(...values)}–${Math.max(...values)}`;
}

const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
