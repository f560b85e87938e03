/**
 * Runs inside the Estúdio's preview frame, a sandboxed iframe with its own opaque origin: it
 * cannot reach the Estúdio's window, storage or session, and the Estúdio reaches it only by
 * messages. It swaps in each new render of the page without reloading (scroll kept), outlines
 * the block the author's cursor is in, marks inherited blocks, and reports which block was
 * clicked. Links and forms do nothing here: a click chooses a block.
 */
export {};

type Incoming =
  | { kind: 'render'; html: string; inherited: number[] }
  | { kind: 'select'; index: number; scroll: boolean }
  | { kind: 'stale'; stale: boolean };

const TAG = 'fillgas-block';
const AGENT_CSS = `
${TAG}{display:contents}
.estudio-box{position:absolute;pointer-events:none;z-index:2147483646;border-radius:4px}
.estudio-box[data-kind=selected]{outline:3px solid #c2410c;outline-offset:2px;box-shadow:0 0 0 9999px rgba(11,37,69,.08)}
.estudio-box[data-kind=hover]{outline:2px dashed #0b6e85;outline-offset:2px}
.estudio-badge{position:absolute;z-index:2147483647;pointer-events:none;font:600 12px/1.4 system-ui,sans-serif;
  background:#0b2545;color:#fff;padding:2px 8px;border-radius:0 0 6px 6px}
.estudio-stale{position:fixed;top:0;left:0;right:0;z-index:2147483647;background:#9a3412;color:#fff;
  font:600 13px/1.5 system-ui,sans-serif;padding:6px 12px;text-align:center}
`;

let inherited = new Set<number>();
let selected = -1;

function blockEl(index: number): Element | null {
  return document.querySelector(`${TAG}[data-index="${index}"]`);
}

/** The box of a display:contents element: the union of its children's boxes, in page coordinates. */
function boxOf(el: Element): DOMRect | undefined {
  const rects = [...el.children]
    .map((c) => c.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);
  if (rects.length === 0) return undefined;
  const left = Math.min(...rects.map((r) => r.left));
  const top = Math.min(...rects.map((r) => r.top));
  const right = Math.max(...rects.map((r) => r.right));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  return new DOMRect(left + scrollX, top + scrollY, right - left, bottom - top);
}

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

function render(html: string, inheritedBlocks: number[]): void {
  const next = new DOMParser().parseFromString(html, 'text/html');
  const scroll = scrollY;
  const agent = document.querySelector('script[src$="preview-agent.js"]');
  document.head.replaceChildren(...[...next.head.childNodes].map((n) => document.importNode(n, true)));
  if (agent) document.head.append(agent);
  const style = document.createElement('style');
  style.textContent = AGENT_CSS;
  document.head.append(style);
  for (const { name, value } of [...next.documentElement.attributes])
    document.documentElement.setAttribute(name, value);
  document.body.replaceWith(document.importNode(next.body, true));
  inherited = new Set(inheritedBlocks);
  scrollTo(0, scroll);
  if (selected >= 0) drawBox('selected', selected);
  parent.postMessage({ kind: 'rendered' }, '*');
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
  if (message.kind === 'render') render(message.html, message.inherited);
  else if (message.kind === 'stale') setStale(message.stale);
  else if (message.kind === 'select') {
    selected = message.index;
    drawBox('selected', selected);
    const el = blockEl(selected);
    const box = el && boxOf(el);
    if (message.scroll && box) scrollTo({ top: Math.max(0, box.top - 24), behavior: 'instant' });
  }
});

const indexOf = (target: EventTarget | null): number => {
  const el = target instanceof Element ? target.closest(TAG) : null;
  return el ? Number(el.getAttribute('data-index')) : -1;
};

document.addEventListener(
  'click',
  (event) => {
    event.preventDefault();
    event.stopPropagation();
    const index = indexOf(event.target);
    if (index >= 0) parent.postMessage({ kind: 'block-clicked', index }, '*');
  },
  true,
);
document.addEventListener('submit', (event) => event.preventDefault(), true);
document.addEventListener('mouseover', (event) => drawBox('hover', indexOf(event.target)));
addEventListener('resize', () => selected >= 0 && drawBox('selected', selected));

parent.postMessage({ kind: 'ready' }, '*');
