/**
 * Runs the plain-DOM behaviour of every block the server marked `data-behavior` (the navbar's
 * menu, the FAQ accordion): each type's code is its own small chunk, preloaded by the page
 * (decision 0011). `data-enhanced` marks a block once its behaviour is attached.
 */
import { behaviors } from 'virtual:fillgas/behaviors';

/** Each enhanced block's cleanup (what its behaviour returned), for stopBehaviors. */
const cleanups = new WeakMap<HTMLElement, () => void>();

/**
 * Runs the behaviour of every `data-behavior` block in `root` (the page, or one block's markup);
 * resolves once each is attached (or has failed, which is logged).
 */
export function runBehaviors(root: ParentNode = document): Promise<void> {
  const attached: Promise<void>[] = [];
  for (const el of root.querySelectorAll<HTMLElement>('[data-behavior]')) {
    const type = el.dataset.behavior!;
    const load = behaviors[type];
    if (!load) {
      console.error(
        `[fillgas] Bloco "${type}" não tem comportamento de navegador; o HTML do servidor foi mantido.`,
      );
      continue;
    }
    const attaching = load()
      .then(({ default: behavior }) => {
        cleanups.set(el, behavior(el));
        el.dataset.enhanced = 'true';
      })
      .catch((error: unknown) =>
        console.error(`[fillgas] Falha ao carregar o comportamento do bloco "${type}".`, error),
      );
    attached.push(attaching);
  }
  return Promise.all(attached).then(() => undefined);
}

/**
 * Detaches the behaviours under `root` (their listeners, timers and scroll locks). The site never
 * needs it; the Estúdio's preview does, before it swaps a block's markup for a newer render.
 */
export function stopBehaviors(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-enhanced]')) {
    cleanups.get(el)?.();
    cleanups.delete(el);
    delete el.dataset.enhanced;
  }
}
