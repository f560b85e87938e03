/**
 * Editing a page's texts where they are (issue 27): inside the preview frame, each visible text of
 * a block (its title, a button's label, a question: the leaves renderDraft lists per block) is
 * found in that block's <fillgas-block> and marked; a click makes it editable as plain text, every
 * keystroke is posted to the Estúdio as the new value of that one prop (the Estúdio writes it into
 * the YAML exactly as the form would), Enter or a click elsewhere keeps it, Esc puts back the
 * value it had when editing started. Ctrl+Z and Ctrl+Y go to the Estúdio's one history.
 *
 * What is marked is only what can be found for sure: the element whose own text is exactly the
 * value (a highlight span inside a title is part of the title), several leaves with one text only
 * when as many elements show it (paired in order), never inside an island (React owns that markup)
 * nor a script or an SVG. A text rendered differently from its value (an answer split into
 * paragraphs) is left to the form, which stays the keyboard and screen-reader path.
 *
 * Renders come while the author types: a swapped block takes the element being edited with it, so
 * after each render the edited text is found again, given the typed value if the render is behind,
 * and gets the focus and the caret back.
 */

export type PropPath = (string | number)[];

/** A block's editable texts, as the Estúdio sends them with each render. */
export interface EditableBlock {
  index: number;
  texts: { path: PropPath; text: string }[];
}

/** What the frame tells the Estúdio about in-place editing. */
export type InlineEditMessage =
  | { kind: 'text-edit-start'; index: number; path: PropPath }
  | { kind: 'text-edit'; index: number; path: PropPath; value: string }
  | { kind: 'text-edit-end'; index: number; path: PropPath }
  | { kind: 'text-history'; action: 'undo' | 'redo' };

const TAG = 'fillgas-block';
const MARK = 'data-estudio-text';
const EDITING = 'data-estudio-editing';
const STYLE_ID = 'estudio-inline-edit';
const HINT_CLASS = 'estudio-text-hint';
const NBSP = '\u00a0';

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
  key: string;
  /** The value as the render wrote it. */
  text: string;
  /** Which of the elements showing this leaf (a label shown twice: desktop and phone menus). */
  nth: number;
}

interface Editing extends Target {
  el: HTMLElement;
  /** The value when editing started: what Esc puts back. */
  start: string;
  /** The value last posted. */
  last: string;
  /** The caret, in characters from the element's start. */
  caret: number;
}

let post: (message: InlineEditMessage) => void = () => {};
let blocks: EditableBlock[] = [];
const targets = new WeakMap<Element, Target>();
let editing: Editing | undefined;
let installed = false;

const keyOf = (path: PropPath) => JSON.stringify(path);
/** The page writes some spaces as no-break spaces ("R$ 150"): compared as spaces. */
const plain = (text: string) => text.replaceAll(NBSP, ' ');

/** What is not part of the text a sighted visitor reads: "(abre em nova aba)", an icon. */
const UNSEEN = '.visually-hidden, [aria-hidden="true"], svg, script, style, template, noscript';

/**
 * The text an element shows: its text nodes but those in what is not seen (no-break spaces as
 * spaces, unless `asWritten`).
 */
function shownText(el: Element, asWritten = false): string {
  let text = '';
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const unseen = node.parentElement?.closest(UNSEEN);
    if (!unseen || !el.contains(unseen)) text += (node as Text).data;
  }
  return asWritten ? text : plain(text);
}

/** Starts listening; `send` posts to the Estúdio. Call once. */
export function installInlineEditing(send: (message: InlineEditMessage) => void): void {
  post = send;
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
}

/**
 * After each render (with its blocks' texts) or state shown (undefined: the same texts): the texts
 * marked anew on what was swapped in, and the one being edited found again.
 */
export function setEditableTexts(next?: readonly EditableBlock[]): void {
  if (next) blocks = [...next];
  if (!document.getElementById(STYLE_ID)) {
    const style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = CSS;
    document.head.append(style);
  }
  mark();
  if (editing && !editing.el.isConnected) reattach(editing);
  else placeHint();
}

/** Per block's first element: the texts it was marked with (a block not swapped since keeps its marks). */
const markedWith = new WeakMap<Element, string>();

function mark(): void {
  const wrappers = new Map<number, Element>();
  for (const el of document.querySelectorAll(TAG)) wrappers.set(Number(el.getAttribute('data-index')), el);
  for (const block of blocks) {
    const wrapper = wrappers.get(block.index);
    if (!wrapper) continue;
    // Only what was swapped in, or whose texts changed: a long page is not walked per keystroke.
    const first = wrapper.firstElementChild;
    const signature = JSON.stringify(block.texts);
    if (first && markedWith.get(first) === signature) continue;
    if (first) markedWith.set(first, signature);
    for (const el of wrapper.querySelectorAll(`[${MARK}]`)) if (el !== editing?.el) el.removeAttribute(MARK);
    const shown = elementsByText(wrapper);
    const leaves = new Map<string, EditableBlock['texts']>();
    for (const leaf of block.texts) {
      const text = plain(leaf.text);
      leaves.set(text, [...(leaves.get(text) ?? []), leaf]);
    }
    const chosen: [HTMLElement, Target][] = [];
    for (const [text, same] of leaves) {
      const els = shown.get(text) ?? [];
      if (els.length === 0) continue;
      if (same.length === 1) {
        // One prop shown in several places (the menu on the desktop and on the phone): each edits it.
        els.forEach((el, nth) => chosen.push([el, targetOf(block.index, same[0]!, nth)]));
      } else if (els.length === same.length) {
        // Several props with one text: in order, when there are as many places as props.
        els.forEach((el, i) => chosen.push([el, targetOf(block.index, same[i]!, 0)]));
      }
    }
    // A text inside another (a title's highlight) belongs to the outer one.
    for (const [el, target] of chosen) {
      if (chosen.some(([other]) => other !== el && other.contains(el))) continue;
      el.setAttribute(MARK, '');
      targets.set(el, target);
    }
  }
}

const targetOf = (index: number, leaf: EditableBlock['texts'][number], nth: number): Target => ({
  index,
  path: leaf.path,
  key: keyOf(leaf.path),
  text: leaf.text,
  nth,
});

/** Under `root`, the innermost elements showing each text whole, in document order. */
function elementsByText(root: Element): Map<string, HTMLElement[]> {
  const found = new Map<string, HTMLElement[]>();
  for (const el of root.querySelectorAll<HTMLElement>('*')) {
    if (!(el instanceof HTMLElement) || el.closest(`${UNSEEN}, [data-island]`)) continue;
    const text = shownText(el);
    if (text.trim() === '') continue;
    // The innermost: no child element shows the same text.
    if ([...el.children].some((child) => shownText(child) === text)) continue;
    found.set(text, [...(found.get(text) ?? []), el]);
  }
  return found;
}

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (editing && target && editing.el.contains(target)) {
    // Inside the text being edited: a click moves the caret, nothing else.
    event.preventDefault();
    event.stopImmediatePropagation();
    return;
  }
  const el = target?.closest<HTMLElement>(`[${MARK}]`);
  const info = el && targets.get(el);
  if (!el || !info) return;
  // The click that starts editing is still the visitor's click for the page (a call to action's
  // event shows in "Eventos", an answer opens); it only never leaves the page.
  event.preventDefault();
  if (editing) finish('keep');
  start(el, info, event.clientX, event.clientY);
}

function start(el: HTMLElement, info: Target, x: number, y: number): void {
  editing = { ...info, el, start: info.text, last: info.text, caret: 0 };
  makeEditable(el);
  const at = document.caretRangeFromPoint?.(x, y);
  const selection = getSelection();
  if (at && el.contains(at.startContainer) && selection) {
    selection.removeAllRanges();
    selection.addRange(at);
  } else setCaret(el, shownEnd(el));
  rememberCaret();
  post({ kind: 'text-edit-start', index: info.index, path: info.path });
  placeHint();
}

function makeEditable(el: HTMLElement): void {
  // What is not seen ("(abre em nova aba)" after a label) is not typed into.
  for (const unseen of el.querySelectorAll(UNSEEN)) unseen.setAttribute('contenteditable', 'false');
  el.setAttribute('contenteditable', 'plaintext-only');
  el.setAttribute(EDITING, '');
  el.spellcheck = true;
  el.focus({ preventScroll: true });
}

/** The value typed so far, as the YAML should hold it. */
function valueOf(e: Editing): string {
  // (A no-break space the author wrote stays one; those the page adds do not go into the YAML.)
  let value = shownText(e.el, e.start.includes(NBSP));
  // A pasted line break: the prop is one line unless it was written with several.
  if (!e.start.includes('\n')) value = value.replace(/\s*[\r\n]+\s*/g, ' ');
  return value;
}

function onInput(event: Event): void {
  if (!editing || !(event.target instanceof Node) || !editing.el.contains(event.target)) return;
  event.stopImmediatePropagation();
  const value = valueOf(editing);
  rememberCaret();
  placeHint();
  if (value === editing.last) return;
  editing.last = value;
  post({ kind: 'text-edit', index: editing.index, path: editing.path, value });
}

function isolate(event: Event): void {
  if (editing && event.target instanceof Node && editing.el.contains(event.target))
    event.stopImmediatePropagation();
}

function onKeyDown(event: KeyboardEvent): void {
  if (!editing || !(event.target instanceof Node) || !editing.el.contains(event.target)) return;
  // The page's own keys (an accordion's Enter, a carousel's arrows) are not for this text.
  event.stopImmediatePropagation();
  const key = typeof event.key === 'string' ? event.key.toLowerCase() : '';
  const mod = event.ctrlKey || event.metaKey;
  if (key === 'enter') {
    event.preventDefault();
    finish('keep');
  } else if (key === 'escape') {
    event.preventDefault();
    finish('restore');
  } else if (mod && !event.altKey && (key === 'z' || key === 'y')) {
    // One history for the page, the form and the source: the Estúdio's.
    event.preventDefault();
    const action = key === 'y' || event.shiftKey ? 'redo' : 'undo';
    finish('keep');
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

/** Ends editing: the typed value kept, or the one from the start put back (an empty text too). */
function finish(how: 'keep' | 'restore'): void {
  const e = editing;
  if (!e) return;
  editing = undefined;
  const value = valueOf(e);
  if ((how === 'restore' || value.trim() === '') && e.last !== e.start) {
    e.el.textContent = e.start;
    post({ kind: 'text-edit', index: e.index, path: e.path, value: e.start });
  }
  e.el.removeAttribute('contenteditable');
  for (const unseen of e.el.querySelectorAll(UNSEEN)) unseen.removeAttribute('contenteditable');
  e.el.removeAttribute(EDITING);
  if (document.activeElement === e.el) e.el.blur();
  getSelection()?.removeAllRanges();
  removeHint();
  post({ kind: 'text-edit-end', index: e.index, path: e.path });
}

/** After a render replaced the edited element: the new one, with the typed text, focus and caret. */
function reattach(e: Editing): void {
  const el = [...document.querySelectorAll<HTMLElement>(`[${MARK}]`)].find((candidate) => {
    const t = targets.get(candidate);
    return t?.index === e.index && t.key === e.key && t.nth === e.nth;
  });
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
  if (shownText(el) !== plain(e.last)) el.textContent = e.last;
  makeEditable(el);
  setCaret(el, e.caret);
  placeHint();
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
  hint.textContent = 'Editando · Enter mantém · Esc desfaz';
  // For the pointer's author; the keyboard's and the screen reader's path is the form.
  hint.setAttribute('aria-hidden', 'true');
  hint.style.left = `${Math.max(0, box.left + scrollX - 3)}px`;
  hint.style.top = `${Math.max(0, box.top + scrollY - 27)}px`;
  document.body.append(hint);
}

function removeHint(): void {
  for (const hint of document.querySelectorAll(`.${HINT_CLASS}`)) hint.remove();
}
