/**
 * Runs inside the Estúdio's preview frame, a sandboxed iframe with its own opaque origin: it
 * cannot reach the Estúdio's window, storage or session, and the Estúdio reaches it only by
 * messages. It swaps in each new render of the page without reloading (scroll kept) and runs the
 * page's own script on it (page-runner.ts), outlines the block the author's cursor is in, marks
 * inherited blocks, reports which block was clicked and the analytics events the page would
 * send, and shows the states a visitor can meet. Links lead nowhere here: a click chooses a block
 * (and still does what it does on the page: a menu opens, a click is tracked).
 */
import {
  emptyCookieJar,
  keepFocusWithTheAuthor,
  reachBlock,
  reportEvents,
  showBlockAfresh,
  showRender,
  showState,
} from './page-runner.ts';
import { isPreviewState, type PreviewStateId } from './states.ts';
import {
  editedBlock,
  endEditing,
  installInlineEditing,
  setEditableTexts,
  type EditableBlock,
} from './inline-edit.ts';
import { unionBox } from './boxes.ts';
import { installInlineMedia, setPreviewScale } from './inline-media.ts';
import { editingEnded, editingStarted, focusOnward, focusPlace, markStops } from './inline-keyboard.ts';
import {
  resolveDelta,
  splitRender,
  type RenderDelta,
  type RenderParts,
} from '../../../runtime/dev/browser.ts';

type Incoming =
  | {
      kind: 'render';
      /** A whole document, or (from the editor) only the parts this frame does not hold. */
      html?: string;
      delta?: RenderDelta;
      inherited: number[];
      /** The editable texts of the blocks whose texts changed, and how many blocks there are. */
      texts?: { count: number; changed: EditableBlock[] };
    }
  | { kind: 'select'; index: number; scroll: boolean }
  | { kind: 'stale'; stale: boolean }
  | { kind: 'state'; state: PreviewStateId }
  /** How much the Estúdio scales the frame down: the on-page controls keep their size on screen. */
  | { kind: 'scale'; scale: number };

const TAG = 'fillgas-block';
const AGENT_CSS = `
${TAG}{display:contents}
[data-estudio-instant] *{transition:none!important;animation:none!important}
.estudio-box{position:absolute;pointer-events:none;z-index:2147483646;border-radius:4px}
.estudio-box[data-kind=selected]{outline:3px solid #c2410c;outline-offset:2px;box-shadow:0 0 0 9999px rgba(11,37,69,.08)}
.estudio-box[data-kind=hover]{outline:2px dashed #0b6e85;outline-offset:2px}
.estudio-badge{position:absolute;z-index:2147483647;pointer-events:none;font:600 12px/1.4 system-ui,sans-serif;
  background:#0b2545;color:#fff;padding:2px 8px;border-radius:0 0 6px 6px}
.estudio-stale{position:fixed;top:0;left:0;right:0;z-index:2147483647;background:#9a3412;color:#fff;
  font:600 13px/1.5 system-ui,sans-serif;padding:6px 12px;text-align:center}
`;

let inherited = new Set<number>();
/** The parts of the last render received, by name (render-parts.ts). */
const held = new Map<string, string>();
/** Per block, the texts the author may edit in place (sent only when they change). */
const editable: (EditableBlock | undefined)[] = [];
let selected = -1;
/** The block whose outline is drawn: the chosen one, or until its place is reached the one before. */
let boxed = -1;

function blockEl(index: number): Element | null {
  return document.querySelector(`${TAG}[data-index="${index}"]`);
}

/** The box of a display:contents element: the union of its children's boxes, in page coordinates. */
const boxOf = (el: Element): DOMRect | undefined =>
  unionBox([...el.children].map((c) => c.getBoundingClientRect()));

function drawBox(kind: 'selected' | 'hover', index: number): void {
  document.querySelector(`.estudio-box[data-kind=${kind}]`)?.remove();
  document.querySelector(`.estudio-badge[data-kind=${kind}]`)?.remove();
  const el = index >= 0 ? blockEl(index) : null;
  const box = el && boxOf(el);
  if (!box) return;
  const div = document.createElement('div');
  div.className = 'estudio-box';
  div.dataset.kind = kind;
  Object.assign(div.style, {
    left: `${box.left}px`,
    top: `${box.top}px`,
    width: `${box.width}px`,
    height: `${box.height}px`,
  });
  document.body.append(div);
  // A variant's inherited blocks say so, under the pointer and when chosen.
  if (inherited.has(index) && !(kind === 'hover' && index === selected)) {
    const badge = document.createElement('div');
    badge.className = 'estudio-badge';
    badge.dataset.kind = kind;
    badge.textContent = 'Herdado da página base';
    Object.assign(badge.style, { left: `${box.left}px`, top: `${box.top}px` });
    document.body.append(badge);
  }
}

/** The agent's own nodes in <head> (its script and style), kept across renders. */
const agentNodes = new Set<Node>();
/**
 * Kept too: what the agent's modules add to <head> later (in-place editing's style, id estudio-…).
 * Otherwise the head would differ from every render's, and be replaced whole: every stylesheet
 * and font of the page loaded again, the whole page restyled and laid out on each keystroke.
 */
const isAgentNode = (node: Node) =>
  agentNodes.has(node) || (node instanceof HTMLElement && node.id.startsWith('estudio-'));

/**
 * Renders and states are shown one at a time, in order, each once the page script has run on the
 * one before; a render that a newer one overtook while waiting is skipped (fast typing).
 */
type Job =
  | { kind: 'render'; parts: RenderParts; inherited: number[]; texts?: EditableBlock[] }
  | { kind: 'state'; state: PreviewStateId }
  | { kind: 'afresh'; index: number; n: number; force: boolean };
const jobs: Job[] = [];
let busy = false;

function enqueue(job: Job): void {
  if (job.kind === 'render') {
    const waiting = jobs.findIndex((j) => j.kind === 'render');
    if (waiting >= 0) jobs.splice(waiting, 1);
  }
  jobs.push(job);
  if (!busy) void pump();
}

async function pump(): Promise<void> {
  busy = true;
  for (let job = jobs.shift(); job; job = jobs.shift()) {
    try {
      if (job.kind === 'render') {
        await showRender(job.parts, isAgentNode);
        inherited = new Set(job.inherited);
      } else if (job.kind === 'afresh') await showBlockAfresh(job.index, job.n, job.force);
      else await showState(job.state);
    } catch (error) {
      console.error('[estúdio] A prévia não pôde mostrar esta versão da página.', error);
    }
    // The texts the author may edit in place, marked again on what was swapped in; then the
    // outline, whose box lays the page out once after every change made to it (drawn first, it
    // laid it out before the marks, and the paint laid it out again).
    setEditableTexts(job.kind === 'render' ? (job.texts ?? []) : undefined);
    if (boxed >= 0) drawBox('selected', boxed);
    if (job.kind === 'render') parent.postMessage({ kind: 'rendered' }, '*');
    else if (job.kind === 'state') parent.postMessage({ kind: 'state-shown', state: job.state }, '*');
  }
  busy = false;
}

function setStale(stale: boolean): void {
  document.querySelector('.estudio-stale')?.remove();
  if (!stale) return;
  const bar = document.createElement('div');
  bar.className = 'estudio-stale';
  bar.setAttribute('role', 'status');
  bar.textContent = 'Prévia desatualizada: corrija os problemas listados no editor.';
  document.documentElement.append(bar);
}

addEventListener('message', (event: MessageEvent<Incoming>) => {
  if (event.source !== parent) return;
  const message = event.data;
  if (message.kind === 'render') {
    // The parts are taken in as the message arrives (a render overtaken while waiting is
    // skipped, and the next one counts on the parts this one brought).
    let parts: RenderParts | undefined;
    if (message.delta) parts = resolveDelta(message.delta, held);
    else if (typeof message.html === 'string') {
      held.clear();
      parts = splitRender(message.html);
    }
    if (!parts) {
      parent.postMessage({ kind: 'need-whole-render' }, '*');
      return;
    }
    const { count, changed } = message.texts ?? { count: 0, changed: [] };
    editable.length = count;
    for (const block of changed) editable[block.index] = block;
    const texts = editable.filter(
      (block): block is EditableBlock =>
        block !== undefined && (block.texts.length > 0 || Boolean(block.images || block.links)),
    );
    enqueue({ kind: 'render', parts, inherited: message.inherited, texts });
  } else if (message.kind === 'stale') setStale(message.stale);
  else if (message.kind === 'scale' && typeof message.scale === 'number') setPreviewScale(message.scale);
  else if (message.kind === 'state' && isPreviewState(message.state)) enqueue(message);
  else if (message.kind === 'select') {
    const index = message.index;
    selected = index;
    // A block chosen on the page (a click: it is in view) is outlined at once, and the outline
    // follows it while the page above it is laid out; one chosen elsewhere (the code, Estrutura)
    // is outlined and scrolled to once its place is real, not estimated (content-visibility), in
    // slices that let a render through (reachBlock). The Estúdio hears when it is: in "Os dois"
    // the second frame is told only then.
    if (!message.scroll) {
      boxed = index;
      drawBox('selected', index);
    }
    reachBlock(
      () => blockEl(index),
      () => {
        if (!message.scroll) drawBox('selected', index);
      },
      (el) => {
        boxed = index;
        drawBox('selected', index);
        const box = el && boxOf(el);
        // A block chosen by a click on one of its texts is where the author is looking: not scrolled
        // to its top (a text low in a tall block went under the sticky bar, or off the screen).
        if (message.scroll && box && editedBlock() !== index)
          scrollTo({ top: Math.max(0, box.top - 24), behavior: 'instant' });
        parent.postMessage({ kind: 'selected' }, '*');
      },
    );
  }
});

const indexOf = (target: EventTarget | null): number => {
  const el = target instanceof Element ? target.closest(TAG) : null;
  return el ? Number(el.getAttribute('data-index')) : -1;
};

// A click still reaches the page (its menu, its accordion, its tracking); only leaving the page
// is stopped: a link to another address or the chat, a form. In-page anchors scroll as on the site.
document.addEventListener(
  'click',
  (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (link && !link.getAttribute('href')!.startsWith('#')) event.preventDefault();
    const index = indexOf(event.target);
    // A text being edited in place chooses its block itself (inline-edit.ts), keeping the focus.
    const inPlace = (event.target as Element | null)?.closest?.('[data-estudio-text]');
    // Only the author's own clicks (a pointer, a key): the preview's own, opening again an answer
    // after a render or showing a state, choose no block (the form would open beside the page).
    if (index >= 0 && !inPlace && event.isTrusted) parent.postMessage({ kind: 'block-clicked', index }, '*');
  },
  true,
);
document.addEventListener('submit', (event) => event.preventDefault(), true);
// Ctrl+S (Cmd+S) saves the page wherever the focus is on the editor screen, this frame included
// (a text being edited in place too: its keystrokes are already in the source). Before the page's
// own keys and in-place editing's; the browser's "save page as" never opens.
addEventListener(
  'keydown',
  (event) => {
    const key = typeof event.key === 'string' ? event.key.toLowerCase() : '';
    if (!(event.ctrlKey || event.metaKey) || event.altKey || key !== 's') return;
    event.preventDefault();
    parent.postMessage({ kind: 'save', repeat: event.repeat }, '*');
  },
  true,
);
document.addEventListener('mouseover', (event) => drawBox('hover', indexOf(event.target)));
addEventListener('resize', () => boxed >= 0 && drawBox('selected', boxed));

for (const script of document.head.querySelectorAll('script')) agentNodes.add(script);
const agentStyle = document.createElement('style');
agentStyle.textContent = AGENT_CSS;
document.head.append(agentStyle);
agentNodes.add(agentStyle);
emptyCookieJar();
keepFocusWithTheAuthor();
reportEvents((event, byClick) => parent.postMessage({ kind: 'event', event, byClick }, '*'));
// Images, link targets and list items on the page (before in-place editing: a click on an image
// is the image's).
installInlineMedia((message) => parent.postMessage(message, '*'), endEditing, focusPlace, focusOnward);
installInlineEditing(
  (message) => parent.postMessage(message, '*'),
  (index, n, force) => enqueue({ kind: 'afresh', index, n, force }),
  { markStops, editingStarted, editingEnded },
);

parent.postMessage({ kind: 'ready' }, '*');
