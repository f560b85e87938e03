/**
 * What the navbar does in the browser, in plain DOM: no React ships for it (decision 0011).
 * The page script runs it on the built site; the component runs it from an effect, so
 * Storybook and the component tests exercise the same code.
 *
 * - A sticky bar follows the scroll: `data-scrolled` once the page is past `data-solid-after` px.
 * - The ☰ toggle opens and closes the phone menu; Escape (focus back on the toggle), a click
 *   outside the bar, a click on a link and widening the window past the phone layout close it.
 */
import { breakpoints } from '../../design/theme.ts';

/** The toggle's accessible name in each state (the component renders the closed one). */
export const MENU_LABELS = { open: 'Abrir menu', close: 'Fechar menu' } as const;

type Cleanup = () => void;

export default function navbarBehavior(root: HTMLElement): Cleanup {
  const header = root.matches('header') ? root : root.querySelector('header');
  if (!header) return () => {};
  const cleanups: Cleanup[] = [];
  const listen = <K extends keyof WindowEventMap>(
    target: Window | Document | HTMLElement,
    type: K,
    handler: (event: WindowEventMap[K]) => void,
    options?: AddEventListenerOptions,
  ) => {
    target.addEventListener(type, handler as EventListener, options);
    cleanups.push(() => target.removeEventListener(type, handler as EventListener, options));
  };

  const solidAfter = header.dataset.solidAfter;
  if (solidAfter !== undefined) {
    const limit = Number(solidAfter);
    const follow = () => {
      if (window.scrollY > limit) header.dataset.scrolled = 'true';
      else delete header.dataset.scrolled;
    };
    follow();
    listen(window, 'scroll', follow, { passive: true });
  }

  const toggle = header.querySelector<HTMLButtonElement>('button[aria-controls]');
  const menu = toggle && header.ownerDocument.getElementById(toggle.getAttribute('aria-controls')!);
  if (toggle && menu) {
    const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
    const setOpen = (open: boolean) => {
      toggle.setAttribute('aria-expanded', String(open));
      toggle.setAttribute('aria-label', open ? MENU_LABELS.close : MENU_LABELS.open);
      menu.dataset.open = String(open);
      if (open) header.dataset.menuOpen = 'true';
      else delete header.dataset.menuOpen;
    };
    listen(toggle, 'click', () => setOpen(!isOpen()));
    listen(menu, 'click', (event) => {
      if ((event.target as Element | null)?.closest?.('a')) setOpen(false);
    });
    listen(document, 'keydown', (event) => {
      if (event.key !== 'Escape' || !isOpen()) return;
      setOpen(false);
      toggle.focus();
    });
    listen(document, 'click', (event) => {
      if (isOpen() && !header.contains(event.target as Node)) setOpen(false);
    });
    listen(window, 'resize', () => {
      if (isOpen() && window.innerWidth >= breakpoints.lg) setOpen(false);
    });
  }

  return () => {
    for (const cleanup of cleanups) cleanup();
  };
}
