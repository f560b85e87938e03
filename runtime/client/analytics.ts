/**
 * Analytics events go to window.dataLayer (the GTM / GA4 convention). No third-party
 * script is loaded here: a tag manager, when configured, reads the same array.
 */
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** The experiment arm this page view is an exposure of (experiment.ts): every event names it. */
let experimentVariant: string | undefined;

export function setExperimentVariant(variant: string | undefined): void {
  experimentVariant = variant;
}

/** The event parameter naming the audience's page a view is of (issue 38). */
export const AUDIENCE_PARAM = 'audience_page';

/** The audience page this view is of, seen at the audience's route (audience.ts): every event names it. */
let audiencePage: string | undefined;

export function setAudiencePage(page: string | undefined): void {
  audiencePage = page;
}

export function pushEvent(event: Record<string, unknown>): void {
  if (experimentVariant !== undefined && event.exp_variant_string === undefined)
    event = { ...event, exp_variant_string: experimentVariant };
  if (audiencePage !== undefined && event[AUDIENCE_PARAM] === undefined)
    event = { ...event, [AUDIENCE_PARAM]: audiencePage };
  (window.dataLayer ??= []).push(event);
  // gtag.js (a GA4 id, G-…) reads commands, not plain objects: hand it the same event. A GTM
  // container reads the object above. Before consent nothing leaves the page (consent.ts).
  if (window.gtag && document.documentElement.dataset.analyticsId?.startsWith('G-')) {
    const { event: name, ...params } = event;
    window.gtag('event', name, params);
  }
}

/** A call to action clicked, by the section name it declares (spec §7). */
export function trackCtaClick(eventName: string, section: string, action: string): void {
  pushEvent({ event: eventName, section, cta_action: action, page_path: location.pathname });
}

/** The footer's chat link: category Contato, action 'WhatsApp Click' (spec §7). */
export function trackFooterChat(label: string): void {
  pushEvent({
    event: 'whatsapp_click',
    event_category: 'Contato',
    event_action: 'WhatsApp Click',
    event_label: label,
  });
}

export function trackPageView(name: string): void {
  pushEvent({ event: name, page_path: location.pathname, page_title: document.title });
}
