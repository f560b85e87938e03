/**
 * No tap is lost before an island hydrates (issue 21, decision 0020). Until an island's React
 * root has committed, its server HTML is dead: a tap on its "next" arrow would do nothing. The
 * page script, without React, therefore:
 * - wakes the island (hydrates it at once) on the first pointerdown or focus inside it;
 * - catches a click on one of its controls (and Enter/Space on a control that is not a native
 *   one), cancels its default action, marks the island aria-busy and the control data-pending;
 * - once the island has committed, replays exactly one click on the same control, found again
 *   by its child-index path from the island root, with focus kept on it.
 * Only the last tap per island is kept, and only for MAX_AGE_MS (a visitor who waited longer has
 * moved on; a link's user activation also lasts about 5 s). Pointer and touch events are never
 * replayed: a drag or a scroll that starts on a control stays a drag.
 */

/** How long a caught tap may wait for its island. */
export const MAX_AGE_MS = 4000;

/** What a tap acts on: the controls whose click does something. */
const CONTROL =
  'a[href],button,summary,label,input,[role=button],[role=link],[role=tab],[role=checkbox],[role=switch]';

/** Controls a browser itself turns Enter/Space into a click for. */
const NATIVE = 'a[href],button,summary,input';

interface Tap {
  path: number[];
  control: HTMLElement;
  focused: boolean;
  timer: ReturnType<typeof setTimeout>;
}

export interface EarlyTaps {
  /** The island has committed: replay its waiting tap, stop catching. */
  live(island: HTMLElement): void;
  /** The island's code failed: clear its busy state, drop its tap, leave its HTML to the browser. */
  failed(island: HTMLElement): void;
}

/** The child indexes from `root` down to `el`. */
export function pathFrom(root: Element, el: Element): number[] {
  const path: number[] = [];
  for (let node = el; node !== root && node.parentElement; node = node.parentElement)
    path.unshift([...node.parentElement.children].indexOf(node));
  return path;
}

/** The element at `path` under `root`, if there is one. */
export function atPath(root: Element, path: number[]): Element | undefined {
  let node: Element | undefined = root;
  for (const i of path) node = node?.children[i];
  return node;
}

/**
 * Starts catching taps on `islands` (those not yet live). `wake` is called, once or more, when
 * an island is wanted now; it must hydrate it and then call live() or failed().
 */
export function catchEarlyTaps(
  islands: HTMLElement[],
  wake: (island: HTMLElement) => void,
  doc: Document = document,
): EarlyTaps {
  const cold = new Set(islands);
  const taps = new Map<HTMLElement, Tap>();

  const islandOf = (target: EventTarget | null) => {
    const island = (target as Element | null)?.closest?.<HTMLElement>('[data-island]');
    return island && cold.has(island) ? island : undefined;
  };
  const drop = (island: HTMLElement) => {
    const tap = taps.get(island);
    taps.delete(island);
    island.removeAttribute('aria-busy');
    if (!tap) return;
    clearTimeout(tap.timer);
    tap.control.removeAttribute('data-pending');
    return tap;
  };
  const onWake = (event: Event) => {
    const island = islandOf(event.target);
    if (island) wake(island);
  };
  const onTap = (event: Event) => {
    const island = islandOf(event.target);
    const control = island && (event.target as Element).closest<HTMLElement>(CONTROL);
    if (!island || !control || !island.contains(control)) return;
    const key = (event as KeyboardEvent).key;
    if (event.type === 'keydown' && ((key !== 'Enter' && key !== ' ') || control.matches(NATIVE))) return;
    // Cancelled here and replayed once: a link must not navigate twice, a checkbox not toggle twice.
    event.preventDefault();
    event.stopPropagation();
    drop(island);
    taps.set(island, {
      path: pathFrom(island, control),
      control,
      focused: doc.activeElement === control,
      timer: setTimeout(() => drop(island), MAX_AGE_MS),
    });
    island.setAttribute('aria-busy', 'true');
    control.setAttribute('data-pending', '');
    wake(island);
  };

  doc.addEventListener('pointerdown', onWake, true);
  doc.addEventListener('focusin', onWake, true);
  doc.addEventListener('click', onTap, true);
  doc.addEventListener('keydown', onTap, true);

  return {
    live(island) {
      cold.delete(island);
      const tap = drop(island);
      if (!tap) return;
      // Hydration keeps the server's nodes; if React replaced them, the same place has the control.
      const control =
        tap.control.isConnected && island.contains(tap.control) ? tap.control : atPath(island, tap.path);
      if (!(control instanceof HTMLElement)) return;
      if (tap.focused && doc.activeElement !== control) control.focus({ preventScroll: true });
      control.click();
    },
    failed(island) {
      cold.delete(island);
      drop(island);
    },
  };
}
