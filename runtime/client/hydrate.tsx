/** @jsxImportSource react */
/**
 * React's side of the islands, loaded by the page script when the first island of the page is
 * due (runtime/client/islands.ts schedules them: load, idle, visible, after a delay). It loads the
 * block's code and hydrates the server HTML as the block's own React root. Static blocks and
 * block behaviours are never touched.
 */
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { islands } from 'virtual:fillgas/islands';
import type { Site } from '../../schema/site.ts';
import { BlockProviders, SITE_DATA_ID } from '../block-api.ts';

/** Each live island's root, for unmountIslands. */
const roots = new WeakMap<HTMLElement, Root>();

/**
 * Unmounts the islands under `root`. The site never needs it; the Estúdio's preview does, before
 * it swaps a block's markup for a newer render.
 */
export function unmountIslands(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-island]')) {
    roots.get(el)?.unmount();
    roots.delete(el);
  }
}

/**
 * Marks the island once React has committed it (tests and debugging can tell it is live) and
 * says so: the outermost effect runs after every effect of the block, so its listeners are set.
 */
function Hydrated({
  el,
  onCommit,
  children,
}: {
  el: HTMLElement;
  onCommit: () => void;
  children: ReactNode;
}) {
  useEffect(() => {
    el.setAttribute('data-hydrated', 'true');
    onCommit();
  }, [el, onCommit]);
  return children;
}

/**
 * Hydrates the island; resolves once React has committed it (a tap caught before can then be
 * replayed: runtime/client/early-taps.ts), rejects when its code fails to load or it throws
 * (with undefined when the error is already logged).
 */
export async function hydrateIsland(el: HTMLElement): Promise<void> {
  const type = el.dataset.island!;
  const load = islands[type];
  if (!load) {
    console.error(`[fillgas] Bloco "${type}" não tem código de navegador; o HTML do servidor foi mantido.`);
    return;
  }
  const { default: Component } = await load();
  const props = JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>;
  // Read when the island hydrates (the page script loads this module after the page is parsed;
  // the Estúdio's preview, before its first render).
  const site = JSON.parse(document.getElementById(SITE_DATA_ID)?.textContent ?? 'null') as Site;
  const route = document.documentElement.dataset.route ?? location.pathname;
  const page = { route, openForMs: performance.now() };
  // The pressed mark of a tap caught before (early-taps.ts) is not React's: an extra attribute
  // would be reported as a hydration mismatch in development. The island stays aria-busy.
  for (const pending of el.querySelectorAll('[data-pending]')) pending.removeAttribute('data-pending');
  const serverHtml = el.innerHTML;
  // Hydrating in a transition lets React yield to the browser every few milliseconds, so
  // the islands of a page never block the main thread in one long task (Total Blocking
  // Time); an island the visitor interacts with first is hydrated first (decision 0010).
  let root!: Root;
  let committed!: () => void;
  let failed!: (error?: unknown) => void;
  const done = new Promise<void>((resolve, reject) => {
    committed = resolve;
    failed = reject;
  });
  startTransition(() => {
    root = hydrateRoot(
      el,
      <StrictMode>
        <Hydrated el={el} onCommit={committed}>
          <BlockProviders site={site} page={page}>
            <Component {...props} />
          </BlockProviders>
        </Hydrated>
      </StrictMode>,
      {
        identifierPrefix: el.dataset.prefix,
        onUncaughtError(error) {
          // Keep the page usable: put the server HTML back instead of an empty box.
          console.error(
            `[fillgas] O bloco "${type}" falhou no navegador; o HTML do servidor foi mantido.`,
            error,
          );
          setTimeout(() => {
            root.unmount();
            roots.delete(el);
            el.innerHTML = serverHtml;
            failed();
          });
        },
      },
    );
    roots.set(el, root);
  });
  return done;
}
