/**
 * The Cloudflare artifact for real: the edge tests' site (experiment-site.ts: two experiments and
 * a dated one) built once to a temporary dist/, its `_worker.js` run by workerd (Miniflare) in
 * front of that folder as Cloudflare's static assets, through every split case of edge-cases.ts;
 * and the same built worker under workerd with the clock set per request, through the dated
 * experiment's day cases, so São Paulo's days are read by workerd's own Intl.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUDFLARE_WORKER_FILE } from '../../runtime/build/index.ts';
import { siteDay } from '../../runtime/site-day.ts';
import { cloudflareOverDist } from '../servers/workerd.ts';
import { dayCases, splitCases } from './edge-cases.ts';
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

/**
 * The built worker cannot be given a clock (cloudflareWorker uses the splitter's default,
 * `new Date()`, and workerd's clock is the real one), so a module in front of it replaces the
 * global Date while one request runs: `X-Test-Now` (taken off before the worker sees the request)
 * is the instant `new Date()` and `Date.now()` give. Everything else (the worker, the manifest
 * inlined in it, Intl with its time-zone data) is the build's and workerd's.
 */
const CLOCK_MODULE = `import worker from './dist/${CLOUDFLARE_WORKER_FILE}';
const RealDate = Date;
let fixed = null;
globalThis.Date = class extends RealDate {
  constructor(...args) {
    if (args.length === 0 && fixed !== null) super(fixed);
    else super(...args);
  }
  static now() {
    return fixed ?? RealDate.now();
  }
};
export default {
  async fetch(request, env, ctx) {
    const at = request.headers.get('X-Test-Now');
    const headers = new Headers(request.headers);
    headers.delete('X-Test-Now');
    fixed = at === null ? null : RealDate.parse(at);
    try {
      return await worker.fetch(new Request(request, { headers }), env, ctx);
    } finally {
      fixed = null;
    }
  },
};
`;

describe('the worker of a dated experiment, its clock set', () => {
  let clocked: Miniflare;
  beforeAll(async () => {
    // Beside dist/ (not in it: the assets stay the build's), over the same build as the split cases.
    const script = path.join(tmp, 'clock-worker.js');
    await writeFile(script, CLOCK_MODULE);
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
