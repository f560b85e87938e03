/**
 * "Testar o link de um anúncio": which rule of the draft a visit by that link gets, decided by the
 * edge's own code (runtime/edge: the attributes a request carries, the first rule of the route
 * that matches), so the screen and the site cannot disagree.
 */
import { matchAudience, requestAttributes, type CampaignAttributes } from '../../../../runtime/edge/index.ts';
import { routeOfPath } from '../../../../runtime/url-route.ts';
import { isPaidTraffic } from '../../../../schema/constants.ts';
import { referrerHost, type AudienceRule } from '../../../audiences.ts';

export type LinkVerdict =
  | {
      route: string;
      rule: AudienceRule | undefined;
      attributes: CampaignAttributes;
      /** Its visitor is paid traffic to the page script (gclid, utm_source=google): hidden blocks stay hidden. */
      paid: boolean;
    }
  | { error: string };

/**
 * The rule a visit by `link` (a full address, or one of this site starting with /) coming from
 * `fromSite` (optional: a site's address or name) gets among `rules`; `origin` is the site's own
 * address (_site.yaml's origin), for links written without one.
 */
export function testLink(
  link: string,
  fromSite: string,
  rules: readonly AudienceRule[],
  origin: string,
): LinkVerdict {
  const text = link.trim();
  if (text === '')
    return { error: 'Cole o link do anúncio, como https://fillgas.com.br/agendamento?utm_campaign=natal.' };
  let url: URL;
  try {
    url = new URL(text, /^https?:\/\//i.test(origin) ? origin : 'https://site.invalid');
  } catch {
    return { error: 'Isso não é um link: cole o endereço inteiro do anúncio, começando com https://.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { error: 'Isso não é um link: cole o endereço inteiro do anúncio, começando com https://.' };
  let referer: string | null = null;
  if (fromSite.trim() !== '') {
    const host = referrerHost(fromSite);
    if (host === undefined)
      return { error: 'Escreva o site de onde a pessoa veio como facebook.com (ou deixe em branco).' };
    referer = `https://${host}/`;
  }
  const attributes = requestAttributes(url, referer) ?? {};
  const route = routeOfPath(url.pathname);
  return {
    route,
    rule: matchAudience(rules, route, attributes),
    attributes,
    paid: isPaidTraffic(url.search),
  };
}
