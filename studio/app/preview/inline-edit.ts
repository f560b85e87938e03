/**
 * Editing a page's texts where they are (issue 27, issue 37): inside the preview frame, each
 * visible text of a block (its title, a button's label, a question, an answer of several
 * paragraphs, a testimonial in the slider: the leaves renderDraft lists per block) is marked; a
 * click makes it editable as plain text, every keystroke is posted to the Estúdio as the new value
 * of that one prop (the Estúdio writes it into the YAML exactly as the form would), Enter (Ctrl+Enter
 * in a text of several paragraphs) or a click elsewhere keeps it, Esc puts back the value it had
 * when editing started. Ctrl+Z and Ctrl+Y go to the Estúdio's one history.
 *
 * Where a text is shown is not guessed from its words (decision 0038): the preview's render gives
 * each block its texts between invisible marks naming them (runtime/dev/text-props.ts), and the
 * element that holds a text's two marks and nothing else that is seen is that text's. The marks
 * are taken out of the markup as it is swapped in (takeMarks); inside an island they stay, as
 * invisible as they are, because React renders that markup again (the slider's next slide), and
 * the island is read again whenever React changes it.
 *
 * Renders come while the author types: they are not swapped into the block being edited (the page
 * runner holds them, editedBlock) until editing ends; then the block is shown from the last one
 * unless what is on screen is already it. A whole new page (another skeleton) is swapped in at
 * once: the edited text is found again there, given the typed value if the render is behind, and
 * gets the focus and the caret back.
 */
import {
  closeMark,
  markNumber,
  MARK_SIGN,
  MARKS,
  openMark,
  withoutMarks,
} from '../../../runtime/dev/browser.ts';
import { keyInText, markImageElements, setMediaBlocks, textChosen } from './inline-media.ts';
import type { EditableBlock, InlineEditMessage, PropPath } from './inline-types.ts';

export type { EditableBlock, InlineEditMessage, LinkTarget, ListOp, PropPath } from './inline-types.ts';

const TAG = 'fillgas-block';
export const MARK = 'data-estudio-text';
/** The text's number in its block's marks. */
const LEAF = 'data-estudio-leaf';
/** On an element that shows a text beside other words: "n:start:end …" (offsets in its text). */
const PARTS = 'data-estudio-parts';
/** On a text shown inside another one, edited with it (a title's highlight): its number. */
const INNER = 'data-estudio-inner';
/** The element a part is wrapped in while it is edited. */
const WRAP = 'estudio-part';
const EDITING = 'data-estudio-editing';
const STYLE_ID = 'estudio-inline-edit';
const HINT_CLASS = 'estudio-text-hint';
const NBSP = '\u00a0';
const ISLAND = '[data-island]';

const CSS = `
[${MARK}]{cursor:text}
[${MARK}]:hover{outline:2px dashed #c2410c!important;outline-offset:3px!important}
[${MARK}][${EDITING}]{outline:3px solid #c2410c!important;outline-offset:3px!important;
  box-shadow:0 0 0 6px rgba(255,255,255,.85)!important;border-radius:2px;
  -webkit-user-select:text!important;user-select:text!important;caret-color:auto}
.${HINT_CLASS}{position:absolute;z-index:2147483647;pointer-events:none;font:600 12px/1.4 system-ui,sans-serif;
  background:#0b2545;color:#fff;padding:2px 8px;border-radius:6px 6px 0 0;white-space:nowrap;
  text-transform:none;letter-spacing:normal}
`;

interface Target {
  index: number;
  path: PropPath;
  n: number;
  /** The value as the render wrote it. */
  text: string;
  /** Which of the elements showing this leaf (a label shown twice: desktop and phone menus). */
  nth: number;
  /** What the text is, for a screen reader (inline-edits.ts: leafLabel). */
  label?: string;
  /** A part of an element, wrapped for editing: the block is shown afresh when editing ends. */
  wrapped?: boolean;
}

interface Editing extends Target {
  el: HTMLElement;
  /** The value when editing started: what Esc puts back. */
  start: string;
  /** The value last posted. */
  last: string;
  /** The caret, in characters from the element's start. */
  caret: number;
  /** A text of several paragraphs: Enter starts a paragraph, Ctrl+Enter keeps. */
  multiline: boolean;
  /** What the element held when editing started (Esc puts it back as it was). */
  saved: Node[];
}

let post: (message: InlineEditMessage) => void = () => {};
/**
 * Called when editing a text ends: the block is shown from its last render if the renders that
 * came while typing were held back (see editedBlock) or a part was wrapped for editing (`force`).
 */
let refresh: (index: number, n: number, force: boolean) => void = () => {};
let blocks: EditableBlock[] = [];
let editing: Editing | undefined;
let installed = false;
/** The browser's own focus: the page runner keeps the page's script from moving the focus. */
const focusOf = HTMLElement.prototype.focus;

/** The page writes some spaces as no-break spaces ("R$ 150"): compared as spaces. */
const plain = (text: string) => withoutMarks(text).replaceAll(NBSP, ' ');

/** What is not part of the text a sighted visitor reads: "(abre em nova aba)", an icon. */
const UNSEEN = '.visually-hidden, [aria-hidden="true"], svg, script, style, template, noscript';

const isElement = (node: Node | null | undefined): node is Element => node?.nodeType === 1;

function isUnseen(node: Node, within: Node): boolean {
  const unseen = node.parentElement?.closest(UNSEEN);
  return Boolean(unseen && within.contains(unseen));
}

/**
 * The text an element shows: its text nodes but those in what is not seen, without marks
 * (no-break spaces as spaces, unless `asWritten`).
 */
function shownText(el: Element, asWritten = false): string {
  let text = '';
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (!isUnseen(node, el)) text += (node as Text).data;
  return asWritten ? withoutMarks(text) : plain(text);
}

/** The text as compared for being the same words: no marks, no spaces. */
const bare = (text: string) => withoutMarks(text).replace(/[\s\u00a0]+/g, '');

/**
 * Marks, under `root` (a block's markup being swapped in, a whole body, an island React just
 * rendered), each element that shows one text of its block and nothing else that is seen, with
 * that text's number; then takes the marks out of the text and attributes outside islands.
 */
export function takeMarks(root: ParentNode): void {
  const wrappers = isElement(root as Node) && (root as Element).matches(TAG) ? [root] : [];
  const inside = [...root.querySelectorAll(TAG)];
  for (const block of inside.length > 0 ? inside : wrappers.length > 0 ? wrappers : [root])
    takeBlockMarks(block);
}

function takeBlockMarks(root: ParentNode): void {
  const opened = new Map<number, { node: Text; at: number }[]>();
  const pairs: { n: number; from: Text; start: number; to: Text; end: number }[] = [];
  const holding: Text[] = [];
  const walker = document.createTreeWalker(root as Node, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (!node.data.includes(MARK_SIGN)) continue;
    holding.push(node);
    for (const match of node.data.matchAll(MARKS)) {
      const n = markNumber(match[2]!);
      if (!match[1]) opened.set(n, [...(opened.get(n) ?? []), { node, at: match.index + match[0].length }]);
      else {
        const from = opened.get(n)?.pop();
        if (from) pairs.push({ n, from: from.node, start: from.at, to: node, end: match.index });
      }
    }
  }
  const sound: [Element, number][] = [];
  const parts: { host: Element; n: number; start: number; end: number }[] = [];
  for (const { n, from, start, to, end } of pairs) {
    const range = document.createRange();
    range.setStartBefore(from);
    range.setEndAfter(to);
    let el: Node | null = range.commonAncestorContainer;
    if (!isElement(el)) el = el.parentElement;
    if (!isElement(el) || el.closest(UNSEEN) || isUnseen(from, el)) continue;
    if (isSound(el, n)) sound.push([el, n]);
    // Shown beside other words in one element (“a quote”, a badge before a label): the element
    // hosts the text as a part, wrapped in an element of its own only while it is edited.
    else parts.push({ host: el, n, start: keptOffset(el, from, start), end: keptOffset(el, to, end) });
  }
  // A text shown inside another (a title's highlight) belongs to the outer one.
  const outer = (el: Element) => sound.some(([other]) => other !== el && other.contains(el));
  for (const [el, n] of sound) {
    if (outer(el)) {
      el.setAttribute(INNER, String(n));
      continue;
    }
    el.setAttribute(MARK, '');
    el.setAttribute(LEAF, String(n));
  }
  const hosts = new Map<Element, string[]>();
  for (const { host, n, start, end } of parts) {
    if (outer(host) || sound.some(([el]) => el === host) || end <= start) continue;
    hosts.set(host, [...(hosts.get(host) ?? []), `${n}:${start}:${end}`]);
  }
  for (const [host, list] of hosts) {
    host.setAttribute(MARK, '');
    host.setAttribute(PARTS, list.join(' '));
  }
  // The images, by the marks in their alt text (inline-media.ts), before those are taken out.
  markImageElements(root);
  for (const node of holding) if (!node.parentElement?.closest(ISLAND)) node.data = withoutMarks(node.data);
  for (const el of (root as ParentNode).querySelectorAll('*')) {
    if (el.closest(ISLAND)) continue;
    for (const attr of el.attributes)
      if (attr.value.includes(MARK_SIGN)) attr.value = withoutMarks(attr.value);
  }
}

/** The text as it stays in the page: without marks, but inside an island (they stay there). */
const kept = (node: Node, text: string) => (node.parentElement?.closest(ISLAND) ? text : withoutMarks(text));

/** Characters before (`node`, `at`) in `host`'s whole text, as it stays in the page. */
function keptOffset(host: Element, node: Text, at: number): number {
  let offset = 0;
  const walker = document.createTreeWalker(host, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode() as Text | null; n && n !== node; n = walker.nextNode() as Text | null)
    offset += kept(n, n.data).length;
  return offset + kept(node, node.data.slice(0, at)).length;
}

/** The element shows text `n` whole and nothing else that is seen. */
function isSound(el: Element, n: number): boolean {
  let text = '';
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (!isUnseen(node, el)) text += (node as Text).data;
  const from = text.indexOf(openMark(n));
  const to = text.indexOf(closeMark(n));
  if (from < 0 || to < from) return false;
  const between = bare(text.slice(from + openMark(n).length, to));
  return between !== '' && between === bare(text);
}

/**
 * What the keyboard's tab stops (inline-keyboard.ts) are told: the agent hands them in, so that
 * module may import this one and not the other way round (no import circle).
 */
export interface KeyboardHooks {
  markStops(changed?: Element): void;
  editingStarted(el: HTMLElement, multiline: boolean): void;
  editingEnded(el: HTMLElement, place?: { index: number; n: number; nth: number }): void;
}
let keyboard: KeyboardHooks = { markStops() {}, editingStarted() {}, editingEnded() {} };

/** Starts listening; `send` posts to the Estúdio. Call once. */
export function installInlineEditing(
  send: (message: InlineEditMessage) => void,
  showAfresh: (index: number, n: number, force: boolean) => void = () => {},
  keyboardHooks?: KeyboardHooks,
): void {
  post = send;
  refresh = showAfresh;
  if (keyboardHooks) keyboard = keyboardHooks;
  if (installed) return;
  installed = true;
  // Capture on the window runs before the agent's and the page's own listeners (on the document):
  // a click on a text to edit neither chooses the block in the source nor follows a link.
  addEventListener('click', onClick, true);
  addEventListener('keydown', onKeyDown, true);
  for (const type of ['keyup', 'keypress'] as const) addEventListener(type, isolate, true);
  addEventListener('input', onInput, true);
  document.addEventListener('focusout', onFocusOut, true);
  document.addEventListener('selectionchange', rememberCaret);
  addEventListener('resize', placeHint);
  // What React renders in an island later (the next slide, the popup opening) is read again.
  let queued = new Set<Element>();
  const observer = new MutationObserver((records) => {
    const first = queued.size === 0;
    for (const record of records) {
      const node = record.target;
      const island = (isElement(node) ? node : node.parentElement)?.closest(ISLAND);
      if (island) queued.add(island);
    }
    if (!first || queued.size === 0) return;
    queueMicrotask(() => {
      const islands = queued;
      queued = new Set();
      for (const island of islands)
        if (island.isConnected) {
          takeBlockMarks(island);
          keyboard.markStops(island);
        }
    });
  });
  observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
}

/**
 * After each render (with its blocks' texts) or state shown (undefined: the same texts): the one
 * being edited found again.
 */
export function setEditableTexts(next?: readonly EditableBlock[]): void {
  if (next) blocks = [...next];
  if (!document.getElementById(STYLE_ID)) {
    const style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = CSS;
    document.head.append(style);
  }
  if (editing && !editing.el.isConnected) reattach(editing);
  else placeHint();
  setMediaBlocks(next, next !== undefined);
  // The texts and images reached with Tab, and the focus found again after a render
  // (inline-keyboard.ts). Never in the way of the next render.
  try {
    keyboard.markStops();
  } catch (error) {
    console.error('[estúdio] O teclado na prévia falhou nesta versão da página.', error);
  }
}

/** The blocks' editable texts, images and links, as the last render gave them. */
export const editableBlocks = (): readonly EditableBlock[] => blocks;

/** A text is being edited in place. */
export const isEditing = (): boolean => editing !== undefined;

/** The element being edited, if any. */
export const editedElement = (): HTMLElement | undefined => editing?.el;

/** Ends the text being edited, keeping what was typed (the focus went to the panel). */
export function endEditing(): void {
  finish('keep');
}

/**
 * A text drawn under something that takes the pointer (a big decorative "404" behind its section's
 * box): the marked text under the point, when what was clicked is no link or button of its own.
 */
function beneath(target: Element | null, x: number, y: number): HTMLElement | undefined {
  if (!target || target.closest('a, button, input, select, textarea, label, summary')) return undefined;
  const found = document
    .elementsFromPoint(x, y)
    .find((el): el is HTMLElement => el instanceof HTMLElement && el.hasAttribute(MARK));
  // Only within the clicked block: an open menu's panel over the hero is not the hero's text.
  return found && found.closest(TAG) === target.closest(TAG) ? found : undefined;
}

export interface Part {
  n: number;
  start: number;
  end: number;
}

/** The texts an element shows beside other words (PARTS). */
export function partsOf(el: Element): Part[] {
  return (el.getAttribute(PARTS) ?? '')
    .split(' ')
    .filter(Boolean)
    .map((entry) => {
      const [n, start, end] = entry.split(':').map(Number) as [number, number, number];
      return { n, start, end };
    });
}

/** Where text `n` of a block is shown, in document order: whole elements, and parts of others. */
export function placesOf(wrapper: Element, n: number): { el: HTMLElement; part?: Part }[] {
  const out: { el: HTMLElement; part?: Part }[] = [];
  for (const el of wrapper.querySelectorAll<HTMLElement>(`[${MARK}]`)) {
    if (el.getAttribute(LEAF) === String(n)) out.push({ el });
    for (const part of partsOf(el)) if (part.n === n) out.push({ el, part });
  }
  return out;
}

/** What a place edits: its block, the text's path and value, and which of its places it is. */
export function targetOf(el: Element, part?: Part): Target | undefined {
  const wrapper = el.closest(TAG);
  const n = part ? part.n : Number(el.getAttribute(LEAF));
  if (!wrapper || !Number.isInteger(n)) return undefined;
  const index = Number(wrapper.getAttribute('data-index'));
  const leaf = blocks.find((b) => b.index === index)?.texts.find((t) => t.n === n);
  if (!leaf) return undefined;
  const nth = placesOf(wrapper, n).findIndex((p) => p.el === el && p.part?.start === part?.start);
  return { index, path: leaf.path, n, text: leaf.text, nth, ...(leaf.label ? { label: leaf.label } : {}) };
}

/** The text node and offset at `offset` characters into `host`'s text. */
function pointAt(host: Element, offset: number, preferNext: boolean): [Text, number] | undefined {
  let left = offset;
  let last: Text | undefined;
  const walker = document.createTreeWalker(host, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (left < node.length || (left === node.length && !preferNext)) return [node, left];
    left -= node.length;
    last = node;
  }
  return last && left === 0 ? [last, last.length] : undefined;
}

/** A part of `host` in an element of its own, for editing (the block is shown afresh after). */
function wrapPart(host: HTMLElement, part: Part): HTMLElement | undefined {
  const from = pointAt(host, part.start, true);
  const to = pointAt(host, part.end, false);
  if (!from || !to) return undefined;
  const range = document.createRange();
  range.setStart(...from);
  range.setEnd(...to);
  const span = document.createElement('span');
  span.className = WRAP;
  span.setAttribute(MARK, '');
  span.append(range.extractContents());
  range.insertNode(span);
  return span;
}

/** The offset in `host`'s text under the point, or undefined. */
function offsetAtPoint(host: Element, x: number, y: number): number | undefined {
  const at = document.caretRangeFromPoint?.(x, y);
  if (!at || !host.contains(at.startContainer)) return undefined;
  const range = document.createRange();
  range.selectNodeContents(host);
  range.setEnd(at.startContainer, at.startOffset);
  return range.toString().length;
}

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (editing && target && target.contains(editing.el) && event.detail === 0) {
    // A key pressed the button the edited text is in (a FAQ's question): not for the page.
    event.preventDefault();
    event.stopImmediatePropagation();
    return;
  }
  if (editing && target && editing.el.contains(target)) {
    // Inside the text being edited: a click moves the caret, nothing else.
    event.preventDefault();
    event.stopImmediatePropagation();
    return;
  }
  const el = target?.closest<HTMLElement>(`[${MARK}]`) ?? beneath(target, event.clientX, event.clientY);
  if (!el) return;
  let part: Part | undefined;
  if (!el.hasAttribute(LEAF)) {
    // A text beside other words: the one under the pointer (or the nearest).
    const parts = partsOf(el);
    const offset = offsetAtPoint(el, event.clientX, event.clientY) ?? 0;
    const distance = (p: Part) => (offset < p.start ? p.start - offset : offset > p.end ? offset - p.end : 0);
    part = parts.sort((a, b) => distance(a) - distance(b))[0];
    if (!part) return;
  }
  const info = targetOf(el, part);
  if (!info) return;
  // The click that starts editing is still the visitor's click for the page (a call to action's
  // event shows in "Eventos", an answer opens); it only never leaves the page.
  event.preventDefault();
  if (editing) finish('keep');
  const editable = part ? wrapPart(el, part) : el;
  if (editable) start(editable, { ...info, wrapped: Boolean(part) }, event.clientX, event.clientY);
}

/**
 * Enter or F2 on a text reached with the keyboard (inline-keyboard.ts): editing starts as a click
 * would start it, with the caret at the end. False when the text is not one the author may edit.
 */
export function editFromKeyboard(el: HTMLElement, part?: Part): boolean {
  const info = targetOf(el, part);
  if (!info) return false;
  if (editing) finish('keep');
  const editable = part ? wrapPart(el, part) : el;
  if (!editable) return false;
  start(editable, { ...info, wrapped: Boolean(part) });
  return true;
}

function start(el: HTMLElement, info: Target, x?: number, y?: number): void {
  editing = {
    ...info,
    el,
    start: info.text,
    last: info.text,
    caret: 0,
    multiline: info.text.trim().includes('\n'),
    saved: [...el.childNodes].map((node) => node.cloneNode(true)),
  };
  makeEditable(el);
  const at = x === undefined || y === undefined ? null : document.caretRangeFromPoint?.(x, y);
  const selection = getSelection();
  if (at && el.contains(at.startContainer) && selection) {
    selection.removeAllRanges();
    selection.addRange(at);
  } else setCaret(el, shownEnd(el));
  rememberCaret();
  post({ kind: 'text-edit-start', index: info.index, path: info.path });
  keepInView(el);
  placeHint();
  textChosen(info.index, info.path);
  keyboard.editingStarted(el, editing.multiline);
}

/** How far a fixed or sticky bar covers the viewport at its top and bottom edge (the navbar, the
 * sticky call to action): what is under them is not seen while typing. */
function coveredEdges(except: Element): { top: number; bottom: number } {
  const barAt = (y: number) =>
    document.elementsFromPoint(innerWidth / 2, y).find((hit) => {
      if (hit.contains(except) || except.contains(hit) || hit.closest('.estudio-box, .estudio-badge'))
        return false;
      for (let el: Element | null = hit; el && el !== document.body; el = el.parentElement) {
        const position = getComputedStyle(el).position;
        if (position === 'fixed' || position === 'sticky') return true;
      }
      return false;
    });
  const barOf = (hit: Element | undefined) => {
    for (let el: Element | null = hit ?? null; el && el !== document.body; el = el.parentElement) {
      const position = getComputedStyle(el).position;
      if (position === 'fixed' || position === 'sticky') return el.getBoundingClientRect();
    }
    return undefined;
  };
  const top = barOf(barAt(2));
  const bottom = barOf(barAt(innerHeight - 2));
  return {
    top: top && top.top <= 2 ? Math.max(0, top.bottom) : 0,
    bottom: bottom && bottom.bottom >= innerHeight - 2 ? Math.max(0, innerHeight - bottom.top) : 0,
  };
}

/**
 * The text being edited scrolled clear of the page's fixed bars: where the caret is (as the text
 * grows, its last line), else the whole text.
 */
export function keepInView(el: Element): void {
  const margin = 12;
  const covered = coveredEdges(el);
  const selection = getSelection();
  const caret =
    selection && selection.rangeCount > 0 && el.contains(selection.focusNode)
      ? selection.getRangeAt(0).getBoundingClientRect()
      : undefined;
  const box = caret && caret.height > 0 ? caret : el.getBoundingClientRect();
  const bottom = innerHeight - covered.bottom - margin;
  // (Room above for the "Editando" hint.)
  const top = covered.top + margin + 24;
  if (box.bottom > bottom) scrollBy({ top: box.bottom - bottom, behavior: 'instant' });
  else if (box.top < top) scrollBy({ top: box.top - top, behavior: 'instant' });
}

function makeEditable(el: HTMLElement): void {
  // What is not seen ("(abre em nova aba)" after a label) is not typed into.
  for (const unseen of el.querySelectorAll(UNSEEN)) unseen.setAttribute('contenteditable', 'false');
  el.setAttribute('contenteditable', 'plaintext-only');
  el.setAttribute(EDITING, '');
  el.spellcheck = true;
  focusOf.call(el, { preventScroll: true });
}

/** The value typed so far, as the YAML should hold it. */
function valueOf(e: Editing): string {
  if (e.multiline) {
    // Paragraphs as the block shows them (one per line of the value), joined as the value was.
    const joint = e.start.includes('\n\n') ? '\n\n' : '\n';
    const paragraphs = paragraphsOf(e.el).map((p) => (e.start.includes(NBSP) ? withoutMarks(p) : plain(p)));
    return paragraphs.join(joint) + (e.start.endsWith('\n') ? '\n' : '');
  }
  // (A no-break space the author wrote stays one; those the page adds do not go into the YAML.)
  let value = shownText(e.el, e.start.includes(NBSP));
  // A pasted line break: the prop is one line unless it was written with several.
  if (!e.start.includes('\n')) value = value.replace(/\s*[\r\n]+\s*/g, ' ');
  return value;
}

const BLOCK_TAGS = new Set(['P', 'DIV', 'LI', 'UL', 'OL', 'BLOCKQUOTE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

/** The paragraphs an element shows: its block children, line breaks and typed new lines part them. */
function paragraphsOf(el: Element): string[] {
  const out: string[] = [];
  let current = '';
  const flush = () => {
    out.push(current);
    current = '';
  };
  const visit = (node: Node): void => {
    if (node.nodeType === 3) {
      if (isUnseen(node, el)) return;
      (node as Text).data.split(/\r?\n/).forEach((part, i) => {
        if (i > 0) flush();
        current += part;
      });
    } else if (isElement(node)) {
      if (node.tagName === 'BR') return flush();
      const block = BLOCK_TAGS.has(node.tagName);
      if (block) flush();
      node.childNodes.forEach(visit);
      if (block) flush();
    }
  };
  el.childNodes.forEach(visit);
  flush();
  return out.map((p) => p.trim()).filter(Boolean);
}

function onInput(event: Event): void {
  if (!editing || !(event.target instanceof Node) || !editing.el.contains(event.target)) return;
  event.stopImmediatePropagation();
  const value = valueOf(editing);
  rememberCaret();
  keepInView(editing.el);
  placeHint();
  if (value === editing.last) return;
  editing.last = value;
  post({ kind: 'text-edit', index: editing.index, path: editing.path, value });
}

function isolate(event: Event): void {
  if (!editing || !(event.target instanceof Node) || !editing.el.contains(event.target)) return;
  event.stopImmediatePropagation();
  // A text inside a button (a question of the FAQ): the space's key-up would press the button
  // (the answer would close while the author types the question).
  if (event.type === 'keyup' && (event as KeyboardEvent).key === ' ') event.preventDefault();
}

function onKeyDown(event: KeyboardEvent): void {
  if (!editing || !(event.target instanceof Node) || !editing.el.contains(event.target)) return;
  // The page's own keys (an accordion's Enter, a carousel's arrows) are not for this text.
  event.stopImmediatePropagation();
  // Tab to the panel of its link and its item, Alt+↑/↓ to move its item (inline-media.ts).
  if (keyInText(event)) return;
  const key = typeof event.key === 'string' ? event.key.toLowerCase() : '';
  const mod = event.ctrlKey || event.metaKey;
  if (key === 'enter' && editing.multiline && !mod) {
    // A new paragraph: the browser's own line break, read back as one (paragraphsOf).
    return;
  } else if (key === 'enter') {
    event.preventDefault();
    finish('keep', true);
  } else if (key === 'escape') {
    event.preventDefault();
    finish('restore', true);
  } else if (mod && !event.altKey && (key === 'z' || key === 'y')) {
    // One history for the page, the form and the source: the Estúdio's.
    event.preventDefault();
    const action = key === 'y' || event.shiftKey ? 'redo' : 'undo';
    finish('keep', true);
    post({ kind: 'text-history', action });
  }
}

function onFocusOut(event: FocusEvent): void {
  const el = editing?.el;
  if (!el || event.target !== el) return;
  // A render that swapped the block took the element away: reattach() finds it again. Anything
  // else (a click elsewhere, the focus leaving the frame) keeps what was typed.
  setTimeout(() => {
    if (editing?.el !== el || !el.isConnected) return;
    if (document.hasFocus() && document.activeElement === el) return;
    finish('keep');
  }, 0);
}

/**
 * Ends editing: the typed value kept, or the one from the start put back (an empty text too).
 * Ended by a key (`byKey`): the focus goes back to the text, not editing, so that Tab goes on
 * from there (inline-keyboard.ts).
 */
function finish(how: 'keep' | 'restore', byKey = false): void {
  const e = editing;
  if (!e) return;
  editing = undefined;
  const value = valueOf(e);
  if ((how === 'restore' || value.trim() === '') && e.last !== e.start) {
    e.el.replaceChildren(...e.saved);
    post({ kind: 'text-edit', index: e.index, path: e.path, value: e.start });
  }
  e.el.removeAttribute('contenteditable');
  for (const unseen of e.el.querySelectorAll(UNSEEN)) unseen.removeAttribute('contenteditable');
  e.el.removeAttribute(EDITING);
  keyboard.editingEnded(e.el, byKey ? { index: e.index, n: e.n, nth: e.nth } : undefined);
  if (document.activeElement === e.el && !byKey) e.el.blur();
  getSelection()?.removeAllRanges();
  removeHint();
  post({ kind: 'text-edit-end', index: e.index, path: e.path });
  refresh(e.index, e.n, Boolean(e.wrapped));
}

/**
 * The block whose text is being edited: renders that come while the author types are not
 * swapped into it (the page runner holds them until editing ends). The text the author types is
 * already on screen, and a swap would take away the element being typed into, and with it an
 * open answer's or an open popup's state, losing keystrokes while the text is found again.
 */
export function editedBlock(): number | undefined {
  return editing?.index;
}

/** After a render replaced the edited element: the new one, with the typed text, focus and caret. */
function reattach(e: Editing): void {
  const wrapper = document.querySelector(`${TAG}[data-index="${e.index}"]`);
  const place = wrapper ? placesOf(wrapper, e.n)[e.nth] : undefined;
  const el = place?.part ? wrapPart(place.el, place.part) : place?.el;
  if (!el) {
    // Not found for sure (the text now equals another one of the block): editing ends; what was
    // typed is in the YAML already.
    editing = undefined;
    removeHint();
    post({ kind: 'text-edit-end', index: e.index, path: e.path });
    return;
  }
  e.el = el;
  // The render may be behind the typing (a keystroke after the request): the typed text stays.
  if (!e.multiline && shownText(el) !== plain(e.last)) el.textContent = e.last;
  makeEditable(el);
  setCaret(el, e.caret);
  placeHint();
  keyboard.editingStarted(el, e.multiline);
}

function rememberCaret(): void {
  const selection = getSelection();
  if (!editing || !selection?.focusNode || !editing.el.contains(selection.focusNode)) return;
  const range = document.createRange();
  range.selectNodeContents(editing.el);
  range.setEnd(selection.focusNode, selection.focusOffset);
  editing.caret = range.toString().length;
}

/** The caret's offset (in all of the element's text) just after the last text that is seen. */
function shownEnd(el: HTMLElement): number {
  let offset = 0;
  let end = 0;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    offset += (node as Text).length;
    const unseen = node.parentElement?.closest(UNSEEN);
    if (!unseen || !el.contains(unseen)) end = offset;
  }
  return end;
}

function setCaret(el: HTMLElement, offset: number): void {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let left = offset;
  let node = walker.nextNode() as Text | null;
  let last: Text | null = null;
  while (node) {
    if (left <= node.length) break;
    left -= node.length;
    last = node;
    node = walker.nextNode() as Text | null;
  }
  const range = document.createRange();
  if (node) range.setStart(node, left);
  else if (last) range.setStart(last, last.length);
  else range.setStart(el, 0);
  range.collapse(true);
  const selection = getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/** "Enter mantém · Esc desfaz", over the edited text's top left corner. */
function placeHint(): void {
  removeHint();
  if (!editing?.el.isConnected) return;
  const box = editing.el.getBoundingClientRect();
  const hint = document.createElement('div');
  hint.className = HINT_CLASS;
  hint.textContent = editing.multiline
    ? 'Editando · Enter: novo parágrafo · Ctrl+Enter mantém · Esc desfaz'
    : 'Editando · Enter mantém · Esc desfaz';
  // Seen only: a screen reader hears the same from the edited text's description (inline-keyboard.ts).
  hint.setAttribute('aria-hidden', 'true');
  hint.style.left = `${Math.max(0, box.left + scrollX - 3)}px`;
  hint.style.top = `${Math.max(0, box.top + scrollY - 27)}px`;
  document.body.append(hint);
}

function removeHint(): void {
  for (const hint of document.querySelectorAll(`.${HINT_CLASS}`)) hint.remove();
}
