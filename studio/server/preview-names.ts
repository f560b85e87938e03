/**
 * The names of a preview render's parts (runtime/dev/render-parts.ts): a hash of each part's
 * content, so that the app and the frame hold a part by its name and a keystroke sends only the
 * parts whose content changed. A block's name covers its markup and its editable texts and media
 * (a held block needs neither sent again).
 *
 * Named at every keystroke on pages of hundreds of blocks, so each markup's hash is kept by the
 * markup (an unchanged block's markup is the same string as before: renderPage's block cache), and
 * each texts' and media's JSON by their object (runtime/dev's marks are kept by the block's value).
 */
import { createHash } from 'node:crypto';
import type { RenderNames, RenderParts } from '../../runtime/dev/browser.ts';

const hash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/** Beyond this many kept markups the memo starts over (an author's session stays far below). */
const MAX_KEPT = 4000;
const markupNames = new Map<string, string>();
const jsonOf = new WeakMap<object, string>();

function markupName(markup: string): string {
  let name = markupNames.get(markup);
  if (name === undefined) {
    name = hash(markup);
    if (markupNames.size >= MAX_KEPT) markupNames.clear();
    markupNames.set(markup, name);
  }
  return name;
}

function json(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'undefined';
  let text = jsonOf.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    jsonOf.set(value, text);
  }
  return text;
}

/** Read only: the texts and media objects are never changed once rendered (they are kept and shared). */
export function partNames(
  parts: RenderParts,
  blocks: readonly { texts?: unknown; media?: unknown }[],
): RenderNames {
  return {
    head: hash(parts.head),
    skeleton: hash(parts.skeleton),
    blocks: parts.blocks.map((markup, i) =>
      hash(`${markupName(markup)}\0${json(blocks[i]?.texts)}\0${json(blocks[i]?.media)}`),
    ),
  };
}
