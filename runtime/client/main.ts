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
if (document.querySelector('[data-island]')) {
  import('./hydrate.tsx').catch((error: unknown) =>
    console.error('[fillgas] Falha ao carregar as ilhas.', error),
  );
}
