/**
 * Client: the prerendered HTML in, a working page out, in the visitor's browser. This is the
 * stage's entry (the build bundles from here; the rest of the runtime imports nothing of client/,
 * only the block API re-exports its session flags, focus and scroll-lock helpers).
 *
 * The page script. Pages that need nothing from the browser load no script at all; the
 * others load this small entry and the plain-DOM behaviours of their blocks; React only when
 * the page has islands, and only when the first of them is due (runtime/client/islands.ts).
 */
import { initConsent } from './consent.ts';
import { runBehaviors } from './behaviors.ts';
import { enhance } from './enhance.ts';
import { scheduleIslands } from './islands.ts';

// Consent defaults first: they must precede every event and the Google tag.
initConsent();
enhance();
void runBehaviors();
scheduleIslands();
