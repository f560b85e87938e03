/**
 * GET /api/page/links (Páginas' Excluir): the pages whose links go to a page, by the load's own
 * link check — pages/ even while the site has problems, a scheduled change's own pages from the
 * check of each instant — and every hostile request refused in words, nothing written.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageLinksAnswer } from '../../studio/api.ts';
import { snapshot, startStudio, type Studio } from './helpers.ts';

let studio: Studio;
beforeAll(async () => {
  studio = await startStudio();
}, 60_000);
afterAll(() => studio?.close());

const links = async (file: string) => {
  const res = await studio.api('GET', `/api/page/links?file=${encodeURIComponent(file)}`);
  return { status: res.status, body: (await res.json()) as PageLinksAnswer & { error?: string } };
};

describe('GET /api/page/links', () => {
  it('names the pages with a link to the page, and none for a page nobody links to', async () => {
    const linked = await links('pages/politica-de-privacidade.yaml');
    expect(linked).toEqual({
      status: 200,
      body: {
        route: '/politica-de-privacidade',
        checked: true,
        linking: ['recarga', 'recarrega-site', 'sodastream-f', 'sodastream-m', 'sodastream-t'].map(
          (name) => ({
            file: `pages/${name}.yaml`,
            route: `/${name}`,
          }),
        ),
      },
    });
    expect((await links('pages/recarga.yaml')).body).toEqual({
      route: '/recarga',
      checked: true,
      linking: [],
    });
  });

  it('reads the links while the site has problems, and a scheduled change’s own pages', async () => {
    // A page with a problem (a link to a page that is gone) still has its links read.
    const recarga = path.join(studio.pagesDir, 'recarga.yaml');
    const text = await readFile(recarga, 'utf8');
    await writeFile(recarga, text.replace('href: /termos-de-uso', 'href: /nao-existe'));
    expect((await links('pages/politica-de-privacidade.yaml')).body.linking.map((l) => l.route)).toContain(
      '/recarga',
    );
    await writeFile(recarga, text);

    // A schedule whose home links to /recarga from next year on.
    const folder = path.join(studio.pagesDir, '_agendamentos', 'natal');
    await mkdir(folder, { recursive: true });
    const year = new Date().getUTCFullYear() + 1;
    await writeFile(path.join(folder, '_agendamento.yaml'), `start: ${year}-12-20 00:00\n`);
    const home = await readFile(path.join(studio.pagesDir, 'index.yaml'), 'utf8');
    expect(home).toContain('href: /sodastream-t');
    await writeFile(path.join(folder, 'index.yaml'), home.replace('href: /sodastream-t', 'href: /recarga'));
    expect((await links('pages/recarga.yaml')).body).toEqual({
      route: '/recarga',
      checked: true,
      linking: [{ file: 'pages/_agendamentos/natal/index.yaml', route: '/', schedule: 'natal' }],
    });
    // With a problem in pages/, the schedules cannot be checked: said, and pages/ still read.
    await writeFile(recarga, text.replace('href: /termos-de-uso', 'href: /nao-existe'));
    expect((await links('pages/recarga.yaml')).body).toEqual({
      route: '/recarga',
      checked: false,
      linking: [],
    });
    await writeFile(recarga, text);
    await rm(path.join(studio.pagesDir, '_agendamentos'), { recursive: true });
  });

  it('refuses every hostile request in words, and writes nothing', async () => {
    const before = await snapshot(studio.pagesDir);
    for (const [file, status] of [
      ['../package.json', 400],
      ['/etc/passwd', 400],
      ['pages/_site.yaml', 400],
      ['pages/../../x.yaml', 400],
      ['pages/nao-existe.yaml', 404],
      ['pages/recarga.yaml\u0000', 400],
    ] as const) {
      const answer = await links(file);
      expect(answer.status, file).toBe(status);
      expect(answer.body.error, file).toMatch(/[a-zç]/);
    }
    const none = await studio.api('GET', '/api/page/links');
    expect(none.status).toBe(400);
    const post = await studio.api('POST', '/api/page/links?file=pages%2Frecarga.yaml', {});
    expect(post.status).toBe(405);
    expect(await snapshot(studio.pagesDir)).toEqual(before);
  });
});
