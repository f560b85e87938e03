/**
 * `npm run bench`: performance figures for the page builder.
 *
 * Builds a throwaway 1,000-page site in a temporary folder (copies of the real route pages
 * under /bench/p0001…), then measures:
 * - validation throughput (YAML parse + schema validation through loadProject);
 * - prerender throughput (renderPage to HTML strings, nothing written to disk);
 * - a full buildSite of the big site into a temporary outDir;
 * - the gzipped JavaScript each route of the real site loads (real pages/ built into a
 *   temporary outDir; dist/ is never touched), against the budget the build enforces;
 * - the size of that built site, the TTFB and LCP of /agendamento, and the main-thread CPU
 *   time of loading every route (scripts/main-thread.ts).
 *
 * Prints every figure next to its target, then a markdown block for the README, which is
 * also written to docs/bench.md. A missed target is reported as NOT MET but the exit code
 * stays 0: this is a benchmark, not a test. Only an actual failure exits 1.
 */
import { existsSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium, PHONE_CONTEXT } from './chromium.ts';
import { gzipSize, jsBudgetTable, buildSite, type BuildReport } from '../runtime/build/index.ts';
import { PageErrors, RenderError, formatProblems, loadProject, type Project } from '../runtime/load/index.ts';
import {
  LONG_TASK_CPU_MS,
  SIMULATED_PHONE_SLOWDOWN,
  traceMainThread,
  type MainThreadLoad,
} from './main-thread.ts';
import { blockList, blockMap } from '../blocks/index.ts';
import { generateBenchPages } from './bench-pages.ts';
import { renderPage, type PageAssets } from '../runtime/render/index.ts';
import { serveStatic } from '../runtime/dev/index.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REAL_PAGES = path.join(ROOT, 'pages');
const DOC_FILE = path.join(ROOT, 'docs/bench.md');

const PAGE_COUNT = 1000;
const VALIDATION_RUNS = 3;
const PRERENDER_RUNS = 3;
const PRERENDER_WARMUP_PAGES = 50;

const TARGETS = {
  validationPagesPerSec: 500,
  prerenderPagesPerSec: 300,
  buildSeconds: 20,
};

const BLOCK_START = '<!-- bench:start -->';
const BLOCK_END = '<!-- bench:end -->';

/** Fake assets: renderPage only needs URLs, not real files. */
const FAKE_ASSETS: PageAssets = {
  fontUrl: () => '/f.woff2',
  preloadFonts: [],
  pageScripts: () => ({ entry: '/e.js', preloads: [] }),
};

interface Results {
  machine: string;
  routeCount: number;
  validation: { best: number; median: number; runsMs: number[] };
  prerender: { best: number; median: number; runsMs: number[]; htmlChars: number };
  build: { routes: number; seconds: number; timings: BuildReport['timings'] };
  js: BuildReport['routes'];
  dist: { files: number; bytes: number; gzipBytes: number };
  page: { route: string; runs: number; ttfbMs: number[]; lcpMs: number[] };
  mainThread: { route: string; median: MainThreadLoad }[];
}

// Registered once, so Ctrl+C still removes the temporary folder.
let tmpRoot: string | undefined;
process.once('SIGINT', () => {
  if (tmpRoot) rmSync(tmpRoot, { recursive: true, force: true });
  process.exit(130);
});

async function main(): Promise<void> {
  tmpRoot = await mkdtemp(path.join(os.tmpdir(), 'fillgas-bench-'));
  try {
    const results = await run(tmpRoot);
    const block = markdownBlock(results);
    console.log('\nMarkdown for the README:\n');
    console.log(block);
    await writeDoc(block, results.machine);
    console.log(`\nWrote ${path.relative(ROOT, DOC_FILE)}.`);
  } finally {
    await rm(tmpRoot, { recursive: true, force: true });
    tmpRoot = undefined;
  }
}

async function run(tmp: string): Promise<Results> {
  const machine = machineInfo();
  console.log(`Machine: ${machine}`);

  // 1. The big site: _site.yaml, 404.yaml and 1,000 copies of the route pages (scripts/bench-pages.ts).
  const pagesDir = path.join(tmp, 'pages');
  const sources = await generateBenchPages(REAL_PAGES, pagesDir, PAGE_COUNT);
  console.log(
    `Generated ${fmtInt(PAGE_COUNT)} pages in ${pagesDir} from ${sources.length} source page(s): ${sources.join(', ')}`,
  );

  // 2. Validation: the ajv validator compiles once per process, so the first call pays for
  // the compilation. That warm-up call is not timed.
  const load = () => loadProject({ root: ROOT, pagesDir, blocks: blockList });
  const warm = await load();
  const routeCount = warm.pages.length;
  const validationMs: number[] = [];
  let project: Project = warm;
  for (let i = 0; i < VALIDATION_RUNS; i++) {
    const t0 = performance.now();
    project = await load();
    validationMs.push(performance.now() - t0);
  }
  const validation = throughput(routeCount, validationMs);
  console.log(
    `\nValidation (parse + schema, loadProject, ${fmtInt(routeCount)} route pages; 1 untimed warm-up call ` +
      `compiles the validator, then ${VALIDATION_RUNS} timed runs: ${validationMs.map(fmtMs).join(', ')})`,
  );
  console.log(
    `  best ${fmtRate(validation.best)}, median ${fmtRate(validation.median)}  ` +
      `target ≥ ${TARGETS.validationPagesPerSec} pages/s (median): ${status(validation.median >= TARGETS.validationPagesPerSec)}`,
  );

  // 3. Prerender to strings. Warm-up renders a few pages (JIT, React and emotion internals).
  for (const page of project.pages.slice(0, PRERENDER_WARMUP_PAGES))
    renderPage(page, project, blockMap, FAKE_ASSETS);
  const prerenderMs: number[] = [];
  let htmlChars = 0;
  for (let i = 0; i < PRERENDER_RUNS; i++) {
    htmlChars = 0;
    const t0 = performance.now();
    for (const page of project.pages)
      htmlChars += renderPage(page, project, blockMap, FAKE_ASSETS).html.length;
    prerenderMs.push(performance.now() - t0);
  }
  const prerender = { ...throughput(routeCount, prerenderMs), htmlChars };
  console.log(
    `\nPrerender (renderPage to HTML strings, no disk writes, ${fmtInt(routeCount)} pages; warm-up of ` +
      `${PRERENDER_WARMUP_PAGES} pages, then ${PRERENDER_RUNS} timed runs: ${prerenderMs.map(fmtMs).join(', ')}; ` +
      `${fmtInt(htmlChars)} characters of HTML per run)`,
  );
  console.log(
    `  best ${fmtRate(prerender.best)}, median ${fmtRate(prerender.median)}  ` +
      `target ≥ ${TARGETS.prerenderPagesPerSec} pages/s (median): ${status(prerender.median >= TARGETS.prerenderPagesPerSec)}`,
  );

  // 4. Full build of the big site (validate + Vite bundle + prerender + write files). Cold: an empty
  // cache of client bundles, so Vite bundles as it does after a block changed (client-cache.ts).
  const bigOut = path.join(tmp, 'out-big');
  const t0 = performance.now();
  const bigReport = await buildSite({
    root: ROOT,
    pagesDir,
    outDir: bigOut,
    clientCache: path.join(tmp, 'client-cache'),
  });
  const build = {
    routes: bigReport.routes.length,
    seconds: (performance.now() - t0) / 1000,
    timings: bigReport.timings,
  };
  console.log(
    `\nFull build (buildSite, ${fmtInt(build.routes)} routes from ${fmtInt(PAGE_COUNT + 2)} YAML files, temporary outDir)`,
  );
  console.log(
    `  total ${fmtSec(build.seconds)}  target < ${TARGETS.buildSeconds} s: ${status(build.seconds < TARGETS.buildSeconds)}`,
  );
  console.log(`  breakdown: ${fmtTimings(build.timings)}`);

  // 5. The real site, built into a temporary outDir: gzipped JS per route.
  const realOut = path.join(tmp, 'out-real');
  const realReport = await buildSite({ root: ROOT, pagesDir: REAL_PAGES, outDir: realOut });
  const js = realReport.routes;
  console.log(
    `\nJavaScript per route of the real site (gzip of every script each route loads, against its budget)`,
  );
  console.log(indent(jsBudgetTable(js)));

  // 6. The size of the built site (what a deploy uploads).
  const dist = await folderSize(realOut);
  console.log(
    `\nSize of the built site: ${fmtInt(dist.files)} files, ${fmtKb(dist.bytes)} (${fmtKb(dist.gzipBytes)} gzipped text)`,
  );

  // 7. Time to first byte and LCP of /agendamento, served locally with gzip, in Chromium.
  const page = await measurePage(realOut, LOADED_ROUTE);
  console.log(
    `\n${LOADED_ROUTE} served locally (gzip, Chromium ${PHONE_SIZE}, no throttling, ${page.runs} fresh loads): ` +
      `TTFB median ${fmtMs(median(page.ttfbMs))}, LCP median ${fmtMs(median(page.lcpMs))}`,
  );

  // 8. Main-thread CPU time of loading each route (fresh contexts, median of each figure).
  const mainThread = await measureMainThread(
    realOut,
    js.map((r) => r.route),
  );
  console.log(
    `\nMain thread while each route loads (CPU ms, median of ${MAIN_THREAD_RUNS} fresh loads; a task over ` +
      `${LONG_TASK_CPU_MS} ms is long on Lighthouse's ${SIMULATED_PHONE_SLOWDOWN}× slower phone)`,
  );
  console.log(indent(mainThreadTable(mainThread)));

  return { machine, routeCount, validation, prerender, build, js, dist, page, mainThread };
}

async function writeDoc(block: string, machine: string): Promise<void> {
  const intro =
    '# Benchmarks\n\n' +
    'Run `npm run bench` (about two minutes). It builds a throwaway site of 1,000 pages in a ' +
    'temporary folder (copies of the real route pages under `/bench/p0001`…, a variant extending ' +
    'the copy of its base, plus `_site.yaml` and `404.yaml`; `scripts/bench-pages.ts`) and measures: validation throughput (YAML parsing and schema ' +
    'validation through `loadProject`, best and median of 3 runs after an untimed warm-up call that ' +
    'compiles the validator), prerender throughput (`renderPage` to HTML strings with fake assets, no ' +
    'disk writes, after a warm-up), the wall time of a full `buildSite` of the 1,000-page site, and ' +
    'the gzipped JavaScript that each route of the real site loads, built into a ' +
    'temporary folder so `dist/` is never touched; then the size of that built site, the time to ' +
    'first byte and LCP of /agendamento, and the main-thread CPU time of loading each route ' +
    '(`scripts/main-thread.ts`: a Chromium trace of 5 fresh loads per route, thread CPU time rather ' +
    'than wall time). The figures below were produced by the script on ' +
    `this machine: ${machine}. The script rewrites the block between the bench markers on every run.\n`;
  let current = '';
  try {
    current = await readFile(DOC_FILE, 'utf8');
  } catch {
    // First run: the file does not exist yet.
  }
  const start = current.indexOf(BLOCK_START);
  const end = current.indexOf(BLOCK_END);
  const text =
    start >= 0 && end > start
      ? current.slice(0, start) + block + current.slice(end + BLOCK_END.length)
      : `${intro}\n${block}\n`;
  if (!existsSync(path.dirname(DOC_FILE))) await mkdir(path.dirname(DOC_FILE), { recursive: true });
  await writeFile(DOC_FILE, text);
  // The README shows the same figures between the same markers.
  const readmeFile = path.join(ROOT, 'README.md');
  const readme = await readFile(readmeFile, 'utf8').catch(() => '');
  const rs = readme.indexOf(BLOCK_START);
  const re = readme.indexOf(BLOCK_END);
  if (rs >= 0 && re > rs) {
    await writeFile(readmeFile, readme.slice(0, rs) + block + readme.slice(re + BLOCK_END.length));
  }
}

function markdownBlock(r: Results): string {
  const lines = [
    BLOCK_START,
    `Machine: ${r.machine}`,
    '',
    '| Measure | Result | Target | Status |',
    '| --- | --- | --- | --- |',
    `| Validation (parse + schema, ${fmtInt(r.routeCount)} pages) | ${fmtRate(r.validation.median)} median, ${fmtRate(r.validation.best)} best | ≥ ${TARGETS.validationPagesPerSec} pages/s | ${status(r.validation.median >= TARGETS.validationPagesPerSec)} |`,
    `| Prerender to HTML strings (${fmtInt(r.routeCount)} pages) | ${fmtRate(r.prerender.median)} median, ${fmtRate(r.prerender.best)} best | ≥ ${TARGETS.prerenderPagesPerSec} pages/s | ${status(r.prerender.median >= TARGETS.prerenderPagesPerSec)} |`,
    `| Full build (${fmtInt(r.build.routes)} routes) | ${fmtSec(r.build.seconds)} (${fmtTimings(r.build.timings)}) | < ${TARGETS.buildSeconds} s | ${status(r.build.seconds < TARGETS.buildSeconds)} |`,
    '',
    'JavaScript loaded per route of the real site (gzipped as served; the build fails over budget):',
    '',
    jsBudgetTable(r.js),
    '',
    `Built site: ${fmtInt(r.dist.files)} files, ${fmtKb(r.dist.bytes)} (${fmtKb(r.dist.gzipBytes)} gzipped text). ` +
      `${r.page.route} served locally with gzip, Chromium at ${PHONE_SIZE} without throttling, median of ${r.page.runs} fresh loads: ` +
      `time to first byte ${fmtMs(median(r.page.ttfbMs))}, LCP ${fmtMs(median(r.page.lcpMs))} ` +
      '(`npm run audit` gives the throttled mobile figures).',
    '',
    `Main thread while each route loads, in CPU time (not wall time, which on a busy machine mostly measures the ` +
      `other processes), median of ${MAIN_THREAD_RUNS} fresh loads until the page has settled. Lighthouse simulates a phone ` +
      `${SIMULATED_PHONE_SLOWDOWN}× slower, so a task over ${LONG_TASK_CPU_MS} ms of CPU here is a long task (over 50 ms) there; ` +
      'Total Blocking Time counts the long tasks after the first contentful paint:',
    '',
    mainThreadTable(r.mainThread),
    BLOCK_END,
  ];
  return lines.join('\n');
}

const LOADED_ROUTE = '/agendamento';
const PAGE_RUNS = 5;
const PAGE_PORT = Number(process.env.BENCH_PORT ?? 4190);

/** Files and bytes of a folder; text files (html, js, css, svg, xml, json, txt) also gzipped. */
async function folderSize(dir: string): Promise<Results['dist']> {
  let files = 0;
  let bytes = 0;
  let gzipBytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const data = await readFile(path.join(entry.parentPath, entry.name));
    files += 1;
    bytes += data.length;
    gzipBytes += /\.(html|js|css|svg|xml|json|txt|webmanifest)$/.test(entry.name)
      ? gzipSize(data)
      : data.length;
  }
  return { files, bytes, gzipBytes };
}

/**
 * Loads a route several times in fresh browser contexts (empty cache) from the built folder
 * served like a static host, and reads the Navigation Timing TTFB (responseStart − startTime)
 * and the last largest-contentful-paint entry after load.
 */
async function measurePage(outDir: string, route: string): Promise<Results['page']> {
  const ttfbMs: number[] = [];
  const lcpMs: number[] = [];
  await withServedSite(outDir, async (browser, origin) => {
    for (let i = 0; i < PAGE_RUNS; i++) {
      const context = await browser.newContext(PHONE_CONTEXT);
      const page = await context.newPage();
      await page.goto(`${origin}${route}`, { waitUntil: 'load' });
      // A string, so the bundler adds no helpers to code that runs in the page.
      const timing = (await page.evaluate(`new Promise((resolve) => {
        const nav = performance.getEntriesByType('navigation')[0];
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const last = entries[entries.length - 1];
          resolve({ ttfb: nav.responseStart - nav.startTime, lcp: last.startTime });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      })`)) as { ttfb: number; lcp: number };
      ttfbMs.push(timing.ttfb);
      lcpMs.push(timing.lcp);
      await context.close();
    }
  });
  return { route, runs: PAGE_RUNS, ttfbMs, lcpMs };
}

const MAIN_THREAD_RUNS = 5;

/** Main-thread CPU time of loading each route, median of each figure over fresh loads. */
async function measureMainThread(outDir: string, routes: string[]): Promise<Results['mainThread']> {
  return withServedSite(outDir, async (browser, origin) => {
    const results: Results['mainThread'] = [];
    for (const route of routes) {
      const loads: MainThreadLoad[] = [];
      for (let i = 0; i < MAIN_THREAD_RUNS; i++)
        loads.push(await traceMainThread(browser, `${origin}${route}`));
      const mid = (key: keyof MainThreadLoad) => median(loads.map((load) => load[key]));
      results.push({
        route,
        median: {
          totalCpuMs: mid('totalCpuMs'),
          longestTaskCpuMs: mid('longestTaskCpuMs'),
          longestAfterPaintCpuMs: mid('longestAfterPaintCpuMs'),
          longTasksAfterPaint: mid('longTasksAfterPaint'),
        },
      });
    }
    return results;
  });
}

/** Serves the built folder like a static host and runs `measure` with a fresh Chromium. */
async function withServedSite<T>(
  outDir: string,
  measure: (browser: Browser, origin: string) => Promise<T>,
): Promise<T> {
  const server = await serveStatic(outDir, PAGE_PORT);
  const browser = await launchChromium();
  try {
    return await measure(browser, `http://127.0.0.1:${PAGE_PORT}`);
  } finally {
    await browser.close();
    server.close();
  }
}

const PHONE_SIZE = `${PHONE_CONTEXT.viewport.width}×${PHONE_CONTEXT.viewport.height}`;

function mainThreadTable(rows: Results['mainThread']): string {
  const ms = (n: number) => n.toFixed(1);
  return [
    '| Route | Main-thread CPU (ms) | Longest task (ms) | Longest task after first paint (ms) | Long tasks after first paint |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      ({ route, median: m }) =>
        `| ${route} | ${ms(m.totalCpuMs)} | ${ms(m.longestTaskCpuMs)} | ${ms(m.longestAfterPaintCpuMs)} | ${m.longTasksAfterPaint} |`,
    ),
  ].join('\n');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const fmtKb = (bytes: number) => `${fmtInt(Math.round(bytes / 1024))} KB`;

function throughput(pages: number, runsMs: number[]) {
  const sorted = [...runsMs].sort((a, b) => a - b);
  const fastest = sorted[0]!;
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return { best: (pages / fastest) * 1000, median: (pages / median) * 1000, runsMs };
}

function machineInfo(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim().replace(/\s+/g, ' ') ?? 'unknown CPU';
  const memGb = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${cpus.length} CPU(s), ${model}, ${memGb} GB RAM, ${os.platform()} ${os.arch()}, Node ${process.version}`;
}

const status = (met: boolean) => (met ? 'met' : 'NOT MET');
const fmtInt = (n: number) => n.toLocaleString('en-US');
const fmtRate = (n: number) => `${fmtInt(Math.round(n))} pages/s`;
const fmtMs = (ms: number) => `${Math.round(ms)} ms`;
const fmtSec = (s: number) => `${s.toFixed(2)} s`;
const fmtTimings = (t: BuildReport['timings']) =>
  `validate ${fmtMs(t.validateMs)}, bundle ${fmtMs(t.bundleMs)}, prerender ${fmtMs(t.prerenderMs)}, total ${fmtMs(t.totalMs)}`;
const indent = (text: string) =>
  text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof PageErrors) console.error(formatProblems(error.problems));
    else if (error instanceof RenderError) console.error(`✖ ${error.message}`, error.cause);
    else console.error(error);
    process.exit(1);
  },
);
