/**
 * LGPD consent and the Google tag, in plain DOM code (no React).
 *
 * Runs only when _site.yaml names an analytics id (the page carries it as
 * <html data-analytics-id>); without one nothing here happens: no banner, no request to
 * Google, and analytics.ts still fills window.dataLayer.
 *
 * With an id: Google Consent Mode v2 defaults (all four purposes denied) are queued first;
 * the tag (gtag.js for G-…, gtm.js for GTM-…) is requested from www.googletagmanager.com
 * only once the visitor allows analytics or ads ("basic" consent mode: nothing reaches
 * Google before a choice). The banner offers accept, reject and choose (analytics and ads
 * separately), never covers the chat buttons (it sits above the sticky bar and left of the
 * side button), is fixed so it shifts nothing, and is reopened by any [data-consent-open]
 * button (the footer's 'Preferências de cookies'). The choice lives in localStorage;
 * storage that throws keeps it in memory for the page. See docs/decisions/0009.
 *
 * This module stays small because every page script carries it; the banner's markup and
 * styles (consent-banner.ts) load only when the banner has to show.
 */
import type { ConsentChoice } from './consent-choice.ts';

export const CONSENT_KEY = 'fillgasConsent';
export const CONSENT_VERSION = 1;
export const TAG_ORIGIN = 'https://www.googletagmanager.com';

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    gtag?: Gtag;
  }
}

let memoryChoice: ConsentChoice | undefined;
let tagLoaded = false;

export function readChoice(): ConsentChoice | undefined {
  try {
    const raw = window.localStorage.getItem(CONSENT_KEY);
    if (raw) {
      const data = JSON.parse(raw) as Partial<ConsentChoice> & { v?: number };
      if (data.v === CONSENT_VERSION && typeof data.analytics === 'boolean' && typeof data.ads === 'boolean')
        return { analytics: data.analytics, ads: data.ads };
    }
  } catch {
    // Storage blocked or a broken value: fall back to this page's memory.
  }
  return memoryChoice;
}

function storeChoice(choice: ConsentChoice): void {
  memoryChoice = choice;
  try {
    window.localStorage.setItem(
      CONSENT_KEY,
      JSON.stringify({ v: CONSENT_VERSION, ...choice, at: new Date().toISOString() }),
    );
  } catch {
    // Not remembered across pages, but honoured on this one.
  }
}

const state = (granted: boolean) => (granted ? 'granted' : 'denied');

/** Entry point (runtime/client/main.ts calls it before any analytics event). */
export function initConsent(doc: Document = document): void {
  const id = doc.documentElement.dataset.analyticsId;
  if (!id) return;
  window.dataLayer ??= [];
  // gtag.js reads Arguments objects from the data layer: keep `arguments`, not an array.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments as unknown as Record<string, unknown>);
  };
  window.gtag('consent', 'default', {
    ad_storage: 'denied',
    analytics_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    wait_for_update: 500,
  });
  const choice = readChoice();
  const decide = (next: ConsentChoice) => {
    storeChoice(next);
    apply(id, next);
  };
  // First display waits for the web fonts: a bottom-anchored box whose text reflows when a
  // font swaps in would move its top edge (a layout shift).
  const show = (opener?: HTMLElement) =>
    Promise.all([import('./consent-banner.ts'), opener ? undefined : doc.fonts?.ready])
      .then(([ui]) => ui.showBanner(doc, opener, { readChoice, decide }))
      .catch((error: unknown) => console.error('[fillgas] Falha ao abrir o aviso de cookies.', error));
  if (choice) apply(id, choice);
  else void show();
  doc.addEventListener('click', (event) => {
    const opener = (event.target as Element | null)?.closest?.<HTMLElement>('[data-consent-open]');
    if (!opener) return;
    event.preventDefault();
    void show(opener);
  });
}

function apply(id: string, choice: ConsentChoice): void {
  window.gtag!('consent', 'update', {
    analytics_storage: state(choice.analytics),
    ad_storage: state(choice.ads),
    ad_user_data: state(choice.ads),
    ad_personalization: state(choice.ads),
  });
  if (choice.analytics || choice.ads) loadTag(id);
  else removeGoogleCookies();
}

function loadTag(id: string): void {
  if (tagLoaded) return;
  tagLoaded = true;
  const script = document.createElement('script');
  script.async = true;
  if (id.startsWith('GTM-')) {
    window.dataLayer!.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    script.src = `${TAG_ORIGIN}/gtm.js?id=${encodeURIComponent(id)}`;
  } else {
    window.gtag!('js', new Date());
    window.gtag!('config', id);
    script.src = `${TAG_ORIGIN}/gtag/js?id=${encodeURIComponent(id)}`;
  }
  // A blocked or failing tag (ad blocker, network) must not disturb the page.
  script.onerror = () => undefined;
  document.head.append(script);
}

/** After a refusal, drop cookies Google may have set while consent was given. */
function removeGoogleCookies(): void {
  const host = location.hostname;
  const domains = ['', host, `.${host}`, `.${host.split('.').slice(-2).join('.')}`];
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (!/^(_ga|_gid|_gat|_gcl)/.test(name)) continue;
    for (const domain of domains)
      document.cookie = `${name}=; Max-Age=0; path=/${domain ? `; domain=${domain}` : ''}`;
  }
}
