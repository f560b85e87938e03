/**
 * Where keyboard focus goes when a control that holds it disappears (the X of the side chat
 * button or of the sticky bar): without this the browser drops it on <body> and a screen reader
 * loses its place. It goes to the last control before the hidden element in the page's order,
 * as Shift+Tab would, without scrolling the page. No React: behaviours use it.
 */
/** What a visitor can Tab to (the popup's focus trap and the keyboard browser test use it too). */
export const TABBABLE =
  'a[href], button:not([disabled]), summary, input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Call before hiding `gone`: if focus is inside it, moves focus to the control before it. */
export function moveFocusBefore(gone: HTMLElement): void {
  if (!gone.contains(document.activeElement)) return;
  const before = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) =>
      !gone.contains(el) &&
      el.compareDocumentPosition(gone) & Node.DOCUMENT_POSITION_FOLLOWING &&
      !el.closest('[hidden], [inert], [aria-hidden="true"]') &&
      el.getClientRects().length > 0,
  );
  const target = before[before.length - 1] ?? document.querySelector<HTMLElement>('main');
  if (target && !target.matches(TABBABLE)) target.tabIndex = -1;
  target?.focus({ preventScroll: true });
}
