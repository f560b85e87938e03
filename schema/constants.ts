/**
 * Numbers and names from the product spec (§4, §7, §9), in one place. Block schemas use
 * them as defaults, so a page can tune a value in YAML without code.
 */
export const SPEC = {
  popupDelayMs: 30_000,
  sideButtonCollapseMs: 4_000,
  navbarSolidPx: 10,
  navbarSolidPxAgendamento: 20,
  revealOffsetPx: 150,
  revealThreshold: 0.1,
  carouselImages: 9,
  carouselPerSlide: 3,
  testimonialsPerPage: 3,
  loadingTickMs: 150,
  loadingMaxStep: 15,
  loadingHideDelayMs: 500,
  heroRevealStepsMs: [500, 1000, 1500, 2000],
} as const;

/** Session-storage flags (value 'true' when set), spec §3. */
export const SESSION_FLAGS = ['hasClosedPopup', 'stickyWhatsDismissed', 'sideWhatsCollapsed'] as const;
export type SessionFlag = (typeof SESSION_FLAGS)[number];

/** Click section names of spec §7. */
export const TRACK_SECTIONS = [
  'NavbarT',
  'HeroSectionT',
  'FAQSectionT',
  'CTASectionT',
  'OfferPopupT',
  'HowItWorksSectionT',
  'StickyWhatsAppCTA',
  'SideWhatsAppCTA',
  'NavbarC',
  'CTASectionC',
  'HeroSectionM',
  'CTASectionM',
  'NavbarF',
  'HeroSectionF',
  'CustomerSupportF',
  'CTASectionF_primary',
  'CTASectionF_secondary',
  'CTASectionF_final',
  'FinalReinforcementF',
] as const;

/** Page-view events of spec §7. */
export const PAGE_VIEW_EVENTS = [
  'agendamento_page',
  'sodastream_t_page',
  'sodastream_m_page',
  'sodastream_f_page',
  'recarga_page',
  'recarga_site_page',
] as const;

/** Visitors from a paid search ad: the URL has gclid, or utm_source=google (spec §4). */
export function isPaidTraffic(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('gclid') || params.get('utm_source') === 'google';
}

/**
 * JavaScript budget per route, gzipped bytes of every script a route loads (entry and
 * modulepreloads), checked by the build (runtime/build/budget.ts, decision 0010). React alone
 * (the hydrate chunk, react-dom) is about 66 KB.
 */
export const JS_BUDGET = {
  /** A route whose blocks are all static and that records nothing: no script at all. */
  staticRouteGzipBytes: 0,
  /** A route with no island that records analytics or clicks: the page script alone, no React. */
  pageScriptGzipBytes: 8 * 1024,
  /** Any route with islands, the richest included. */
  routeGzipBytes: 100 * 1024,
} as const;
