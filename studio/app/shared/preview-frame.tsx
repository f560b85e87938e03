/**
 * One preview of the page at a device width (375 px phone, 1280 px desktop), scaled to fit its
 * panel. The frame is sandboxed with scripts but without same-origin: it gets its own opaque
 * origin, so nothing in a page can reach the Estúdio's window, storage or session. The two
 * sides speak only by messages (studio/app/preview/agent.ts is the other side).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { css } from '@emotion/react';
import { colors, fonts, radii } from '../../../design/theme.ts';
import type { PreviewStateId } from '../preview/states.ts';
import { isInlineEditMessage, type EditableBlock, type InlineEditMessage } from './frame-messages.ts';
import { deltaFor, namesOf, type RenderNames, type RenderParts } from '../../../runtime/dev/browser.ts';

export interface PreviewState {
  /** The render as a whole document, or (the editor's) as parts named by hash: only new parts are sent. */
  html?: string;
  render?: { parts: RenderParts; names: RenderNames };
  inherited: number[];
  stale: boolean;
  /** Per block, the texts the author may edit in the page itself (inline-edits.ts). */
  texts?: EditableBlock[];
}

const wrapCss = css`
  position: relative;
  flex: 1 1 0;
  min-width: 0;
  min-height: 0;
  display: flex;
  flex-direction: column;
  gap: 6px;
`;
const labelCss = css`
  /* Whole pixels (not 1.4 × 12): the frame below sits on a pixel row, so the page is drawn as
     crisply as on a phone, and the pixel test compares it with the built page exactly. */
  font: 600 12px/17px ${fonts.display};
  color: ${colors.muted};
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;
const stageCss = css`
  position: relative;
  flex: 1;
  min-height: 0;
  overflow: hidden;
  border: 1px solid ${colors.line};
  border-radius: ${radii.sm};
  background: ${colors.white};
`;

/**
 * A block's editable texts as JSON, kept by their array: the editor keeps the entry of a block
 * whose part did not change (inline-edits.ts), so a keystroke on a 200-block page writes one or two
 * blocks' texts, not all of them.
 */
const textSignatures = new WeakMap<object, string>();
function signatureOf(texts: EditableBlock['texts']): string {
  let signature = textSignatures.get(texts);
  if (signature === undefined) textSignatures.set(texts, (signature = JSON.stringify(texts)));
  return signature;
}

/** The editable texts of the blocks whose texts the frame does not have yet, by block index. */
function textsDelta(
  render: PreviewState['render'],
  texts: PreviewState['texts'],
  sent: { current: string[] },
) {
  const count = render?.names.blocks.length ?? Math.max(-1, ...(texts ?? []).map((b) => b.index)) + 1;
  const byIndex: EditableBlock[] = Array.from({ length: count }, (_, index) => ({ index, texts: [] }));
  for (const block of texts ?? []) if (block.index < count) byIndex[block.index] = block;
  const signatures = byIndex.map((block) => signatureOf(block.texts));
  const changed = byIndex.filter((block) => signatures[block.index] !== sent.current[block.index]);
  sent.current = signatures;
  return { count, changed };
}

export function PreviewFrame({
  width,
  label,
  state,
  selected,
  onBlockClick,
  onRendered,
  onSelected,
  onSave,
  view = 'pagina',
  onEvent,
  onInlineEdit,
}: {
  width: number;
  label: string;
  state: PreviewState;
  selected: { index: number; scroll: boolean; seq: number };
  onBlockClick: (index: number) => void;
  onRendered?: () => void;
  /** The chosen block outlined (and scrolled to), its place on the page laid out. */
  onSelected?: () => void;
  /** Ctrl+S (Cmd+S) pressed in the frame (`repeat`: the key held down). */
  onSave?: (repeat: boolean) => void;
  /** The state a visitor can meet that the page shows (the "Estado" control). */
  view?: PreviewStateId;
  /** An analytics event the page would have sent (the "Eventos" strip). */
  onEvent?: (event: Record<string, unknown>, byClick: boolean) => void;
  /** A text edited in the page itself: each keystroke, its start and end, Ctrl+Z and Ctrl+Y there. */
  onInlineEdit?: (message: InlineEditMessage) => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  // Counts the frame's "ready": a frame that loaded again holds no part of any render.
  const [ready, setReady] = useState(0);
  /** The render parts the frame holds (it keeps those of the last render it was sent). */
  const frameHolds = useRef(new Set<string>());
  /** Per block, the editable texts the frame was sent (as JSON): only changed ones are sent again. */
  const frameTexts = useRef<string[]>([]);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const callbacks = useRef({ onBlockClick, onRendered, onSelected, onEvent, onSave });
  useLayoutEffect(() => {
    callbacks.current = { onBlockClick, onRendered, onSelected, onEvent, onSave };
  });

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow) return;
      const data = event.data as {
        kind?: string;
        index?: number;
        event?: unknown;
        byClick?: boolean;
        repeat?: boolean;
      };
      if (data.kind === 'ready' || data.kind === 'need-whole-render') {
        frameHolds.current = new Set();
        frameTexts.current = [];
        setReady((n) => n + 1);
      } else if (data.kind === 'block-clicked' && typeof data.index === 'number')
        callbacks.current.onBlockClick(data.index);
      else if (data.kind === 'rendered') callbacks.current.onRendered?.();
      else if (data.kind === 'selected') callbacks.current.onSelected?.();
      else if (data.kind === 'save') callbacks.current.onSave?.(data.repeat === true);
      else if (data.kind === 'event' && data.event && typeof data.event === 'object')
        callbacks.current.onEvent?.(data.event as Record<string, unknown>, data.byClick === true);
    };
    addEventListener('message', listen);
    return () => removeEventListener('message', listen);
  }, []);
  const inlineEdit = useRef(onInlineEdit);
  useLayoutEffect(() => {
    inlineEdit.current = onInlineEdit;
  });
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.source === frame.current?.contentWindow && isInlineEditMessage(event.data))
        inlineEdit.current?.(event.data);
    };
    addEventListener('message', listen);
    return () => removeEventListener('message', listen);
  }, []);

  // Measured before the first paint: sized from a ResizeObserver alone, the frame was drawn 0 px
  // high, and took its height 0.2-0.8 s later (the observer's first answer in a later task on a
  // busy main thread). Then the observer follows the stage's changes.
  useLayoutEffect(() => {
    const element = stage.current!;
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    const border = (a: string, b: string) => parseFloat(a) + parseFloat(b);
    setSize({
      width: box.width - border(style.borderLeftWidth, style.borderRightWidth),
      height: box.height - border(style.borderTopWidth, style.borderBottomWidth),
    });
    const observer = new ResizeObserver(([entry]) =>
      setSize({ width: entry!.contentRect.width, height: entry!.contentRect.height }),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The frame's origin is opaque, so no target origin can name it: '*', and nothing secret is sent.
  const post = (message: unknown) => frame.current?.contentWindow?.postMessage(message, '*');

  // Sent as the render commits (a layout effect), not in a later task: on a busy thread a timer or
  // the code editor's work could come between the commit and a passive effect, and the new text
  // waited for them before it left for the frame.
  useLayoutEffect(() => {
    if (!ready) return;
    const rest = { inherited: state.inherited, texts: textsDelta(state.render, state.texts, frameTexts) };
    if (state.render) {
      const { parts, names } = state.render;
      const delta = deltaFor(parts, names, frameHolds.current);
      frameHolds.current = new Set(namesOf(names));
      post({ kind: 'render', delta, ...rest });
    } else if (state.html !== undefined) {
      frameHolds.current = new Set();
      post({ kind: 'render', html: state.html, ...rest });
    }
  }, [ready, state.html, state.render, state.inherited, state.texts]);
  useEffect(() => {
    if (ready) post({ kind: 'stale', stale: state.stale });
  }, [ready, state.stale]);
  useEffect(() => {
    if (ready) post({ kind: 'select', index: selected.index, scroll: selected.scroll });
  }, [ready, selected]);
  // After the first render: a state is shown on the page as it is.
  const rendered = ready > 0 && (state.html !== undefined || state.render !== undefined);
  useEffect(() => {
    if (rendered) post({ kind: 'state', state: view });
  }, [rendered, view]);

  const scale = size.width > 0 ? Math.min(1, size.width / width) : 1;
  // The on-page controls (inline-media.ts) keep a usable size on screen however small the page is shown.
  useEffect(() => {
    if (ready) post({ kind: 'scale', scale });
  }, [ready, scale]);
  return (
    <div css={wrapCss}>
      <span css={labelCss}>
        {label} · {width} px{scale < 1 ? ` (${Math.round(scale * 100)}%)` : ''}
      </span>
      <div css={stageCss} ref={stage}>
        <iframe
          ref={frame}
          title={`Prévia da página: ${label}`}
          src="/estudio/preview.html"
          sandbox="allow-scripts"
          style={{
            width: `${width}px`,
            // Whole pixels: a page's bars fixed at the bottom sit where a phone of that height has them.
            height: `${Math.floor(scale > 0 ? size.height / scale : size.height)}px`,
            border: 0,
            transform: `scale(${scale})`,
            transformOrigin: '0 0',
            display: 'block',
          }}
        />
      </div>
    </div>
  );
}
