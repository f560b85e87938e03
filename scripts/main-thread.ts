/**
 * Main-thread work of a page load, read from a Chromium trace: how much CPU time the page's
 * renderer main thread spent and how long its longest task was. Used by `npm run bench`.
 *
 * It counts thread CPU time (the trace's `tdur`), not wall time. Lighthouse's Total
 * Blocking Time is computed from wall time multiplied by its simulated 4× slower phone,
 * so on a busy 2-vCPU machine it mostly measures the other processes; the CPU time of a
 * task is what the page itself costs, and it varies far less from run to run. A task
 * whose CPU time exceeds 50 ms / 4 = 12.5 ms is long on Lighthouse's simulated phone even
 * on a quiet machine.
 */
import type { Browser } from 'playwright-core';
import { LAID_OUT_CLASS } from '../design/below-fold.ts';
import { PHONE_CONTEXT } from './chromium.ts';

/** Lighthouse's mobile CPU slowdown and the long-task threshold of Total Blocking Time. */
export const SIMULATED_PHONE_SLOWDOWN = 4;
export const BLOCKING_THRESHOLD_MS = 50;
/** A task longer than this in CPU time is a long task on the simulated phone. */
export const LONG_TASK_CPU_MS = BLOCKING_THRESHOLD_MS / SIMULATED_PHONE_SLOWDOWN;

/** What a page load cost the main thread, in CPU milliseconds. */
export interface MainThreadLoad {
  totalCpuMs: number;
  longestTaskCpuMs: number;
  /** The longest task that started after the first contentful paint (what TBT counts). */
  longestAfterPaintCpuMs: number;
  /** Tasks over LONG_TASK_CPU_MS that started after the first contentful paint. */
  longTasksAfterPaint: number;
}

/** The subset of a Chrome trace event the scripts read (this module, and bench-studio's keystroke CPU). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  cat?: string;
  /** `name`: a thread's, in its `thread_name` metadata event; `beginData`: a parse's document. */
  args?: { name?: string; beginData?: { url?: string } };
}

/** Trace categories that carry the renderer's tasks (RunTask), ParseHTML and the paint marks. */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'];

/**
 * Sums the tasks of the renderer main thread that parsed `pageUrl`, from the task that
 * committed the navigation (or the first parse) to the end of the trace.
 */
export function summarizeMainThread(events: TraceEvent[], pageUrl: string): MainThreadLoad {
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === pageUrl);
  if (!parse) throw new Error(`The trace has no ParseHTML of ${pageUrl}`);
  const onThread = (e: TraceEvent) => e.pid === parse.pid && e.tid === parse.tid;
  const commit = events.find((e) => e.name === 'DocumentLoader::CommitNavigation' && onThread(e));
  const start = commit?.ts ?? parse.ts;
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && onThread(e) && e.ts + (e.dur ?? 0) >= start,
  );
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === parse.pid);
  if (!fcp) throw new Error(`The trace has no first contentful paint of ${pageUrl}`);
  const cpuMs = (t: TraceEvent) => (t.tdur ?? t.dur ?? 0) / 1000;
  const cpu = tasks.map(cpuMs);
  const afterPaint = tasks.filter((t) => t.ts >= fcp.ts).map(cpuMs);
  return {
    totalCpuMs: cpu.reduce((sum, ms) => sum + ms, 0),
    longestTaskCpuMs: Math.max(0, ...cpu),
    longestAfterPaintCpuMs: Math.max(0, ...afterPaint),
    longTasksAfterPaint: afterPaint.filter((ms) => ms > LONG_TASK_CPU_MS).length,
  };
}

/** Chromium now and then returns a trace without the renderer's events; such a load is retried. */
const TRACE_ATTEMPTS = 3;

/**
 * Loads `url` in a fresh context (empty cache, phone viewport) with tracing on, waits until
 * the page has settled (load, then the below-the-fold layout on pages with a script, then
 * half a second for idle work such as island hydration) and summarizes the main thread.
 */
export async function traceMainThread(browser: Browser, url: string): Promise<MainThreadLoad> {
  for (let attempt = 1; ; attempt++) {
    const events = await traceLoad(browser, url);
    try {
      return summarizeMainThread(events, url);
    } catch (error) {
      if (attempt >= TRACE_ATTEMPTS) throw error;
    }
  }
}

async function traceLoad(browser: Browser, url: string): Promise<TraceEvent[]> {
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    const page = await context.newPage();
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(url, { waitUntil: 'load' });
    // A string, so the bundler adds no helpers to code that runs in the page; evaluated over
    // the DevTools protocol, which the page's CSP (no eval) does not apply to.
    await page.evaluate(`new Promise((resolve) => {
      const root = document.documentElement;
      const settled = () => !document.querySelector('script[type=module]') || root.classList.contains('${LAID_OUT_CLASS}');
      if (settled()) return resolve();
      new MutationObserver((_, observer) => {
        if (settled()) { observer.disconnect(); resolve(); }
      }).observe(root, { attributes: true, attributeFilter: ['class'] });
    })`);
    await page.waitForTimeout(500);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    return trace.traceEvents;
  } finally {
    await context.close();
  }
}
