/**
 * The Cloudflare artifact for real: the edge tests' site (experiment-site.ts: two experiments and
 * a dated one) built once (sharedEdgeSite), its `_worker.js` run by workerd (Miniflare) in
 * front of that folder as Cloudflare's static assets, through every split case of edge-cases.ts
 * (the shares' 2 × 2,500 cookieless requests sent from a worker beside it, under the same
 * workerd: SAMPLER below; the same split code answers 2 × 10,000 under Node in edge-split.test.ts);
 * and the same built worker under workerd with the clock set per request, through the dated
 * experiment's day cases, so São Paulo's days are read by workerd's own Intl.
 */
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUDFLARE_WORKER_FILE } from '../../runtime/build/index.ts';
import { siteDay } from '../../runtime/edge/site-day.ts';
import { cloudflareOverDist } from '../servers/workerd.ts';
import { dayCases, splitCases } from './edge-cases.ts';
import { sharedEdgeSite } from './experiment-site.ts';
import { CLOCK_MODULE } from './worker-clock.ts';

/**
 * Sends `n` GET requests to the built worker (the `SITE` service binding), `batch` at a time, with
 * `headers` (none: cookieless), reads each body and answers every Set-Cookie header (null when
 * none), in order; with `bodies`, each answer's status and Set-Cookie and the index of its body
 * among the distinct bodies, which come back base64'd to be compared byte for byte. Sent from
 * Node through dispatchFetch, each request also crossed over HTTP into workerd and back, its HTML
 * gzipped for Node's Accept-Encoding and unzipped again: about 5 ms of CPU against 1 ms here, and
 * the shares' 20,000 were most of this file's minute and a half in CI.
 */
const SAMPLER = `export default {
  async fetch(request, env) {
    const { pathname, n, batch, headers = {}, bodies } = await request.json();
    const answers = [];
    const distinct = [];
    for (let done = 0; done < n; done += batch) {
      const some = await Promise.all(
        Array.from({ length: Math.min(batch, n - done) }, async () => {
          const response = await env.SITE.fetch('https://fillgas.example' + pathname, { headers, redirect: 'manual' });
          const bytes = new Uint8Array(await response.arrayBuffer());
          const setCookie = response.headers.get('Set-Cookie');
          if (!bodies) return setCookie;
          let body = distinct.findIndex((d) => d.length === bytes.length && d.every((b, i) => b === bytes[i]));
          if (body < 0) body = distinct.push(bytes) - 1;
          return { status: response.status, setCookie, body };
        }),
      );
      answers.push(...some);
    }
    if (!bodies) return Response.json(answers);
    const base64 = (bytes) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
    return Response.json({ answers, bodies: distinct.map(base64) });
  },
};
`;

/** This file's own folder (the clock's module); the built site is shared and read only. */
let tmp: string;
let outDir: string;
let mf: Miniflare;
let sampler: Miniflare;

beforeAll(async () => {
  ({ outDir } = await sharedEdgeSite());
  tmp = await mkdtemp(path.join(os.tmpdir(), 'experimento-cloudflare-'));
  mf = cloudflareOverDist(outDir);
  // The built worker again, as tests/servers/workerd.ts runs it, with SAMPLER beside it.
  sampler = new Miniflare({
    cf: false,
    workers: [
      {
        name: 'amostra',
        modules: true,
        script: SAMPLER,
        compatibilityDate: '2025-01-01',
        serviceBindings: { SITE: 'site' },
      },
      {
        name: 'site',
        modules: true,
        scriptPath: path.join(outDir, CLOUDFLARE_WORKER_FILE),
        modulesRoot: outDir,
        compatibilityDate: '2025-01-01',
        assets: {
          directory: outDir,
          binding: 'ASSETS',
          routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
        },
      },
    ],
  });
  await Promise.all([mf.ready, sampler.ready]);
}, 180_000);
afterAll(async () => {
  await Promise.all([mf?.dispose(), sampler?.dispose()]);
  await rm(tmp, { recursive: true, force: true });
});

const BATCH = 50;

splitCases('the Cloudflare worker under workerd', {
  request: (pathname, headers = {}) =>
    mf.dispatchFetch(`https://fillgas.example${pathname}`, {
      // Bodies unencoded: for a client that accepts gzip, Miniflare's stand-in for Cloudflare's
      // front line compresses the HTML after the worker has answered (nothing of the split is
      // involved), half the time of each request. Answers in the default encoding are compared
      // byte for byte below (drop-trailing-slash, the days).
      headers: { 'Accept-Encoding': 'identity', ...headers },
      redirect: 'manual',
    }) as unknown as Promise<Response>,
  setCookies: async (pathname, n) => {
    const answer = await sampler.dispatchFetch('https://amostra.example/', {
      method: 'POST',
      body: JSON.stringify({ pathname, n, batch: BATCH }),
    });
    expect(answer.status).toBe(200);
    return (await answer.json()) as (string | null)[];
  },
  repeat: async (pathname, headers, n) => {
    const answer = await sampler.dispatchFetch('https://amostra.example/', {
      method: 'POST',
      body: JSON.stringify({ pathname, n, batch: BATCH, headers, bodies: true }),
    });
    expect(answer.status).toBe(200);
    const { answers, bodies } = (await answer.json()) as {
      answers: { status: number; setCookie: string | null; body: number }[];
      bodies: string[];
    };
    return { answers, bodies: bodies.map((b) => Buffer.from(b, 'base64')) };
  },
  // A quarter of the 10,000 the shares take under Node (edge-split.test.ts), within ±3 points
  // (edge-cases.ts): the same split code; these requests were two thirds of this file's time.
  shareRequests: 2_500,
  outDir: () => outDir,
  // Cloudflare's asset server answers a folder's index at "/x/" (and redirects "/x" there).
  otherRoute: '/agendamento/',
  batch: BATCH,
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

describe('the worker of a dated experiment, its clock set', () => {
  let clocked: Miniflare;
  beforeAll(async () => {
    // Beside dist/ (not in it: the assets stay the build's), over the same build as the split cases:
    // in this file's folder, where dist/ links to the shared build.
    const script = path.join(tmp, 'clock-worker.js');
    await writeFile(script, CLOCK_MODULE);
    await symlink(outDir, path.join(tmp, 'dist'));
    // As tests/servers/workerd.ts runs dist/_worker.js, with this module as the entry.
    clocked = new Miniflare({
      modules: true,
      scriptPath: script,
      modulesRoot: tmp,
      modulesRules: [{ type: 'ESModule', include: ['**/*.js'] }], // the imported _worker.js too
      compatibilityDate: '2025-01-01',
      cf: false,
      assets: {
        directory: outDir,
        binding: 'ASSETS',
        routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
      },
    });
    await clocked.ready;
  }, 60_000);
  afterAll(() => clocked?.dispose());

  it('keeps workerd’s own clock without X-Test-Now', async () => {
    const response = await clocked.dispatchFetch('https://fillgas.example/recarregue', {
      redirect: 'manual',
    });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    const today = siteDay(new Date());
    expect(response.headers.has('Set-Cookie')).toBe(today >= '2026-12-01' && today <= '2026-12-21');
  });

  dayCases('the Cloudflare worker under workerd', {
    request: (pathname, at, headers = {}) =>
      clocked.dispatchFetch(`https://fillgas.example${pathname}`, {
        headers: { ...headers, 'X-Test-Now': at },
        redirect: 'manual',
      }) as unknown as Promise<Response>,
    outDir: () => outDir,
  });
});
