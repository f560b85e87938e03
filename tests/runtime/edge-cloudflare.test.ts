/**
 * The Cloudflare artifact for real: a site with two experiments built to a temporary dist/, its
 * `_worker.js` run by workerd (Miniflare) in front of that folder as Cloudflare's static assets,
 * through every case of edge-cases.ts.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudflareOverDist } from '../servers/workerd.ts';
import { splitCases } from './edge-cases.ts';
import { buildExperimentSite } from './experiment-site.ts';

let tmp: string;
let outDir: string;
let mf: Miniflare;

beforeAll(async () => {
  ({ tmp, outDir } = await buildExperimentSite('experimento-cloudflare-'));
  mf = cloudflareOverDist(outDir);
  await mf.ready;
}, 180_000);
afterAll(async () => {
  await mf?.dispose();
  await rm(tmp, { recursive: true, force: true });
});

splitCases('the Cloudflare worker under workerd', {
  request: (pathname, headers = {}) =>
    mf.dispatchFetch(`https://fillgas.example${pathname}`, {
      headers,
      redirect: 'manual',
    }) as unknown as Promise<Response>,
  outDir: () => outDir,
  // Cloudflare's asset server answers a folder's index at "/x/" (and redirects "/x" there).
  otherRoute: '/agendamento/',
  batch: 50,
});

describe('under html_handling = "drop-trailing-slash" (Workers without a redirect per page)', () => {
  let drop: Miniflare;
  beforeAll(async () => {
    drop = cloudflareOverDist(outDir, { htmlHandling: 'drop-trailing-slash' });
    await drop.ready;
  }, 60_000);
  afterAll(() => drop?.dispose());

  it('still answers the variant byte for byte at the route, and other pages at /x', async () => {
    const get = (pathname: string, headers: Record<string, string> = {}) =>
      drop.dispatchFetch(`https://fillgas.example${pathname}`, { headers, redirect: 'manual' });
    const kept = await get('/sodastream-t', { Cookie: 'fgs_exp_site-t=recarrega-site' });
    expect(kept.status).toBe(200);
    const file = await readFile(path.join(outDir, 'recarrega-site/index.html'));
    expect(Buffer.from(await kept.arrayBuffer()).equals(file)).toBe(true);
    const fresh = await get('/sodastream-t');
    await fresh.arrayBuffer();
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('Set-Cookie')).toMatch(/^fgs_exp_site-t=/);
    const other = await get('/agendamento');
    await other.arrayBuffer();
    expect(other.status).toBe(200);
  });
});
