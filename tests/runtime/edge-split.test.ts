/**
 * The host-neutral edge split with the platform's own Request and Response: the weighted draw
 * over 10,000 cookieless requests, a kept cookie, bad and stale cookies reassigned, the headers,
 * the body byte for byte, pass-through for everything else, crawlers split like everyone, the
 * winner, and the dates as São Paulo days at their boundaries with the cookie's Max-Age (decision
 * 0023); once decided or outside the dates, a kept cookie is cleared (issue 29.5). (The Cloudflare
 * artifact under workerd is tested with its adapter.)
 */
import { describe, expect, it } from 'vitest';
import type { ExperimentManifest } from '../../runtime/build/index.ts';
import { sampleRatioMismatch } from '../../runtime/experiments/index.ts';
import { cookieMaxAge, cookieName, createSplitter, readStatic } from '../../runtime/edge/index.ts';

const SECURITY = {
  'Content-Security-Policy': "default-src 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
};

function manifest(
  weights: number[],
  extra: Partial<ExperimentManifest['experiments'][number]> = {},
): ExperimentManifest {
  const keys = ['agendamento', 'agendamento-b', 'agendamento-c'];
  return {
    version: 1,
    experiments: [
      {
        id: 'oferta',
        route: '/agendamento',
        variants: weights.map((weight, i) => ({
          key: keys[i]!,
          route: i === 0 ? '/agendamento' : `/${keys[i]}`,
          file: `${keys[i]}/index.html`,
          weight,
        })),
        start: null,
        end: null,
        winner: null,
        headers: SECURITY,
        ...extra,
      },
    ],
  };
}

const page = (key: string) => `<!doctype html><title>${key}</title><p>página ${key} çã</p>`;
const fetchAsset = async (variant: { key: string }) =>
  new Response(page(variant.key), { headers: { 'Content-Type': 'text/html' } });

const get = (path = '/agendamento', headers: Record<string, string> = {}) =>
  new Request(`https://fillgas.example${path}`, { headers });

const keyOf = (response: Response) =>
  /fgs_exp_oferta=([^;]+)/.exec(response.headers.get('Set-Cookie') ?? '')?.[1];

/**
 * A seeded generator (mulberry32), so the share tests cannot fail by chance; the handler's own
 * cryptographic draw is what the workerd test of the Cloudflare artifact measures.
 */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function shares(weights: number[], n: number) {
  const split = createSplitter(manifest(weights), { fetchAsset, random: seeded(20_261_123) });
  const counts = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const response = (await split(get()))!;
    const key = keyOf(response)!;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return ['agendamento', 'agendamento-b', 'agendamento-c']
    .slice(0, weights.length)
    .map((k) => counts.get(k) ?? 0);
}

describe('the edge split', () => {
  it('splits 10,000 cookieless visitors 50/50 within ±1.5 points, passing the SRM test', async () => {
    const counts = await shares([50, 50], 10_000);
    counts.forEach((c) => expect(Math.abs(c / 10_000 - 0.5)).toBeLessThanOrEqual(0.015));
    expect(sampleRatioMismatch(counts, [50, 50]).flagged).toBe(false);
  });

  it('splits 20/30/50 within ±1.5 points, passing the SRM test', async () => {
    const counts = await shares([20, 30, 50], 10_000);
    [0.2, 0.3, 0.5].forEach((w, i) => expect(Math.abs(counts[i]! / 10_000 - w)).toBeLessThanOrEqual(0.015));
    expect(sampleRatioMismatch(counts, [20, 30, 50]).flagged).toBe(false);
  });

  it('draws with cryptographic randomness by default, every variant reachable', async () => {
    const split = createSplitter(manifest([20, 30, 50]), { fetchAsset });
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) seen.add(keyOf((await split(get()))!)!);
    expect([...seen].sort()).toEqual(['agendamento', 'agendamento-b', 'agendamento-c']);
  });

  it('keeps a valid cookie’s variant, 1,000 times out of 1,000, without setting it again', async () => {
    const split = createSplitter(manifest([50, 50]), { fetchAsset });
    for (let i = 0; i < 1000; i++) {
      const response = (await split(
        get('/agendamento', { Cookie: `outro=1; ${cookieName('oferta')}=agendamento-b` }),
      ))!;
      expect(response.headers.get('Set-Cookie')).toBeNull();
      expect(await response.text()).toBe(page('agendamento-b'));
    }
  });

  it('reassigns a bad or stale cookie', async () => {
    const split = createSplitter(manifest([50, 50]), { fetchAsset });
    for (const value of ['agendamento-z', '', '../x', 'agendamento-b%00']) {
      const response = (await split(get('/agendamento', { Cookie: `fgs_exp_oferta=${value}` })))!;
      expect(['agendamento', 'agendamento-b']).toContain(keyOf(response));
    }
  });

  it('answers the variant’s file byte for byte, status 200, with exactly the promised headers', async () => {
    const split = createSplitter(manifest([50, 50]), {
      fetchAsset,
      random: () => 0.75,
      now: () => new Date('2026-11-23T12:00:00Z'),
    });
    const response = (await split(get()))!;
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from(page('agendamento-b')));
    expect(Object.fromEntries(response.headers)).toEqual({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'private, no-cache',
      vary: 'Cookie',
      'set-cookie': `fgs_exp_oferta=agendamento-b; Path=/; Max-Age=${90 * 86_400}; Secure; SameSite=Lax`,
      'content-security-policy': "default-src 'self'",
      'x-content-type-options': 'nosniff',
      'strict-transport-security': 'max-age=63072000; includeSubDomains',
    });
  });

  it('lasts the experiment: the cookie ends with its last day in São Paulo', async () => {
    const split = createSplitter(manifest([50, 50], { start: '2026-11-01', end: '2026-11-30' }), {
      fetchAsset,
      now: () => new Date('2026-11-23T12:00:00Z'),
    });
    // 09:00 of the 23rd in São Paulo to the end of the 30th there (2026-12-01T03:00Z): 7 days 15 hours.
    expect((await split(get()))!.headers.get('Set-Cookie')).toContain(`Max-Age=${7 * 86_400 + 15 * 3600};`);
  });

  it('splits the route with or without a trailing slash, and HEAD too', async () => {
    const split = createSplitter(manifest([50, 50]), { fetchAsset });
    for (const path of ['/agendamento/', '/agendamento/index.html', '/agendamento?gclid=1']) {
      expect((await split(get(path)))?.status).toBe(200);
    }
    const head = (await split(new Request('https://fillgas.example/agendamento', { method: 'HEAD' })))!;
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('lets everything else pass: other routes, assets, 404s, writes', async () => {
    const split = createSplitter(manifest([50, 50]), { fetchAsset });
    for (const path of [
      '/',
      '/agendamento-b',
      '/assets/app-1234.js',
      '/agendamento/foto.png',
      '/nao-existe',
      '/agendamentox',
    ]) {
      expect(await split(get(path))).toBeUndefined();
    }
    expect(
      await split(new Request('https://fillgas.example/agendamento', { method: 'POST' })),
    ).toBeUndefined();
  });

  it('splits a Googlebot exactly as anyone else: the user agent is never read', async () => {
    const u = [0.1, 0.9, 0.4, 0.6];
    const run = async (agent: string) => {
      let i = 0;
      const split = createSplitter(manifest([50, 50]), { fetchAsset, random: () => u[i++ % u.length]! });
      const keys = [];
      for (let n = 0; n < 4; n++)
        keys.push(keyOf((await split(get('/agendamento', { 'User-Agent': agent })))!));
      return keys;
    };
    const bot = await run('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    expect(bot).toEqual(await run('Mozilla/5.0 (Linux; Android 14) Chrome/131 Mobile'));
    expect(bot).toEqual(['agendamento', 'agendamento-b', 'agendamento', 'agendamento-b']);
  });

  it('serves the winner to everyone once decided, and the route’s own page outside the dates', async () => {
    const decided = createSplitter(manifest([50, 50], { winner: 'agendamento-b' }), { fetchAsset });
    const won = (await decided(get()))!;
    expect(await won.text()).toBe(page('agendamento-b'));
    expect(won.headers.get('Set-Cookie')).toBeNull();
    const later = createSplitter(manifest([50, 50], { end: '2026-11-01' }), {
      fetchAsset,
      now: () => new Date('2026-11-23T00:00:00Z'),
    });
    const own = (await later(get()))!;
    expect(await own.text()).toBe(page('agendamento'));
    expect(own.headers.get('Set-Cookie')).toBeNull();
  });

  it('clears a kept cookie once decided or outside the dates, whatever page it named', async () => {
    const ended = [
      createSplitter(manifest([50, 50], { winner: 'agendamento-b' }), { fetchAsset }),
      createSplitter(manifest([50, 50], { winner: 'agendamento' }), { fetchAsset }),
      createSplitter(manifest([50, 50], { start: '2026-12-01' }), {
        fetchAsset,
        now: () => new Date('2026-11-23T00:00:00Z'),
      }),
      createSplitter(manifest([50, 50], { end: '2026-11-01' }), {
        fetchAsset,
        now: () => new Date('2026-11-23T00:00:00Z'),
      }),
    ];
    const served = ['agendamento-b', 'agendamento', 'agendamento', 'agendamento'];
    for (const [i, split] of ended.entries()) {
      for (const cookie of [
        'fgs_exp_oferta=agendamento',
        'outro=1; fgs_exp_oferta=agendamento-b',
        'fgs_exp_oferta=agendamento-z',
        'fgs_exp_oferta=',
      ]) {
        const response = (await split(get('/agendamento/', { Cookie: cookie })))!;
        expect(await response.text()).toBe(page(served[i]!));
        expect(response.headers.get('Set-Cookie')).toBe(CLEARED);
        expect(response.headers.get('Cache-Control')).toBe('private, no-cache');
        expect(response.headers.get('Vary')).toBe('Cookie');
      }
      // Another experiment's cookie is not this one's to clear.
      const other = (await split(get('/agendamento', { Cookie: 'fgs_exp_outra=agendamento' })))!;
      expect(other.headers.get('Set-Cookie')).toBeNull();
    }
  });
});

/** The Set-Cookie that removes the experiment's assignment (same name, path and attributes). */
const CLEARED = 'fgs_exp_oferta=; Path=/; Max-Age=0; Secure; SameSite=Lax';

describe('the dates are São Paulo days (decision 0023)', () => {
  /** A request at the instant `iso` to an experiment of 1 to 21 December 2026. */
  const visit = async (iso: string, cookie?: string) => {
    const split = createSplitter(manifest([50, 50], { start: '2026-12-01', end: '2026-12-21' }), {
      fetchAsset,
      now: () => new Date(iso),
      random: () => 0.75,
    });
    const response = (await split(get('/agendamento', cookie ? { Cookie: cookie } : {})))!;
    return { body: await response.text(), cookie: response.headers.get('Set-Cookie') };
  };
  const ownPage = { body: page('agendamento'), cookie: null };
  const split = (maxAge: number) => ({
    body: page('agendamento-b'),
    cookie: `fgs_exp_oferta=agendamento-b; Path=/; Max-Age=${maxAge}; Secure; SameSite=Lax`,
  });

  it('starts at midnight in São Paulo: 02:59 UTC of the start day is still the day before there', async () => {
    expect(await visit('2026-12-01T02:59:00Z')).toEqual(ownPage); // 23:59 of 30 November
    expect(await visit('2026-12-01T02:59:59.999Z')).toEqual(ownPage);
    // 00:00 of 1 December in São Paulo: split, the cookie to the end of the 21st (2026-12-22T03:00Z).
    expect(await visit('2026-12-01T03:00:00Z')).toEqual(split(21 * 86_400));
  });

  it('ends at midnight in São Paulo: 23:30 of the end day still splits, 00:00 the next day does not', async () => {
    // 23:30 of the 21st in São Paulo, already the 22nd in UTC: still split, the cookie a day (never less).
    expect(await visit('2026-12-22T02:30:00Z')).toEqual(split(86_400));
    expect(await visit('2026-12-22T02:59:59.999Z')).toEqual(split(86_400));
    // 00:00 of the 22nd in São Paulo: the route's own page, no cookie, a kept cookie cleared.
    expect(await visit('2026-12-22T03:00:00Z')).toEqual(ownPage);
    expect(await visit('2026-12-22T03:00:00Z', 'fgs_exp_oferta=agendamento-b')).toEqual({
      body: page('agendamento'),
      cookie: CLEARED,
    });
  });

  it('clears a kept cookie before the first day too, and keeps it from midnight there', async () => {
    expect(await visit('2026-12-01T02:59:00Z', 'fgs_exp_oferta=agendamento-b')).toEqual({
      body: page('agendamento'),
      cookie: CLEARED,
    });
    expect(await visit('2026-12-01T03:00:00Z', 'fgs_exp_oferta=agendamento-b')).toEqual({
      body: page('agendamento-b'),
      cookie: null,
    });
  });

  it('keeps a cookie’s variant within the days, without setting it again', async () => {
    expect(await visit('2026-12-22T02:30:00Z', 'fgs_exp_oferta=agendamento')).toEqual({
      body: page('agendamento'),
      cookie: null,
    });
  });

  it('gives the cookie the seconds to the end of the last day in São Paulo, at least a day', () => {
    const maxAge = (end: string | null, iso: string) => cookieMaxAge(end, new Date(iso));
    expect(maxAge('2026-12-21', '2026-12-01T03:00:00Z')).toBe(21 * 86_400);
    expect(maxAge('2026-12-21', '2026-12-11T12:00:00Z')).toBe(10 * 86_400 + 15 * 3600);
    expect(maxAge('2026-12-21', '2026-12-21T02:59:59.500Z')).toBe(86_400 + 1); // rounded up to the second
    expect(maxAge('2026-12-21', '2026-12-21T12:00:00Z')).toBe(86_400); // 15 h left: a day
    expect(maxAge('2026-12-21', '2026-12-22T02:59:59Z')).toBe(86_400);
    expect(maxAge(null, '2026-12-21T12:00:00Z')).toBe(90 * 86_400);
  });
});

describe('reading a variant’s file from the host', () => {
  const files: Record<string, Response | (() => Response)> = {};
  const seen: string[] = [];
  const host = async (url: URL) => {
    seen.push(url.href);
    const r = files[url.pathname];
    return typeof r === 'function' ? r() : (r ?? new Response('404', { status: 404 }));
  };
  const redirect = (location: string) => () =>
    new Response(null, { status: 307, headers: { Location: location } });

  it('follows one same-origin redirect (a host’s trailing-slash rule), never hands it on', async () => {
    files['/x/'] = redirect('/x');
    files['/x'] = () => new Response('page');
    seen.length = 0;
    const response = await readStatic(host, new URL('https://site.example/x/'));
    expect(await response.text()).toBe('page');
    expect(seen).toEqual(['https://site.example/x/', 'https://site.example/x']);
  });

  it('follows no other origin and no second hop', async () => {
    files['/y/'] = redirect('https://elsewhere.example/y');
    expect((await readStatic(host, new URL('https://site.example/y/'))).status).toBe(307);
    files['/z/'] = redirect('/z');
    files['/z'] = redirect('/z/');
    expect((await readStatic(host, new URL('https://site.example/z/'))).status).toBe(307);
  });
});
