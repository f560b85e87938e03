/** Where calls to action go. One helper, used by every block, on the server and in islands. */
import type { CtaValue } from '../../schema/shared.ts';
import type { ChatMessage, Site } from '../../schema/site.ts';

/** The chat app's web send address with the business number and a prefilled message. */
export function chatUrl(site: Site, message: ChatMessage): string {
  return `https://api.whatsapp.com/send?phone=${site.phone}&text=${encodeURIComponent(site.messages[message])}`;
}

export function phoneUrl(site: Site): string {
  return `tel:+${site.phone}`;
}

export interface CtaTarget {
  href: string;
  /** Chat and other sites open in a new tab (rel="noopener noreferrer"). */
  newTab: boolean;
}

export function ctaTarget(site: Site, cta: Pick<CtaValue, 'action' | 'message' | 'href'>): CtaTarget {
  switch (cta.action ?? 'whatsapp') {
    case 'phone':
      return { href: phoneUrl(site), newTab: false };
    case 'link':
      return { href: cta.href ?? '/', newTab: /^https:/.test(cta.href ?? '') };
    default:
      return { href: chatUrl(site, cta.message ?? 'recarga'), newTab: true };
  }
}
