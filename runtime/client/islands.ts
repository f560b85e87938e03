/**
 * When each island of the page hydrates, decided without React: React and the island chunks
 * load only when the first island is due, and never before the first paint, so their bytes
 * and their evaluation stay off the first screen (decision 0011). Strategies (data-hydrate):
 * load (right after the first paint), idle, visible (near the viewport), after (data-hydrate-after
 * ms since the page opened: the popup needs React only a few seconds before it opens).
 * A visible island's code is fetched (not run) when it comes within PREFETCH_MARGIN of the
 * viewport, and a tap on an island that is not live yet hydrates it at once and is replayed
 * once it is (runtime/client/early-taps.ts, decision 0020).
 */
import { catchEarlyTaps } from './early-taps.ts';
import type * as Hydrate from './hydrate.tsx';

/** Visible islands: their chunks are fetched this far from the viewport, hydrated at HYDRATE_MARGIN. */
const PREFETCH_MARGIN = '1000px';
const HYDRATE_MARGIN = '400px';

let react: Promise<typeof Hydrate> | undefined;
let preloaded = false;

/** The island chunks the build lists on the entry script, fetched together (no waterfall), once. */
function preload(): void {
  if (preloaded) return;
  preloaded = true;
  const chunks = document.querySelector<HTMLScriptElement>('script[data-islands]')?.dataset.islands;
  for (const href of chunks?.split(' ') ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

function loadReact(): Promise<typeof Hydrate> {
  preload();
  return (react ??= import('./hydrate.tsx'));
}

export function scheduleIslands(doc: Document = document): void {
  const islands = [...doc.querySelectorAll<HTMLElement>('[data-island]')];
  if (islands.length === 0) return;
  const started = new Set<HTMLElement>();
  const hydrate = (el: HTMLElement) => {
    if (started.has(el)) return;
    started.add(el);
    loadReact()
      .then(({ hydrateIsland }) => hydrateIsland(el))
      .then(
        () => taps.live(el),
        (error: unknown) => {
          if (error !== undefined)
            console.error(`[fillgas] Falha ao carregar o bloco "${el.dataset.island}".`, error);
          taps.failed(el);
        },
      );
  };
  const taps = catchEarlyTaps(islands, hydrate, doc);
  afterFirstPaint(() => {
    for (const el of islands) {
      const run = () => hydrate(el);
      const strategy = el.dataset.hydrate;
      if (strategy === 'visible') {
        whenVisible(el, PREFETCH_MARGIN, preload);
        whenVisible(el, HYDRATE_MARGIN, run);
      } else if (strategy === 'idle') whenIdle(run);
      else if (strategy === 'after')
        setTimeout(run, Math.max(0, Number(el.dataset.hydrateAfter) - performance.now()));
      else run();
    }
  });
}

/** Runs once the next frame has painted (or after a second, when frames are not running: a hidden tab). */
function afterFirstPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 1000);
}

function whenVisible(el: HTMLElement, margin: string, run: () => void): void {
  // The wrapper is display: contents (no box): watch the block's first rendered element,
  // skipping what React 19 hoists in front of it (<link rel="preload"> for eager images, <style>).
  const target =
    [...el.children].find((child) => !['LINK', 'STYLE', 'SCRIPT', 'META'].includes(child.tagName)) ?? el;
  if (!('IntersectionObserver' in window)) return run();
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        run();
      }
    },
    { rootMargin: margin },
  );
  observer.observe(target);
}

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}
