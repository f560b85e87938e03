/**
 * What the sticky chat bar does in the browser, in plain DOM: no React ships for it (decision 0011).
 * The page script runs it on the built site; the component runs it from an effect, so Storybook
 * and the component tests exercise the same code.
 *
 * Spec §4: the bar is visible unless stickyWhatsDismissed is set; its close button sets the flag
 * and hides it. Hiding it hides its spacer too, so the end of the page gets its space back. The
 * pre-paint script already hides both when the flag was in storage (`html.flag-stickyWhatsDismissed`);
 * this also covers a flag held in memory (storage that throws).
 */
import { moveFocusBefore, getFlag, setFlag } from '../../runtime/behavior-api.ts';

export const FLAG = 'stickyWhatsDismissed';

export default function stickyCtaBehavior(root: HTMLElement): () => void {
  const bar = root.matches('[data-sticky-bar]') ? root : root.querySelector<HTMLElement>('[data-sticky-bar]');
  if (!bar) return () => {};
  const spacer = bar.nextElementSibling as HTMLElement | null;
  const close = bar.querySelector('button');

  const hide = () => {
    bar.hidden = true;
    if (spacer?.matches('[data-sticky-spacer]')) spacer.hidden = true;
  };
  if (getFlag(FLAG)) hide();

  const onClose = () => {
    setFlag(FLAG);
    moveFocusBefore(bar);
    hide();
  };
  close?.addEventListener('click', onClose);
  return () => close?.removeEventListener('click', onClose);
}
