/** The Estúdio's JSON API (studio/api.ts) over a temporary copy of pages/, through a real server. */
import { access, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockList } from '../../blocks/index.ts';
import type {
  BlocksAnswer,
  CreatedAnswer,
  DeleteRefused,
  PageAnswer,
  PagesAnswer,
  PreviewAnswer,
  PreviewDeltaAnswer,
  SaveAnswer,
  SaveConflict,
} from '../../studio/api.ts';
import { joinRender, resolveDelta } from '../../runtime/dev/browser.ts';
import { sha256, snapshot, startStudio, type Studio } from './helpers.ts';

let studio: Studio;
beforeAll(async () => {
  studio = await startStudio();
}, 120_000);
afterAll(() => studio?.close());

const onDisk = (name: string) => readFile(path.join(studio.pagesDir, name), 'utf8');
const exists = (name: string) =>
  access(path.join(studio.pagesDir, name)).then(
    () => true,
    () => false,
  );

async function json<T>(res: Response, status: number): Promise<T> {
  const body = (await res.json()) as T;
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

describe('GET /api/pages', () => {
  it('lists every route file sorted by route, with titles, variants and problem counts', async () => {
    const { pages } = await json<PagesAnswer>(await studio.api('GET', '/api/pages'), 200);
    const routes = pages.map((p) => p.route);
    expect(routes).toEqual([...routes].sort());
    expect(routes[0]).toBe('/');
    expect(pages.map((p) => p.file)).not.toContain('pages/_site.yaml');
    const agendamento = pages.find((p) => p.file === 'pages/agendamento.yaml')!;
    expect(agendamento).toMatchObject({ route: '/agendamento', extends: null, variantOf: null, problems: 0 });
    expect(agendamento.title).toMatch(/Fillgás/);
    expect(pages.find((p) => p.file === 'pages/recarrega-site.yaml')).toMatchObject({
      route: '/recarrega-site',
      extends: 'sodastream-t',
      variantOf: '/sodastream-t',
    });
  });

  it('counts the problems npm run check reports in a file', async () => {
    const original = await onDisk('recarga.yaml');
    await writeFile(
      path.join(studio.pagesDir, 'recarga.yaml'),
      original.replace('- type: navbar', '- type: navbarr'),
    );
    try {
      const { pages } = await json<PagesAnswer>(await studio.api('GET', '/api/pages'), 200);
      expect(pages.find((p) => p.file === 'pages/recarga.yaml')!.problems).toBe(1);
      expect(pages.find((p) => p.file === 'pages/agendamento.yaml')!.problems).toBe(0);
    } finally {
      await writeFile(path.join(studio.pagesDir, 'recarga.yaml'), original);
    }
  });
});

describe('experiments on the pages list', () => {
  it('marks the pages of an experiment of _site.yaml with its address and their share', async () => {
    const site = path.join(studio.pagesDir, '_site.yaml');
    const original = await readFile(site, 'utf8');
    await writeFile(
      site,
      `${original}experiments:\n  - id: site-t\n    route: /sodastream-t\n    variants:\n      - page: sodastream-t\n        weight: 60\n      - page: recarrega-site\n        weight: 40\n`,
    );
    try {
      const { pages } = await json<PagesAnswer>(await studio.api('GET', '/api/pages'), 200);
      expect(pages.find((p) => p.file === 'pages/recarrega-site.yaml')!.experiment).toEqual({
        id: 'site-t',
        route: '/sodastream-t',
        weight: 40,
        winner: null,
      });
      expect(pages.find((p) => p.file === 'pages/sodastream-t.yaml')!.experiment?.weight).toBe(60);
      expect(pages.find((p) => p.file === 'pages/agendamento.yaml')!.experiment).toBeNull();
    } finally {
      await writeFile(site, original);
    }
  });
});

describe('reading and saving a page', () => {
  it('reads a page with the sha256 of its bytes as its version', async () => {
    const page = await json<PageAnswer>(
      await studio.api('GET', '/api/page?file=pages/agendamento.yaml'),
      200,
    );
    const bytes = await readFile(path.join(studio.pagesDir, 'agendamento.yaml'));
    expect(page).toEqual({
      file: 'pages/agendamento.yaml',
      route: '/agendamento',
      source: bytes.toString('utf8'),
      version: sha256(bytes),
    });
  });

  it('answers 404 for a page that does not exist, creating nothing', async () => {
    const before = await snapshot(studio.pagesDir);
    const res = await studio.api('GET', '/api/page?file=pages/nao-existe.yaml');
    expect((await json<{ error: string }>(res, 404)).error).toContain('não existe');
    const save = await studio.api('PUT', '/api/page', {
      file: 'pages/nao-existe.yaml',
      source: 'x',
      version: 'x',
    });
    await json(save, 404);
    expect(await snapshot(studio.pagesDir)).toEqual(before);
  });

  it('saves the exact text sent (read, save, read again), accents and all', async () => {
    const page = await json<PageAnswer>(await studio.api('GET', '/api/page?file=pages/recarga.yaml'), 200);
    const source = page.source.replace(/^title: .*$/m, 'title: Recarga com ação — edição ✓ | Fillgás');
    const saved = await json<SaveAnswer>(
      await studio.api('PUT', '/api/page', { file: page.file, source, version: page.version }),
      200,
    );
    expect(saved.version).toBe(sha256(source));
    expect(await readFile(path.join(studio.pagesDir, 'recarga.yaml'))).toEqual(Buffer.from(source));
    const again = await json<PageAnswer>(await studio.api('GET', '/api/page?file=pages/recarga.yaml'), 200);
    expect(again).toMatchObject({ source, version: saved.version });
    // No temporary file is left beside it.
    expect((await readdir(studio.pagesDir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('saves a draft with errors (publishing is what refuses it)', async () => {
    const page = await json<PageAnswer>(
      await studio.api('GET', '/api/page?file=pages/termos-de-uso.yaml'),
      200,
    );
    const broken = `${page.source}\n  - type: [sem fechar\n`;
    await json(
      await studio.api('PUT', '/api/page', { file: page.file, source: broken, version: page.version }),
      200,
    );
    expect(await onDisk('termos-de-uso.yaml')).toBe(broken);
    await json(
      await studio.api('PUT', '/api/page', { file: page.file, source: page.source, version: sha256(broken) }),
      200,
    );
  });

  it('of two saves from the same version, one wins and the other gets 409 with the winner’s text', async () => {
    const page = await json<PageAnswer>(
      await studio.api('GET', '/api/page?file=pages/sodastream-m.yaml'),
      200,
    );
    const texts = ['A', 'B'].map((who) => page.source.replace(/^title: .*$/m, `title: Versão de ${who}`));
    const answers = await Promise.all(
      texts.map((source) =>
        studio.api('PUT', '/api/page', { file: page.file, source, version: page.version }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((a) => a.status === 200);
    const conflict = (await answers[1 - winner]!.json()) as SaveConflict;
    expect(conflict.error).toMatch(/mudou desde que você abriu/);
    expect(conflict.current).toEqual({ source: texts[winner], version: sha256(texts[winner]!) });
    expect(await onDisk('sodastream-m.yaml')).toBe(texts[winner]);
  });

  it('refuses a save over a file changed on disk since it was read (409, nothing written)', async () => {
    const page = await json<PageAnswer>(await studio.api('GET', '/api/page?file=pages/recarregue.yaml'), 200);
    const elsewhere = `${page.source}# editado fora do Estúdio\n`;
    await writeFile(path.join(studio.pagesDir, 'recarregue.yaml'), elsewhere);
    const res = await studio.api('PUT', '/api/page', {
      file: page.file,
      source: 'title: Minha\n',
      version: page.version,
    });
    const conflict = await json<SaveConflict>(res, 409);
    expect(conflict.current).toEqual({ source: elsewhere, version: sha256(elsewhere) });
    expect(await onDisk('recarregue.yaml')).toBe(elsewhere);
  });
});

describe('creating, duplicating and deleting pages', () => {
  it('creates a variant of agendamento, lists it, then deletes it', async () => {
    const created = await json<CreatedAnswer>(
      await studio.api('POST', '/api/pages', { route: 'promo-estudio', from: 'agendamento' }),
      201,
    );
    expect(created).toEqual({ file: 'pages/promo-estudio.yaml', route: '/promo-estudio' });
    expect(await onDisk('promo-estudio.yaml')).toMatch(/^extends: agendamento$/m);
    const { pages } = await json<PagesAnswer>(await studio.api('GET', '/api/pages'), 200);
    expect(pages.find((p) => p.route === '/promo-estudio')).toMatchObject({
      extends: 'agendamento',
      variantOf: '/agendamento',
      problems: 0,
    });
    // agendamento is now a base: it cannot go while its variant exists.
    const refused = await json<DeleteRefused>(
      await studio.api('DELETE', '/api/page?file=pages/agendamento.yaml'),
      409,
    );
    expect(refused.dependents).toEqual(['pages/promo-estudio.yaml']);
    expect(await json(await studio.api('DELETE', '/api/page?file=pages/promo-estudio.yaml'), 200)).toEqual(
      {},
    );
    expect(await exists('promo-estudio.yaml')).toBe(false);
  });

  it("passes createPage's refusals on as 400 with message and hint", async () => {
    const before = await snapshot(studio.pagesDir);
    for (const body of [
      { route: 'Promoção' },
      { route: 'agendamento' },
      { route: 'nova', from: 'agendamentoo' },
    ]) {
      const res = await studio.api('POST', '/api/pages', body);
      const answer = await json<{ error: string; hint?: string }>(res, 400);
      expect(answer.error.length).toBeGreaterThan(10);
      expect(answer.hint).toBeTruthy();
    }
    expect(await snapshot(studio.pagesDir)).toEqual(before);
  });

  it('refuses to delete a page that others extend, naming them (409)', async () => {
    const res = await studio.api('DELETE', '/api/page?file=pages/sodastream-t.yaml');
    const refused = await json<DeleteRefused>(res, 409);
    expect(refused.dependents).toEqual(['pages/recarrega-site.yaml']);
    expect(refused.error).toMatch(/^É a página base de pages\/recarrega-site\.yaml: /);
    expect(await exists('sodastream-t.yaml')).toBe(true);
  });

  it("duplicates a page's exact bytes at a new address, also in a new folder", async () => {
    const created = await json<CreatedAnswer>(
      await studio.api('POST', '/api/pages/duplicate', {
        file: 'pages/agendamento.yaml',
        route: '/campanhas/copia/',
      }),
      201,
    );
    expect(created).toEqual({ file: 'pages/campanhas/copia.yaml', route: '/campanhas/copia' });
    expect(await readFile(path.join(studio.pagesDir, 'campanhas/copia.yaml'))).toEqual(
      await readFile(path.join(studio.pagesDir, 'agendamento.yaml')),
    );
    await json(await studio.api('DELETE', '/api/page?file=pages/campanhas/copia.yaml'), 200);
  });

  it('never overwrites: a duplicate onto an existing address is 409, a bad address 400', async () => {
    const before = await snapshot(studio.pagesDir);
    const taken = await studio.api('POST', '/api/pages/duplicate', {
      file: 'pages/agendamento.yaml',
      route: 'recarga',
    });
    expect((await json<{ error: string }>(taken, 409)).error).toMatch(/já existe: pages\/recarga\.yaml/);
    for (const route of ['', '_rascunho', 'Ação', '../fora']) {
      const bad = await studio.api('POST', '/api/pages/duplicate', { file: 'pages/agendamento.yaml', route });
      await json(bad, 400);
    }
    expect(await snapshot(studio.pagesDir)).toEqual(before);
  });
});

describe('preview and blocks', () => {
  it('renders unsaved text through the real renderer, each block marked and traced', async () => {
    const source = (await onDisk('agendamento.yaml')).replace(/^title: .*$/m, 'title: Prévia não salva');
    const answer = await json<PreviewAnswer>(
      await studio.api('POST', '/api/preview', { file: 'pages/agendamento.yaml', source }),
      200,
    );
    if (!answer.ok) throw new Error(JSON.stringify(answer.problems));
    expect(answer.route).toBe('/agendamento');
    expect(answer.html).toContain('<fillgas-block data-index="0">');
    expect(answer.html).toContain('<title>Prévia não salva</title>');
    expect(answer.blocks[0]).toMatchObject({
      type: 'navbar',
      file: 'pages/agendamento.yaml',
      path: ['blocks', 0],
    });
    expect(await onDisk('agendamento.yaml')).not.toContain('Prévia não salva');
  });

  it('with the parts the app holds, sends only what changed: the edited block (and its texts)', async () => {
    const file = 'pages/agendamento.yaml';
    const source = await onDisk('agendamento.yaml');
    const whole = await json<PreviewAnswer>(await studio.api('POST', '/api/preview', { file, source }), 200);
    const first = await json<PreviewDeltaAnswer>(
      await studio.api('POST', '/api/preview', { file, source, known: '' }),
      200,
    );
    if (!whole.ok || !first.ok) throw new Error('render failed');
    // Nothing held: every part comes, and they make up the whole render.
    const held = new Map<string, string>();
    const parts = resolveDelta(first.delta, held)!;
    expect(joinRender(parts)).toBe(whole.html);
    expect(first.blocks.every((b) => Array.isArray(b.texts))).toBe(true);

    const edited = source.replace('title: Ainda tem dúvidas?', 'title: Recarga em Casa');
    expect(edited).not.toBe(source);
    const next = await json<PreviewDeltaAnswer>(
      await studio.api('POST', '/api/preview', { file, source: edited, known: [...held.keys()].join(' ') }),
      200,
    );
    if (!next.ok) throw new Error('render failed');
    const changed = next.delta.names.blocks.flatMap((name, i) => (held.has(name) ? [] : [i]));
    expect(changed).toHaveLength(1);
    // The block alone (an edit that changes a block's styles would bring the head too).
    expect(
      Object.keys(next.delta.markup),
      JSON.stringify({ ...next.delta.names, blocks: undefined }),
    ).toEqual([next.delta.names.blocks[changed[0]!]]);
    expect(next.blocks.flatMap((b, i) => (b.texts ? [i] : []))).toEqual(changed);
    const after = resolveDelta(next.delta, held)!;
    expect(joinRender(after)).toContain('Recarga em Casa');
    // Hostile lists of names are refused.
    const refused = await studio.api('POST', '/api/preview', { file, source, known: '../x <script>' });
    expect(refused.status).toBe(400);
  });

  it('takes a keystroke as its change from a text sent before, and asks for the whole text it no longer has', async () => {
    const file = 'pages/agendamento.yaml';
    const source = await onDisk('agendamento.yaml');
    const first = await json<PreviewDeltaAnswer>(
      await studio.api('POST', '/api/preview', { file, source, known: '' }),
      200,
    );
    expect(first.sourceName).toMatch(/^[\w-]{22}$/);
    const at = source.indexOf('Ainda tem dúvidas?') + 'Ainda tem dúvidas?'.length;
    const edited = `${source.slice(0, at)}!${source.slice(at)}`;
    const change = { base: first.sourceName, from: at, to: at, insert: '!' };
    const [byChange, byText] = await Promise.all(
      [
        { file, ...change, known: '' },
        { file, source: edited, known: '' },
      ].map(async (body) => json<PreviewDeltaAnswer>(await studio.api('POST', '/api/preview', body), 200)),
    );
    // The same text rendered: the same answer, its name included.
    expect(byChange).toEqual(byText);
    if (!byChange!.ok) throw new Error('render failed');
    expect(byChange!.sourceName).not.toBe(first.sourceName);
    expect(Object.values(byChange!.delta.markup).join('')).toContain('Ainda tem dúvidas?!');
    // A problem's answer names its text too (the next keystroke builds on it).
    const broken = await json<PreviewDeltaAnswer>(
      await studio.api('POST', '/api/preview', {
        file,
        base: first.sourceName,
        from: 0,
        to: 0,
        insert: '  x: [',
      }),
      200,
    );
    expect(broken.ok).toBe(false);
    expect(broken.sourceName).toMatch(/^[\w-]{22}$/);

    const unknown = await studio.api('POST', '/api/preview', { file, ...change, base: 'A'.repeat(22) });
    expect(unknown.status).toBe(409);
    expect(await unknown.json()).toMatchObject({ sourceUnknown: true });
    for (const bad of [
      { ...change, to: source.length + 1 },
      { ...change, from: 5, to: 4 },
      { ...change, from: -1 },
      { ...change, from: 1.5 },
      { base: first.sourceName, insert: '!' },
    ]) {
      const refused = await studio.api('POST', '/api/preview', { file, ...bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toMatch(/campo|mudança/);
    }
  });

  it('answers a misspelt block type with a located problem', async () => {
    const source = (await onDisk('agendamento.yaml')).replace('- type: navbar', '- type: navbarr');
    const answer = await json<PreviewAnswer>(
      await studio.api('POST', '/api/preview', { file: 'pages/agendamento.yaml', source }),
      200,
    );
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    const problem = answer.problems.find((p) => p.code === 'unknown-block')!;
    expect(problem.text).toContain('Você quis dizer');
    expect(problem.loc.file).toBe('pages/agendamento.yaml');
  });

  it('previews existing route files only', async () => {
    const res = await studio.api('POST', '/api/preview', { file: 'pages/nova.yaml', source: 'title: x\n' });
    await json(res, 404);
  });

  it('lists the block palette in registry order with each first example as a YAML list item', async () => {
    const { blocks } = await json<BlocksAnswer>(await studio.api('GET', '/api/blocks'), 200);
    expect(blocks.map((b) => b.type)).toEqual(blockList.map((b) => b.type));
    for (const block of blocks) {
      expect(block.example.startsWith(`- type: ${block.type}\n`)).toBe(true);
      const [item] = parse(block.example) as Record<string, unknown>[];
      const definition = blockList.find((b) => b.type === block.type)!;
      expect(item).toEqual({ type: block.type, ...definition.examples[0]!.props });
      expect(block.title).toBe(definition.title);
      expect(block.placement).toBe(definition.placement ?? 'main');
    }
  });
});
