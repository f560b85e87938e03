/**
 * What a block's plain-DOM behaviour (blocks/<type>/<type>.behavior.ts) may import from the
 * runtime: the spec's session flags, where focus goes when a control disappears, and the page's
 * scroll lock. No React and nothing that imports it: a behaviour runs in the page script, whose
 * budget has no room for React (decision 0011). block-api.ts re-exports all of it for islands.
 */
export { getFlag, setFlag } from './client/session-flags.ts';
export { moveFocusBefore, TABBABLE } from './client/focus.ts';
export { lockScroll } from './client/scroll-lock.ts';
