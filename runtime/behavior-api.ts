export { getFlag, setFlag } from './client/session-flags.ts';
export { TABBABLE, moveFocusBefore } from './client/focus.ts';
export { lockScroll } from './client/scroll-lock.ts';
