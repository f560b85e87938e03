/**
 * Experiments (issue 20), measured in the page: a page served as one arm of an edge split pushes
 * one `experience_impression` per page view, and every event it pushes after that carries the
 * same `exp_variant_string` (analytics.ts), so GA4 can tie a chat tap to the variant it came from.
 *
 * The page knows from its HTML which experiment it belongs to (render: data-exp-*); it is an
 * exposure only when it is seen at the experiment's route and the edge's assignment cookie names
 * this very page. So a variant opened at its own address, a preview, or a host without the edge
 * split counts nothing; nor does an experiment that ended (a winner, or out of its days): the
 * edge clears the cookie, and document.cookie already lacks a cookie the document's own response
 * cleared (runtime/edge/split.ts). Known bots (isbot's list, loaded only here) are split like
 * everyone at the edge but never counted. Before consent the events wait in the data layer like
 * every other (Consent Mode: no analytics cookie is written).
 */
import { routeOfPath } from '../url-route.ts';
import { pushEvent, setExperimentVariant } from './analytics.ts';

export const IMPRESSION_EVENT = 'experience_impression';

/** The variant this view is an exposure of, or undefined (not an experiment page, not split). */
export function exposedVariant(doc: Document, pathname: string, cookies: string): string | undefined {
  const { expVariant, expRoute, expCookie } = doc.documentElement.dataset;
  if (!expVariant || !expRoute || !expCookie) return undefined;
  if (routeOfPath(pathname) !== expRoute) return undefined;
  return cookies.split(';').some((c) => c.trim() === expCookie) ? expVariant : undefined;
}

export function trackExperiment(doc: Document = document): void {
  const variant = exposedVariant(doc, location.pathname, doc.cookie);
  if (!variant) return;
  // Events from the first moments (a tap while isbot loads) already carry the variant.
  setExperimentVariant(variant);
  void import('isbot').then(
    ({ isbot }) => {
      if (isbot(navigator.userAgent)) setExperimentVariant(undefined);
      else pushEvent({ event: IMPRESSION_EVENT, exp_variant_string: variant });
    },
    () => setExperimentVariant(undefined), // no chunk, no measurement: never a click without its impression
  );
}
