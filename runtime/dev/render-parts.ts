/**
 * A preview render in parts, and what of it needs sending. A 200-block page renders to over a
 * megabyte of markup while a keystroke changes one block: the Estúdio's server answers with the
 * parts the app does not hold yet, and the app passes the frame only what the frame does not
 * hold (issue 27, "instant at any length"). Each part is named by a hash of its markup, so an
 * unchanged block, a block moved elsewhere and a duplicated block cost nothing to send.
 *
 * Pure functions: used by the server (studio/server/api.ts), the app (preview-frame.tsx) and the
 * frame (studio/app/preview/agent.ts).
 */

/** The tag the preview wraps each block in (display: contents, so it changes no layout). */
export const BLOCK_TAG = 'fillgas-block';

/** A render split by text, without parsing it. */
export interface RenderParts {
  /** The document up to its body (<html>'s attributes, the head with its styles). */
  head: string;
  /** The rest, with every block's markup left out: the page's skeleton. */
  skeleton: string;
  /** The markup of each block (inside its <fillgas-block>), by data-index. */
  blocks: string[];
}

/** The same render by the names (hashes) of its parts. */
export interface RenderNames {
  head: string;
  skeleton: string;
  blocks: string[];
}

/** A render as sent: its parts by name, and the markup of the names the other side lacks. */
export interface RenderDelta {
  names: RenderNames;
  markup: Record<string, string>;
}

const BLOCK_MARKUP = new RegExp(`(<${BLOCK_TAG} data-index="(\\d+)">)([\\s\\S]*?)(</${BLOCK_TAG}>)`, 'g');

/** Splits a render (a block's markup never contains the closing tag: every text in it is escaped). */
export function splitRender(html: string): RenderParts {
  const blocks: string[] = [];
  const cut = html.indexOf('</head>');
  const skeleton = html
    .slice(cut)
    .replace(BLOCK_MARKUP, (_, open: string, index: string, inner: string, close: string) => {
      blocks[Number(index)] = inner;
      return open + close;
    });
  return { head: html.slice(0, cut), skeleton, blocks };
}

/** The whole document again. */
export function joinRender(parts: RenderParts): string {
  return (
    parts.head +
    parts.skeleton.replace(
      new RegExp(`(<${BLOCK_TAG} data-index="(\\d+)">)(</${BLOCK_TAG}>)`, 'g'),
      (_, open: string, index: string, close: string) => open + (parts.blocks[Number(index)] ?? '') + close,
    )
  );
}

/** Every name a render uses. */
export function namesOf(names: RenderNames): string[] {
  return [names.head, names.skeleton, ...names.blocks];
}

/** The render as sent to a side that holds the parts named in `known`. */
export function deltaFor(parts: RenderParts, names: RenderNames, known: ReadonlySet<string>): RenderDelta {
  const markup: Record<string, string> = {};
  const add = (name: string, text: string) => {
    if (!known.has(name)) markup[name] = text;
  };
  add(names.head, parts.head);
  add(names.skeleton, parts.skeleton);
  names.blocks.forEach((name, i) => add(name, parts.blocks[i]!));
  return { names, markup };
}

/**
 * The render a delta describes, from the parts held in `store` and the ones it brings. The store
 * then holds exactly this render's parts (the next delta is made against them). Undefined when a
 * part is missing: the sender thought this side held something it does not.
 */
export function resolveDelta(delta: RenderDelta, store: Map<string, string>): RenderParts | undefined {
  const part = (name: string) => delta.markup[name] ?? store.get(name);
  const head = part(delta.names.head);
  const skeleton = part(delta.names.skeleton);
  const blocks = delta.names.blocks.map(part);
  if (head === undefined || skeleton === undefined || blocks.some((b) => b === undefined)) return undefined;
  store.clear();
  store.set(delta.names.head, head);
  store.set(delta.names.skeleton, skeleton);
  delta.names.blocks.forEach((name, i) => store.set(name, blocks[i]!));
  return { head, skeleton, blocks: blocks as string[] };
}
