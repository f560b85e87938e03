/**
 * A site with an experiment, built for real: every variant prerendered as today, the variant
 * served under the experiment's route names it as canonical and is not noindex, its asset
 * addresses are root-absolute (they work under any path), it leaves the sitemap, and the build
 * writes the experiments' manifest. A site without experiments gets no manifest.
 */
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeExperimentManifest } from '../../runtime/build/experiments.ts';
import { EXPERIMENTS_FILE, type ExperimentManifest } from '../../runtime/build/index.ts';
import { buildExperimentSite, TWO_EXPERIMENTS } from './experiment-site.ts';

let tmp: string;
let outDir: string;

beforeAll(async () => {
  // One experiment: /sodastream-t split with /recarrega-site.
  ({ tmp, outDir } = await buildExperimentSite(
    'experimento-build-',
    TWO_EXPERIMENTS.slice(0, TWO_EXPERIMENTS.indexOf('  - id: tres')),
  ));
}, 120_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

const html = (route: string) => readFile(path.join(outDir, route, 'index.html'), 'utf8');

describe('a built experiment', () => {
  it('writes the manifest the edge reads', async () => {
    const manifest = JSON.parse(
      await readFile(path.join(outDir, EXPERIMENTS_FILE), 'utf8'),
    ) as ExperimentManifest;
    expect(manifest).toEqual({
      version: 1,
      experiments: [
        {
          id: 'site-t',
          route: '/sodastream-t',
          start: null,
          end: null,
          winner: null,
          headers: expect.objectContaining({
            'Content-Security-Policy': expect.stringContaining("default-src 'self'"),
            'X-Content-Type-Options': 'nosniff',
          }),
          variants: [
            { key: 'sodastream-t', route: '/sodastream-t', file: 'sodastream-t/index.html', weight: 50 },
            {
              key: 'recarrega-site',
              route: '/recarrega-site',
              file: 'recarrega-site/index.html',
              weight: 50,
            },
          ],
        },
      ],
    });
  });

  it('leaves the static Cache-Control out of the edge’s headers', async () => {
    const manifest = JSON.parse(
      await readFile(path.join(outDir, EXPERIMENTS_FILE), 'utf8'),
    ) as ExperimentManifest;
    expect(Object.keys(manifest.experiments[0]!.headers).map((h) => h.toLowerCase())).not.toContain(
      'cache-control',
    );
  });

  it('gives the variant the experiment’s canonical address and no noindex', async () => {
    const variant = await html('recarrega-site');
    expect(variant).toContain('<link rel="canonical" href="https://fillgas.example/sodastream-t"');
    expect(variant).not.toMatch(/noindex/);
    expect(await html('sodastream-t')).toContain(
      '<link rel="canonical" href="https://fillgas.example/sodastream-t"',
    );
  });

  it('uses root-absolute asset addresses, so the HTML works under any path', async () => {
    const variant = await html('recarrega-site');
    const addresses = [...variant.matchAll(/\s(?:src|href|srcset)="([^"]+)"/g)].map((m) => m[1]!);
    expect(addresses.length).toBeGreaterThan(10);
    for (const address of addresses) expect(address).toMatch(/^(\/|https:|#|mailto:|tel:|data:)/);
  });

  it('leaves the variant out of the sitemap', async () => {
    const sitemap = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://fillgas.example/sodastream-t</loc>');
    expect(sitemap).not.toContain('/recarrega-site<');
  });
});

describe('what the page script measures with', () => {
  it('names each arm’s experiment, route, cookie and exp_variant_string on <html>', async () => {
    expect(await html('recarrega-site')).toMatch(
      /<html [^>]*data-exp-variant="FGS-site-t-recarrega-site" data-exp-route="\/sodastream-t" data-exp-cookie="fgs_exp_site-t=recarrega-site"/,
    );
    expect(await html('sodastream-t')).toMatch(
      /<html [^>]*data-exp-variant="FGS-site-t-sodastream-t" data-exp-route="\/sodastream-t" data-exp-cookie="fgs_exp_site-t=sodastream-t"/,
    );
    expect(await html('agendamento')).not.toContain('data-exp-');
  });
});

describe('a site without experiments', () => {
  it('gets no manifest', async () => {
    const empty = path.join(tmp, 'sem-experimentos');
    await mkdir(empty);
    await writeExperimentManifest(empty, []);
    await expect(stat(path.join(empty, EXPERIMENTS_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
