/**
 * What every host's split must do, over the site experiment-site.ts builds: shares over 10,000
 * cookieless requests (fewer for a host that says so, within a wider margin), kept and
 * reassigned cookies, byte-identical bodies, the exact headers, pass-through, and a crawler split
 * like anyone; and the dated experiment's days (on its own route of the same site) as São
 * Paulo's at their boundaries (decision 0023), outside which a kept assignment cookie is cleared
 * (issue 29.5). Each host's test supplies how a request reaches
 * it (workerd for Cloudflare; the generated function in front of a stand-in for Netlify and
 * Vercel) and, for the days, how its clock is set.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleRatioMismatch } from '../../runtime/experiments/index.ts';

export interface EdgeHost {
  request(pathname: string, headers?: Record<string, string>): Promise<Response>;
  outDir(): string;
  /** A route outside the experiments, as this host answers it with 200. */
  otherRoute: string;
  /** Requests in flight at a time. */
  batch: number;
  /**
   * The Set-Cookie header (null when none) of each of `n` cookieless GET requests to `pathname`,
   * when the host sends them from where it runs (Cloudflare: a worker beside the built one under
   * workerd) instead of one `request` each; every other case goes through `request`.
   */
  setCookies?(pathname: string, n: number): Promise<(string | null)[]>;
  /**
   * `n` GET requests with `headers`, sent from where the host runs as `setCookies` are: each
   * answer's status, Set-Cookie and the index of its body among the distinct bodies, given whole.
   */
  repeat?(
    pathname: string,
    headers: Record<string, string>,
    n: number,
  ): Promise<{ answers: { status: number; setCookie: string | null; body: number }[]; bodies: Buffer[] }>;
  /**
   * Cookieless requests of each share test, 10,000 unless said. The margin widens as the count
   * falls (±1.5 points × √(10,000 / n)), so a fair draw fails as rarely as with 10,000. The hosts'
   * artifacts run the host-neutral split that edge-split.test.ts draws 10,000 times under Node
   * (`createSplitter`), and their requests were most of their files' time: they say 2,500, which
   * still catches a split that ignores the weights or a host that drops the cookie (decision 0039).
   */
  shareRequests?: number;
}

/** The variant key a Set-Cookie header assigns for experiment `id`. */
const assigned = (setCookie: string | null, id: string) =>
  new RegExp(`fgs_exp_${id}=([^;]+)`).exec(setCookie ?? '')?.[1];

export const assignment = (response: { headers: Headers }, id: string) =>
  assigned(response.headers.get('Set-Cookie'), id);

const SECURITY_HEADERS = [
  'Content-Security-Policy',
  'Strict-Transport-Security',
  'X-Content-Type-Options',
  'Referrer-Policy',
  'Permissions-Policy',
  'X-Frame-Options',
  'Cross-Origin-Opener-Policy',
];

export function splitCases(name: string, host: EdgeHost): void {
  /** The Set-Cookie header of each of n cookieless requests, `batch` in flight at a time. */
  async function setCookies(pathname: string, n: number): Promise<(string | null)[]> {
    const cookies: (string | null)[] = [];
    for (let done = 0; done < n; done += host.batch) {
      const batch = await Promise.all(
        Array.from({ length: host.batch }, async () => {
          const response = await host.request(pathname);
          await response.arrayBuffer();
          return response.headers.get('Set-Cookie');
        }),
      );
      cookies.push(...batch);
    }
    return cookies;
  }

  /** n cookieless requests; the keys the edge assigned, counted. */
  async function shares(pathname: string, id: string, keys: string[], n: number): Promise<number[]> {
    const cookies = await (host.setCookies ? host.setCookies(pathname, n) : setCookies(pathname, n));
    expect(cookies).toHaveLength(n);
    const counts = new Map<string, number>();
    for (const cookie of cookies) {
      const key = assigned(cookie, id)!;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return keys.map((k) => counts.get(k) ?? 0);
  }

  const n = host.shareRequests ?? 10_000;
  const margin = 0.015 * Math.sqrt(10_000 / n);
  const words = `${n.toLocaleString('en')} cookieless requests`;
  const within = `within ±${(margin * 100).toFixed(1)} points, passing the SRM test`;

  // A fair draw falls outside the margin (or fails the SRM test) about once in 150 runs of both
  // tests: one retry makes a false alarm about one in 20,000, and a real bias still fails twice.
  describe(`${name}: shares`, { retry: 1 }, () => {
    it(`splits ${words} 50/50 ${within}`, async () => {
      const counts = await shares('/sodastream-t', 'site-t', ['sodastream-t', 'recarrega-site'], n);
      counts.forEach((c) => expect(Math.abs(c / n - 0.5)).toBeLessThanOrEqual(margin));
      expect(sampleRatioMismatch(counts, [50, 50]).flagged).toBe(false);
    }, 120_000);

    it(`splits ${words} 20/30/50 ${within}`, async () => {
      const keys = ['sodastream-f', 'sodastream-m', 'recarga'];
      const counts = await shares('/sodastream-f', 'tres', keys, n);
      [0.2, 0.3, 0.5].forEach((w, i) => expect(Math.abs(counts[i]! / n - w)).toBeLessThanOrEqual(margin));
      expect(sampleRatioMismatch(counts, [20, 30, 50]).flagged).toBe(false);
    }, 120_000);
  });

  describe(`${name}: request by request`, () => {
    it('always answers a cookie’s variant, 1,000 times, with the prerendered file byte for byte', async () => {
      const file = await readFile(path.join(host.outDir(), 'recarrega-site/index.html'));
      const headers = { Cookie: 'x=1; fgs_exp_site-t=recarrega-site' };
      if (host.repeat) {
        const { answers, bodies } = await host.repeat('/sodastream-t', headers, 1000);
        expect(answers).toHaveLength(1000);
        for (const answer of answers) {
          expect(answer.status).toBe(200);
          expect(answer.setCookie).toBeNull();
        }
        // Every body was one of these, and there is one: the file.
        expect(bodies.map((body) => body.equals(file))).toEqual([true]);
        return;
      }
      for (let i = 0; i < 1000; i += host.batch) {
        await Promise.all(
          Array.from({ length: host.batch }, async () => {
            const response = await host.request('/sodastream-t', headers);
            expect(response.status).toBe(200);
            expect(response.headers.get('Set-Cookie')).toBeNull();
            expect(Buffer.from(await response.arrayBuffer()).equals(file)).toBe(true);
          }),
        );
      }
    }, 60_000);

    it('answers with exactly the promised headers, at every form of the route', async () => {
      const headersFile = await readFile(path.join(host.outDir(), '_headers'), 'utf8');
      for (const pathname of ['/sodastream-t', '/sodastream-t/', '/sodastream-t/index.html']) {
        const response = await host.request(pathname);
        await response.arrayBuffer();
        expect(response.status).toBe(200);
        expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
        expect(response.headers.get('Cache-Control')).toBe('private, no-cache');
        expect(response.headers.get('Vary')).toBe('Cookie');
        expect(response.headers.get('Set-Cookie')).toMatch(
          /^fgs_exp_site-t=(sodastream-t|recarrega-site); Path=\/; Max-Age=7776000; Secure; SameSite=Lax$/,
        );
        for (const header of SECURITY_HEADERS) {
          const value = new RegExp(`^  ${header}: (.+)$`, 'm').exec(headersFile)![1]!;
          expect(response.headers.get(header), header).toBe(value);
        }
      }
    });

    it('reassigns a bad or stale cookie', async () => {
      for (const value of ['sodastream-x', 'sodastream-f', '']) {
        const response = await host.request('/sodastream-t', { Cookie: `fgs_exp_site-t=${value}` });
        await response.arrayBuffer();
        expect(['sodastream-t', 'recarrega-site']).toContain(assignment(response, 'site-t'));
      }
    });

    it('lets assets, other routes and 404s through unchanged', async () => {
      const other = await host.request(host.otherRoute);
      expect(other.status).toBe(200);
      expect(other.headers.get('Set-Cookie')).toBeNull();
      const page = await readFile(path.join(host.outDir(), 'agendamento/index.html'));
      expect(Buffer.from(await other.arrayBuffer()).equals(page)).toBe(true);
      const missing = await host.request('/nao-existe');
      await missing.arrayBuffer();
      expect(missing.status).toBe(404);
      const sitemap = await host.request('/sitemap.xml');
      expect(await sitemap.text()).toBe(await readFile(path.join(host.outDir(), 'sitemap.xml'), 'utf8'));
    });

    it('splits a Googlebot like anyone: both variants reached, the same headers', async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 60; i++) {
        const response = await host.request('/sodastream-t', {
          'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        });
        await response.arrayBuffer();
        expect(response.headers.get('Vary')).toBe('Cookie');
        seen.add(assignment(response, 'site-t')!);
      }
      expect([...seen].sort()).toEqual(['recarrega-site', 'sodastream-t']);
    });
  });
}

export interface ClockedEdgeHost {
  /** A request reaching the host's split at the instant `at` (ISO), as the split's own clock reads it. */
  request(pathname: string, at: string, headers?: Record<string, string>): Promise<Response>;
  /** The output folder of the site built with DATED_EXPERIMENT (experiment-site.ts). */
  outDir(): string;
}

/** The dated experiment (DATED_EXPERIMENT, experiment-site.ts): 1 to 21 December 2026 on /recarregue. */
export function dayCases(name: string, host: ClockedEdgeHost): void {
  const file = (route: string) => readFile(path.join(host.outDir(), route, 'index.html'));
  /** The visit's page (by its bytes) and Set-Cookie. */
  async function visit(at: string, cookie?: string) {
    const response = await host.request('/recarregue', at, cookie ? { Cookie: cookie } : {});
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    const key = assignment(response, 'dias');
    const served = (await file('recarregue')).equals(body)
      ? 'recarregue'
      : (await file('recarregar-sodastream')).equals(body)
        ? 'recarregar-sodastream'
        : 'another page';
    return { served, key, cookie: response.headers.get('Set-Cookie') };
  }
  const own = { served: 'recarregue', key: undefined, cookie: null };
  /** The route's own page, the kept assignment removed: outside its days an experiment counts nothing. */
  const cleared = { ...own, cookie: 'fgs_exp_dias=; Path=/; Max-Age=0; Secure; SameSite=Lax' };
  const cookieFor = (maxAge: number) =>
    new RegExp(
      `^fgs_exp_dias=(recarregue|recarregar-sodastream); Path=/; Max-Age=${maxAge}; Secure; SameSite=Lax$`,
    );

  describe(`${name}: an experiment’s days are São Paulo’s`, () => {
    it('starts at 03:00 UTC of its first day (midnight in São Paulo), not at 00:00 UTC', async () => {
      expect(await visit('2026-12-01T00:00:00Z')).toEqual(own);
      expect(await visit('2026-12-01T02:59:00Z')).toEqual(own); // 23:59 of 30 November there
      const first = await visit('2026-12-01T03:00:00Z');
      expect(first.cookie).toMatch(cookieFor(21 * 86_400)); // to 00:00 of the 22nd in São Paulo
      expect(first.served).toBe(first.key);
    });

    it('still splits at 23:30 of its last day in São Paulo, not at 00:00 of the next', async () => {
      const late = await visit('2026-12-22T02:30:00Z'); // the 22nd in UTC, the 21st there
      expect(late.cookie).toMatch(cookieFor(86_400)); // half an hour left: a day, never less
      expect(late.served).toBe(late.key);
      expect(await visit('2026-12-22T03:00:00Z')).toEqual(own);
      expect(await visit('2026-12-22T03:00:00Z', 'fgs_exp_dias=recarregar-sodastream')).toEqual(cleared);
    });

    it('clears a kept cookie outside its days, whatever page it names, and keeps it within', async () => {
      for (const at of ['2026-12-01T02:59:00Z', '2026-12-22T03:00:00Z', '2027-03-01T12:00:00Z'])
        for (const cookie of ['fgs_exp_dias=recarregue', 'x=1; fgs_exp_dias=recarregar-sodastream'])
          expect(await visit(at, cookie), `${at} ${cookie}`).toEqual(cleared);
      // From midnight of the first day there the same cookie is kept, and not set again.
      expect(await visit('2026-12-01T03:00:00Z', 'fgs_exp_dias=recarregar-sodastream')).toEqual({
        served: 'recarregar-sodastream',
        key: undefined,
        cookie: null,
      });
    });

    it('gives the cookie the seconds to the end of the last day there', async () => {
      // 09:00 of 11 December in São Paulo to 00:00 of the 22nd: 10 days 15 hours.
      expect((await visit('2026-12-11T12:00:00Z')).cookie).toMatch(cookieFor(10 * 86_400 + 15 * 3600));
    });
  });
}
