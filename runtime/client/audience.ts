/**
 * Audiences (issue 38), measured in the page like an experiment's arm (experiment.ts): a page the
 * edge served to an audience at the audience's route names itself on every event of the view,
 * the page view first (`audience_page`: the page as _site.yaml names it, "agendamento-natal"). The
 * page knows from its HTML which route it is an audience page of (render: data-aud-*); opened at
 * its own address, or on a host without the edge, it counts as itself and names nothing.
 */
import { routeOfPath } from '../url-route.ts';
import { setAudiencePage } from './analytics.ts';

/** The audience page this view is of, or undefined (not an audience page, or not at its route). */
export function audiencePageOf(doc: Document, pathname: string): string | undefined {
  const { audPage, audRoute } = doc.documentElement.dataset;
  if (!audPage || !audRoute) return undefined;
  return routeOfPath(pathname) === audRoute ? audPage : undefined;
}

export function trackAudience(doc: Document = document): void {
  setAudiencePage(audiencePageOf(doc, location.pathname));
}
