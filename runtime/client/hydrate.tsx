/** @jsxImportSource react */
/**
 * The only script a page loads, and only on pages with interactive blocks. It finds each
 * island the server marked, waits for its strategy (load, idle, visible), then loads that
 * block's code and hydrates it as its own React root. Static blocks are never touched.
 */
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { islands } from 'virtual:fillgas/islands';
import type { Site } from '../../schema/site.ts';
import { BlockProviders, SITE_DATA_ID } from '../page-context.tsx';

const site = JSON.parse(document.getElementById(SITE_DATA_ID)?.textContent ?? 'null') as Site;
const page = { route: document.documentElement.dataset.route ?? location.pathname };

/** Marks the island once React has committed it: tests and debugging can tell it is live. */
function Hydrated({ el, children }: { el: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    el.setAttribute('data-hydrated', 'true');
  }, [el]);
  return children;
}

async function hydrateIsland(el: HTMLElement): Promise<void> {
  const type = el.dataset.island!;
  const load = islands[type];
  if (!load) {
    console.error(`[fillgas] Bloco "${type}" não tem código de navegador; o HTML do servidor foi mantido.`);
    return;
  }
  const { default: Component } = await load();
  const props = JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>;
  const serverHtml = el.innerHTML;
  // Hydrating in a transition lets React yield to the browser every few milliseconds, so
  // the islands of a page never block the main thread in one long task (Total Blocking
  // Time); an island the visitor interacts with first is hydrated first (decision 0010).
  let root!: Root;
  startTransition(() => {
    root = hydrateRoot(
      el,
      <StrictMode>
        <Hydrated el={el}>
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
            el.innerHTML = serverHtml;
          });
        },
      },
    );
  });
}

function whenVisible(el: HTMLElement, run: () => void): void {
  // The wrapper is display: contents (no box): watch the block's first rendered element,
  // skipping what React 19 hoists in front of it (<link rel="preload"> for eager images, <style>).
  const target =
    [...el.children].find((child) => !['LINK', 'STYLE', 'SCRIPT', 'META'].includes(child.tagName)) ?? el;
  if (!('IntersectionObserver' in window)) return run();
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        run();
      }
    },
    { rootMargin: '200px' },
  );
  observer.observe(target);
}

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const run = () => {
    hydrateIsland(el).catch((error: unknown) =>
      console.error(`[fillgas] Falha ao carregar o bloco "${el.dataset.island}".`, error),
    );
  };
  const strategy = el.dataset.hydrate;
  if (strategy === 'visible') whenVisible(el, run);
  else if (strategy === 'idle') whenIdle(run);
  else run();
}
