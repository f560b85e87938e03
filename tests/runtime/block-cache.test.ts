/**
 * The preview's block cache (renderPage's blockCache): a page rendered again after an edit, with
 * the blocks that did not change taken from the cache, is exactly the page rendered afresh,
 * styles included; a block whose props changed is rendered again.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockList, blockMap } from '../../blocks/index.ts';
import { loadProject } from '../../runtime/load/index.ts';
import { createBlockRenderCache, renderPage, type PageAssets } from '../../runtime/render/index.ts';
import { joinRender } from '../../runtime/dev/render-parts.ts';

const root = path.resolve(import.meta.dirname, '../..');
const pagesDir = path.join(root, 'pages');
const FILE = 'pages/agendamento.yaml';

const assets: PageAssets = {
  fontUrl: () => '/fonte.woff2',
  preloadFonts: [],
  pageScripts: () => ({ entry: '/main.js', preloads: [] }),
  markBlock: (index, html) => `<fillgas-block data-index="${index}">${html}</fillgas-block>`,
};

async function page(source: string) {
  const project = await loadProject({
    root,
    pagesDir,
    blocks: blockList,
    only: [FILE],
    sources: new Map([[FILE, source]]),
  });
  return { page: project.pages.find((p) => p.file === FILE)!, project };
}

describe('renderPage with a block cache', () => {
  it('renders after edits exactly what a fresh render gives', async () => {
    const original = await readFile(path.join(root, FILE), 'utf8');
    const edits = [
      original,
      original.replace(/^title: .*$/m, 'title: Só o título da página mudou'),
      original.replace('Sodastream Refil', 'Sodastream Refil editado'),
      // Back to the first text: every block comes from the cache.
      original,
    ];
    const cache = createBlockRenderCache();
    for (const source of edits) {
      const { page: p, project } = await page(source);
      const cached = renderPage(p, project, blockMap, { ...assets, blockCache: cache }).html;
      const fresh = renderPage(p, project, blockMap, assets).html;
      expect(cached).toBe(fresh);
    }
    expect(cache.blocks.size).toBeGreaterThan(0);
  });

  it('takes an unchanged block from the cache and renders a changed one again', async () => {
    const original = await readFile(path.join(root, FILE), 'utf8');
    const cache = createBlockRenderCache();
    const first = await page(original);
    renderPage(first.page, first.project, blockMap, { ...assets, blockCache: cache });
    const size = cache.blocks.size;
    const edited = await page(original.replace('Sodastream Refil', 'Sodastream Refil editado'));
    const html = renderPage(edited.page, edited.project, blockMap, { ...assets, blockCache: cache }).html;
    expect(html).toContain('Sodastream Refil editado');
    // Only the hero was rendered again.
    expect(cache.blocks.size).toBe(size + 1);
  });

  it('gives, with blocksApart, a document and blocks that join to exactly the whole render, on every page', async () => {
    // Every page of the site: islands, behaviours, blocks hidden for an audience, a legal text's
    // below-the-fold clauses, a page with no script. Twice: the second from the cache's scans.
    const project = await loadProject({ root, pagesDir, blocks: blockList });
    const whole = createBlockRenderCache();
    const apart = createBlockRenderCache();
    for (const round of [1, 2])
      for (const p of project.pages) {
        const expected = renderPage(p, project, blockMap, { ...assets, blockCache: whole }).html;
        const cut = renderPage(p, project, blockMap, { ...assets, blockCache: apart, blocksApart: true });
        const at = cut.html.indexOf('</head>');
        expect(cut.blocks, `${p.route} (${round})`).toHaveLength(p.model.blocks.length);
        expect(cut.html).not.toContain('data-island=');
        const joined = joinRender({
          head: cut.html.slice(0, at),
          skeleton: cut.html.slice(at),
          blocks: cut.blocks!,
        });
        expect(joined, `${p.route} (${round})`).toBe(expected);
      }
  });
});
