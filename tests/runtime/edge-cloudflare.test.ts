/**
 * The Cloudflare artifact for real: a site with two experiments built to a temporary dist/, its
 * `_worker.js` run by workerd (Miniflare) in front of that folder as Cloudflare's static assets.
 * The shares over 10,000 cookieless requests, kept and reassigned cookies, byte-identical bodies,
 * headers, pass-through, and a crawler split like anyone.
 */
import { appendFile, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../runtime/build/index.ts';
import { sampleRatioMismatch } from '../../runtime/experiments/index.ts';
import { cloudflareOverDist } from '../servers/workerd.ts';

const root = path.resolve(import.meta.dirname, '../..');
let tmp: string;
let outDir: string;
let mf: Miniflare;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'experimento-cloudflare-'));
  await cp(path.join(root, 'pages'), path.join(tmp, 'pages'), { recursive: true });
  await appendFile(
    path.join(tmp, 'pages/_site.yaml'),
    [
      'experiments:',
      '  - id: site-t',
      '    route: /sodastream-t',
      '    variants:',
      '      - page: sodastream-t',
      '        weight: 50',
      '      - page: recarrega-site',
      '        weight: 50',
      '  - id: tres',
      '    route: /sodastream-f',
      '    variants:',
      '      - page: sodastream-f',
      '        weight: 20',
      '      - page: sodastream-m',
      '        weight: 30',
      '      - page: recarga',
      '        weight: 50',
      '',
    ].join('\n'),
  );
  outDir = path.join(tmp, 'dist');
  await buildSite({ root, pagesDir: path.join(tmp, 'pages'), outDir });
  mf = cloudflareOverDist(outDir);

  await mf.ready;
}, 180_000);
afterAll(async () => {
  await mf?.dispose();
  await rm(tmp, { recursive: true, force: true });
});

const BASE = 'https://fillgas.example';
const request = (pathname: string, headers: Record<string, string> = {}) =>
  mf.dispatchFetch(`${BASE}${pathname}`, { headers, redirect: 'manual' });
const assignment = (response: { headers: Headers }, id: string) =>
  new RegExp(`fgs_exp_${id}=([^;]+)`).exec(response.headers.get('Set-Cookie') ?? '')?.[1];

/** n cookieless requests, 50 in flight at a time; the keys the edge assigned, counted. */
async function shares(pathname: string, id: string, keys: string[], n: number): Promise<number[]> {
  const counts = new Map<string, number>();
  for (let done = 0; done < n; done += 50) {
    const batch = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const response = await request(pathname);
        await response.arrayBuffer();
        return assignment(response, id)!;
      }),
    );
    for (const key of batch) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return keys.map((k) => counts.get(k) ?? 0);
}

// A fair draw falls outside ±1.5 points (or fails the SRM test) about once in 150 runs of both
// tests: one retry makes a false alarm about one in 20,000, and a real bias still fails twice.
describe('the Cloudflare worker under workerd', { retry: 1 }, () => {
  it('splits 10,000 cookieless requests 50/50 within ±1.5 points, passing the SRM test', async () => {
    const counts = await shares('/sodastream-t', 'site-t', ['sodastream-t', 'recarrega-site'], 10_000);
    counts.forEach((c) => expect(Math.abs(c / 10_000 - 0.5)).toBeLessThanOrEqual(0.015));
    expect(sampleRatioMismatch(counts, [50, 50]).flagged).toBe(false);
  }, 120_000);

  it('splits 10,000 cookieless requests 20/30/50 within ±1.5 points, passing the SRM test', async () => {
    const counts = await shares('/sodastream-f', 'tres', ['sodastream-f', 'sodastream-m', 'recarga'], 10_000);
    [0.2, 0.3, 0.5].forEach((w, i) => expect(Math.abs(counts[i]! / 10_000 - w)).toBeLessThanOrEqual(0.015));
    expect(sampleRatioMismatch(counts, [20, 30, 50]).flagged).toBe(false);
  }, 120_000);
});

describe('the Cloudflare worker, request by request', () => {
  it('always answers a cookie’s variant, 1,000 times, with the prerendered file byte for byte', async () => {
    const file = await readFile(path.join(outDir, 'recarrega-site/index.html'));
    for (let i = 0; i < 1000; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          const response = await request('/sodastream-t', { Cookie: 'fgs_exp_site-t=recarrega-site' });
          expect(response.status).toBe(200);
          expect(response.headers.get('Set-Cookie')).toBeNull();
          expect(Buffer.from(await response.arrayBuffer()).equals(file)).toBe(true);
        }),
      );
    }
  }, 60_000);

  it('answers with exactly the promised headers', async () => {
    const response = await request('/sodastream-t');
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('private, no-cache');
    expect(response.headers.get('Vary')).toBe('Cookie');
    expect(response.headers.get('Set-Cookie')).toMatch(
      /^fgs_exp_site-t=(sodastream-t|recarrega-site); Path=\/; Max-Age=7776000; Secure; SameSite=Lax$/,
    );
    const headersFile = await readFile(path.join(outDir, '_headers'), 'utf8');
    for (const name of [
      'Content-Security-Policy',
      'Strict-Transport-Security',
      'X-Content-Type-Options',
      'Referrer-Policy',
      'Permissions-Policy',
      'X-Frame-Options',
      'Cross-Origin-Opener-Policy',
    ]) {
      const value = new RegExp(`^  ${name}: (.+)$`, 'm').exec(headersFile)![1]!;
      expect(response.headers.get(name), name).toBe(value);
    }
  });

  it('reassigns a bad or stale cookie', async () => {
    for (const value of ['sodastream-x', 'sodastream-f', '']) {
      const response = await request('/sodastream-t', { Cookie: `fgs_exp_site-t=${value}` });
      await response.arrayBuffer();
      expect(['sodastream-t', 'recarrega-site']).toContain(assignment(response, 'site-t'));
    }
  });

  it('lets assets, other routes and 404s through unchanged', async () => {
    const other = await request('/agendamento/');
    expect(other.status).toBe(200);
    expect(other.headers.get('Set-Cookie')).toBeNull();
    expect(
      Buffer.from(await other.arrayBuffer()).equals(
        await readFile(path.join(outDir, 'agendamento/index.html')),
      ),
    ).toBe(true);
    const missing = await request('/nao-existe');
    await missing.arrayBuffer();
    expect(missing.status).toBe(404);
    const sitemap = await request('/sitemap.xml');
    expect(await sitemap.text()).toBe(await readFile(path.join(outDir, 'sitemap.xml'), 'utf8'));
  });

  it('splits a Googlebot like anyone: both variants reached, the same headers', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const response = await request('/sodastream-t', {
        'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      });
      await response.arrayBuffer();
      expect(response.headers.get('Vary')).toBe('Cookie');
      seen.add(assignment(response, 'site-t')!);
    }
    expect([...seen].sort()).toEqual(['recarrega-site', 'sodastream-t']);
  });
});
