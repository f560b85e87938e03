/**
 * Content below the first screen waits to be laid out (content-visibility: auto, decision
 * 0013): the blocks of <main> after the first FIRST_SCREEN_BLOCKS on a page with the page
 * script (runtime/render/render-page.tsx), the footer when something in <main> waits, and a legal
 * text's clauses after the first. The browser lays such content out when it nears the
 * viewport, and the page script lays out the rest after the load
 * (runtime/client/below-fold.ts), then puts LAID_OUT_CLASS on <html>. Until then a
 * placeholder height stands in; the real one is remembered once laid out.
 *
 * Kept apart from the global stylesheet so the page script imports two names, not the CSS.
 */
export const BELOW_FOLD_CLASS = 'below-fold';
export const LAID_OUT_CLASS = 'laid-out';
/** How many blocks of <main> a phone's first screen can show: the hero and the top of the next. */
export const FIRST_SCREEN_BLOCKS = 2;

/** How far a focus ring reaches outside its element: the 3px outline plus the largest offset a block uses (4px). */
const FOCUS_RING_REACH = '8px';

/**
 * content-visibility clips painting to the element: the clip margin keeps a focus ring at the
 * edge whole.
 */
export const belowFoldCss =
  `.${BELOW_FOLD_CLASS}{content-visibility:auto;contain-intrinsic-block-size:auto 600px;overflow-clip-margin:${FOCUS_RING_REACH}}` +
  `.${LAID_OUT_CLASS} .${BELOW_FOLD_CLASS}{content-visibility:visible}`;
