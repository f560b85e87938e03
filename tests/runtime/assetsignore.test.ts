/**
 * A Cloudflare Workers deploy publishes no internals (issue 29.4): `main = "dist/_worker.js"`
 * over `dist/` as static assets uploads the whole folder except what `dist/.assetsignore` names.
 * The edge tests' site, built for real, runs under workerd (Miniflare), whose asset manifest is
 * built by the same ignore code as wrangler's upload (Cloudflare's workers-shared): with the
 * build's file, `/_worker.js` and `/_experiments.json` are not served; the same folder without it
 * serves both, so the file is what keeps them out. The split, the pages, the assets and the
 * security headers of `_headers` are unchanged. A site without experiments gets no such file.
 */
import { cp, mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSETS_IGNORE_FILE,
  CLOUDFLARE_WORKER_FILE,
  EXPERIMENTS_FILE,
  writeExperimentManifest,
} from '../../runtime/build/experiments.ts';
import { cloudflareOverDist } from '../servers/workerd.ts';
import { buildExperimentSite, TWO_EXPERIMENTS } from './experiment-site.ts';

let tmp: string;
let outDir: string;
let bare: string;
let mf: Miniflare;
let unguarded: Miniflare;

beforeAll(async () => {
  // One experiment: /sodastream-t split with /recarrega-site.
  ({ tmp, outDir } = await buildExperimentSite(
    'experimento-assetsignore-',
    TWO_EXPERIMENTS.slice(0, TWO_EXPERIMENTS.indexOf('  - id: tres')),
  ));
  // The same build without the file: what a deploy without it would publish.
  bare = path.join(tmp, 'sem-assetsignore');
  await cp(outDir, bare, { recursive: true });
  await rm(path.join(bare, ASSETS_IGNORE_FILE));
  mf = cloudflareOverDist(outDir);
  unguarded = cloudflareOverDist(bare);
  await Promise.all([mf.ready, unguarded.ready]);
}, 180_000);
afterAll(async () => {
  await Promise.all([mf?.dispose(), unguarded?.dispose()]);
  await rm(tmp, { recursive: true, force: true });
});

const get = (server: Miniflare, pathname: string, headers: Record<string, string> = {}) =>
  server.dispatchFetch(`https://fillgas.example${pathname}`, { headers, redirect: 'manual' });

describe('dist/.assetsignore', () => {
  it('names the worker and the manifest, at the folder’s root, in gitignore syntax', async () => {
    const text = await readFile(path.join(outDir, ASSETS_IGNORE_FILE), 'utf8');
    const rules = text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
    expect(rules).toEqual([`/${CLOUDFLARE_WORKER_FILE}`, `/${EXPERIMENTS_FILE}`]);
    for (const file of [CLOUDFLARE_WORKER_FILE, EXPERIMENTS_FILE])
      expect((await stat(path.join(outDir, file))).isFile()).toBe(true);
  });

  it('keeps the worker and the manifest out of the public files, which they are without it', async () => {
    for (const file of [CLOUDFLARE_WORKER_FILE, EXPERIMENTS_FILE]) {
      const hidden = await get(mf, `/${file}`);
      expect(hidden.status, file).toBe(404);
      expect(await hidden.text()).not.toContain('fgs_exp_');
      const exposed = await get(unguarded, `/${file}`);
      expect(exposed.status, file).toBe(200);
      expect(Buffer.from(await exposed.arrayBuffer()).equals(await readFile(path.join(bare, file)))).toBe(
        true,
      );
    }
    // Never uploaded, with or without it: the file itself and the host's rules.
    for (const server of [mf, unguarded])
      for (const file of [ASSETS_IGNORE_FILE, '_headers']) {
        const response = await get(server, `/${file}`);
        await response.arrayBuffer();
        expect(response.status, file).toBe(404);
      }
  });

  it('leaves the split, the pages, the assets and _headers’ security headers as they were', async () => {
    const split = await get(mf, '/sodastream-t');
    await split.arrayBuffer();
    expect(split.status).toBe(200);
    expect(split.headers.get('Set-Cookie')).toMatch(/^fgs_exp_site-t=(sodastream-t|recarrega-site);/);
    const kept = await get(mf, '/sodastream-t', { Cookie: 'fgs_exp_site-t=recarrega-site' });
    const variant = await readFile(path.join(outDir, 'recarrega-site/index.html'));
    expect(Buffer.from(await kept.arrayBuffer()).equals(variant)).toBe(true);

    const page = await get(mf, '/agendamento/');
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toBe(await readFile(path.join(outDir, 'agendamento/index.html'), 'utf8'));
    expect(page.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(page.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
    const script = /"(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const asset = await get(mf, script);
    expect(asset.status).toBe(200);
    expect(Buffer.from(await asset.arrayBuffer()).equals(await readFile(path.join(outDir, script)))).toBe(
      true,
    );
    for (const file of ['/robots.txt', '/sitemap.xml']) {
      const response = await get(mf, file);
      await response.arrayBuffer();
      expect(response.status, file).toBe(200);
    }
  });
});

describe('a site without experiments', () => {
  it('gets no .assetsignore (nor worker nor manifest to hide)', async () => {
    const empty = path.join(tmp, 'sem-experimentos');
    await mkdir(empty);
    await writeExperimentManifest(empty, []);
    await expect(stat(path.join(empty, ASSETS_IGNORE_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
