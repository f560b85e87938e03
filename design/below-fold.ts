/**
 * Content below the first screen is laid out only when it nears the viewport
 * (content-visibility: auto, decision 0013): the blocks of <main> after the first
 * FIRST_SCREEN_BLOCKS (runtime/render-page.tsx) and a legal text's clauses after the first.
 * Until then a placeholder height stands in; the real one is remembered once laid out.
 *
 * A smooth scroll to a section (#id) is planned with those placeholder heights and would stop
 * short or overshoot, so the page script lays everything out (LAID_OUT_CLASS on <html>) as soon
 * as an in-page link is clicked (runtime/client/enhance.ts). A page with such a link and such
 * content always loads the page script. Kept apart from the global stylesheet so the script
 * imports two names, not the CSS.
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
