/**
 * Audiences of pages/_site.yaml (issue 38, decision 0046) as the Estúdio reads and words them: a
 * rule serves `page` at `route` to the visitors whose campaign attributes match all of `when`.
 * The app (Públicos) and the server (the publish message) share these words; the loader
 * (runtime/load) is the one that checks a rule, this only reads what is written, leniently (a
 * draft may have mistakes), and refuses in the form what the schema would refuse.
 */
import { parse } from 'yaml';

/** The conditions a rule may have, in the order they are shown and written. */
export const CONDITION_KEYS = ['utm_campaign', 'utm_source', 'utm_medium', 'gclid', 'referrer'] as const;
export type ConditionKey = (typeof CONDITION_KEYS)[number];
export const UTM_KEYS = ['utm_campaign', 'utm_source', 'utm_medium'] as const;

export interface AudienceWhen {
  utm_campaign?: string;
  utm_source?: string;
  utm_medium?: string;
  /** The visit came from a Google Ads click (the URL had gclid). */
  gclid?: boolean;
  /** The referring site's host: "facebook.com" (subdomains match, "www." ignored). */
  referrer?: string;
}

export interface AudienceRule {
  /** Its position in `audiences:` (the order rules of one route are tried in). */
  index: number;
  route: string;
  page: string;
  when: AudienceWhen;
}

/** GET /api/publicos/agendados: the rules each published schedule's _site.yaml brings at its hour. */
export interface ScheduledAudiencesAnswer {
  schedules: { id: string; rules: AudienceRule[] }[];
}

/** The longest value a condition may have (the session cookie keeps at most this). */
export const MAX_VALUE = 100;

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/** The rules as written in a _site.yaml text (none when it does not parse). */
export function readAudiences(source: string): AudienceRule[] {
  let data: { audiences?: unknown } | null;
  try {
    data = parse(source) as { audiences?: unknown } | null;
  } catch {
    return [];
  }
  if (!Array.isArray(data?.audiences)) return [];
  return data.audiences.map((raw: unknown, index) => {
    const entry = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const rawWhen = (typeof entry.when === 'object' && entry.when !== null ? entry.when : {}) as Record<
      string,
      unknown
    >;
    const when: AudienceWhen = {};
    for (const key of UTM_KEYS) {
      const value = text(rawWhen[key]);
      if (value !== undefined) when[key] = value;
    }
    if (rawWhen.gclid === true) when.gclid = true;
    const referrer = text(rawWhen.referrer);
    if (referrer !== undefined) when.referrer = referrer;
    return { index, route: text(entry.route) ?? '', page: text(entry.page) ?? '', when };
  });
}

/** The route a page name answers at ("agendamento-natal" → "/agendamento-natal", "blog/index" → "/blog"). */
export function routeOfPage(page: string): string {
  const route = `/${page.replace(/(^|\/)index$/, '')}`.replace(/\/$/, '');
  return route === '' ? '/' : route;
}

/** One condition in words: "utm_campaign = natal", "de um anúncio do Google (gclid)", "vindo do site facebook.com". */
export function conditionWords(key: ConditionKey, when: AudienceWhen): string | undefined {
  if (key === 'gclid') return when.gclid ? 'de um anúncio do Google (gclid)' : undefined;
  if (key === 'referrer') return when.referrer ? `vindo do site ${when.referrer}` : undefined;
  const value = when[key];
  return value === undefined ? undefined : `com ${key} = ${value}`;
}

/** "a, b e c". */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

/** Who the rule is for: "Quem chega com utm_campaign = natal e utm_source = google". */
export function whoWords(when: AudienceWhen): string {
  const utm = UTM_KEYS.filter((k) => when[k] !== undefined).map((k) => `${k} = ${when[k]}`);
  const parts = [
    ...(utm.length > 0 ? [`com ${listWords(utm)}`] : []),
    ...(['gclid', 'referrer'] as const).map((k) => conditionWords(k, when)).filter((w) => w !== undefined),
  ];
  return parts.length === 0 ? 'Quem chega (sem condição)' : `Quem chega ${listWords(parts)}`;
}

/**
 * The rule in words: "Quem chega com utm_campaign = natal vê /agendamento-natal em /agendamento".
 * `pageRoute` is where the page would answer by itself (the page's own route when known).
 */
export function ruleWords(rule: Pick<AudienceRule, 'route' | 'page' | 'when'>, pageRoute?: string): string {
  return `${whoWords(rule.when)} vê ${pageRoute ?? routeOfPage(rule.page)} em ${rule.route}`;
}

/**
 * An address of the route that an ad would bring, for the rule's UTM conditions
 * ("/agendamento?utm_campaign=natal"); gclid and the referrer cannot be put in a link, and are
 * left to the words.
 */
export function exampleLink(rule: Pick<AudienceRule, 'route' | 'when'>): string {
  const query = new URLSearchParams();
  for (const key of UTM_KEYS) if (rule.when[key] !== undefined) query.set(key, rule.when[key]);
  const q = query.toString();
  return q ? `${rule.route}?${q}` : rule.route;
}

/** A referring site as a host: "https://www.Facebook.com/pagina" → "facebook.com"; undefined when it is not one. */
export function referrerHost(input: string): string | undefined {
  let host = input.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '');
  host = host.replace(/^www\./, '');
  // The schema's pattern (schema/site.ts): labels of letters and digits joined by single hyphens.
  const label = '[a-z0-9]+(?:-[a-z0-9]+)*';
  if (host.length > MAX_VALUE || !new RegExp(`^${label}(?:\\.${label})+$`).test(host)) return undefined;
  return host;
}

/** What the form holds before it becomes a rule: every field as typed. */
export interface RuleForm {
  route: string;
  page: string;
  utm_campaign: string;
  utm_source: string;
  utm_medium: string;
  gclid: boolean;
  referrer: string;
}

export type RuleFormErrors = Partial<Record<keyof RuleForm | 'when', string>>;

/**
 * The form's fields as a rule, or what is wrong with them in words, field by field. Values are
 * trimmed; a UTM value takes 1 to 100 characters with no line breaks or control characters (the
 * edge compares it trimmed and without case; the cookie keeps at most 100); the referring site
 * becomes its host. `pages` are the page names that exist; `ownPage` is the route's own page.
 */
export function ruleFromForm(
  form: RuleForm,
  pages: { names: ReadonlySet<string>; ownPage: string | undefined },
): { rule: Omit<AudienceRule, 'index'> } | { errors: RuleFormErrors } {
  const errors: RuleFormErrors = {};
  const when: AudienceWhen = {};
  if (!/^\/[a-z0-9/-]*$/.test(form.route)) errors.route = 'Escolha o endereço que os anúncios trazem.';
  if (form.page === '') errors.page = 'Escolha a página que esse público vê.';
  else if (!pages.names.has(form.page)) errors.page = `A página “${form.page}” não existe.`;
  else if (form.page === pages.ownPage)
    errors.page = `Essa já é a página de ${form.route}: escolha a que esse público vê no lugar dela.`;
  for (const key of UTM_KEYS) {
    const value = form[key].trim();
    if (value === '') continue;
    // eslint-disable-next-line no-control-regex -- control characters are what is refused
    if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value))
      errors[key] = 'Sem quebras de linha nem caracteres de controle.';
    else if (value.length > MAX_VALUE)
      errors[key] = `No máximo ${MAX_VALUE} caracteres (tem ${value.length}).`;
    else when[key] = value;
  }
  if (form.gclid) when.gclid = true;
  if (form.referrer.trim() !== '') {
    const host = referrerHost(form.referrer);
    if (host === undefined)
      errors.referrer =
        'Escreva o endereço do site, como facebook.com ou instagram.com (sem espaços nem acentos).';
    else when.referrer = host;
  }
  const hasError = Object.keys(errors).length > 0;
  if (!hasError && Object.keys(when).length === 0)
    errors.when = 'Marque pelo menos uma condição: sem nenhuma, a regra valeria para todo visitante.';
  if (Object.keys(errors).length > 0) return { errors };
  return { rule: { route: form.route, page: form.page, when } };
}

/** The form's fields for a rule (an empty form for a new one at `route`). */
export function formOf(rule: Pick<AudienceRule, 'route' | 'page' | 'when'>): RuleForm {
  return {
    route: rule.route,
    page: rule.page,
    utm_campaign: rule.when.utm_campaign ?? '',
    utm_source: rule.when.utm_source ?? '',
    utm_medium: rule.when.utm_medium ?? '',
    gclid: rule.when.gclid === true,
    referrer: rule.when.referrer ?? '',
  };
}

const ruleKey = (r: Pick<AudienceRule, 'route' | 'page' | 'when'>) =>
  JSON.stringify([r.route, r.page, CONDITION_KEYS.map((k) => r.when[k] ?? null)]);
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const ruleSentence = (r: Pick<AudienceRule, 'route' | 'page' | 'when'>) =>
  `${lowerFirst(whoWords(r.when))} vê ${routeOfPage(r.page)}`;

/**
 * What a change of `audiences:` does, in words for the publish message: "público novo em
 * /agendamento: quem chega com utm_campaign = natal vê /agendamento-natal", "muda o público de
 * /agendamento: agora quem chega …", "tira o público de /agendamento (quem chega … vê …)", "muda
 * a ordem dos públicos de /agendamento". Empty when the rules are the same.
 */
export function audienceChangePhrases(before: string, after: string): string[] {
  const a = readAudiences(before);
  const b = readAudiences(after);
  const phrases: string[] = [];
  const left = [...a];
  const added: AudienceRule[] = [];
  for (const rule of b) {
    const at = left.findIndex((r) => ruleKey(r) === ruleKey(rule));
    if (at >= 0) left.splice(at, 1);
    else added.push(rule);
  }
  const removed = left;
  for (const rule of added) {
    // A rule of the same route gone at the same time: the one rule changed.
    const was = removed.findIndex((r) => r.route === rule.route);
    if (was >= 0) {
      removed.splice(was, 1);
      phrases.push(`muda o público de ${rule.route}: agora ${ruleSentence(rule)}`);
    } else phrases.push(`público novo em ${rule.route}: ${ruleSentence(rule)}`);
  }
  for (const rule of removed) phrases.push(`tira o público de ${rule.route} (${ruleSentence(rule)})`);
  if (phrases.length === 0) {
    const order = (list: AudienceRule[], route: string) =>
      list
        .filter((r) => r.route === route)
        .map(ruleKey)
        .join('\n');
    for (const route of new Set(b.map((r) => r.route)))
      if (order(a, route) !== order(b, route)) phrases.push(`muda a ordem dos públicos de ${route}`);
  }
  return phrases;
}
