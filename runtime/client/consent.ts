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
 */
import { colors, fonts, radii, shadows } from '../../design/theme.ts';

export const CONSENT_KEY = 'fillgasConsent';
export const CONSENT_VERSION = 1;
export const TAG_ORIGIN = 'https://www.googletagmanager.com';

export interface ConsentChoice {
  analytics: boolean;
  ads: boolean;
}

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    gtag?: Gtag;
  }
}

let memoryChoice: ConsentChoice | undefined;
let tagLoaded = false;
let banner: HTMLElement | undefined;
let opener: HTMLElement | undefined;

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
  if (choice) apply(id, choice);
  else showBanner(doc, false);
  doc.addEventListener('click', (event) => {
    const opener = (event.target as Element | null)?.closest?.('[data-consent-open]');
    if (!opener) return;
    event.preventDefault();
    showBanner(doc, true);
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

const CSS = `
.fg-consent{position:fixed;left:12px;right:12px;bottom:12px;z-index:45;max-height:calc(100vh - 24px);overflow:auto;
background:${colors.surface};color:${colors.ink};font-family:${fonts.body};font-size:.9375rem;line-height:1.5;
border:1px solid ${colors.line};border-radius:${radii.md};box-shadow:${shadows.raised};padding:16px 16px 12px}
.fg-consent h2{margin:0 0 4px;font-family:${fonts.display};font-size:1.0625rem;color:${colors.navy}}
.fg-consent h2:focus{outline:none}
.fg-consent p{margin:0 0 12px}
.fg-consent a{color:${colors.waterDark};text-underline-offset:3px}
.fg-consent fieldset{border:0;margin:0 0 12px;padding:0}
.fg-consent legend{font-weight:600;margin-bottom:4px;padding:0}
.fg-consent label{display:flex;gap:10px;align-items:flex-start;min-height:44px;padding:6px 0;cursor:pointer}
.fg-consent label input{width:20px;height:20px;margin:2px 0 0;flex:none;accent-color:${colors.orange}}
.fg-consent label small{display:block;color:${colors.muted};font-size:.8125rem}
.fg-consent .fg-consent-actions{display:flex;flex-wrap:wrap;gap:8px}
.fg-consent button{flex:1 1 auto;min-height:44px;padding:8px 14px;border-radius:${radii.pill};font:inherit;font-weight:600;cursor:pointer;
border:2px solid ${colors.navy};background:${colors.surface};color:${colors.navy}}
.fg-consent button[data-consent="accept"]{background:${colors.navy};color:${colors.white}}
.fg-consent button:focus-visible{outline:3px solid ${colors.water};outline-offset:2px}
@media (min-width:640px){.fg-consent{left:24px;right:auto;bottom:24px;width:min(26rem,calc(100vw - 48px))}}
`;

/**
 * The banner's bottom offset: above a full-width bar fixed at the bottom (the sticky chat
 * bar) and left of a side button, so neither is ever covered.
 */
function place(el: HTMLElement, doc: Document): void {
  let bottom = 0;
  let rightLimit = window.innerWidth;
  for (const node of doc.querySelectorAll<HTMLElement>(
    '[data-island="stickyCta"] *, [data-island="sideChat"] *',
  )) {
    if (getComputedStyle(node).position !== 'fixed' || node.offsetHeight === 0) continue;
    const rect = node.getBoundingClientRect();
    if (node.offsetWidth > window.innerWidth / 2) bottom = Math.max(bottom, node.offsetHeight);
    else rightLimit = Math.min(rightLimit, rect.left);
  }
  el.style.bottom = bottom ? `${bottom + 12}px` : '';
  const box = el.getBoundingClientRect();
  if (box.right > rightLimit - 12 && rightLimit < window.innerWidth)
    el.style.right = `${window.innerWidth - rightLimit + 12}px`;
  // Keep the end of the page reachable above the banner (added below the content: no shift).
  doc.body.style.paddingBottom = `${el.offsetHeight + (bottom ? bottom + 12 : 12)}px`;
}

function hideBanner(doc: Document): void {
  if (!banner) return;
  const hadFocus = banner.contains(doc.activeElement);
  banner.hidden = true;
  doc.body.style.paddingBottom = '';
  if (hadFocus && opener?.isConnected) opener.focus();
}

function showBanner(doc: Document, fromLink: boolean): void {
  const id = doc.documentElement.dataset.analyticsId!;
  if (!banner) banner = createBanner(doc, id);
  const current = readChoice();
  const boxes = banner.querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
  for (const box of boxes) box.checked = Boolean(current?.[box.name as keyof ConsentChoice]);
  setChoosing(banner, fromLink && Boolean(current));
  banner.hidden = false;
  place(banner, doc);
  opener = fromLink ? ((doc.activeElement as HTMLElement | null) ?? undefined) : undefined;
  if (fromLink) banner.querySelector<HTMLElement>('h2')!.focus();
}

function setChoosing(el: HTMLElement, on: boolean): void {
  el.querySelector('fieldset')!.hidden = !on;
  const choose = el.querySelector<HTMLButtonElement>('[data-consent="choose"]')!;
  choose.textContent = on ? 'Salvar escolhas' : 'Escolher';
  choose.setAttribute('aria-expanded', String(on));
}

function createBanner(doc: Document, id: string): HTMLElement {
  const style = doc.createElement('style');
  style.textContent = CSS;
  doc.head.append(style);

  const el = doc.createElement('section');
  el.className = 'fg-consent';
  el.setAttribute('aria-labelledby', 'fg-consent-title');
  el.setAttribute('aria-describedby', 'fg-consent-text');
  el.hidden = true;
  el.innerHTML = `
<h2 id="fg-consent-title" tabindex="-1">Sua privacidade</h2>
<p id="fg-consent-text">Usamos cookies do Google para medir as visitas (Google Analytics) e, se você permitir, para anúncios. Nada disso é ativado sem a sua escolha, e você pode mudá-la quando quiser em “Preferências de cookies”, no rodapé. Saiba mais na <a href="/politica-de-privacidade">Política de Privacidade</a>.</p>
<fieldset id="fg-consent-options" hidden>
<legend>Escolha o que permitir</legend>
<label><input type="checkbox" name="analytics"><span>Métricas de uso (Google Analytics)<small>Quais páginas e botões são usados, sem identificar você.</small></span></label>
<label><input type="checkbox" name="ads"><span>Anúncios (Google Ads)<small>Medir e personalizar anúncios do Google.</small></span></label>
</fieldset>
<div class="fg-consent-actions">
<button type="button" data-consent="reject">Recusar</button>
<button type="button" data-consent="choose" aria-expanded="false" aria-controls="fg-consent-options">Escolher</button>
<button type="button" data-consent="accept">Aceitar todos</button>
</div>`;
  // A named region: screen readers list it among the landmarks.
  el.setAttribute('role', 'region');

  const decide = (choice: ConsentChoice) => {
    storeChoice(choice);
    apply(id, choice);
    hideBanner(doc);
  };
  el.addEventListener('click', (event) => {
    const action = (event.target as Element).closest<HTMLElement>('[data-consent]')?.dataset.consent;
    if (action === 'accept') decide({ analytics: true, ads: true });
    else if (action === 'reject') decide({ analytics: false, ads: false });
    else if (action === 'choose') {
      const fieldset = el.querySelector('fieldset')!;
      if (fieldset.hidden) {
        setChoosing(el, true);
        place(el, doc);
        el.querySelector<HTMLInputElement>('input')!.focus();
      } else {
        const value = (name: string) => el.querySelector<HTMLInputElement>(`input[name="${name}"]`)!.checked;
        decide({ analytics: value('analytics'), ads: value('ads') });
      }
    }
  });
  el.addEventListener('keydown', (event) => {
    // Escape closes the banner only when a choice already exists (reopened from the footer).
    if (event.key === 'Escape' && readChoice()) hideBanner(doc);
  });
  window.addEventListener('resize', () => {
    if (!el.hidden) place(el, doc);
  });
  doc.body.append(el);
  return el;
}
