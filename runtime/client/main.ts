/**
 * The page script. Pages that need nothing from the browser load no script at all; the
 * others load this small entry, the plain-DOM behaviours of their blocks, and React only when
 * the page has islands.
 */
import { initConsent } from './consent.ts';
import { runBehaviors } from './behaviors.ts';
import { enhance } from './enhance.ts';

// Consent defaults first: they must precede every event and the Google tag.
initConsent();
enhance();
runBehaviors();
if (document.querySelector('[data-island]')) afterFirstPaint(loadIslands);

/**
 * React and the islands load after the first paint: their bytes never compete with the first
 * screen's HTML, fonts and image on a slow connection (decision 0011). The build lists every
 * chunk they need on the entry script (`data-islands`); they are requested together, so
 * nothing waterfalls.
 */
function loadIslands(): void {
  const chunks = document.querySelector<HTMLScriptElement>('script[data-islands]')?.dataset.islands;
  for (const href of chunks?.split(' ') ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  import('./hydrate.tsx').catch((error: unknown) =>
    console.error('[fillgas] Falha ao carregar as ilhas.', error),
  );
}

/** Runs once the next frame has painted (or after a second, when frames are not running: a hidden tab). */
function afterFirstPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 1000);
}
