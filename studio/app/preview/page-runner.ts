/**
 * The page's own script inside the preview frame (issue 27): the site's behaviours, islands,
 * click tracking and consent run here as on the visitor's phone, from the same modules the
 * page script is built from (runtime/client). What the preview adds:
 * - each render is swapped in without a reload: only the blocks whose markup changed are
 *   replaced (their behaviours stopped and islands unmounted first), the rest keeps running;
 * - nothing leaves the frame: its policy refuses every request, its origin is opaque (no
 *   storage, no cookie), and the analytics events are reported to the Estúdio instead
 *   (the "Eventos" strip);
 * - a state a visitor can meet is shown on demand (the "Estado" control): the popup open, the
 *   phone menu open, a FAQ answer open, another slide, a paid-ad visitor, the consent banner,
 *   the loading overlay. The default state is the page once it has loaded and settled, without
 *   the popup (it opens 30 s after arrival on the site, which would interrupt the author).
 */
import { showProgress } from '../../../blocks/loadingOverlay/loadingOverlay.behavior.ts';
import { BELOW_FOLD_CLASS, LAID_OUT_CLASS } from '../../../design/below-fold.ts';
import { runBehaviors, stopBehaviors } from '../../../runtime/client/behaviors.ts';
import { initConsent } from '../../../runtime/client/consent.ts';
import { enhance, startReveal } from '../../../runtime/client/enhance.ts';
import { forgetMemoryFlags } from '../../../runtime/client/session-flags.ts';
import type * as HydrateModule from '../../../runtime/client/hydrate.tsx';
import type { PreviewStateId } from './states.ts';
import { editedBlock, takeMarks } from './inline-edit.ts';
import {
  BLOCK_TAG,
  closeMark,
  joinRender,
  openMark,
  withoutMarks,
  type RenderParts,
} from '../../../runtime/dev/browser.ts';

const TAG = BLOCK_TAG;

let current: RenderParts | undefined;
/**
 * Blocks whose renders were held back while a text in them was edited (editedBlock): the markup
 * they show, older than `current`'s.
 */
const held = new Map<number, string>();
let state: PreviewStateId = 'pagina';
/**
 * The block and text the author last edited in place: a render that differs from the one shown
 * only inside that text (its last keystrokes, arriving after editing ended) is not swapped in.
 */
let justEdited: { index: number; n: number } | undefined;
let started = false;
/** Bumped on every render and state change: work still pending for an older one stops. */
let generation = 0;

/** A block's markup as nodes of this document. */
function parseBlock(markup: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = markup;
  return template.content;
}

/** Scripts never run from a render: the frame's policy allows the agent alone. */
function withoutScripts(nodes: Node[]): Node[] {
  return nodes.filter((n) => !(n instanceof Element && n.tagName === 'SCRIPT' && !isData(n)));
}
const isData = (el: Element) => /json/.test(el.getAttribute('type') ?? '');

/**
 * React and the islands' code (runtime/client/hydrate.tsx, most of the agent's bytes), imported
 * when a page's first island is due: most pages have none, and a page's islands wait to be near
 * or for their state (run below). Split off by the Estúdio's server (preview-agent.ts's `parts`),
 * or in the one file.
 */
type Hydrate = typeof HydrateModule;
let hydrate: Promise<Hydrate> | undefined;
/** Once imported: until then no island is live, and there is nothing to unmount. */
let hydrateModule: Hydrate | undefined;
const loadHydrate = () =>
  (hydrate ??= import('../../../runtime/client/hydrate.tsx').then(
    (module) => (hydrateModule = module),
    (error: unknown) => {
      hydrate = undefined;
      throw error;
    },
  ));

/** Stops what runs under `root`: its blocks' behaviours and islands. */
function stop(root: ParentNode): void {
  stopBehaviors(root);
  hydrateModule?.unmountIslands(root);
}

/**
 * Swaps in a render of the page. Returns once the page's script has run on what changed (its
 * islands hydrated), so that the Estúdio's "rendered" means the visitor's page.
 */
export async function showRender(rendered: RenderParts, keep: (n: Node) => boolean): Promise<void> {
  const gen = ++generation;
  const scroll = scrollY;

  const changed: Element[] = [];
  const reopen = new Map<Element, number[]>();
  if (current && current.skeleton === rendered.skeleton && current.blocks.length === rendered.blocks.length) {
    // Same page around the blocks: the head if it changed (title, styles), then only the blocks
    // whose markup changed.
    if (rendered.head !== current.head && !dataChangedAlone(current.head, rendered.head)) {
      showHead(
        new DOMParser().parseFromString(`${rendered.head}</head><body></body></html>`, 'text/html'),
        keep,
      );
      await webFontsIn();
    }
    const edited = editedBlock();
    rendered.blocks.forEach((markup, index) => {
      if (markup === current!.blocks[index]) return;
      if (index === edited) {
        if (!held.has(index)) held.set(index, current!.blocks[index]!);
        return;
      }
      // The render of the last keystrokes, arriving after editing ended: the screen shows it already.
      if (
        justEdited?.index === index &&
        onlyTextChanged(current!.blocks[index]!, markup, justEdited.n) &&
        showsText(index, markup, justEdited.n)
      )
        return;
      if (justEdited?.index === index) justEdited = undefined;
      held.delete(index);
      const live = document.querySelector(`${TAG}[data-index="${index}"]`);
      if (!live) return;
      // What the author opened in it (an answer just edited, the phone menu) stays open: the
      // render that follows the end of editing (its last keystrokes) would otherwise close it.
      const opened = openedIn(live);
      if (opened.length > 0) reopen.set(live, opened);
      stop(live);
      const fresh = parseBlock(markup);
      for (const script of fresh.querySelectorAll('script')) if (!isData(script)) script.remove();
      takeMarks(fresh);
      live.replaceChildren(fresh);
      changed.push(live);
    });
  } else {
    held.clear();
    const next = new DOMParser().parseFromString(joinRender(rendered), 'text/html');
    showHead(next, keep);
    await webFontsIn();
    stop(document.body);
    const body = document.importNode(next.body, true);
    for (const script of body.querySelectorAll('script')) if (!isData(script)) script.remove();
    takeMarks(body);
    document.body.replaceWith(body);
    changed.push(document.body);
  }
  current = rendered;

  if (!started) {
    // Once per frame, as main.ts does once per page: consent defaults, then the page's own
    // listeners (click tracking, the below-the-fold layout) on the document, which outlives renders.
    started = true;
    initConsent(document);
    // What is below the fold is laid out after the first render, as the site's script does it
    // (a 200-block page opens with only its first screen laid out in each frame), but many blocks
    // per pass: layOutBelowFold's pass per block cost a 200-block page seconds of CPU per frame.
    layOutLater();
    enhance(document, { belowFold: false });
    // A frame whose first render comes after the author chose the loading overlay's state (a frame
    // added or reloaded while it is chosen) holds the overlay too.
    if (state === 'carregamento') settleOverlays(document.body);
  } else {
    lastEditRender = performance.now();
    settle(changed, changed[0] === document.body);
  }
  // (Asking for the scroll position lays the page out: only after a whole new body.)
  if (changed[0] === document.body && scrollY !== scroll) scrollTo(0, scroll);
  await run(changed, gen);
  if (gen === generation) for (const [live, opened] of reopen) openAgain(live, opened);
}

/**
 * What waits below the fold (content-visibility: auto, decision 0013) is laid out in passes of
 * several blocks: a pass (a style and layout of the document) costs about 5 ms of CPU however
 * little it lays out, and a block about 1 ms more, so the site's pass per block
 * (runtime/client/below-fold.ts) cost a 200-block page a second of CPU and more per frame, with a
 * paint after each few. The blocks per pass grow (up to MOST_PER_PASS) while a pass takes under a
 * quarter of its slice and shrink when one takes longer than the slice, never under
 * LEAST_PER_PASS: on a busy machine every pass takes longer by the clock, and passes of one block
 * each would make the work several times larger.
 */
const LEAST_PER_PASS = 12;
const MOST_PER_PASS = 64;
let perPass = LEAST_PER_PASS;

/** `el` is above `upTo`, holds it or is in it. */
function upToIt(el: Element, upTo: Element): boolean {
  const above = Node.DOCUMENT_POSITION_FOLLOWING | Node.DOCUMENT_POSITION_CONTAINED_BY;
  return Boolean(el.compareDocumentPosition(upTo) & above) || upTo.contains(el);
}

/**
 * Lays out what waits below the fold, in document order (with `upTo`, only what is above it, holds
 * it or is in it), for about `budgetMs`; true when some of it is left for later.
 */
function layOutFor(budgetMs: number, upTo?: Element): boolean {
  const started = performance.now();
  const waiting = [...document.getElementsByClassName(BELOW_FOLD_CLASS)];
  // In document order: once one is below `upTo`, all the rest are.
  const below = upTo ? waiting.findIndex((el) => !upToIt(el, upTo)) : -1;
  const count = below < 0 ? waiting.length : below;
  for (let at = 0; at < count;) {
    const pass = performance.now();
    for (const end = Math.min(count, at + perPass); at < end; at++)
      waiting[at]!.classList.remove(BELOW_FOLD_CLASS);
    void document.documentElement.offsetHeight; // one style and layout pass for all of them
    const took = performance.now() - pass;
    if (took < budgetMs / 4) perPass = Math.min(perPass * 2, MOST_PER_PASS);
    else if (took > budgetMs) perPass = Math.max(LEAST_PER_PASS, Math.floor(perPass / 2));
    if (at < count && performance.now() - started >= budgetMs) return true;
  }
  if (count === waiting.length) document.documentElement.classList.add(LAID_OUT_CLASS);
  return false;
}

/** At most this much layout per idle moment (an idle moment gives at most 50 ms). */
const IDLE_SLICE_MS = 40;

/**
 * While the author types (a render swapped in after the first, less than this long ago), the
 * layout below the fold waits. A keystroke's render arriving during one of its idle slices waited
 * for the slice to end (up to 40 ms, longer on a busy machine), and in "Os dois" both frames'
 * slices are on one thread: on a 200-block page the first seconds of typing met them at every
 * keystroke. It goes on at the first pause; the place of a chosen block is still reached at once
 * (reachBlock), and what comes into view is laid out by the browser as on the site.
 */
const TYPING_PAUSE_MS = 400;
/** When the last render after the first was swapped in (performance.now()). */
let lastEditRender = -Infinity;

/**
 * After the first render: the rest of the page laid out in idle moments (a render, a paint, a
 * chosen block's reaching go first), then LAID_OUT_CLASS on <html>, as the site's script does.
 * An in-page link clicked before then lays out all of it at once, as on the site (its smooth
 * scroll is planned with the layout of that moment).
 */
function layOutLater(): void {
  document.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element | null)?.closest?.('a[href^="#"]')) {
        for (const el of [...document.getElementsByClassName(BELOW_FOLD_CLASS)])
          el.classList.remove(BELOW_FOLD_CLASS);
        document.documentElement.classList.add(LAID_OUT_CLASS);
      }
    },
    { capture: true },
  );
  const step = (deadline: IdleDeadline) => {
    const typed = performance.now() - lastEditRender;
    if (typed < TYPING_PAUSE_MS) setTimeout(() => requestIdleCallback(step), TYPING_PAUSE_MS - typed);
    else if (layOutFor(Math.min(IDLE_SLICE_MS, Math.max(5, deadline.timeRemaining()))))
      requestIdleCallback(step);
  };
  requestIdleCallback(step);
}

/** Milliseconds of layout per task while a chosen block's real place is reached (reachBlock). */
const REACH_SLICE_MS = 20;
/** Bumped by each reachBlock: the slices of an older choice stop. */
let reaching = 0;

/** Runs `next` in a task of its own, after what is already queued (a render message, a paint). */
const slices: (() => void)[] = [];
const sliceChannel = new MessageChannel();
sliceChannel.port1.onmessage = () => slices.shift()?.();
const inTaskOfItsOwn = (next: () => void) => {
  slices.push(next);
  sliceChannel.port2.postMessage(null);
};

/**
 * Lays out what waits below the fold above the block `find` gives and in it, so that its position
 * is the page's real one (what is below it still waits: choosing the hero of a 200-block page does
 * not lay out the 198 blocks after it), then calls `reached`. Near the end of a long page, soon
 * after it opened, that is most of the page (190–280 ms of CPU at 1280 px): done a slice at a
 * time, each a task of its own, so that a render arriving meanwhile (the author's keystroke) is
 * swapped in and painted between two slices instead of after all of them, in this frame and in
 * the other frame of "Os dois" (both run on one thread). `between` runs after each slice that left
 * work for later. A newer call stops an older one; so does the block's disappearance.
 */
export function reachBlock(
  find: () => Element | null,
  between: (el: Element) => void,
  reached: (el: Element | null) => void,
): void {
  const token = ++reaching;
  const slice = () => {
    if (token !== reaching) return;
    const el = find();
    if (el && layOutFor(REACH_SLICE_MS, el)) {
      between(el);
      inTaskOfItsOwn(slice);
    } else reached(el);
  };
  slice();
}

/** Longer than any local answer; past it the render is shown anyway (in the fallback, for this frame). */
const FONT_WAIT_MS = 5000;

/**
 * The site's web faces are `font-display: optional` (decision 0028). In a document that has
 * already painted, Chromium then uses a face only if no text in it was painted while the file was
 * still on its way; otherwise the fallback stays for the document's life. The frame has painted
 * (its empty page) before the first render arrives, so whether the preview showed Inter and
 * Poppins or their fallbacks depended on whether the Estúdio's answer beat the first paint of the
 * text. The faces a new head declares are loaded before any text goes in: the frame shows the
 * page as a returning visitor sees it (the files cached: the brand's faces), every time.
 */
async function webFontsIn(): Promise<void> {
  const pending = [...document.fonts].filter(
    (face) => face.display === 'optional' && (face.status === 'unloaded' || face.status === 'loading'),
  );
  if (pending.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled(pending.map((face) => face.load())),
    new Promise((resolve) => (timer = setTimeout(resolve, FONT_WAIT_MS))),
  ]);
  clearTimeout(timer);
}

const DATA_SCRIPT = '<script type="application/ld+json">';

/**
 * A head that differs from the one shown only inside a structured-data script: that script's text
 * written, and true. A FAQ's questions and answers are in the page's JSON-LD, so each keystroke in
 * an answer changed the head, which was parsed whole (its styles too) and compared node by node
 * in each frame before the block was swapped in. Anything else (a title, a style, <html>'s
 * attributes): false, and the head is shown as a whole (showHead).
 */
export function dataChangedAlone(before: string, after: string): boolean {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < shorter - start &&
    before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)
  )
    end++;
  // The changed range, [start, after.length - end) in `after`, inside one script's text.
  const open = after.lastIndexOf(DATA_SCRIPT, start);
  if (open < 0 || open + DATA_SCRIPT.length > start) return false;
  const close = after.indexOf('</script>', open);
  if (close < after.length - end) return false;
  const scripts = document.head.querySelectorAll('script[type="application/ld+json"]');
  if (after.split(DATA_SCRIPT).length - 1 !== scripts.length) return false;
  const script = scripts[after.slice(0, open).split(DATA_SCRIPT).length - 1];
  if (!script) return false;
  script.textContent = after.slice(open + DATA_SCRIPT.length, close);
  return true;
}

/** The head of a render (its scripts left out, the agent's own nodes kept) and <html>'s attributes. */
function showHead(next: Document, keep: (n: Node) => boolean): void {
  const kept = [...document.head.childNodes].filter(keep);
  const live = [...document.head.childNodes].filter((n) => !keep(n));
  const fresh = withoutScripts([...next.head.childNodes]);
  if (live.length === fresh.length) {
    // Node by node: a new title does not replace the style elements (no restyle of the page).
    fresh.forEach((node, i) => {
      if (!live[i]!.isEqualNode(node)) live[i]!.replaceWith(document.importNode(node, true));
    });
  } else document.head.replaceChildren(...fresh.map((n) => document.importNode(n, true)), ...kept);
  syncRootAttributes(next.documentElement, next.head.querySelector('script[type="module"]') !== null);
}

/** <html>'s attributes as rendered (data-route, data-page-view…), plus what the pre-paint script adds. */
function syncRootAttributes(next: HTMLElement, hasScript: boolean): void {
  // Only what differs: any write to <html> restyles the whole page (a long page: hundreds of ms).
  const root = document.documentElement;
  for (const { name } of [...root.attributes])
    if (name !== 'class' && !next.hasAttribute(name)) root.removeAttribute(name);
  for (const { name, value } of [...next.attributes])
    if (name !== 'class' && root.getAttribute(name) !== value) root.setAttribute(name, value);
  if (root.classList.contains('js') !== hasScript) root.classList.toggle('js', hasScript);
}

/**
 * Markup swapped in after the page opened is shown as the page shows it once settled: laid out,
 * with this year; a whole new page reveals its sections as they come into view, as on arrival,
 * while a changed block (already in view, being edited) shows at once.
 */
function settle(roots: Element[], wholePage = false): void {
  const reveal = document.documentElement.dataset.reveal;
  if (wholePage && reveal) {
    document.documentElement.classList.remove('reveal-on');
    startReveal(document, reveal);
  }
  for (const root of roots) {
    for (const el of root.querySelectorAll(`.${BELOW_FOLD_CLASS}`)) el.classList.remove(BELOW_FOLD_CLASS);
    root.closest(`.${BELOW_FOLD_CLASS}`)?.classList.remove(BELOW_FOLD_CLASS);
    if (!wholePage) for (const el of root.querySelectorAll('[data-reveal]')) el.classList.add('active');
    for (const el of root.querySelectorAll('[data-current-year]'))
      el.textContent = String(new Date().getFullYear());
    // The loading overlay covers the page only on arrival, and in its state.
    settleOverlays(root);
  }
}

/**
 * The loading overlays under `root` leave the screen, or in their state stay on it: their behaviour
 * (count to 100 %, fade) and the CSS safety cap would take them away in seconds, while the author
 * reads and edits their texts.
 */
function settleOverlays(root: Element): void {
  for (const layer of root.querySelectorAll<HTMLElement>('[data-loading-overlay]')) {
    layer.closest('[data-behavior]')?.removeAttribute('data-behavior');
    if (state === 'carregamento') holdOverlay(layer);
    else {
      layer.dataset.state = 'gone';
      layer.hidden = true;
    }
  }
}

/** The loading overlay on screen as it is at its end (100 %), kept there: no fade, no safety cap. */
function holdOverlay(layer: HTMLElement): void {
  layer.dataset.state = 'done';
  layer.hidden = false;
  layer.style.animation = 'none';
  showProgress(layer, 100);
}

/** Runs the page's behaviours and hydrates its islands under `roots`, then shows the state. */
async function run(roots: Element[], gen: number): Promise<void> {
  const behaviours = Promise.all(roots.map((root) => runBehaviors(root)));
  const islands = roots.flatMap((root) => [...root.querySelectorAll<HTMLElement>('[data-island]')]);
  // A whole page's islands that wait to be seen on the site wait here too (a long page would
  // otherwise start dozens of them before the author can type); a swapped block's start at once.
  const wholePage = roots[0] === document.body;
  await Promise.all(
    islands.map((el) => {
      if (el.dataset.island === 'popup') {
        // Shown only in its state, and then at once: the visitor meets it 30 s after arriving.
        if (state !== 'popup') return undefined;
        forgetMemoryFlags();
        el.dataset.props = JSON.stringify({ ...JSON.parse(el.dataset.props ?? '{}'), delayMs: 0 });
      }
      if (wholePage && el.dataset.hydrate === 'visible') return whenNear(el, () => void start(el));
      return start(el);
    }),
  );
  await behaviours;
  if (gen === generation) await applyState(roots);
}

const hydrating = new WeakSet<HTMLElement>();

/** Hydrates an island once (a state may need one the page has not reached yet). */
function start(el: HTMLElement): Promise<void> {
  if (hydrating.has(el) || !el.isConnected) return Promise.resolve();
  hydrating.add(el);
  return loadHydrate()
    .then(({ hydrateIsland }) => (el.isConnected ? hydrateIsland(el) : undefined))
    .catch(() => undefined);
}

/** Runs `then` once the island is near the frame's viewport (as the site's islands.ts waits). */
function whenNear(el: HTMLElement, then: () => void): void {
  const target =
    [...el.children].find((child) => !['LINK', 'STYLE', 'SCRIPT', 'META'].includes(child.tagName)) ?? el;
  // The frame's own document as the root: in a cross-origin frame the implicit root is the top
  // window, where a margin is ignored.
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      then();
    },
    { root: document, rootMargin: '200px' },
  );
  observer.observe(target);
}

/** Shows a state on the page as it is now. */
export async function showState(next: PreviewStateId): Promise<void> {
  const gen = ++generation;
  const previous = state;
  state = next;
  // The blocks the old and the new state concern start again from their rendered markup.
  const selectors = [...affectedBy(previous), ...affectedBy(next)];
  const touched = [...document.querySelectorAll(TAG)].filter((el) => {
    const markup = current?.blocks[Number(el.getAttribute('data-index'))] ?? '';
    return selectors.some((marker) => markup.includes(marker));
  });
  for (const el of touched) {
    const markup = current?.blocks[Number(el.getAttribute('data-index'))];
    if (markup === undefined) continue;
    held.delete(Number(el.getAttribute('data-index')));
    stop(el);
    el.innerHTML = markup;
    takeMarks(el);
  }
  settle(touched);
  if (gen !== generation) return;
  await run(touched, gen);
  if (previous === 'cookies') document.querySelector('.fg-consent')?.remove();
  if (touched.length === 0 && gen === generation) await applyState([document.body]);
}

/**
 * After editing text `n` of a block in place: the block shown from the last render, if renders
 * were held back while the author typed (unless the screen shows it already: the only change is
 * inside that text, which is what was typed), or if a part of an element was wrapped for editing
 * (`force`). What the author opened in the block (an answer, the menu) is opened again.
 */
export async function showBlockAfresh(index: number, n: number, force: boolean): Promise<void> {
  justEdited = force ? undefined : { index, n };
  const el = document.querySelector(`${TAG}[data-index="${index}"]`);
  const markup = current?.blocks[index];
  const shown = held.get(index);
  held.delete(index);
  if (!el || markup === undefined) return;
  if (!force && (shown === undefined || onlyTextChanged(shown, markup, n))) return;
  const gen = ++generation;
  const opened = openedIn(el);
  stop(el);
  el.innerHTML = markup;
  takeMarks(el);
  settle([el]);
  await run([el], gen);
  if (gen === generation) openAgain(el, opened);
}

/** `before` and `after` differ only between text `n`'s marks, each written once and in no island. */
function onlyTextChanged(before: string, after: string, n: number): boolean {
  const strip = (markup: string): string | undefined => {
    const from = markup.indexOf(openMark(n));
    const to = markup.indexOf(closeMark(n));
    if (from < 0 || to < from || markup.indexOf(openMark(n), from + 1) >= 0) return undefined;
    return markup.slice(0, from) + markup.slice(to);
  };
  const a = strip(before);
  return a !== undefined && !before.includes('data-island') && a === strip(after);
}

/**
 * Block `index` on screen shows text `n` as `markup` has it (the words compared without spaces):
 * what the author typed in place, not a later change of that text in the code or the form.
 */
function showsText(index: number, markup: string, n: number): boolean {
  const from = markup.indexOf(openMark(n));
  const to = markup.indexOf(closeMark(n));
  const el = document.querySelector(`${TAG}[data-index="${index}"] [data-estudio-leaf="${n}"]`);
  if (from < 0 || to < from || !el) return false;
  const template = document.createElement('template');
  template.innerHTML = markup.slice(from + openMark(n).length, to);
  const bare = (text: string) => withoutMarks(text).replace(/[\s\u00a0]+/g, '');
  return bare(template.content.textContent ?? '') === bare(el.textContent ?? '');
}

/** Which of a block's disclosure buttons are open (by their order in the block). */
function openedIn(el: Element): number[] {
  return [...el.querySelectorAll('button[aria-expanded]')].flatMap((button, i) =>
    button.getAttribute('aria-expanded') === 'true' ? [i] : [],
  );
}

function openAgain(el: Element, opened: number[]): void {
  const buttons = [...el.querySelectorAll<HTMLElement>('button[aria-expanded]')];
  const closed = opened.filter((i) => buttons[i]?.getAttribute('aria-expanded') === 'false');
  if (closed.length === 0) return;
  // At once, without the opening's animation: the author sees what was there before the swap, and
  // nothing below moves while the next text is being reached (agent.ts: data-estudio-instant).
  el.setAttribute('data-estudio-instant', '');
  for (const i of closed) buttons[i]!.click();
  void (el.firstElementChild ?? el).getBoundingClientRect();
  requestAnimationFrame(() => requestAnimationFrame(() => el.removeAttribute('data-estudio-instant')));
}

/** What marks the markup a state changes (as the server writes it): those blocks start afresh. */
function affectedBy(id: PreviewStateId): string[] {
  switch (id) {
    case 'menu':
      return ['data-behavior="navbar"'];
    case 'faq':
      return ['data-behavior="faq"'];
    case 'slide-2':
    case 'slide-3':
      return ['data-island="gallery"', 'data-island="testimonials"'];
    case 'popup':
      return ['data-island="popup"'];
    case 'pago':
      return ['data-hide-for="paidTraffic"'];
    case 'carregamento':
      return ['data-behavior="loadingOverlay"'];
    default:
      return [];
  }
}

async function applyState(roots: Element[]): Promise<void> {
  const within = (selector: string) => roots.flatMap((r) => [...r.querySelectorAll<HTMLElement>(selector)]);
  switch (state) {
    case 'menu':
      // The phone's menu button; on a wide screen the links are all in view and there is none.
      for (const button of within('[data-behavior="navbar"] button[aria-expanded="false"]'))
        if (button.getClientRects().length > 0) button.click();
      break;
    case 'faq':
      within('[data-behavior="faq"] button[aria-expanded="false"]')[0]?.click();
      break;
    case 'slide-2':
    case 'slide-3':
      for (const island of within('[data-island="gallery"], [data-island="testimonials"]')) {
        await start(island);
        const next = island.querySelector<HTMLElement>('button[aria-label^="Próxim"]');
        for (let i = state === 'slide-2' ? 1 : 2; i > 0 && next; i--) {
          next.click();
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
      }
      break;
    case 'pago':
      for (const el of within('[data-hide-for="paidTraffic"]')) el.remove();
      break;
    case 'cookies':
      if (!document.querySelector('.fg-consent')) {
        const { showBanner } = await import('../../../runtime/client/consent-banner.ts');
        const close = () => document.querySelector('.fg-consent')?.remove();
        showBanner(document, undefined, { readChoice: () => undefined, decide: close });
      }
      break;
    default:
      break;
  }
}

/**
 * The frame's origin is opaque, so reading document.cookie throws where a visitor's browser
 * answers: the page's script (the experiment's exposure reads its cookie) gets an empty jar
 * that forgets what it is given. Storage throws here as in a private window; the page script
 * already copes with that.
 */
export function emptyCookieJar(): void {
  Object.defineProperty(document, 'cookie', { configurable: true, get: () => '', set: () => undefined });
}

/**
 * Analytics events are reported, not sent: the page pushes them to window.dataLayer, which here
 * hands each one to `report` (plain data only: gtag's command arguments are left out).
 */
export function reportEvents(report: (event: Record<string, unknown>, byClick: boolean) => void): void {
  const layer: Record<string, unknown>[] = [];
  layer.push = (...events: Record<string, unknown>[]) => {
    // Sent from a click's handler (a call to action), or by the page itself (its page view).
    const byClick = window.event?.type === 'click';
    for (const event of events)
      if (event && typeof event === 'object' && typeof event.event === 'string' && !isArguments(event))
        report(JSON.parse(JSON.stringify(event)) as Record<string, unknown>, byClick);
    return Array.prototype.push.apply(layer, events);
  };
  window.dataLayer = layer;
}
const isArguments = (value: object) => Object.prototype.toString.call(value) === '[object Arguments]';

/**
 * The page's script may move the focus (the popup's dialog takes it when it opens, and gives it
 * back when it closes). In the preview that happens on every render that swaps such a block in,
 * while the author types somewhere else: in the other preview frame, in the code panel, in the
 * form. A frame whose document does not have the focus does not take it.
 */
export function keepFocusWithTheAuthor(): void {
  for (const proto of [HTMLElement.prototype, SVGElement.prototype]) {
    const focus = proto.focus;
    proto.focus = function (this: HTMLElement | SVGElement, options?: FocusOptions) {
      if (document.hasFocus()) focus.call(this, options);
    };
  }
}
