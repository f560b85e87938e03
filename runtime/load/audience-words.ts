/**
 * Audiences (issue 38) with no file system: a rule's conditions as the edge compares them
 * (trimmed, case-insensitive; a referrer without "www."), whether one rule's conditions take in
 * another's, and a rule in words ("Quem chega com utm_campaign = natal vê /agendamento-natal em
 * /agendamento"). Runs in a browser too (runtime/load/browser.ts).
 */
import type { Audience } from '../../schema/site.ts';

export type AudienceWhen = Audience['when'];

/** The conditions as compared: utm values trimmed and lower-case, the referrer without "www.". */
export function normalizeWhen(when: AudienceWhen): AudienceWhen {
  const out: AudienceWhen = {};
  for (const key of ['utm_campaign', 'utm_source', 'utm_medium'] as const) {
    const value = when[key];
    if (value !== undefined) out[key] = value.trim().toLowerCase();
  }
  if (when.gclid !== undefined) out.gclid = when.gclid;
  if (when.referrer !== undefined)
    out.referrer = when.referrer
      .trim()
      .toLowerCase()
      .replace(/^www\./, '');
  return out;
}

/** Both rules ask exactly the same of a visit: the later one never applies. */
export function sameWhen(a: AudienceWhen, b: AudienceWhen): boolean {
  const x = normalizeWhen(a);
  const y = normalizeWhen(b);
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  return [...keys].every((k) => x[k as keyof AudienceWhen] === y[k as keyof AudienceWhen]);
}

/**
 * Every visit `later` takes in is taken in by `earlier` too (its conditions are among the later's,
 * a referrer's subdomains included): placed before, `earlier` leaves `later` nothing.
 */
export function whenCovers(earlier: AudienceWhen, later: AudienceWhen): boolean {
  const e = normalizeWhen(earlier);
  const l = normalizeWhen(later);
  return (Object.keys(e) as (keyof AudienceWhen)[]).every((key) => {
    if (key === 'referrer') return l.referrer === e.referrer || !!l.referrer?.endsWith(`.${e.referrer}`);
    return l[key] === e[key];
  });
}

/** The conditions in words: "utm_campaign = natal e vindo de facebook.com". */
export function describeWhen(when: AudienceWhen): string {
  const parts: string[] = [];
  for (const key of ['utm_campaign', 'utm_source', 'utm_medium'] as const) {
    if (when[key] !== undefined) parts.push(`${key} = ${when[key]!.trim()}`);
  }
  if (when.gclid) parts.push('um clique num anúncio do Google (gclid)');
  if (when.referrer !== undefined) parts.push(`vindo de ${when.referrer}`);
  return parts.join(' e ');
}

/** The page a rule shows, as an address: "agendamento-natal" → "/agendamento-natal". */
const pageAddress = (page: string) => {
  const clean = page
    .trim()
    .replace(/^\/+/, '')
    .replace(/\.yaml$/, '')
    .replace(/(^|\/)index$/, '');
  return `/${clean}`;
};

/** A rule in words: "Quem chega com utm_campaign = natal vê /agendamento-natal em /agendamento". */
export function describeAudience(a: Pick<Audience, 'route' | 'page' | 'when'>): string {
  return `Quem chega com ${describeWhen(a.when)} vê ${pageAddress(a.page)} em ${a.route}`;
}
