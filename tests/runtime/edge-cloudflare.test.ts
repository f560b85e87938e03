/**
 * The Cloudflare artifact for real: a site with two experiments built to a temporary dist/, its
 * `_worker.js` run by workerd (Miniflare) in front of that folder as Cloudflare's static assets,
 * through every case of edge-cases.ts.
 */
import { rm } from 'node:fs/promises';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll } from 'vitest';
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
