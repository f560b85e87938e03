/**
 * The consent banner (runtime/client/consent.ts loads it only when it has to show): a fixed,
 * non-modal region in Portuguese with accept, reject and choose (analytics and ads
 * separately). It sits above the sticky chat bar and left of the side chat button, so no
 * chat call to action is ever covered, and being fixed it moves nothing on the page.
 */
import { colors, fonts, radii, shadows } from '../../design/theme.ts';
import type { ConsentApi, ConsentChoice } from './consent-choice.ts';

const CSS = `
.fg-consent{position:fixed;left:12px;right:12px;bottom:12px;z-index:45;max-height:calc(100vh - 24px);overflow:auto;
background:${colors.surface};color:${colors.ink};font-family:${fonts.body};font-size:.9375rem;line-height:1.5;
border:1px solid ${colors.line};border-radius:${radii.md};box-shadow:${shadows.raised};padding:16px 16px 12px}
.fg-consent h2{margin:0 0 4px;font-family:${fonts.display};font-size:1.0625rem;color:${colors.navy}}
.fg-consent h2:focus{outline:none}
.fg-consent p{margin:0 0 12px}
.fg-consent a{color:${colors.waterDark};text-underline-offset:3px}
.fg-consent fieldset{border:0;margin:0 0 12px;padding:0}
.fg-consent legend{font-family:${fonts.display};font-weight:600;margin-bottom:4px;padding:0}
.fg-consent label{display:flex;gap:10px;align-items:flex-start;min-height:44px;padding:6px 0;cursor:pointer}
.fg-consent label input{width:20px;height:20px;margin:2px 0 0;flex:none;accent-color:${colors.orange}}
.fg-consent label small{display:block;color:${colors.muted};font-size:.8125rem}
.fg-consent .fg-consent-actions{display:flex;flex-wrap:wrap;gap:8px}
.fg-consent button{flex:1 1 auto;min-height:44px;padding:8px 14px;border-radius:${radii.pill};font:inherit;font-family:${fonts.display};font-weight:600;cursor:pointer;
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
    '[data-behavior="stickyCta"] *, [data-behavior="sideChat"] *',
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

let banner: HTMLElement | undefined;
let opener: HTMLElement | undefined;

function hideBanner(doc: Document): void {
  if (!banner) return;
  const hadFocus = banner.contains(doc.activeElement);
  banner.hidden = true;
  doc.body.style.paddingBottom = '';
  if (hadFocus && opener?.isConnected) opener.focus();
}

/** Shows the banner; `from` is the button that reopened it (focus goes back there on Escape). */
export function showBanner(doc: Document, from: HTMLElement | undefined, consent: ConsentApi): void {
  const fromLink = Boolean(from);
  if (!banner) banner = createBanner(doc, consent);
  const current = consent.readChoice();
  const boxes = banner.querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
  for (const box of boxes) box.checked = Boolean(current?.[box.name as keyof ConsentChoice]);
  setChoosing(banner, fromLink && Boolean(current));
  opener = from;
  if (fromLink) {
    banner.hidden = false;
    place(banner, doc);
    banner.querySelector<HTMLElement>('h2')!.focus();
    return;
  }
  // First display: laid out invisibly, placed again once the page has settled (mobile
  // browsers can still be adjusting their viewport), then shown where it stays. An
  // invisible box that moves is no layout shift.
  const el = banner;
  el.style.visibility = 'hidden';
  el.hidden = false;
  place(el, doc);
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      place(el, doc);
      el.style.visibility = '';
    }),
  );
}

function setChoosing(el: HTMLElement, on: boolean): void {
  el.querySelector('fieldset')!.hidden = !on;
  const choose = el.querySelector<HTMLButtonElement>('[data-consent="choose"]')!;
  choose.textContent = on ? 'Salvar escolhas' : 'Escolher';
  choose.setAttribute('aria-expanded', String(on));
}

function createBanner(doc: Document, consent: ConsentApi): HTMLElement {
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
    consent.decide(choice);
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
    if (event.key === 'Escape' && consent.readChoice()) hideBanner(doc);
  });
  // Re-place only when the width changes (rotation, window resize): phones also fire resize
  // when their toolbars show or hide, and moving the banner then would be a layout shift.
  let width = window.innerWidth;
  window.addEventListener('resize', () => {
    if (el.hidden || window.innerWidth === width) return;
    width = window.innerWidth;
    place(el, doc);
  });
  doc.body.append(el);
  return el;
}
