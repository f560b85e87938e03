/**
 * The preview's per-block reuse (runtime/dev/dev-render.ts keeps each block's texts, media and
 * marked props by the block's value; renderPage's blockCache keeps its markup by its props and
 * context): after any sequence of edits, a render is exactly what a fresh server (the module
 * loaded anew, nothing kept) renders — also when the edit is elsewhere (the site's settings, the
 * base page a variant extends) and changes what an unchanged block shows.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { renderDraft } from '../../runtime/dev/dev-render.ts';

const root = path.resolve(import.meta.dirname, '../..');
let dir: string;
let pagesDir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'draft-cache-'));
  pagesDir = path.join(dir, 'pages');
  await cp(path.join(root, 'pages'), pagesDir, { recursive: true });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

type RenderDraft = typeof renderDraft;
/** renderDraft from a module loaded anew: no block kept from an earlier render. */
let loads = 0;
async function freshRenderDraft(): Promise<RenderDraft> {
  // (A query makes another instance of this one module; the blocks and the runtime are shared.)
  const at = `${path.join(root, 'runtime/dev/dev-render.ts')}?fresh=${++loads}`;
  const module = (await import(/* @vite-ignore */ at)) as {
    renderDraft: RenderDraft;
  };
  return module.renderDraft;
}

/**
 * A render without its emotion style tags: the kept emotion cache (renderPage's blockCache, as
 * before this reuse) writes the same rules in the order they were first made, and keeps a global
 * keyframes rule of a page rendered before; every rule a block uses is checked below.
 */
const comparable = (html: string) => html.replace(/<style data-emotion="[^"]*">[^<]*<\/style>/g, '');
const rules = (html: string) =>
  new Set([...html.matchAll(/<style data-emotion="css ([^"]*)">/g)].flatMap((m) => m[1]!.split(' ')));

const fileOf = (name: string) => path.relative(root, path.join(pagesDir, name)).split(path.sep).join('/');

describe('renderDraft reusing unchanged blocks', () => {
  it('renders every edit exactly as a fresh render does, the page, the site and a variant’s base', async () => {
    const kept = await freshRenderDraft();
    const both = async (name: string, source: string) => {
      const again = await kept(root, pagesDir, fileOf(name), source);
      const fresh = await (await freshRenderDraft())(root, pagesDir, fileOf(name), source);
      expect(again.ok && fresh.ok).toBe(true);
      const [keptRender, freshRender] = [again, fresh] as Extract<typeof again, { ok: true }>[];
      expect(keptRender!.blocks).toEqual(freshRender!.blocks);
      expect(comparable(keptRender!.html)).toBe(comparable(freshRender!.html));
      expect(rules(keptRender!.html)).toEqual(rules(freshRender!.html));
      return keptRender!;
    };
    const page = await readFile(path.join(pagesDir, 'agendamento.yaml'), 'utf8');
    const variant = await readFile(path.join(pagesDir, 'recarrega-site.yaml'), 'utf8');
    await both('agendamento.yaml', page);
    await both('recarrega-site.yaml', variant);

    // An edit of one block of the page.
    const edited = page.replace('Sodastream Refil fácil e rápido.', 'Sodastream Refil editado.');
    expect((await both('agendamento.yaml', edited)).html).toContain('Sodastream Refil editado.');
    // Back to the first text: the same render as at first.
    await both('agendamento.yaml', page);

    // The site's settings changed on disk: blocks that show them (the footer's phone) change too.
    const site = path.join(pagesDir, '_site.yaml');
    const settings = await readFile(site, 'utf8');
    await writeFile(site, settings.replace('(11) 90000-0000', '(11) 97777-1234'));
    try {
      expect((await both('agendamento.yaml', page)).html).toContain('(11) 97777-1234');
    } finally {
      await writeFile(site, settings);
    }
    expect((await both('agendamento.yaml', page)).html).not.toContain('(11) 97777-1234');

    // The base page a variant extends edited on disk: the variant's inherited hero shows it.
    const baseFile = path.join(pagesDir, 'sodastream-t.yaml');
    const base = await readFile(baseFile, 'utf8');
    const newTitle = 'Um título novo na página base.';
    await writeFile(baseFile, base.replace('Seu cilindro de CO2 cheio, sem sair de casa.', newTitle));
    try {
      const render = await both('recarrega-site.yaml', variant);
      expect(render.html).toContain(newTitle);
      expect(render.blocks.flatMap((b) => b.texts.map((t) => t.text))).toContain(newTitle);
    } finally {
      await writeFile(baseFile, base);
    }
    expect((await both('recarrega-site.yaml', variant)).html).not.toContain(newTitle);
  });

  it('gives the same block at another place of the page its own place', async () => {
    const kept = await freshRenderDraft();
    const page = await readFile(path.join(pagesDir, 'agendamento.yaml'), 'utf8');
    await kept(root, pagesDir, fileOf('agendamento.yaml'), page);
    // The first block written twice: the same value at two indexes.
    const lines = page.split('\n');
    const start = lines.findIndex((l) => /^ {2}- type:/.test(l));
    const end = lines.findIndex((l, i) => i > start && /^ {2}- type:/.test(l));
    const doubled = [...lines.slice(0, end), ...lines.slice(start, end), ...lines.slice(end)].join('\n');
    const again = await kept(root, pagesDir, fileOf('agendamento.yaml'), doubled);
    const fresh = await (await freshRenderDraft())(root, pagesDir, fileOf('agendamento.yaml'), doubled);
    expect(again).toEqual(fresh);
    expect(again.ok && again.html.match(/data-index="\d+"/g)?.length).toBe(fresh.ok && fresh.blocks.length);
    expect(again.ok && again.blocks[0]!.type === again.blocks[1]!.type).toBe(true);
  });
});
