/**
 * A hand-made edge manifest for the epochs' and audiences' tests (edge-epochs.test.ts with the
 * handler as a function, edge-schedule-cloudflare.test.ts under workerd), the files it names,
 * and an oracle: what every request must get, written from issue 38's words and not from the
 * handler's code (no import of runtime/edge here).
 *
 * The site: /agendamento (with audiences), /promo (a 50/50 experiment with /promo-b), /termos,
 * /. A schedule "natal" from 20/12/2026 00:00 to 26/12/2026 00:00 (São Paulo) changes
 * /agendamento and both arms of /promo, removes /termos, adds /natal, changes sitemap.xml, and
 * its audiences differ: the epochs' own rules.
 */
import type { EdgeManifest, ManifestAudience } from '../../runtime/edge/index.ts';

export const START = '2026-12-20T03:00:00.000Z'; // 20/12/2026 00:00 in São Paulo
export const END = '2026-12-26T03:00:00.000Z';
export const FOLDER = '_agenda/8c1f2e0a9b';

const HEADERS = { 'Content-Security-Policy': "default-src 'self'", 'X-Content-Type-Options': 'nosniff' };

const experiment = {
  id: 'promo',
  route: '/promo',
  variants: [
    { key: 'promo', route: '/promo', file: 'promo/index.html', weight: 50 },
    { key: 'promo-b', route: '/promo-b', file: 'promo-b/index.html', weight: 50 },
  ],
  start: null,
  end: null,
  winner: null,
  headers: HEADERS,
};

const audience = (page: string, when: ManifestAudience['when']): ManifestAudience => ({
  route: '/agendamento',
  key: page,
  page: `/${page}`,
  file: `${page}/index.html`,
  when,
});

/** The build's own rules (before and after the schedule). */
const ROOT_AUDIENCES = [audience('agendamento-verao', { utm_campaign: 'verao' })];
/** While "natal" is live: its _site.yaml's rules. */
const NATAL_AUDIENCES = [
  audience('agendamento-natal', { utm_campaign: 'natal' }),
  audience('agendamento-fb', { utm_source: 'facebook', utm_medium: 'cpc' }),
  audience('agendamento-google', { gclid: true }),
  audience('agendamento-fb', { referrer: 'facebook.com' }),
];

export const MANIFEST: EdgeManifest = {
  version: 2,
  epochs: [
    {
      from: null,
      folder: null,
      changed: [],
      gone: [],
      experiments: [experiment],
      audiences: ROOT_AUDIENCES,
      headers: HEADERS,
    },
    {
      from: START,
      folder: FOLDER,
      changed: [
        'agendamento/index.html',
        'promo/index.html',
        'promo-b/index.html',
        'natal/index.html',
        'agendamento-natal/index.html',
        'sitemap.xml',
      ],
      gone: ['termos/index.html'],
      experiments: [experiment],
      audiences: NATAL_AUDIENCES,
      headers: HEADERS,
    },
    {
      from: END,
      folder: null,
      changed: [],
      gone: [],
      experiments: [experiment],
      audiences: ROOT_AUDIENCES,
      headers: HEADERS,
    },
  ],
};

/** Every file of the output (root and the schedule's folder); each body says which file it is. */
export const ROOT_FILES = [
  'index.html',
  '404.html',
  'agendamento/index.html',
  'agendamento-verao/index.html',
  'agendamento-natal/index.html',
  'agendamento-fb/index.html',
  'agendamento-google/index.html',
  'promo/index.html',
  'promo-b/index.html',
  'termos/index.html',
  'sitemap.xml',
  'robots.txt',
];
export const FILES = [...ROOT_FILES, ...MANIFEST.epochs[1]!.changed.map((f) => `${FOLDER}/${f}`)];
export const body = (file: string) => `<!doctype html><title>${file}</title><p>${file}</p>`;

export interface Visit {
  at: string;
  path: string;
  query: Record<string, string>;
  referer?: string;
  campaignCookie?: string;
  experimentCookie?: string;
  userAgent?: string;
}

export interface Expected {
  status: number;
  /** The file answered, or "static" (the host's own file, the edge passing). */
  file: string;
  /** The campaign cookie's new value (decoded query), or undefined when none is set. */
  setsCampaign?: Record<string, string>;
  /** Whether an experiment cookie is set (a draw). */
  drawn: boolean;
}

// Ads' landing-page checkers (AdsBot-Google, Meta's) are visitors here: they judge the ad's page.
const BOTS = /^(?!.*(adsbot-google|facebookexternalhit))(?=.*(bot|crawler|spider|slurp))/i;
const strip = (h: string) => h.toLowerCase().replace(/^www\./, '');

/**
 * What issue 38 says the visit gets. `firstArm` is the arm a fresh draw gives (the handler's
 * random is fixed to 0.25 in these tests: the first arm of a 50/50 split).
 */
export function oracle(v: Visit, host = 'fillgas.example'): Expected {
  const t = Date.parse(v.at);
  const natal = t >= Date.parse(START) && t < Date.parse(END);
  const inFolder = (file: string) =>
    natal && MANIFEST.epochs[1]!.changed.includes(file) ? `${FOLDER}/${file}` : file;
  const route = v.path.replace(/\/index\.html$/, '/').replace(/\/+$/, '') || '/';
  if (route === '/_agenda' || route.startsWith('/_agenda/'))
    return { status: 404, file: '404.html', drawn: false };
  const bot = v.userAgent !== undefined && BOTS.test(v.userAgent);
  // The request's own attributes.
  const own: Record<string, string> = {};
  for (const k of ['utm_campaign', 'utm_source', 'utm_medium']) {
    const value = v.query[k]?.trim();
    if (value) own[k] = value;
  }
  if ('gclid' in v.query) own.gclid = '1';
  if (v.referer) {
    const refHost = strip(new URL(v.referer).hostname);
    if (refHost !== strip(host)) own.ref = refHost;
  }
  const carries = Object.keys(own).length > 0 && !bot;
  let kept: Record<string, string>;
  try {
    kept = Object.fromEntries(new URLSearchParams(decodeURIComponent(v.campaignCookie ?? '')));
  } catch {
    kept = {}; // an unreadable cookie holds nothing
  }
  const attrs = bot ? {} : carries ? own : kept;
  const setsCampaign = carries ? own : undefined;
  const eq = (a: string | undefined, b: string) => a !== undefined && a.trim().toLowerCase() === b;
  if (route === '/agendamento' && !bot) {
    let page: string | undefined;
    if (natal) {
      if (eq(attrs.utm_campaign, 'natal')) page = 'agendamento-natal';
      else if (eq(attrs.utm_source, 'facebook') && eq(attrs.utm_medium, 'cpc')) page = 'agendamento-fb';
      else if (attrs.gclid === '1') page = 'agendamento-google';
      else if (
        attrs.ref !== undefined &&
        (attrs.ref === 'facebook.com' || attrs.ref.endsWith('.facebook.com'))
      )
        page = 'agendamento-fb';
    } else if (eq(attrs.utm_campaign, 'verao')) page = 'agendamento-verao';
    if (page) return { status: 200, file: inFolder(`${page}/index.html`), setsCampaign, drawn: false };
  }
  if (route === '/promo') {
    const kept =
      v.experimentCookie === 'promo' || v.experimentCookie === 'promo-b' ? v.experimentCookie : undefined;
    return {
      status: 200,
      file: inFolder(`${kept ?? 'promo'}/index.html`),
      setsCampaign,
      drawn: kept === undefined,
    };
  }
  if (route === '/agendamento')
    return { status: 200, file: inFolder('agendamento/index.html'), setsCampaign, drawn: false };
  if (natal && route === '/termos') return { status: 404, file: '404.html', setsCampaign, drawn: false };
  const file = route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
  if (natal && MANIFEST.epochs[1]!.changed.includes(file))
    return { status: 200, file: `${FOLDER}/${file}`, setsCampaign, drawn: false };
  if (natal && v.path === '/sitemap.xml')
    return { status: 200, file: `${FOLDER}/sitemap.xml`, setsCampaign, drawn: false };
  return { status: 200, file: 'static', setsCampaign, drawn: false };
}

/** The instants around the schedule's start and end, and others far off. */
export const INSTANTS = [
  '2026-11-01T12:00:00.000Z',
  '2026-12-20T02:59:59.999Z',
  START,
  '2026-12-20T03:00:00.001Z',
  '2026-12-23T15:00:00.000Z',
  '2026-12-26T02:59:59.999Z',
  END,
  '2026-12-26T03:00:00.001Z',
  '2027-06-01T00:00:00.000Z',
];

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

/** `n` mixed visits from a seeded generator (mulberry32). */
export function mixedVisits(n: number, seed = 38): Visit[] {
  let a = seed;
  const r = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const paths = [
    '/agendamento',
    '/agendamento/',
    '/agendamento/index.html',
    '/promo',
    '/promo/',
    '/termos',
    '/natal',
    '/',
    '/sitemap.xml',
    '/robots.txt',
    '/_agenda/8c1f2e0a9b/natal/',
    '/_agenda/x',
    '/promo-b',
  ];
  const queries: Record<string, string>[] = [
    {},
    {},
    { utm_campaign: 'natal' },
    { utm_campaign: ' NATAL ' },
    { utm_campaign: 'verao' },
    { utm_source: 'facebook', utm_medium: 'cpc' },
    { utm_source: 'Facebook' },
    { gclid: 'abc123' },
    { utm_medium: 'cpc', gclid: '' },
    { utm_campaign: 'outra' },
  ];
  const referers = [
    undefined,
    undefined,
    'https://www.facebook.com/',
    'https://l.facebook.com/x',
    'https://notfacebook.com/',
    'https://fillgas.example/',
    'https://www.google.com/',
  ];
  const cookies = [
    undefined,
    undefined,
    'utm_campaign%3Dnatal',
    'utm_campaign%3Dverao',
    'utm_source%3Dfacebook%26utm_medium%3Dcpc',
    'gclid%3D1',
    'ref%3Dm.facebook.com',
    'lixo%%%',
  ];
  const agents = [
    undefined,
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36',
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0)',
    'AdsBot-Google (+http://www.google.com/adsbot.html)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  ];
  const exp = [undefined, undefined, 'promo', 'promo-b', 'velho'];
  return Array.from({ length: n }, () => {
    const visit: Visit = { at: pick(r, INSTANTS), path: pick(r, paths), query: pick(r, queries) };
    const referer = pick(r, referers);
    if (referer) visit.referer = referer;
    const cookie = pick(r, cookies);
    if (cookie) visit.campaignCookie = cookie;
    const e = pick(r, exp);
    if (e) visit.experimentCookie = e;
    const ua = pick(r, agents);
    if (ua) visit.userAgent = ua;
    return visit;
  });
}

/** The visit as a Request's URL and headers. */
export function visitRequest(
  v: Visit,
  origin = 'https://fillgas.example',
): { url: string; headers: Record<string, string> } {
  const url = new URL(v.path, origin);
  for (const [k, value] of Object.entries(v.query)) url.searchParams.set(k, value);
  const headers: Record<string, string> = {};
  const cookies = [
    v.campaignCookie && `fgs_campanha=${v.campaignCookie}`,
    v.experimentCookie && `fgs_exp_promo=${v.experimentCookie}`,
  ].filter(Boolean);
  if (cookies.length) headers.Cookie = cookies.join('; ');
  if (v.referer) headers.Referer = v.referer;
  if (v.userAgent) headers['User-Agent'] = v.userAgent;
  return { url: url.href, headers };
}
