/**
 * The epochs' handler as Cloudflare runs it: the hand-made manifest of edge-epochs-site.ts inlined
 * into a worker by the build's own generator (writeEdgeManifest), run by workerd (Miniflare) in
 * front of a folder holding the manifest's files as static assets, with the clock set per request
 * (X-Test-Now, worker-clock.ts). Before, at and after the start and the end every
 * address answers its version; a page and its variant switch in the same request; `/_agenda/…` is
 * 404; and 2,500 mixed requests (rules, cookies, clocks, user agents), sent from a worker beside
 * it under the same workerd, answer exactly what the oracle says.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeEdgeManifest } from '../../runtime/build/index.ts';
import {
  body,
  FILES,
  INSTANTS,
  MANIFEST,
  mixedVisits,
  oracle,
  START,
  visitRequest,
  type Visit,
} from './edge-epochs-site.ts';
import { CLOCK_MODULE } from './worker-clock.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Sends the visits one after another to the site (the SITE binding) and answers, for each, what
 * the edge answered: its status, the file its body names (or "static": the asset server's own
 * answer, which carries none of the edge's security headers) and its Set-Cookie headers.
 */
const SAMPLER = `export default {
  async fetch(request, env) {
    const visits = await request.json();
    const answers = [];
    for (const { url, headers } of visits) {
      const response = await env.SITE.fetch(url, { headers, redirect: 'manual' });
      const text = await response.text();
      const edge = response.headers.has('Content-Security-Policy');
      const file = edge ? (/<title>(.*)<\\/title>/.exec(text)?.[1] ?? text) : 'static';
      answers.push({ status: edge ? response.status : 200, file, cookies: response.headers.getSetCookie() });
    }
    return Response.json(answers);
  },
};
`;

let tmp: string;
let mf: Miniflare;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'epocas-workerd-'));
  const dist = path.join(tmp, 'dist');
  for (const file of FILES) {
    await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
    await writeFile(path.join(dist, file), body(file));
  }
  await writeEdgeManifest(dist, MANIFEST, [], ROOT);
  await writeFile(path.join(tmp, 'clock-worker.js'), CLOCK_MODULE);
  mf = new Miniflare({
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
        scriptPath: path.join(tmp, 'clock-worker.js'),
        modulesRoot: tmp,
        modulesRules: [{ type: 'ESModule', include: ['**/*.js'] }],
        compatibilityDate: '2025-01-01',
        assets: {
          directory: dist,
          binding: 'ASSETS',
          routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
        },
      },
    ],
  });
  await mf.ready;
}, 180_000);
afterAll(async () => {
  await mf?.dispose();
  await rm(tmp, { recursive: true, force: true });
});

interface Answer {
  status: number;
  file: string;
  cookies: string[];
}

async function send(visits: Visit[]): Promise<Answer[]> {
  const requests = visits.map((v) => {
    const { url, headers } = visitRequest(v);
    return { url, headers: { ...headers, 'X-Test-Now': v.at } };
  });
  const response = await mf.dispatchFetch('https://amostra.example/', {
    method: 'POST',
    body: JSON.stringify(requests),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Answer[];
}

/** An answer in the oracle's terms (the draw is the worker's own: any arm is right for a draw). */
function compare(visit: Visit, got: Answer): string | undefined {
  const want = oracle(visit);
  const campaign = got.cookies.find((c) => c.startsWith('fgs_campanha='));
  const sets = campaign
    ? Object.fromEntries(
        new URLSearchParams(decodeURIComponent(campaign.split(';')[0]!.slice('fgs_campanha='.length))),
      )
    : undefined;
  const drawn = got.cookies.some((c) => /^fgs_exp_promo=promo(-b)?;/.test(c));
  let file = got.file;
  // A fresh draw may give either arm under workerd's cryptographic randomness.
  if (want.drawn && drawn) file = file.replace('promo-b/index.html', 'promo/index.html');
  const same =
    got.status === want.status &&
    file === want.file &&
    JSON.stringify(sets) === JSON.stringify(want.setsCampaign) &&
    drawn === want.drawn;
  return same
    ? undefined
    : `${JSON.stringify(visit)}\n  got ${JSON.stringify(got)}\n  want ${JSON.stringify(want)}`;
}

describe('the epochs’ worker under workerd', () => {
  it('answers every address with its version before, at and after the start and the end', async () => {
    const paths = ['/agendamento', '/promo', '/termos', '/natal', '/sitemap.xml', '/', '/robots.txt'];
    const visits = INSTANTS.flatMap((at) =>
      paths.map((p): Visit => ({ at, path: p, query: {}, experimentCookie: 'promo' })),
    );
    const answers = await send(visits);
    expect(visits.map((v, i) => compare(v, answers[i]!)).filter(Boolean)).toEqual([]);
  });

  it('switches a page and its variant in the same request', async () => {
    const visits = ['2026-12-20T02:59:59.999Z', START].flatMap((at) =>
      ['promo', 'promo-b'].map((arm): Visit => ({ at, path: '/promo/', query: {}, experimentCookie: arm })),
    );
    expect((await send(visits)).map((a) => a.file)).toEqual([
      'promo/index.html',
      'promo-b/index.html',
      `${MANIFEST.epochs[1]!.folder}/promo/index.html`,
      `${MANIFEST.epochs[1]!.folder}/promo-b/index.html`,
    ]);
  });

  // 2,500 of the mix: edge-epochs.test.ts checks 10,000 against the oracle with the same worker
  // code under Node; here the point is workerd's own clock, Intl and crypto (decision 0039).
  it('answers 2,500 mixed requests exactly as the oracle says', async () => {
    const visits = mixedVisits(2_500, 2026);
    const answers: Answer[] = [];
    for (let i = 0; i < visits.length; i += 1000) answers.push(...(await send(visits.slice(i, i + 1000))));
    const wrong = visits.map((v, i) => compare(v, answers[i]!)).filter(Boolean);
    expect(wrong.slice(0, 5).join('\n')).toBe('');
    // The mix reaches the 404s and the scheduled natal page (432 and 40 of these 2,500).
    expect(answers.filter((a) => a.status === 404).length).toBeGreaterThan(visits.length / 100);
    expect(answers.filter((a) => a.file.endsWith('agendamento-natal/index.html')).length).toBeGreaterThan(
      visits.length / 200,
    );
  }, 300_000);
});
