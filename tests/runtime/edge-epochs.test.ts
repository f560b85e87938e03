/**
 * The edge's one handler (runtime/edge/handler.ts) over a hand-made manifest with a schedule and
 * audiences (edge-epochs-site.ts): before, at and after the start and the end every address gets
 * its version; a page and its variant switch in the same request; `/_agenda/…` is 404; each
 * audience rule gets its page, the visit keeps it by the cookie, crawlers get the route's page;
 * 10,000 mixed requests checked against the oracle. Experiments-only manifests keep working.
 */
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_COOKIE, createEdgeHandler, edgePaths, type EdgeOptions } from '../../runtime/edge/index.ts';
import {
  body,
  END,
  FILES,
  FOLDER,
  INSTANTS,
  MANIFEST,
  mixedVisits,
  oracle,
  START,
  visitRequest,
  type Visit,
} from './edge-epochs-site.ts';

const reads: string[] = [];
function handlerAt(clock: { at: string }, options: Partial<EdgeOptions> = {}) {
  return createEdgeHandler(MANIFEST, {
    readFile: async (file) => {
      reads.push(file);
      return FILES.includes(file)
        ? new Response(body(file), {
            headers: { 'Content-Type': file.endsWith('.xml') ? 'application/xml' : 'text/html' },
          })
        : new Response('não há', { status: 404 });
    },
    passThrough: async (request) => new Response(`static ${new URL(request.url).pathname}`),
    now: () => new Date(clock.at),
    random: () => 0.25,
    ...options,
  });
}

/** What a response is, in the oracle's terms. */
async function answer(response: Response | undefined) {
  if (response === undefined) return { status: 200, file: 'static', cookies: [] as string[] };
  const text = await response.text();
  const file = /^static /.test(text) ? 'static' : (/<title>(.*)<\/title>/.exec(text)?.[1] ?? text);
  return { status: response.status, file, cookies: response.headers.getSetCookie() };
}

function campaignOf(cookies: string[]): Record<string, string> | undefined {
  const c = cookies.find((s) => s.startsWith(`${CAMPAIGN_COOKIE}=`));
  if (!c) return undefined;
  return Object.fromEntries(new URLSearchParams(decodeURIComponent(c.split(';')[0]!.split('=')[1]!)));
}

async function check(visit: Visit) {
  const clock = { at: visit.at };
  const { url, headers } = visitRequest(visit);
  const got = await answer(await handlerAt(clock)(new Request(url, { headers })));
  const want = oracle(visit);
  return {
    got: {
      status: got.status,
      file: got.file,
      setsCampaign: campaignOf(got.cookies),
      drawn: got.cookies.some((c) => c.startsWith('fgs_exp_promo=') && !c.includes('Max-Age=0')),
    },
    want: { ...want, setsCampaign: want.setsCampaign },
  };
}

describe('the edge handler over epochs', () => {
  it('answers every address with its version before, at and after the start and the end', async () => {
    const paths = ['/agendamento', '/promo', '/termos', '/natal', '/sitemap.xml', '/', '/robots.txt'];
    for (const at of INSTANTS) {
      for (const path of paths) {
        const { got, want } = await check({ at, path, query: {} });
        expect(got, `${path} em ${at}`).toEqual(want);
      }
    }
    // Said plainly for the boundaries.
    const file = async (at: string, path: string) => (await check({ at, path, query: {} })).got.file;
    expect(await file('2026-12-20T02:59:59.999Z', '/agendamento')).toBe('agendamento/index.html');
    expect(await file(START, '/agendamento')).toBe(`${FOLDER}/agendamento/index.html`);
    expect(await file('2026-12-26T02:59:59.999Z', '/agendamento')).toBe(`${FOLDER}/agendamento/index.html`);
    expect(await file(END, '/agendamento')).toBe('agendamento/index.html');
    expect((await check({ at: START, path: '/termos', query: {} })).got.status).toBe(404);
    expect((await check({ at: END, path: '/termos', query: {} })).got.file).toBe('static');
  });

  it('switches a page and its variant in the same request, never a mix', async () => {
    for (const at of ['2026-12-20T02:59:59.999Z', START]) {
      for (const arm of ['promo', 'promo-b']) {
        const { got } = await check({ at, path: '/promo', query: {}, experimentCookie: arm });
        const folder = at === START ? `${FOLDER}/` : '';
        expect(got.file).toBe(`${folder}${arm}/index.html`);
      }
    }
    // One request reads the clock once: a clock that moves mid-request changes nothing of it.
    let calls = 0;
    const moving = handlerAt(
      { at: START },
      { now: () => new Date(Date.parse(START) - 1 + Math.min(calls++, 1)) },
    );
    const response = await moving(
      new Request('https://fillgas.example/promo', { headers: { Cookie: 'fgs_exp_promo=promo-b' } }),
    );
    expect(calls).toBe(1);
    expect(await response!.text()).toBe(body('promo-b/index.html'));
  });

  it('answers 404 to any direct request for /_agenda/, in every epoch, and reads none of it', async () => {
    for (const at of INSTANTS) {
      for (const path of [
        `/${FOLDER}/natal/`,
        `/${FOLDER}/natal/index.html`,
        '/_agenda/',
        '/_AGENDA/x',
        '/%5Fagenda/x',
      ]) {
        reads.length = 0;
        const response = (await handlerAt({ at })(new Request(`https://fillgas.example${path}`)))!;
        expect(response.status, path).toBe(404);
        expect(await response.text()).toBe(body('404.html'));
        expect(reads).toEqual(['404.html']);
      }
    }
  });

  it('edgePaths covers every address of the epochs (with audiences: everything but /assets/)', () => {
    expect(edgePaths(MANIFEST)).toEqual({ path: ['/*'], excludedPath: ['/assets/*'] });
    const noAudiences = { ...MANIFEST, epochs: MANIFEST.epochs.map((e) => ({ ...e, audiences: [] })) };
    const { path } = edgePaths(noAudiences);
    for (const p of [
      '/agendamento',
      '/agendamento/',
      '/promo/index.html',
      '/natal',
      '/termos/',
      '/sitemap.xml',
      '/_agenda/*',
    ])
      expect(path).toContain(p);
    expect(path).not.toContain('/');
  });
});

describe('audiences at the edge', () => {
  const at = '2026-12-22T12:00:00.000Z';
  const handle = handlerAt({ at });
  const get = (path: string, headers: Record<string, string> = {}) =>
    handle(new Request(`https://fillgas.example${path}`, { headers }));

  it('gives each rule its page at the route, private, with the cookie and no experiment cookie', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['/agendamento?utm_campaign=natal', {}, 'agendamento-natal'],
      ['/agendamento?utm_campaign=%20Natal%20&utm_source=x', {}, 'agendamento-natal'],
      ['/agendamento?utm_source=facebook&utm_medium=CPC', {}, 'agendamento-fb'],
      ['/agendamento?gclid=EAIaIQ', {}, 'agendamento-google'],
      ['/agendamento', { Referer: 'https://m.facebook.com/story' }, 'agendamento-fb'],
    ];
    for (const [path, headers, page] of cases) {
      const response = (await get(path, headers))!;
      expect(response.status, path).toBe(200);
      const file = page === 'agendamento-natal' ? `${FOLDER}/${page}/index.html` : `${page}/index.html`;
      expect(await response.text(), path).toBe(body(file));
      expect(response.headers.get('Cache-Control')).toBe('private, no-cache');
      expect(response.headers.get('Vary')).toBe('Cookie');
      expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'self'");
      const cookies = response.headers.getSetCookie();
      expect(cookies).toHaveLength(1);
      expect(cookies[0]).toMatch(/^fgs_campanha=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
      expect(cookies[0]).not.toMatch(/Max-Age|Expires|EAIaIQ/);
    }
  });

  it('keeps the page for the rest of the visit through the cookie, and a new campaign replaces it', async () => {
    const first = (await get('/agendamento?utm_campaign=natal'))!;
    const cookie = first.headers.getSetCookie()[0]!.split(';')[0]!;
    const landing = (await get('/?utm_campaign=natal'))!; // landed elsewhere: the cookie rides on the host's page
    expect(await landing.text()).toBe('static /');
    expect(landing.headers.getSetCookie()[0]!.split(';')[0]).toBe(cookie);
    const next = (await get('/agendamento', { Cookie: cookie, Referer: 'https://fillgas.example/' }))!;
    expect(await next.text()).toBe(body(`${FOLDER}/agendamento-natal/index.html`));
    expect(next.headers.getSetCookie()).toEqual([]);
    const other = (await get('/agendamento?utm_campaign=outra', { Cookie: cookie }))!;
    expect(await other.text()).toBe(body(`${FOLDER}/agendamento/index.html`));
    expect(campaignOf(other.headers.getSetCookie())).toEqual({ utm_campaign: 'outra' });
  });

  it('gives a crawler the route’s own page and no cookie, whatever it carries', async () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Twitterbot/1.0',
    ]) {
      const response = (await get('/agendamento?utm_campaign=natal', {
        'User-Agent': agent,
        Cookie: 'fgs_campanha=utm_campaign%3Dnatal',
      }))!;
      expect(await response.text(), agent).toBe(body(`${FOLDER}/agendamento/index.html`));
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it('gives the ads’ landing-page checkers the page the ad’s visitors get', async () => {
    for (const agent of [
      'AdsBot-Google (+http://www.google.com/adsbot.html)',
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    ]) {
      const response = (await get('/agendamento?utm_campaign=natal', { 'User-Agent': agent }))!;
      expect(await response.text(), agent).toBe(body(`${FOLDER}/agendamento-natal/index.html`));
    }
  });

  it('without a matching rule: the experiment split, or the route’s page', async () => {
    const promo = (await get('/promo?utm_campaign=natal'))!;
    expect(await promo.text()).toBe(body(`${FOLDER}/promo/index.html`));
    const cookies = promo.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('fgs_exp_promo=promo;'))).toBe(true);
    expect(cookies.some((c) => c.startsWith('fgs_campanha='))).toBe(true);
    const plain = (await get('/agendamento'))!;
    expect(await plain.text()).toBe(body(`${FOLDER}/agendamento/index.html`));
    expect(plain.headers.get('Vary')).toBe('Cookie');
    // The rules are the epoch's: "verao" is a rule only outside the schedule.
    expect(await (await get('/agendamento?utm_campaign=verao'))!.text()).toBe(
      body(`${FOLDER}/agendamento/index.html`),
    );
    const summer = handlerAt({ at: END });
    const r = (await summer(new Request('https://fillgas.example/agendamento?utm_campaign=verao')))!;
    expect(await r.text()).toBe(body('agendamento-verao/index.html'));
  });

  it('answers 10,000 mixed requests (rules, cookies, clocks, user agents) as the oracle says', async () => {
    const visits = mixedVisits(10_000);
    const wrong: string[] = [];
    for (const visit of visits) {
      const { got, want } = await check(visit);
      if (JSON.stringify(got) !== JSON.stringify(want))
        wrong.push(`${JSON.stringify(visit)}\n  got ${JSON.stringify(got)}\n  want ${JSON.stringify(want)}`);
    }
    expect(wrong.slice(0, 5).join('\n')).toBe('');
    // The mix really mixed: every kind of answer occurred.
    const kinds = new Set(
      visits.map((v) => oracle(v)).map((w) => `${w.status} ${w.file.replace(/^_agenda\/\w+\//, 'agenda:')}`),
    );
    for (const k of [
      '200 agenda:agendamento-natal/index.html',
      '200 agendamento-verao/index.html',
      '200 agendamento-google/index.html',
      '404 404.html',
      '200 static',
      '200 agenda:promo-b/index.html',
    ])
      expect(kinds).toContain(k);
  });
});

describe('experiments-only manifests (version 1) through the one handler', () => {
  it('split as before, everything else passes', async () => {
    const handle = createEdgeHandler(
      { version: 1, experiments: MANIFEST.epochs[0]!.experiments },
      { readFile: async (file) => new Response(body(file)), random: () => 0.75 },
    );
    const response = (await handle(new Request('https://fillgas.example/promo/')))!;
    expect(await response.text()).toBe(body('promo-b/index.html'));
    expect(await handle(new Request('https://fillgas.example/agendamento'))).toBeUndefined();
  });
});
