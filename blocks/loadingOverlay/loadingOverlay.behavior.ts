/**
 * The overlay's progress in the browser, in plain DOM: no React ships for it (decision 0011),
 * so it starts counting as soon as the page script runs. The page script runs it on the built
 * site; the component runs it from an effect (Storybook, component tests).
 *
 * Spec §4: from 0, a random step of 1 to maxStep every tickMs; at 100 it shows 100% for
 * hideDelayMs, fades out (FADE_MS), then is hidden for good. The page does not scroll while
 * it covers it. Reduced motion, or the CSS safety cap having faded it out already: it leaves at once.
 */
import { lockScroll } from '../../runtime/behavior-api.ts';

export const FADE_MS = 300;

/** One step of spec §4: a random whole number in [1, maxStep], so progress always moves and never jumps more than maxStep. */
export function randomStep(maxStep: number, random: () => number = Math.random): number {
  return Math.min(maxStep, Math.floor(random() * maxStep) + 1);
}

/**
 * The overlay's bar, its fill and its number at `value` %: each tick here, and the Estúdio's preview
 * when it holds the overlay at 100 % in its state (studio/app/preview/page-runner.ts).
 */
export function showProgress(layer: HTMLElement, value: number): void {
  const bar = layer.querySelector<HTMLElement>('[role="progressbar"]');
  bar?.setAttribute('aria-valuenow', String(value));
  bar?.setAttribute('aria-valuetext', `${value}%`);
  const fill = bar?.firstElementChild as HTMLElement | null | undefined;
  if (fill) fill.style.transform = `scaleX(${value / 100})`;
  // A new node per value: Chrome counts a changed text that moves as a layout shift, a new one not.
  const old = layer.querySelector('.value');
  if (old) {
    const next = old.cloneNode(false) as HTMLElement;
    next.textContent = `${value}%`;
    old.replaceWith(next);
  }
}

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export default function loadingOverlayBehavior(root: HTMLElement): () => void {
  const layer = root.matches('[data-loading-overlay]')
    ? root
    : root.querySelector<HTMLElement>('[data-loading-overlay]');
  if (!layer) return () => {};
  const tickMs = Number(layer.dataset.tickMs);
  const maxStep = Number(layer.dataset.maxStep);
  const hideDelayMs = Number(layer.dataset.hideDelayMs);
  const timers: number[] = [];
  let unlock: (() => void) | undefined;

  const gone = () => {
    unlock?.();
    unlock = undefined;
    layer.dataset.state = 'gone';
    layer.hidden = true;
  };
  // The CSS safety cap (a zero-length animation named in data-safety-hide) may have run out first.
  const capName = layer.dataset.safetyHide;
  const capped = layer
    .getAnimations?.()
    .some((a) => (a as CSSAnimation).animationName === capName && a.playState === 'finished');
  if (prefersReducedMotion() || capped) {
    gone();
    return () => {};
  }
  const onAnimationEnd = (event: AnimationEvent) => {
    if (event.target === layer && event.animationName === capName) {
      for (const timer of timers) window.clearTimeout(timer);
      gone();
    }
  };
  layer.addEventListener('animationend', onAnimationEnd);

  unlock = lockScroll();
  let value = 0;
  const ticker = window.setInterval(() => {
    value = Math.min(100, value + randomStep(maxStep));
    showProgress(layer, value);
    if (value < 100) return;
    window.clearInterval(ticker);
    layer.dataset.state = 'done';
    timers.push(
      window.setTimeout(() => {
        layer.dataset.state = 'hiding';
        unlock?.();
        unlock = undefined;
        timers.push(window.setTimeout(gone, FADE_MS));
      }, hideDelayMs),
    );
  }, tickMs);
  timers.push(ticker);

  return () => {
    for (const timer of timers) window.clearTimeout(timer);
    window.clearInterval(ticker);
    layer.removeEventListener('animationend', onAnimationEnd);
    unlock?.();
  };
}
