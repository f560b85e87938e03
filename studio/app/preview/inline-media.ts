/**
 * Beside the texts (inline-edit.ts), what else of a block the author changes on the page, in the
 * preview frame (issue 37.1):
 *
 * - **An image** is replaced by clicking (or tapping) it: the frame asks the Estúdio, which opens
 *   its image picker with the alternative text beside it. The image is found by the invisible
 *   marks the preview's render put in its alt text (runtime/dev/media-props.ts), read here before
 *   they are taken out.
 * - **A link's or a button's target**: while its label is edited (or after, until the author
 *   clicks elsewhere) a small panel under it offers the address, and for a call to action what it
 *   does (WhatsApp, phone, link), checked as the loader checks it, with its words.
 * - **A list item** (a question of the FAQ, a step, a testimonial): while one of its texts is
 *   edited, or its image chosen, the same panel has "Adicionar depois", ↑, ↓ and "Remover".
 *
 * The panel is plain buttons and fields: reached from the edited text with Tab, and from a text
 * or an image that has the focus (editing ended, or never started) with Ctrl+K (or the context
 * menu key, Shift+F10); Esc closes it, Enter applies an address; Alt+↑ and Alt+↓ in the edited
 * text move its item. In the tab order it sits right after its text: Shift+Tab from its first
 * control goes back to the text, Tab from its last goes on to what follows the text. Its controls are
 * 32 px on screen (44 px on a touch screen) whatever the preview's scale: the Estúdio tells the
 * frame how much it is scaled.
 */
import { isSafeUrl, unsafeScheme } from '../../../schema/shared.ts';
import { markNumber, MARK_SIGN, MARKS } from '../../../runtime/dev/browser.ts';
import type { EditableBlock, InlineEditMessage, LinkTarget, ListOp, PropPath } from './inline-types.ts';
import { unionBox } from './boxes.ts';

const TAG = 'fillgas-block';
/** On an element that shows an image of its block: the image's number in the block's marks. */
export const IMAGE = 'data-estudio-image';
const PANEL_ID = 'estudio-painel';
const STYLE_ID = 'estudio-inline-media';

const ACTIONS: [string, string][] = [
  ['whatsapp', 'Abre a conversa no WhatsApp'],
  ['phone', 'Liga para o telefone do site'],
  ['link', 'Vai para um endereço'],
];

const CSS = `
[${IMAGE}]{cursor:pointer}
[${IMAGE}]:hover{outline:2px dashed #c2410c!important;outline-offset:3px!important}
#${PANEL_ID}{position:absolute;z-index:2147483647;box-sizing:border-box;display:grid;gap:calc(8px*var(--k));
  max-width:calc(100vw - 8px);padding:calc(8px*var(--k));background:#fff;color:#0b2545;
  border:1px solid #94a3b8;border-radius:calc(8px*var(--k));box-shadow:0 6px 24px rgba(11,37,69,.25);
  font:500 calc(13px*var(--k))/1.35 system-ui,sans-serif;text-align:left;text-transform:none;letter-spacing:normal}
#${PANEL_ID} *{box-sizing:border-box;font:inherit;letter-spacing:normal;text-transform:none}
#${PANEL_ID}[hidden],#${PANEL_ID} [hidden]{display:none!important}
#${PANEL_ID} .estudio-row{display:flex;flex-wrap:wrap;gap:calc(6px*var(--k));align-items:center}
#${PANEL_ID} button,#${PANEL_ID} input,#${PANEL_ID} select{min-height:calc(var(--hit)*var(--k));
  border-radius:calc(6px*var(--k));border:1px solid #64748b;background:#fff;color:#0b2545;margin:0}
#${PANEL_ID} button{min-width:calc(var(--hit)*var(--k));padding:0 calc(10px*var(--k));font-weight:600;cursor:pointer}
#${PANEL_ID} button:hover{background:#e0f2f7}
#${PANEL_ID} button:disabled{opacity:.45;cursor:default;background:#fff}
#${PANEL_ID} button.estudio-apply{background:#0b2545;color:#fff;border-color:#0b2545}
#${PANEL_ID} button.estudio-danger{color:#9a3412;border-color:#c2410c}
#${PANEL_ID} button:focus-visible,#${PANEL_ID} input:focus-visible,#${PANEL_ID} select:focus-visible{
  outline:3px solid #c2410c;outline-offset:1px}
#${PANEL_ID} input{width:calc(260px*var(--k));max-width:100%;padding:0 calc(8px*var(--k))}
#${PANEL_ID} select{padding:0 calc(6px*var(--k));max-width:100%}
#${PANEL_ID} label{display:grid;gap:calc(2px*var(--k));font-weight:600}
#${PANEL_ID} .estudio-error{margin:0;color:#9a3412;font-weight:600;max-width:calc(320px*var(--k))}
#${PANEL_ID} .estudio-title{margin:0;font-weight:700}
`;

let post: (message: InlineEditMessage) => void = () => {};
/** Ends the text being edited (keeping it), when the focus goes to the panel. */
let endEditing: () => void = () => {};
/** What the panel is about, as its text's or image's place. */
export interface PanelAbout {
  index: number;
  path: PropPath;
  image: boolean;
}
/** The focus back on the text or image the panel was about, when the panel closes from its keys. */
let focusBack: (about?: PanelAbout) => void = () => {};
/** The focus on what follows that text or image (Tab from the panel's last control); false: nothing does. */
let focusOnward: () => boolean = () => false;
let blocks: EditableBlock[] = [];
/** The preview's scale in the Estúdio: the panel's sizes are divided by it. */
let scale = 1;
/** What the panel is about: a text or an image of a block, and the element it is shown under. */
let chosen: PanelAbout | undefined;
/** A list edit was asked for: the next ones wait for its render (they address the new list). */
let waiting = false;
/** The link form's last values, kept while the panel follows its text through renders. */
let draft: { key: string; href: string; action?: string; error?: string } | undefined;

const sameList = (a: PropPath, b: PropPath) => a.length === b.length && a.every((part, i) => part === b[i]);
const startsWith = (path: PropPath, prefix: PropPath) => prefix.every((part, i) => path[i] === part);

/** Called once by the agent: where messages go, and how editing a text is ended. */
export function installInlineMedia(
  send: (message: InlineEditMessage) => void,
  end: () => void,
  back: (about?: PanelAbout) => void = () => {},
  onward: () => boolean = () => false,
): void {
  post = send;
  endEditing = end;
  focusBack = back;
  focusOnward = onward;
  // Capture on the window, before in-place editing's and the page's own listeners: a click on an
  // image chooses it (a carousel's slide or a linked image does nothing else here).
  addEventListener('click', onClick, true);
  addEventListener('pointerdown', onPointerDown, true);
  addEventListener('resize', () => place());
}

/** The Estúdio's scale of the preview (1: shown at its own width). */
export function setPreviewScale(next: number): void {
  if (Number.isFinite(next) && next > 0) scale = next;
  place();
}

/**
 * Under `root` (markup being swapped in, an island React changed): each element whose alt text
 * (or an inlined SVG's label) holds an image's marks is that image's. Called before the marks are
 * taken out of the attributes; an image whose alt was empty gets it back empty (and hidden, as
 * the site draws a decorative SVG).
 */
export function markImageElements(root: ParentNode): void {
  const scope = root instanceof Element && root.matches('[alt], [aria-label]') ? [root] : [];
  for (const el of [...scope, ...root.querySelectorAll('[alt], [aria-label]')]) {
    const attr = el.hasAttribute('alt') ? 'alt' : 'aria-label';
    const value = el.getAttribute(attr) ?? '';
    if (!value.includes(MARK_SIGN)) continue;
    const match = [...value.matchAll(MARKS)][0];
    if (!match) continue;
    el.setAttribute(IMAGE, String(markNumber(match[2]!)));
    if (attr === 'aria-label' && value.replace(MARKS, '') === '' && !el.closest('[data-island]')) {
      el.removeAttribute('aria-label');
      el.removeAttribute('role');
      el.setAttribute('aria-hidden', 'true');
    }
  }
}

/** After each render or state shown: the blocks' images, links and lists, and the panel placed again. */
export function setMediaBlocks(next: readonly EditableBlock[] | undefined, rendered: boolean): void {
  if (next) blocks = [...next];
  if (rendered) waiting = false;
  if (!document.getElementById(STYLE_ID)) {
    const style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = CSS;
    document.head.append(style);
  }
  place();
}

/** A text starts being edited: the panel shows its link's target and its item's controls. */
export function textChosen(index: number, path: PropPath): void {
  chosen = { index, path, image: false };
  place();
}

/**
 * A key pressed in the text being edited: Tab goes to the panel, Alt+↑/↓ moves the text's item.
 * True when it was the panel's.
 */
export function keyInText(event: KeyboardEvent): boolean {
  const panel = document.getElementById(PANEL_ID);
  if ((event.key === 'Tab' && !event.shiftKey) || isPanelKey(event)) {
    const first = panel && !panel.hidden ? controlsOf(panel)[0] : undefined;
    // Ctrl+K in a text with no panel: nothing (not the browser's search box).
    if (!first && event.key !== 'Tab') event.preventDefault();
    if (!first) return event.key !== 'Tab';
    event.preventDefault();
    endEditing();
    first.focus();
    return true;
  }
  if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
    const item = chosen && itemOf(chosen.index, chosen.path);
    if (!item) return false;
    event.preventDefault();
    const op = event.key === 'ArrowUp' ? 'up' : 'down';
    if ((op === 'up' && item.at === 0) || (op === 'down' && item.at >= item.length - 1)) return true;
    endEditing();
    listOp(op);
    return true;
  }
  return false;
}

/** Ctrl+K (⌘K), the context menu key or Shift+F10: the panel of the focused text or image. */
export function isPanelKey(event: KeyboardEvent): boolean {
  const key = typeof event.key === 'string' ? event.key.toLowerCase() : '';
  if (key === 'k') return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
  if (key === 'contextmenu') return !event.ctrlKey && !event.metaKey && !event.altKey;
  return key === 'f10' && event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/** The panel's controls the focus can go to, in order (the hidden parts' and disabled buttons left out). */
const controlsOf = (panel: HTMLElement) =>
  [...panel.querySelectorAll<HTMLElement>('input, select, button:not(:disabled)')].filter(
    (el) => el.getClientRects().length > 0,
  );

/**
 * What the panel holds for a text (or an image) of block `index`, in words: "destino do botão",
 * "item da lista", both; undefined when it would hold nothing (the key does nothing there).
 */
export function panelOffer(index: number, path: PropPath, image: boolean): string | undefined {
  const link = image ? undefined : linkOf(index, path);
  const item = itemOf(index, path);
  const target = link && (link.action === undefined ? 'destino do link' : 'destino do botão');
  if (target && item) return `${target} e item da lista`;
  return target ?? (item ? 'item da lista' : undefined);
}

/** True while the panel is shown for that text or image. */
export function panelShownFor(index: number, path: PropPath): boolean {
  const panel = document.getElementById(PANEL_ID);
  return Boolean(panel && !panel.hidden && chosen?.index === index && sameList(chosen.path, path));
}

/**
 * The panel of a text or an image that has the focus, shown (if it was not) and focused on its
 * first control. False when that text has no link and no list item.
 */
export function openPanel(index: number, path: PropPath, image: boolean): boolean {
  if (!panelOffer(index, path, image)) return false;
  if (!panelShownFor(index, path)) {
    chosen = { index, path, image };
    place();
  }
  const panel = document.getElementById(PANEL_ID);
  const first = panel && !panel.hidden ? controlsOf(panel)[0] : undefined;
  first?.focus();
  return Boolean(first);
}

function onPointerDown(event: PointerEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(`#${PANEL_ID}`)) return;
  // Anywhere else: the panel goes (a text or an image chosen there brings it back).
  chosen = undefined;
  draft = undefined;
  hide();
}

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (!target || target.closest(`#${PANEL_ID}`)) return;
  const el = target.closest(`[${IMAGE}]`);
  if (!el || !imageOf(el)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  pickImage(el);
}

/** The block and the image an element with an image's marks shows, if the author may replace it. */
export function imageOf(el: Element): { index: number; path: PropPath; label?: string } | undefined {
  const wrapper = el.closest(TAG);
  if (!wrapper) return undefined;
  const index = Number(wrapper.getAttribute('data-index'));
  const n = Number(el.getAttribute(IMAGE));
  const image = blocks.find((b) => b.index === index)?.images?.find((i) => i.n === n);
  return image && { index, path: image.path, ...(image.label ? { label: image.label } : {}) };
}

/** The Estúdio opens its image picker for the image `el` shows (a click, or Enter on it: inline-keyboard.ts). */
export function pickImage(el: Element): boolean {
  const image = imageOf(el);
  if (!image) return false;
  chosen = { index: image.index, path: image.path, image: true };
  place();
  post({ kind: 'image-pick', index: image.index, path: image.path });
  return true;
}

/**
 * The focus moved with the keyboard to another text or image than the one the panel is about:
 * the panel goes (it is reached from its text while that is edited, with Tab).
 */
export function panelFollowsFocus(index: number, path: PropPath | undefined): void {
  if (!chosen || (chosen.index === index && path && sameList(chosen.path, path))) return;
  chosen = undefined;
  draft = undefined;
  hide();
}

/** The list item `path` (a text's, an image's) belongs to: the outermost list of the block. */
function itemOf(
  index: number,
  path: PropPath,
): { path: PropPath; at: number; length: number; add: boolean; remove: boolean } | undefined {
  const list = (blocks.find((b) => b.index === index)?.lists ?? [])
    .filter((l) => l.path.length < path.length && startsWith(path, l.path))
    .sort((a, b) => a.path.length - b.path.length)[0];
  const at = list ? Number(path[list.path.length]) : NaN;
  return list && Number.isInteger(at) ? { ...list, at } : undefined;
}

function linkOf(index: number, path: PropPath): LinkTarget | undefined {
  if (path[path.length - 1] !== 'label') return undefined;
  return blocks.find((b) => b.index === index)?.links?.find((l) => sameList(l.path, path.slice(0, -1)));
}

function listOp(op: ListOp): void {
  const item = chosen && itemOf(chosen.index, chosen.path);
  if (!chosen || !item || waiting) return;
  waiting = true;
  // An edit that changes nothing brings no render: the buttons work again after a moment.
  setTimeout(() => (waiting = false), 1500);
  post({ kind: 'list-edit', index: chosen.index, path: item.path, at: item.at, op });
  // The panel follows the item: where it will be once the Estúdio's render comes.
  const to = op === 'up' ? item.at - 1 : op === 'down' || op === 'add' ? item.at + 1 : item.at;
  // A removed item's panel goes with it (above the next one it would cover the one before).
  if (op === 'remove') {
    chosen = undefined;
    hide();
  } else {
    const next = [...chosen.path];
    next[item.path.length] = to;
    chosen = { ...chosen, path: next };
  }
  draft = undefined;
}

function hide(): void {
  const panel = document.getElementById(PANEL_ID);
  if (!panel) return;
  // The focus in the panel goes back to the page, not out of the frame.
  if (panel.contains(document.activeElement)) (document.activeElement as HTMLElement).blur();
  panel.hidden = true;
}

/** The elements of block `index` that show texts or images under `prefix` (an item, a text). */
function elementsOf(index: number, prefix: PropPath): Element[] {
  const wrapper = document.querySelector(`${TAG}[data-index="${index}"]`);
  const block = blocks.find((b) => b.index === index);
  if (!wrapper || !block) return [];
  const texts = new Set(block.texts.filter((t) => startsWith(t.path, prefix)).map((t) => String(t.n)));
  const images = new Set(
    (block.images ?? []).filter((i) => startsWith(i.path, prefix)).map((i) => String(i.n)),
  );
  const out: Element[] = [];
  for (const el of wrapper.querySelectorAll(
    '[data-estudio-leaf], [data-estudio-parts], [data-estudio-editing]',
  )) {
    const leaf = el.getAttribute('data-estudio-leaf');
    const parts = (el.getAttribute('data-estudio-parts') ?? '').split(' ').map((p) => p.split(':')[0]!);
    if ((leaf && texts.has(leaf)) || parts.some((n) => texts.has(n))) out.push(el);
  }
  for (const el of wrapper.querySelectorAll(`[${IMAGE}]`))
    if (images.has(el.getAttribute(IMAGE)!)) out.push(el);
  const editing = wrapper.querySelector('[data-estudio-editing]');
  if (editing && !chosen?.image && texts.size > 0 && !out.includes(editing)) {
    // A part of an element wrapped for editing (inline-edit.ts): the wrapper is the text's place.
    const n = block.texts.find((t) => sameList(t.path, chosen!.path))?.n;
    if (n !== undefined && texts.has(String(n))) out.push(editing);
  }
  return out;
}

/** The union of the boxes of `els` that are shown, in page coordinates. */
const boxOf = (els: Element[]): DOMRect | undefined =>
  unionBox(els.flatMap((el) => [...el.getClientRects()]));

/** The panel for what is chosen (a link's target, an item's controls), under it; hidden if nothing. */
function place(): void {
  if (!chosen) return hide();
  const { index, path } = chosen;
  const link = chosen.image ? undefined : linkOf(index, path);
  const item = itemOf(index, path);
  if (!link && !item) return hide();
  const box = boxOf(elementsOf(index, item ? [...item.path, item.at] : path));
  const own = item ? boxOf(elementsOf(index, path)) : box;
  if (!box || !own) return hide();
  const panel = panelFor(link, item);
  const k = Math.min(4, Math.max(1, 1 / scale));
  panel.style.setProperty('--k', String(k));
  panel.style.setProperty('--hit', matchMedia('(pointer: coarse)').matches ? '44px' : '32px');
  panel.hidden = false;
  // Above the item (or the text): what is below it (an answer that opens, the next texts) stays
  // in view, and the panel is where the eye is. Under the text itself when the room above is not
  // on screen. Inside the page's width.
  const width = panel.offsetWidth;
  const height = panel.offsetHeight;
  const gap = 8 * k;
  // (Clear of the "Editando" hint, which sits on the edited text's top edge.)
  const above = Math.min(box.top, own.top - 30) - height - gap;
  const top = above >= scrollY + 4 ? above : own.bottom + gap;
  const left = Math.max(scrollX + 4, Math.min(box.left, scrollX + innerWidth - width - 4));
  panel.style.left = `${left}px`;
  panel.style.top = `${top}px`;
}

/** The panel element, made once, its parts shown and filled for `link` and `item`. */
function panelFor(link: LinkTarget | undefined, item: ReturnType<typeof itemOf>): HTMLElement {
  let panel = document.getElementById(PANEL_ID);
  if (!panel) {
    panel = build();
    // Beside the body, which a render of a new page replaces.
    document.documentElement.append(panel);
  }
  const linkPart = panel.querySelector<HTMLElement>('.estudio-link')!;
  const itemPart = panel.querySelector<HTMLElement>('.estudio-item')!;
  linkPart.hidden = !link;
  itemPart.hidden = !item;
  if (link && chosen) {
    const key = JSON.stringify([chosen.index, link.path]);
    const select = linkPart.querySelector('select')!;
    const input = linkPart.querySelector('input')!;
    if (draft?.key !== key) {
      // A link newly chosen: its fields filled once; after that they hold what the author typed
      // (a render or a resize placing the panel again never writes over them).
      draft = { key, href: link.href, ...(link.action ? { action: link.action } : {}) };
      select.value = draft.action ?? 'link';
      input.value = draft.href;
    }
    const error = linkPart.querySelector<HTMLElement>('.estudio-error')!;
    select.parentElement!.hidden = link.action === undefined;
    const asLink = link.action === undefined || select.value === 'link';
    input.parentElement!.hidden = !asLink;
    error.hidden = !draft.error;
    error.textContent = draft.error ?? '';
    input.setAttribute('aria-invalid', String(Boolean(draft.error)));
    linkPart.querySelector('.estudio-title')!.textContent =
      link.action === undefined ? 'Destino do link' : 'Destino do botão';
  }
  if (item) {
    itemPart.setAttribute('aria-label', `Item ${item.at + 1} de ${item.length} da lista`);
    const [add, up, down, remove] = [...itemPart.querySelectorAll('button')];
    add!.disabled = !item.add;
    up!.disabled = item.at === 0 || !item.add;
    down!.disabled = item.at >= item.length - 1 || !item.add;
    remove!.disabled = !item.remove;
  }
  return panel;
}

/** The link's address as the loader checks it, in its words (runtime/load/validate.ts). */
export function addressProblem(href: string): string | undefined {
  if (href.trim() === '') return 'Escreva o endereço: https://…, /pagina, #secao, tel: ou mailto:.';
  const scheme = unsafeScheme(href);
  if (scheme) return `Endereço inseguro: links "${scheme}" não são permitidos.`;
  if (!isSafeUrl(href))
    return 'Endereço inválido. Use https://…, um caminho do site (/pagina), uma âncora (#secao), tel:+5511… ou mailto:nome@dominio. Sem espaços.';
  return undefined;
}

function build(): HTMLElement {
  const panel = document.createElement('div');
  panel.id = PANEL_ID;
  panel.hidden = true;
  panel.setAttribute('role', 'group');
  panel.setAttribute('aria-label', 'Editar na página');

  // (Not a <form>: the sandboxed frame submits none, and fires no submit event.)
  const linkPart = document.createElement('div');
  linkPart.className = 'estudio-link';
  linkPart.setAttribute('role', 'group');
  linkPart.setAttribute('aria-label', 'Destino');
  const title = document.createElement('p');
  title.className = 'estudio-title';
  const actionLabel = document.createElement('label');
  actionLabel.textContent = 'O que o botão faz';
  const select = document.createElement('select');
  for (const [value, text] of ACTIONS) select.append(new Option(text, value));
  actionLabel.append(select);
  const hrefLabel = document.createElement('label');
  hrefLabel.textContent = 'Endereço';
  const input = document.createElement('input');
  input.type = 'text';
  input.inputMode = 'url';
  input.autocomplete = 'off';
  input.spellcheck = false;
  input.placeholder = 'https://…, /pagina ou #secao';
  const errorId = 'estudio-painel-erro';
  input.setAttribute('aria-describedby', errorId);
  hrefLabel.append(input);
  const error = document.createElement('p');
  error.className = 'estudio-error';
  error.id = errorId;
  error.setAttribute('role', 'alert');
  error.hidden = true;
  const row = document.createElement('div');
  row.className = 'estudio-row';
  const apply = button('Aplicar', 'Aplicar', 'estudio-apply');
  row.append(apply);
  linkPart.append(title, actionLabel, hrefLabel, error, row);

  const itemPart = document.createElement('div');
  itemPart.className = 'estudio-item estudio-row';
  itemPart.setAttribute('role', 'toolbar');
  const add = button('Adicionar depois', 'Adicionar depois');
  const up = button('↑', 'Mover para cima');
  const down = button('↓', 'Mover para baixo');
  const remove = button('Remover', 'Remover', 'estudio-danger');
  itemPart.append(add, up, down, remove);
  add.addEventListener('click', () => listOp('add'));
  up.addEventListener('click', () => listOp('up'));
  down.addEventListener('click', () => listOp('down'));
  remove.addEventListener('click', () => listOp('remove'));

  const keepDraft = () => {
    if (draft) draft = { ...draft, href: input.value, action: select.value };
  };
  input.addEventListener('input', () => {
    keepDraft();
    if (draft?.error) {
      draft.error = undefined;
      place();
    }
  });
  select.addEventListener('change', () => {
    keepDraft();
    if (draft) draft.error = undefined;
    place();
  });
  const applyLink = () => {
    const link = chosen && !chosen.image ? linkOf(chosen.index, chosen.path) : undefined;
    if (!chosen || !link || !draft) return;
    const action = link.action === undefined ? undefined : select.value;
    const href = input.value.trim();
    const problem = action === undefined || action === 'link' ? addressProblem(href) : undefined;
    draft = { ...draft, href, ...(action ? { action } : {}), error: problem };
    if (problem) {
      place();
      input.focus();
      return;
    }
    post({
      kind: 'link-edit',
      index: chosen.index,
      path: link.path,
      href,
      ...(action !== undefined ? { action } : {}),
    });
    const about = chosen;
    chosen = undefined;
    draft = undefined;
    hide();
    focusBack(about);
  };
  apply.addEventListener('click', applyLink);
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    applyLink();
  });
  panel.addEventListener('keydown', (event) => {
    // After the panel's own fields: the page's keys (an accordion, a carousel) are not for it.
    event.stopPropagation();
    if (event.key === 'Tab' && !event.ctrlKey && !event.altKey && !event.metaKey) {
      // Where the panel is in the tab order: right after its text (not at the page's end, where it is).
      const controls = controlsOf(panel);
      const at = controls.indexOf(document.activeElement as HTMLElement);
      if (event.shiftKey && at === 0) {
        event.preventDefault();
        focusBack(chosen);
      } else if (!event.shiftKey && at === controls.length - 1 && focusOnward()) event.preventDefault();
      return;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      const about = chosen;
      chosen = undefined;
      draft = undefined;
      hide();
      focusBack(about);
    }
  });
  panel.append(linkPart, itemPart);
  return panel;
}

function button(text: string, name: string, className = ''): HTMLButtonElement {
  const el = document.createElement('button');
  el.type = 'button';
  el.textContent = text;
  if (name !== text) el.setAttribute('aria-label', name);
  if (className) el.className = className;
  return el;
}
