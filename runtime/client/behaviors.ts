/**
 * Runs the plain-DOM behaviour of every block the server marked `data-behavior` (the navbar's
 * menu, the FAQ accordion): each type's code is its own small chunk, preloaded by the page
 * (decision 0011). `data-enhanced` marks a block once its behaviour is attached.
 */
import { behaviors } from 'virtual:fillgas/behaviors';

export function runBehaviors(doc: Document = document): void {
  for (const el of doc.querySelectorAll<HTMLElement>('[data-behavior]')) {
    const type = el.dataset.behavior!;
    const load = behaviors[type];
    if (!load) {
      console.error(
        `[fillgas] Bloco "${type}" não tem comportamento de navegador; o HTML do servidor foi mantido.`,
      );
      continue;
    }
    load()
      .then(({ default: behavior }) => {
        behavior(el);
        el.dataset.enhanced = 'true';
      })
      .catch((error: unknown) =>
        console.error(`[fillgas] Falha ao carregar o comportamento do bloco "${type}".`, error),
      );
  }
}
