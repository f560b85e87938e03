import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateBenchPages } from '../../scripts/bench-pages.ts';
import { loadProject } from '../../runtime/load/project.ts';
import { fileToRoute } from '../../runtime/load/routes.ts';
import { blockList } from '../../blocks/index.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
let tmp: string | undefined;
afterAll(() => (tmp ? rm(tmp, { recursive: true, force: true }) : undefined));

describe("npm run bench's big site", () => {
  it('copies every route page, variants included, into a site that loads without errors', async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'fillgas-bench-pages-'));
    const pagesDir = path.join(tmp, 'pages');
    const real = await loadProject({ root: ROOT, pagesDir: path.join(ROOT, 'pages'), blocks: blockList });
    // Two copies of each route page but the not-found page.
    const count = 2 * (real.pages.length - 1);
    const sources = await generateBenchPages(path.join(ROOT, 'pages'), pagesDir, count);
    const big = await loadProject({ root: ROOT, pagesDir, blocks: blockList });
    // Two rounds of copies, plus the not-found page.
    expect(big.pages).toHaveLength(2 * sources.length + 1);
    // A variant's copy is the same page as the original (a variant of the copy of its base).
    const variant = real.pages.find((p) => p.route === '/recarrega-site')!;
    const copy = big.pages.find(
      (p) => p.route === `/bench/p${String(sources.indexOf('recarrega-site.yaml') + 1).padStart(4, '0')}`,
    )!;
    // Its links lead to the copies of the pages they lead to in pages/.
    const original = new Map(
      sources.map((f, i) => [`/bench/p${String(i + 1).padStart(4, '0')}`, fileToRoute(f)]),
    );
    const linksBack = JSON.stringify(copy.model.blocks).replace(/\/bench\/p\d{4}/g, (route) =>
      original.get(route)!,
    );
    expect(JSON.parse(linksBack)).toEqual(variant.model.blocks);
    expect(JSON.stringify(copy.model.blocks)).toMatch(/"href":"\/bench\/p\d{4}/);
  });
});
