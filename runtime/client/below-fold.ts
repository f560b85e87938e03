/**
 * Content below the first screen is left to the browser to lay out when it nears the viewport
 * (design/below-fold.ts, decision 0013). That keeps the first paint's layout small; this
 * script then lays the rest out, one block per idle moment after the load, so the page's
 * height and every position are real within about a second, without a long task.
 *
 * An in-page link that is clicked before then lays out everything at once: its smooth scroll
 * is planned with the layout of that moment and would otherwise stop short of its section.
 * So does an address with a #section, a reload and Back, where the browser scrolls at load.
 * LAID_OUT_CLASS on <html> marks the page as laid out.
 *
 * `budgetMs` lays out as many blocks per idle moment as fit in it (by default one); the returned
 * function lays out the rest at once. The Estúdio's preview frame does not use this script: it lays
 * its page out itself, in passes sized to a time budget between keystrokes
 * (studio/app/preview/page-runner.ts, decision 0042).
 */
import { BELOW_FOLD_CLASS, LAID_OUT_CLASS } from '../../design/below-fold.ts';

export function layOutBelowFold(doc: Document, { budgetMs = 0 }: { budgetMs?: number } = {}): () => void {
  const root = doc.documentElement;
  const pending = [...doc.getElementsByClassName(BELOW_FOLD_CLASS)];
  const finish = () => {
    pending.length = 0;
    root.classList.add(LAID_OUT_CLASS);
  };
  if (pending.length === 0) {
    finish();
    return finish;
  }
  // Opened at a section (#id), reloaded or reached with Back: the browser is about to scroll
  // to a place in the real layout, so all of it is laid out now.
  const navigation = performance.getEntriesByType?.('navigation')[0] as
    PerformanceNavigationTiming | undefined;
  if (location.hash.length > 1 || navigation?.type === 'reload' || navigation?.type === 'back_forward') {
    finish();
    return finish;
  }
  doc.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element | null)?.closest?.('a[href^="#"]')) finish();
    },
    { capture: true },
  );
  const idle: (run: () => void) => void =
    'requestIdleCallback' in window ? (run) => requestIdleCallback(run) : (run) => setTimeout(run, 16);
  // One block per task (on a slow phone a long page's block takes a few milliseconds), or as
  // many as fit in the budget.
  const step = () => {
    const started = performance.now();
    do {
      const el = pending.shift();
      if (!el) return finish();
      el.classList.remove(BELOW_FOLD_CLASS);
      void (el as HTMLElement).offsetHeight; // laid out now, in this idle moment
    } while (performance.now() - started < budgetMs);
    idle(step);
  };
  if (doc.readyState === 'complete') idle(step);
  else window.addEventListener('load', () => idle(step), { once: true });
  return finish;
}
