/**
 * An experiment that ended counts nothing more (issue 29.5), on a real build with the build's
 * Cloudflare worker under workerd and workerd's own clock: a decided one (winner) on
 * /sodastream-t and one whose days are over on /recarregue. A visitor still holding an
 * assignment cookie gets it cleared (Max-Age=0, same name, path and attributes); one without gets
 * no cookie. The decided experiment's pages carry no data-exp-* (the page script has nothing to
 * count); the one out of its days keeps them, and its views are not exposures because the page
 * script counts only a view whose cookie names the page: document.cookie already lacks the
 * cookie the document's own response cleared (checked in Chromium: tests/e2e/experiment.spec.ts).
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudflareOverDist } from '../servers/workerd.ts';
import { buildExperimentSite } from './experiment-site.ts';

const ENDED = [
  'experiments:',
  '  - id: decidido',
  '    route: /sodastream-t',
  '    variants:',
  '      - page: sodastream-t',
  '        weight: 50',
  '      - page: recarrega-site',
  '        weight: 50',
  '    winner: recarrega-site',
  '  - id: passado',
  '    route: /recarregue',
  '    variants:',
  '      - page: recarregue',
  '        weight: 50',
  '      - page: recarregar-sodastream',
  '        weight: 50',
  '    start: 2020-01-01',
  '    end: 2020-01-31',
  '',
].join('\n');

const cleared = (id: string) => `fgs_exp_${id}=; Path=/; Max-Age=0; Secure; SameSite=Lax`;

let tmp: string;
let outDir: string;
let mf: Miniflare;

beforeAll(async () => {
  ({ tmp, outDir } = await buildExperimentSite('experimento-encerrado-', ENDED));
  mf = cloudflareOverDist(outDir);
  await mf.ready;
}, 180_000);
afterAll(async () => {
  await mf?.dispose();
  await rm(tmp, { recursive: true, force: true });
});

const file = (route: string) => readFile(path.join(outDir, route, 'index.html'));

async function visit(pathname: string, cookie?: string) {
  const response = await mf.dispatchFetch(`https://fillgas.example${pathname}`, {
    headers: cookie === undefined ? {} : { Cookie: cookie },
    redirect: 'manual',
  });
  return {
    status: response.status,
    body: Buffer.from(await response.arrayBuffer()),
    cookie: response.headers.get('Set-Cookie'),
    cacheControl: response.headers.get('Cache-Control'),
  };
}

describe('a decided experiment (winner)', () => {
  it('leaves data-exp-* out of all its pages', async () => {
    for (const route of ['sodastream-t', 'recarrega-site'])
      expect((await file(route)).toString('utf8'), route).not.toContain('data-exp-');
  });

  it('serves the winner, clearing a kept cookie whatever page it names, and sets none otherwise', async () => {
    const winner = await file('recarrega-site');
    const fresh = await visit('/sodastream-t');
    expect(fresh.status).toBe(200);
    expect(fresh.body.equals(winner)).toBe(true);
    expect(fresh.cookie).toBeNull();
    for (const cookie of [
      'fgs_exp_decidido=sodastream-t',
      'x=1; fgs_exp_decidido=recarrega-site',
      'fgs_exp_decidido=outra',
    ]) {
      const kept = await visit('/sodastream-t/', cookie);
      expect(kept.body.equals(winner), cookie).toBe(true);
      expect(kept.cookie, cookie).toBe(cleared('decidido'));
      expect(kept.cacheControl).toBe('private, no-cache');
    }
  });
});

describe('an experiment whose days are over', () => {
  it('keeps data-exp-* on its pages: the cleared cookie is what stops the count', async () => {
    expect((await file('recarregue')).toString('utf8')).toContain(
      'data-exp-cookie="fgs_exp_passado=recarregue"',
    );
  });

  it('serves the route’s own page, clearing a kept cookie, and sets none otherwise', async () => {
    const own = await file('recarregue');
    const fresh = await visit('/recarregue');
    expect(fresh.body.equals(own)).toBe(true);
    expect(fresh.cookie).toBeNull();
    for (const cookie of ['fgs_exp_passado=recarregue', 'fgs_exp_passado=recarregar-sodastream']) {
      const kept = await visit('/recarregue', cookie);
      expect(kept.body.equals(own), cookie).toBe(true);
      expect(kept.cookie, cookie).toBe(cleared('passado'));
    }
  });
});
