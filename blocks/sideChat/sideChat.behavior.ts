/**
 * What the side WhatsApp button does in the browser, in plain DOM: no React ships for it
 * (decision 0011). The page script runs it on the built site; the component runs it from an
 * effect, so Storybook and the component tests exercise the same code.
 *
 * Spec §4: expanded with its label on first view; after `data-collapse-after-ms` (counted while
 * it is on screen, from the desktop width up) it folds to the icon and sets sideWhatsCollapsed.
 * With the flag already set it starts folded. Hovering it or focusing inside it unfolds it;
 * leaving folds it again once the flag is set. The close button hides it for this page view.
 * The state is `data-collapsed` (the label's width follows it) and `hidden`.
 */
import { breakpoints } from '../../design/theme.ts';
import { moveFocusBefore, getFlag, setFlag } from '../../runtime/behavior-api.ts';

const FLAG = 'sideWhatsCollapsed';
/** The button is only on screen from this width (below it the sticky bottom bar takes over). */
export const SIDE_CHAT_MEDIA = `(min-width: ${breakpoints.lg}px)`;

type Cleanup = () => void;

export default function sideChatBehavior(root: HTMLElement): Cleanup {
  const aside = root.matches('[data-side-chat]') ? root : root.querySelector<HTMLElement>('[data-side-chat]');
  if (!aside) return () => {};
  const collapseAfterMs = Number(aside.dataset.collapseAfterMs);
  const cleanups: Cleanup[] = [];
  const listen = <K extends keyof HTMLElementEventMap>(
    target: HTMLElement | MediaQueryList,
    type: K | 'change',
    handler: (event: HTMLElementEventMap[K]) => void,
  ) => {
    target.addEventListener(type, handler as EventListener);
    cleanups.push(() => target.removeEventListener(type, handler as EventListener));
  };

  // Folded before this page view (the pre-paint class already folds it until now), or timed out here.
  let seen = getFlag(FLAG);
  let hovered = false;
  let focused = false;
  const render = () => {
    aside.dataset.collapsed = String(seen && !hovered && !focused);
  };
  render();

  listen(aside, 'pointerenter', () => {
    hovered = true;
    render();
  });
  listen(aside, 'pointerleave', () => {
    hovered = false;
    render();
  });
  listen(aside, 'focusin', () => {
    focused = true;
    render();
  });
  listen(aside, 'focusout', (event) => {
    if (aside.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    render();
  });

  const close = aside.querySelector<HTMLButtonElement>('button[data-close]');
  if (close)
    listen(close, 'click', () => {
      moveFocusBefore(aside);
      aside.hidden = true;
    });

  // First view: fold after collapseAfterMs, counted while the button is on screen (desktop).
  if (!seen) {
    const desktop = typeof window.matchMedia === 'function' ? window.matchMedia(SIDE_CHAT_MEDIA) : null;
    let timer: number | undefined;
    const start = () => {
      if (timer !== undefined || (desktop && !desktop.matches)) return;
      timer = window.setTimeout(() => {
        setFlag(FLAG);
        seen = true;
        render();
      }, collapseAfterMs);
    };
    start();
    if (desktop) listen(desktop, 'change', start);
    cleanups.push(() => window.clearTimeout(timer));
  }

  return () => {
    for (const cleanup of cleanups) cleanup();
  };
}
