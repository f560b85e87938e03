/**
 * Audiences (issue 38): who a visit is, in the words of an ad's address, and which rule of a
 * route it matches. Pure functions, shared by the edge handler (runtime/edge/handler.ts), the
 * tests' oracle and the Estúdio's preview: nothing here reads a clock, a file or the network.
 *
 * A visit's campaign attributes are the ad's `utm_campaign`, `utm_source`, `utm_medium`, whether
 * it came from a Google Ads click (`gclid`, its value never kept) and the referring site's host.
 * They live in one session cookie, `fgs_campanha`, so every page of the visit agrees.
 */
import { getPattern } from 'isbot';
import type { AudienceWhen, ManifestAudience } from './manifest.ts';

export type { AudienceWhen, ManifestAudience };

/** The session cookie with the visit's campaign attributes (no Max-Age: it ends with the browser). */
export const CAMPAIGN_COOKIE = 'fgs_campanha';

/** Longest value kept of each attribute (a longer one is cut). */
export const MAX_ATTRIBUTE_LENGTH = 100;

export interface CampaignAttributes {
  utm_campaign?: string;
  utm_source?: string;
  utm_medium?: string;
  gclid?: true;
  /** The referring site's host, lower case, without "www.". */
  ref?: string;
}

const UTM_KEYS = ['utm_campaign', 'utm_source', 'utm_medium'] as const;

/**
 * Known crawlers' user agents: isbot's pattern, the same list the page script uses to leave bots
 * out of the measurement (runtime/client/experiment.ts). One regex, in one place.
 */
export const CRAWLER_PATTERN: RegExp = /* @__PURE__ */ getPattern();

export function isCrawler(userAgent: string | null | undefined): boolean {
  return typeof userAgent === 'string' && userAgent !== '' && CRAWLER_PATTERN.test(userAgent);
}

/**
 * The ad platforms' landing-page checkers: Google Ads (AdsBot-Google, AdsBot-Google-Mobile),
 * Microsoft Advertising (AdIdxBot) and Meta (facebookexternalhit, meta-externalads). They fetch
 * the ad's own link to judge the page its visitors land on, so they get what those visitors get:
 * showing an ad's reviewer another page than its visitors is what the platforms call cloaking.
 */
export const AD_CHECKER_PATTERN = /AdsBot-Google|AdIdxBot|facebookexternalhit|meta-externalads/i;

/** A crawler the audiences leave out (search engines, link previews, monitors): not an ad's checker. */
export function isAudienceCrawler(userAgent: string | null | undefined): boolean {
  return isCrawler(userAgent) && !AD_CHECKER_PATTERN.test(userAgent!);
}

/** "WWW.Facebook.com." → "facebook.com" (a host as rules and the cookie compare it). */
export function normalizeHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/\.+$/, '')
    .replace(/^www\./, '');
}

const clean = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim().slice(0, MAX_ATTRIBUTE_LENGTH);
  return trimmed ? trimmed : undefined;
};

const isEmpty = (a: CampaignAttributes): boolean =>
  a.utm_campaign === undefined &&
  a.utm_source === undefined &&
  a.utm_medium === undefined &&
  a.gclid === undefined &&
  a.ref === undefined;

/**
 * The attributes a request itself carries: its URL's utm_* and gclid, and its Referer when that is
 * another site than the one asked. Undefined when it carries none (then the cookie's hold).
 */
export function requestAttributes(url: URL, referer: string | null): CampaignAttributes | undefined {
  const attributes: CampaignAttributes = {};
  for (const key of UTM_KEYS) {
    const value = clean(url.searchParams.get(key));
    if (value !== undefined) attributes[key] = value;
  }
  if (url.searchParams.has('gclid')) attributes.gclid = true;
  if (referer) {
    let host: string | undefined;
    try {
      host = normalizeHost(new URL(referer).hostname);
    } catch {
      host = undefined;
    }
    if (host && host !== normalizeHost(url.hostname)) attributes.ref = host.slice(0, MAX_ATTRIBUTE_LENGTH);
  }
  return isEmpty(attributes) ? undefined : attributes;
}

/** The cookie's value: the attributes as a query string, url-encoded once more (no ";", "," or space). */
export function encodeCampaign(attributes: CampaignAttributes): string {
  const query = new URLSearchParams();
  for (const key of UTM_KEYS) {
    const value = clean(attributes[key]);
    if (value !== undefined) query.set(key, value);
  }
  if (attributes.gclid) query.set('gclid', '1');
  const ref = clean(attributes.ref);
  if (ref !== undefined) query.set('ref', normalizeHost(ref));
  return encodeURIComponent(query.toString());
}

/** The attributes a cookie value holds; anything unreadable or unknown is left out. */
export function decodeCampaign(value: string | undefined): CampaignAttributes {
  if (!value) return {};
  let query: URLSearchParams;
  try {
    query = new URLSearchParams(decodeURIComponent(value));
  } catch {
    return {};
  }
  const attributes: CampaignAttributes = {};
  for (const key of UTM_KEYS) {
    const v = clean(query.get(key));
    if (v !== undefined) attributes[key] = v;
  }
  if (query.get('gclid') === '1') attributes.gclid = true;
  const ref = clean(query.get('ref'));
  if (ref !== undefined) attributes.ref = normalizeHost(ref);
  return attributes;
}

/** The Set-Cookie header that keeps `attributes` for the visit. */
export function campaignSetCookie(attributes: CampaignAttributes): string {
  return `${CAMPAIGN_COOKIE}=${encodeCampaign(attributes)}; Path=/; HttpOnly; Secure; SameSite=Lax`;
}

/** A cookie's value from a Cookie header. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const same = (rule: string, value: string | undefined): boolean =>
  value !== undefined && rule.trim().toLowerCase() === value.trim().toLowerCase();

/** A referrer rule's host matches the visit's and its subdomains ("www." ignored on both). */
export function referrerMatches(rule: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  const want = normalizeHost(rule);
  const got = normalizeHost(host);
  return want !== '' && (got === want || got.endsWith(`.${want}`));
}

/** Whether every condition of a rule holds for the visit (a rule with none never matches). */
export function audienceMatches(when: AudienceWhen, attributes: CampaignAttributes): boolean {
  let conditions = 0;
  for (const key of UTM_KEYS) {
    const rule = when[key];
    if (rule === undefined) continue;
    conditions++;
    if (!same(rule, attributes[key])) return false;
  }
  if (when.gclid !== undefined) {
    conditions++;
    if (when.gclid !== (attributes.gclid === true)) return false;
  }
  if (when.referrer !== undefined) {
    conditions++;
    if (!referrerMatches(when.referrer, attributes.ref)) return false;
  }
  return conditions > 0;
}

/** The first rule of `route` the visit matches, in the order written. */
export function matchAudience<A extends Pick<ManifestAudience, 'route' | 'when'>>(
  audiences: readonly A[],
  route: string,
  attributes: CampaignAttributes,
): A | undefined {
  return audiences.find((a) => a.route === route && audienceMatches(a.when, attributes));
}
