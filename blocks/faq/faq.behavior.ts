/**
 * The accordion in the browser, in plain DOM: no React ships for it (decision 0011). The page
 * script runs it on the built site; the component runs it from an effect, so Storybook and
 * the component tests exercise the same code.
 *
 * One answer open at a time: a question's button opens its answer and closes the others; the
 * open one closes on a second press. WAI-ARIA accordion keys: ↓/↑ move between the questions
 * (wrapping), Home and End to the first and the last.
 */
export default function faqBehavior(root: HTMLElement): () => void {
  const triggers = [...root.querySelectorAll<HTMLButtonElement>('button[aria-controls][aria-expanded]')];
  const panelOf = (button: HTMLButtonElement) =>
    root.ownerDocument.getElementById(button.getAttribute('aria-controls')!);
  const setOpen = (button: HTMLButtonElement, open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    const panel = panelOf(button);
    if (panel) panel.dataset.open = String(open);
  };

  const onClick = (event: MouseEvent) => {
    const button = event.currentTarget as HTMLButtonElement;
    const opening = button.getAttribute('aria-expanded') !== 'true';
    for (const other of triggers) if (other !== button) setOpen(other, false);
    setOpen(button, opening);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = triggers.indexOf(event.currentTarget as HTMLButtonElement);
    const last = triggers.length - 1;
    const next: Record<string, number> = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    triggers[target]?.focus();
  };

  for (const button of triggers) {
    button.addEventListener('click', onClick);
    button.addEventListener('keydown', onKeyDown);
  }
  return () => {
    for (const button of triggers) {
      button.removeEventListener('click', onClick);
      button.removeEventListener('keydown', onKeyDown);
    }
  };
}
