/**
 * Editing on the page from the keyboard (session 22): every text and image the author may change
 * in place (inline-edit.ts, inline-media.ts) is reached with Tab, in the page's order, and Enter
 * (or F2) edits it as a click does. Only in the Estúdio's preview frame: the visitor's page never
 * runs this module and has none of its attributes.
 *
 * - **A stop per place.** A marked text or image is a tab stop of its own (`tabindex="0"`, added
 *   here), unless it is inside a link or a button: then that link or button, already in the tab
 *   order, is its stop, and the text is reached once, as the link. Enter or F2 on it edits its
 *   label (the link is not followed, the button not pressed); Space still presses a button (a
 *   question of the FAQ opens its answer, whose text is the next stop). A stop that holds several
 *   texts (a card that is one link, a quote beside its “marks”) steps through them with Tab and
 *   Shift+Tab before the focus leaves it.
 * - **Told and shown.** Each stop's description (aria-description) says what the text is
 *   ("Texto editável: Título principal da página, bloco Abertura da página. Enter ou F2 para
 *   editar."), its name stays the words it shows; a text being edited says how editing ends. The
 *   focused text is outlined (dashed, the hover's colour, with a light halo) with "Enter ou F2:
 *   editar" over it; the focus ring shows only for the keyboard (:focus-visible).
 * - **Its panel.** A text that is a link's label or a list item's (an image of an item too) has
 *   a panel beside it (inline-media.ts: the link's target, the item's add, move and remove). Ctrl+K
 *   (or the context menu key, Shift+F10) on its stop goes into that panel, editing or not; the
 *   stop says so (`aria-keyshortcuts`, "Ctrl+K: destino" in its hint, and while the panel is shown,
 *   its description). Tab from the stop still goes on to the next text (the panel is not in the
 *   way); from the panel, Shift+Tab comes back to the text and Tab goes on to what follows it.
 * - **Back where it was.** Enter (Ctrl+Enter in a text of several paragraphs) keeps, Esc puts
 *   back, and the focus returns to the text, not editing; when a render replaced the element, or
 *   the image picker closed, the same place is found again and focused (`restore`).
 * - Not reached: what the page hides from screen readers (a decorative image in an aria-hidden
 *   layer): a focusable element there would be read as nothing. Those stay for the mouse and the form.
 */
import {
  editableBlocks,
  editedElement,
  editFromKeyboard,
  isEditing,
  keepInView,
  MARK,
  partsOf,
  placesOf,
  targetOf,
  type Part,
} from './inline-edit.ts';
import {
  IMAGE,
  imageOf,
  isPanelKey,
  openPanel,
  panelFollowsFocus,
  panelOffer,
  panelShownFor,
  pickImage,
  type PanelAbout,
} from './inline-media.ts';

const TAG = 'fillgas-block';
/** On an element that is a tab stop for editing: the page's own link or button, or a text given tabindex. */
const STOP = 'data-estudio-stop';
/** On an element whose tabindex="0" was added here (taken away when it no longer holds an editable text). */
const ADDED = 'data-estudio-tabindex';
/** A stop whose focused item is not all of it (one of its texts): the outline is drawn as a box. */
const SUB = 'data-estudio-sub';
const INTERACTIVE = 'a[href], button, summary, select, textarea, input, [role="button"], [role="link"]';
const BOX_CLASS = 'estudio-focus';
const LIVE_ID = 'estudio-anuncio';
const STYLE_ID = 'estudio-inline-keyboard';
const TEXT_HINT = 'Enter ou F2: editar';
const IMAGE_HINT = 'Enter ou F2: trocar imagem';
/** The panel's part of the hint: "destino do botão e item da lista" → "destino e item". */
const panelHint = (offer: string) =>
  ` · Ctrl+K: ${offer.replace(/ do (link|botão)/, '').replace(' da lista', '')}`;
const PANEL = '#estudio-painel';
/** What the focus can reach with Tab (filtered further by tabbable()). */
const FOCUSABLE =
  'a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]';

const CSS = `
[${STOP}]:focus-visible:not([${SUB}]):not([data-estudio-editing]){outline:3px dashed #c2410c!important;outline-offset:3px!important;
  box-shadow:0 0 0 6px rgba(255,255,255,.85)!important}
[${STOP}][${SUB}]:focus-visible:not([data-estudio-editing]){outline:2px solid #c2410c!important;outline-offset:2px!important}
.${BOX_CLASS}{position:absolute;pointer-events:none;z-index:2147483646;border-radius:2px;
  outline:3px dashed #c2410c;outline-offset:3px;box-shadow:0 0 0 6px rgba(255,255,255,.85)}
.${BOX_CLASS}-hint{position:absolute;z-index:2147483647;pointer-events:none;font:600 12px/1.4 system-ui,sans-serif;
  background:#0b2545;color:#fff;padding:2px 8px;border-radius:6px 6px 0 0;white-space:nowrap;
  text-transform:none;letter-spacing:normal}
#${LIVE_ID}{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

/** One thing a stop lets the author change: a text (whole element, or a part of one) or an image. */
type Item =
  | { kind: 'text'; el: HTMLElement; part?: Part; label: string }
  | { kind: 'image'; el: Element; label: string };

/** The item of each stop the focus is on (a stop with several texts). */
const current = new WeakMap<Element, number>();
/**
 * Where the keyboard's focus is, as a place that survives a render (the block, the text's number
 * and which of its places, or the image's number): found again when the element is replaced.
 */
let memory: { index: number; text?: { n: number; nth: number }; image?: number } | undefined;
let installed = false;
/** The focus is being put back (restore): where it lands is already on screen, nothing scrolls. */
let restoring = false;
/** The browser's own focus (an image may be an <svg>): the page runner keeps the page's script from moving the focus. */
const focusHtml = HTMLElement.prototype.focus;
const focusSvg = SVGElement.prototype.focus;

/**
 * Focused where it is: the place was on screen (just edited, or left for the image picker), and a
 * scroll after a render would move the page under the author's pointer.
 */
const focus = (el: Element) =>
  el instanceof SVGElement
    ? focusSvg.call(el, { preventScroll: true })
    : focusHtml.call(el as HTMLElement, { preventScroll: true });

function install(): void {
  if (installed) return;
  installed = true;
  // After inline-edit.ts's keydown (installed before): while a text is edited, its keys are its own.
  addEventListener('keydown', onKeyDown, true);
  document.addEventListener('focusin', onFocusIn, true);
  document.addEventListener('focusout', onFocusOut, true);
  // A pointer elsewhere: the place the keyboard was on is not brought back after a render.
  addEventListener('pointerdown', () => (memory = undefined), true);
  // The frame focused again (the image picker closed, the author came back with Tab): the place.
  addEventListener('focus', () => setTimeout(restore, 0));
  addEventListener('resize', drawBox);
}

/** The stop of a marked text or image: the link or button it is in, else its outermost marked element. */
function stopOf(el: Element): Element | undefined {
  const block = el.closest(TAG);
  if (!block) return undefined;
  const interactive = el.closest(INTERACTIVE);
  if (interactive && block.contains(interactive)) return interactive;
  let stop: Element = el;
  for (let up = el.parentElement; up && up !== block; up = up.parentElement)
    if (up.hasAttribute(MARK) || up.hasAttribute(IMAGE)) stop = up;
  return stop;
}

/** Hidden from screen readers by the page (a decorative layer): a focus there would be read as nothing. */
const hiddenByPage = (el: Element) => Boolean(el.parentElement?.closest('[aria-hidden="true"], [inert]'));

/** The texts and images the author may change at `stop`, in the page's order. */
function itemsOf(stop: Element): Item[] {
  const out: Item[] = [];
  const inside = [stop, ...stop.querySelectorAll(`[${MARK}], [${IMAGE}]`)].filter(
    (el) => (el.hasAttribute(MARK) || el.hasAttribute(IMAGE)) && !el.classList.contains('estudio-part'),
  );
  for (const el of inside) {
    if (stopOf(el) !== stop) continue;
    if (el.hasAttribute(IMAGE)) {
      const image = imageOf(el);
      if (image) out.push({ kind: 'image', el, label: image.label ?? 'imagem' });
      continue;
    }
    if (!(el instanceof HTMLElement)) continue;
    // A text shown inside another one of the host (a city named in the quote) is edited as part
    // of that one, as a click there does: one item, the outer.
    const all = partsOf(el);
    const parts = all.filter(
      (p) =>
        !all.some(
          (o) => o !== p && o.start <= p.start && o.end >= p.end && o.end - o.start > p.end - p.start,
        ),
    );
    for (const part of parts.length > 0 ? parts : [undefined]) {
      const target = targetOf(el, part);
      if (target) out.push({ kind: 'text', el, ...(part ? { part } : {}), label: target.label ?? 'texto' });
    }
  }
  // In the order they are read: a badge drawn before its host's words comes first.
  const starts = new Map(out.map((item) => [item, startOf(item)]));
  return out.sort((a, b) => starts.get(a)!.compareBoundaryPoints(Range.START_TO_START, starts.get(b)!));
}

/** Where an item starts in the document, as a collapsed range. */
function startOf(item: Item): Range {
  const range = item.kind === 'text' && item.part ? rangeOf(item.el, item.part) : undefined;
  if (range) return range;
  const at = document.createRange();
  at.selectNodeContents(item.el);
  at.collapse(true);
  return at;
}

/**
 * After each render, state or island change: every marked text and image that may be changed is
 * reached with Tab (its stop), a stop that no longer holds one is left as the page has it, and the
 * place the keyboard was on is focused again if a render took it away.
 */
export function markStops(changed?: Element): void {
  install();
  if (!document.getElementById(STYLE_ID)) {
    const style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = CSS;
    document.head.append(style);
  }
  const data = new Map(editableBlocks().map((block) => [block.index, block]));
  const within = changed?.closest(TAG);
  // Only the blocks whose markup or texts changed since they were marked (a keystroke swaps one
  // block of a 200-block page), and the block an island of which React rendered again.
  for (const wrapper of within ? [within] : document.querySelectorAll(TAG)) {
    const block = data.get(Number(wrapper.getAttribute('data-index')));
    const seen = marked.get(wrapper);
    if (!within && seen && seen.block === block && seen.first === wrapper.firstElementChild) continue;
    markBlock(wrapper);
    marked.set(wrapper, { block, first: wrapper.firstElementChild });
  }
  restore();
  drawBox();
}

/** Per block element: the texts it was marked for and its first child then (a swap replaces it). */
const marked = new WeakMap<Element, { block: unknown; first: Element | null }>();

function markBlock(wrapper: Element): void {
  const stops = new Set<Element>();
  for (const el of wrapper.querySelectorAll(`[${MARK}], [${IMAGE}]`)) {
    if (el.classList.contains('estudio-part') || hiddenByPage(el)) continue;
    const stop = stopOf(el);
    if (stop && !stops.has(stop) && itemsOf(stop).length > 0) stops.add(stop);
  }
  for (const old of wrapper.querySelectorAll(`[${STOP}]`))
    if (!stops.has(old)) {
      old.removeAttribute(STOP);
      old.removeAttribute('aria-description');
      old.removeAttribute('aria-keyshortcuts');
      if (old.hasAttribute(ADDED)) old.removeAttribute('tabindex');
      old.removeAttribute(ADDED);
    }
  for (const stop of stops) {
    if (!stop.hasAttribute(STOP)) stop.setAttribute(STOP, '');
    if (!stop.matches(INTERACTIVE) && !stop.hasAttribute('tabindex')) {
      stop.setAttribute('tabindex', '0');
      stop.setAttribute(ADDED, '');
    }
    // An image the page shows as decorative (an empty alt), now focusable, says what it is.
    if (stop.hasAttribute(IMAGE) && stop.hasAttribute(ADDED) && !stop.getAttribute('alt')) {
      if (stop.getAttribute('aria-hidden') === 'true') stop.removeAttribute('aria-hidden');
      if (!stop.getAttribute('aria-label')) {
        if (stop.tagName !== 'IMG') stop.setAttribute('role', 'img');
        stop.setAttribute('aria-label', 'Imagem decorativa, sem texto alternativo');
      }
    }
    if (stop !== editedElement()) describe(stop);
  }
}

/** Where an item is in its block: its index and path, for the panel (inline-media.ts). */
function aboutOf(item: Item): PanelAbout | undefined {
  const where = item.kind === 'image' ? imageOf(item.el) : targetOf(item.el, item.part);
  return where && { index: where.index, path: where.path, image: item.kind === 'image' };
}

/** What the panel holds for an item ("destino do botão"), undefined if it has no panel. */
function offerOf(item: Item | undefined): string | undefined {
  const about = item && aboutOf(item);
  return about && panelOffer(about.index, about.path, about.image);
}

/**
 * The stop's description: what its focused item is, and the key that changes it; while the item's
 * panel is shown (editing it ended), the key that goes there.
 */
function describe(stop: Element, items = itemsOf(stop)): void {
  const item = items[Math.min(current.get(stop) ?? 0, items.length - 1)];
  if (!item) return;
  const what =
    item.kind === 'image'
      ? `Imagem editável: ${item.label}. Enter ou F2 para trocar.`
      : `Texto editável: ${item.label}. Enter ou F2 para editar.`;
  const more =
    items.length > 1 ? ` (${(current.get(stop) ?? 0) + 1} de ${items.length}: Tab passa ao próximo)` : '';
  const offer = offerOf(item);
  const about = offer ? aboutOf(item) : undefined;
  const shown = about && panelShownFor(about.index, about.path);
  const description = what + more + (shown ? ` Ctrl+K vai ao painel ao lado: ${offer}.` : '');
  if (stop.getAttribute('aria-description') !== description)
    stop.setAttribute('aria-description', description);
  if (offer) stop.setAttribute('aria-keyshortcuts', 'Control+K');
  else stop.removeAttribute('aria-keyshortcuts');
}

function activeStop(): Element | undefined {
  const active = document.activeElement;
  return active?.hasAttribute(STOP) ? active : undefined;
}

function onKeyDown(event: KeyboardEvent): void {
  if (isEditing()) return;
  const stop = activeStop();
  if (!stop) return;
  const items = itemsOf(stop);
  const at = Math.min(current.get(stop) ?? 0, items.length - 1);
  if (isPanelKey(event)) {
    // Not the browser's (Ctrl+K: its search) nor the page's: the panel of this text, if it has one.
    event.preventDefault();
    event.stopImmediatePropagation();
    const item = items[at];
    const about = item && aboutOf(item);
    if (item) remember(item);
    if (!about || !openPanel(about.index, about.path, about.image))
      announce('Este texto não tem painel: nem destino de link, nem item de lista.');
    return;
  }
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if ((event.key === 'Enter' && !event.shiftKey) || (event.key === 'F2' && !event.shiftKey)) {
    const item = items[at];
    if (!item) return;
    // Not the page's: the link is not followed, the button not pressed, an accordion not toggled.
    event.preventDefault();
    event.stopImmediatePropagation();
    remember(item);
    removeBox();
    if (item.kind === 'image') pickImage(item.el);
    else editFromKeyboard(item.el, item.part);
  } else if (event.key === 'Tab' && items.length > 1) {
    const next = at + (event.shiftKey ? -1 : 1);
    if (next < 0 || next >= items.length) return;
    // The next text of the same stop: the focus stays, the outline and the description move.
    event.preventDefault();
    event.stopImmediatePropagation();
    current.set(stop, next);
    remember(items[next]!);
    describe(stop, items);
    announce(stop.getAttribute('aria-description') ?? '');
    keepInView(items[next]!.el);
    drawBox();
  }
}

function onFocusIn(event: FocusEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (!target || target === editedElement() || target.closest(PANEL)) return;
  if (!target.hasAttribute(STOP)) {
    memory = undefined;
    removeBox();
    // The panel belongs to a text: the focus elsewhere on the page takes it away.
    panelFollowsFocus(-1, undefined);
    return;
  }
  const items = itemsOf(target);
  // Reached backwards (Shift+Tab from what follows it): its last text first. From the panel (at
  // the page's end, but after its text in the tab order: onward()) is forwards.
  const from = event.relatedTarget instanceof Element ? event.relatedTarget : null;
  const backwards = Boolean(
    from &&
    !from.closest(PANEL) &&
    target.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING &&
    !target.contains(from),
  );
  const remembered = memory && items.findIndex((item) => sameAs(item, memory!));
  const at = remembered !== undefined && remembered >= 0 ? remembered : backwards ? items.length - 1 : 0;
  current.set(target, Math.max(0, at));
  const item = items[Math.max(0, at)];
  if (item) {
    remember(item);
    const where = item.kind === 'image' ? imageOf(item.el) : targetOf(item.el, item.part);
    if (where) panelFollowsFocus(where.index, where.path);
  }
  describe(target, items);
  // Clear of the page's fixed bars (the sticky call to action at the bottom of a phone); only for
  // Tab: under a pointer the page would move between its press and its click, and a focus put
  // back after a render (the author may be reaching for another text) moves nothing.
  if (target.matches(':focus-visible') && !restoring) keepInView(item?.el ?? target);
  drawBox();
}

function onFocusOut(event: FocusEvent): void {
  if (event.target instanceof Element && event.target.hasAttribute(STOP)) removeBox();
}

/** The place of `item`, kept as block, number and occurrence (the element may be replaced). */
function remember(item: Item): void {
  const index = Number(item.el.closest(TAG)?.getAttribute('data-index'));
  if (item.kind === 'image') memory = { index, image: Number(item.el.getAttribute(IMAGE)) };
  else {
    const target = targetOf(item.el, item.part);
    memory = target ? { index, text: { n: target.n, nth: target.nth } } : undefined;
  }
}

function sameAs(item: Item, place: NonNullable<typeof memory>): boolean {
  const index = Number(item.el.closest(TAG)?.getAttribute('data-index'));
  if (index !== place.index) return false;
  if (item.kind === 'image') return place.image === Number(item.el.getAttribute(IMAGE));
  const target = targetOf(item.el, item.part);
  return Boolean(target && place.text && target.n === place.text.n && target.nth === place.text.nth);
}

/** Editing started (by a click or a key): the text says how it ends; the focus box goes. */
export function editingStarted(el: HTMLElement, multiline: boolean): void {
  removeBox();
  el.setAttribute(
    'aria-description',
    multiline
      ? 'Editando. Enter começa um parágrafo, Ctrl+Enter mantém, Esc desfaz.'
      : 'Editando. Enter mantém, Esc desfaz.',
  );
}

/**
 * Editing ended. By a key (`place`): the focus goes back to the text's stop (found again after
 * the render that follows, if that replaces it). By the pointer or the focus leaving: nothing more.
 */
export function editingEnded(el: HTMLElement, place?: { index: number; n: number; nth: number }): void {
  el.removeAttribute('aria-description');
  if (el.hasAttribute(STOP)) describe(el);
  if (!place) return;
  memory = { index: place.index, text: { n: place.n, nth: place.nth } };
  restore(true);
}

/**
 * The place the keyboard was on, focused again (the panel closed by its keys, or Shift+Tab from
 * its first control: inline-media.ts): the text or image the panel was about, when it says.
 */
export function focusPlace(about?: PanelAbout): void {
  const block = about && editableBlocks().find((b) => b.index === about.index);
  const same = (path: (string | number)[]) =>
    about !== undefined && path.length === about.path.length && path.every((p, i) => p === about.path[i]);
  if (about?.image) {
    const n = block?.images?.find((i) => same(i.path))?.n;
    if (n !== undefined) memory = { index: about.index, image: n };
  } else if (about) {
    const n = block?.texts.find((t) => same(t.path))?.n;
    if (n !== undefined && !(memory?.index === about.index && memory.text?.n === n))
      memory = { index: about.index, text: { n, nth: 0 } };
  }
  restore(true);
}

/**
 * Tab from the panel's last control: what follows its text, as if the panel sat right after it:
 * the stop's next text, or the next element the page's tab order reaches. False when nothing in
 * the page follows (the browser's Tab then leaves the frame, the panel being the page's last).
 */
export function focusOnward(): boolean {
  const found = memory && placeNow();
  if (!found) return false;
  const { stop, items, at } = found;
  if (at >= 0 && at < items.length - 1) {
    current.set(stop, at + 1);
    remember(items[at + 1]!);
    focus(stop);
    describe(stop, items);
    announce(stop.getAttribute('aria-description') ?? '');
    drawBox();
    return true;
  }
  const next = [...document.querySelectorAll(FOCUSABLE)].find(
    (el) =>
      stop.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING &&
      !stop.contains(el) &&
      tabbable(el),
  );
  if (!next) return false;
  memory = undefined;
  focus(next);
  return document.activeElement === next;
}

/** In the page's tab order: focusable, shown, not in the panel, not taken out (tabindex -1, inert, disabled). */
function tabbable(el: Element): boolean {
  if (el.closest(PANEL) || el.closest('[inert]')) return false;
  if (!(el instanceof HTMLElement || el instanceof SVGElement) || el.tabIndex < 0) return false;
  if ((el as HTMLButtonElement).disabled) return false;
  if (el.getClientRects().length === 0) return false;
  return getComputedStyle(el).visibility !== 'hidden';
}

/**
 * The remembered place focused again when the focus was lost (a render replaced the element, the
 * frame got the focus back with nothing focused in it), or at once (`now`: editing ended by a key).
 * A frame without the focus never takes it (the author is typing elsewhere).
 */
function restore(now = false, tries = 10): void {
  if (!memory || isEditing() || !document.hasFocus()) return;
  const active = document.activeElement;
  if (!now && active && active !== document.body && active.isConnected) return;
  const found = placeNow();
  if (!found) return;
  const { stop, items, at } = found;
  current.set(stop, Math.max(0, at));
  describe(stop, items);
  restoring = true;
  try {
    if (document.activeElement !== stop) focus(stop);
  } finally {
    restoring = false;
  }
  // Not focusable yet (an answer opened again is hidden until its transition starts): soon again.
  if (document.activeElement !== stop && tries > 0) setTimeout(() => restore(false, tries - 1), 50);
  drawBox();
}

/** The remembered place on the page now: its stop, the stop's items and which one it is (-1: not found among them). */
function placeNow(): { stop: Element; items: Item[]; at: number } | undefined {
  if (!memory) return undefined;
  const wrapper = document.querySelector(`${TAG}[data-index="${memory.index}"]`);
  if (!wrapper) return undefined;
  let el: Element | undefined;
  let part: Part | undefined;
  if (memory.image !== undefined) el = wrapper.querySelector(`[${IMAGE}="${memory.image}"]`) ?? undefined;
  else if (memory.text) {
    const found = placesOf(wrapper, memory.text.n)[memory.text.nth];
    el = found?.el;
    part = found?.part;
  }
  const stop = el && stopOf(el);
  if (!el || !stop?.hasAttribute(STOP)) return undefined;
  const items = itemsOf(stop);
  const at = items.findIndex(
    (item) => item.el === el && (item.kind === 'image' || item.part?.start === part?.start),
  );
  return { stop, items, at };
}

/** Told to a screen reader: the text a Tab moved to inside one stop (its focus did not move). */
function announce(text: string): void {
  let live = document.getElementById(LIVE_ID);
  if (!live) {
    live = document.createElement('div');
    live.id = LIVE_ID;
    live.setAttribute('role', 'status');
    // Beside the body, which a render of a new page replaces.
    document.documentElement.append(live);
  }
  live.textContent = text;
}

function removeBox(): void {
  for (const el of document.querySelectorAll(`.${BOX_CLASS}, .${BOX_CLASS}-hint`)) el.remove();
}

/** The focused stop's item outlined (when it is not the whole stop) and "Enter ou F2" over it, for the keyboard only. */
function drawBox(): void {
  removeBox();
  const stop = activeStop();
  if (!stop || isEditing() || !stop.matches(':focus-visible')) return;
  const items = itemsOf(stop);
  const item = items[Math.min(current.get(stop) ?? 0, items.length - 1)];
  if (!item) return;
  const whole = items.length === 1 && !(item.kind === 'text' && item.part);
  stop.toggleAttribute(SUB, !whole);
  const rect = boxOf(item);
  if (!rect) return;
  if (!whole) {
    const box = document.createElement('div');
    box.className = BOX_CLASS;
    Object.assign(box.style, {
      left: `${rect.left + scrollX}px`,
      top: `${rect.top + scrollY}px`,
      width: `${rect.width}px`,
      height: `${rect.height}px`,
    });
    document.body.append(box);
  }
  const hint = document.createElement('div');
  hint.className = `${BOX_CLASS}-hint`;
  const offer = offerOf(item);
  hint.textContent = (item.kind === 'image' ? IMAGE_HINT : TEXT_HINT) + (offer ? panelHint(offer) : '');
  // Seen only: a screen reader hears it in the stop's description.
  hint.setAttribute('aria-hidden', 'true');
  const box = whole ? stop.getBoundingClientRect() : rect;
  hint.style.top = `${Math.max(0, box.top + scrollY - 27)}px`;
  document.body.append(hint);
  // Inside the page's width (a text at the right edge: its hint ends at the edge).
  const left = Math.min(box.left - 3, innerWidth - hint.offsetWidth - 2);
  hint.style.left = `${Math.max(0, left) + scrollX}px`;
}

/** The item's box on screen: its element's, or its part's characters'. */
function boxOf(item: Item): DOMRect | undefined {
  if (item.kind === 'image' || !item.part) return item.el.getBoundingClientRect();
  const range = rangeOf(item.el, item.part);
  return range?.getBoundingClientRect();
}

/** The characters of a part of `host`, as a range. */
function rangeOf(host: Element, part: Part): Range | undefined {
  const range = document.createRange();
  let offset = 0;
  let started = false;
  const walker = document.createTreeWalker(host, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const end = offset + node.length;
    if (!started && part.start < end) {
      range.setStart(node, part.start - offset);
      started = true;
    }
    if (started && part.end <= end) {
      range.setEnd(node, part.end - offset);
      return range;
    }
    offset = end;
  }
  return undefined;
}
