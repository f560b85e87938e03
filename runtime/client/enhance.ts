/**
 * Page behaviours that need no React, run on every page that has a script at all:
 * paid-traffic visibility rules, an experiment's impression, page-view and click events,
 * reveal on scroll, the copyright year and the layout of what is below the first screen. The
 * server's HTML is complete without them.
 */
import { isPaidTraffic, SPEC } from '../../schema/constants.ts';
import { trackCtaClick, trackFooterChat, trackPageView } from './analytics.ts';
import { layOutBelowFold } from './below-fold.ts';
import { trackAudience } from './audience.ts';
import { trackExperiment } from './experiment.ts';

export function enhance(doc: Document = document, { belowFold = true }: { belowFold?: boolean } = {}): void {
  applyVisibilityRules(doc);
  const root = doc.documentElement;
  if (root.dataset.scrollTop !== undefined) scrollToTop();
  // Before the page view: an audience's page served at its route counts under its own name.
  trackAudience(doc);
  if (root.dataset.pageView) trackPageView(root.dataset.pageView);
  // After the page view: the impression is the exposure, and the events from here on name it.
  trackExperiment(doc);
  doc.addEventListener('click', (event) => onClick(event, root.dataset.clickEvent ?? 'cta_click'));
  if (belowFold) layOutBelowFold(doc);
  for (const el of doc.querySelectorAll<HTMLElement>('[data-current-year]')) {
    el.textContent = String(new Date().getFullYear());
  }
  if (root.dataset.reveal) startReveal(doc, root.dataset.reveal);
  if (doc.querySelector('[data-log-missing-path]')) logMissingPath(location.pathname);
}

/** The not-found page logs the path that led there, so a broken link can be traced (spec §2). */
export function logMissingPath(pathname: string): void {
  console.warn('404 Error: User attempted to access non-existent route:', pathname);
}

/** Pages with scrollToTop: true open at the top, unless the address names a section (#…). */
function scrollToTop(): void {
  if (location.hash) return;
  history.scrollRestoration = 'manual';
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
}

/** Blocks marked hideFor: paidTraffic are removed before any behaviour runs or island hydrates. */
function applyVisibilityRules(doc: Document): void {
  if (!isPaidTraffic(location.search)) return;
  for (const el of doc.querySelectorAll('[data-hide-for="paidTraffic"]')) el.remove();
}

function onClick(event: MouseEvent, clickEvent: string): void {
  const link = (event.target as Element | null)?.closest?.<HTMLElement>('a[data-track]');
  if (!link) return;
  const section = link.dataset.track!;
  if (link.dataset.trackFooter !== undefined) trackFooterChat(section);
  else trackCtaClick(clickEvent, section, link.dataset.cta ?? 'link');
}

/**
 * Elements with data-reveal get the class "active" when scrolled into view (spec §4):
 * mode "offset" when their top is within 150 px of the viewport bottom, mode
 * "intersection" at 10% visibility. Elements already in view are never hidden.
 *
 * Both modes are one IntersectionObserver ("offset" is a root margin of -150 px at the
 * bottom): the browser computes the positions with its own layout, so the script neither
 * forces a layout at start nor measures every element on each scroll. Hiding starts
 * (class reveal-on) only once the first report has marked what is already in view; without
 * IntersectionObserver nothing is ever hidden.
 *
 * "In view" at that first report is the whole viewport, not the spec's line: text the first
 * paint showed in the bottom 150 px ("offset") stays shown instead of vanishing and fading
 * back when the visitor scrolls (decision 0040).
 */
export function startReveal(doc: Document, mode: string): void {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  if (!('IntersectionObserver' in window)) return;
  const items = [...doc.querySelectorAll<HTMLElement>('[data-reveal]')];
  if (items.length === 0) return;
  // In a frame of another origin (the Estúdio's preview) the implicit root is the top window's
  // viewport, where a root margin is ignored: the frame's own document is named as the root.
  const root = window.top === window ? null : doc;
  const options: IntersectionObserverInit =
    mode === 'intersection'
      ? { root, threshold: SPEC.revealThreshold }
      : { root, rootMargin: `0px 0px -${SPEC.revealOffsetPx}px 0px`, threshold: 0 };
  let started = false;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting && (started || !onFirstScreen(entry, mode))) continue;
      entry.target.classList.add('active');
      observer.unobserve(entry.target);
    }
    if (!started) {
      started = true;
      doc.documentElement.classList.add('reveal-on');
    }
  }, options);
  for (const el of items) observer.observe(el);
}

/** Whether any of the element is inside the viewport (the root without the "offset" margin). */
function onFirstScreen(entry: IntersectionObserverEntry, mode: string): boolean {
  const view = entry.rootBounds;
  const top = view?.top ?? 0;
  const bottom =
    (view?.bottom ?? window.innerHeight) + (mode === 'intersection' || !view ? 0 : SPEC.revealOffsetPx);
  const box = entry.boundingClientRect;
  return box.height > 0 && box.top < bottom && box.bottom > top;
}
