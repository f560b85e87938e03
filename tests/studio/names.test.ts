/**
 * Page names and addresses past the limits of runtime/load/routes.ts (a name of 300 characters,
 * 255 or more in one folder, 40 nested folders, 4,000 characters) are refused up front on every
 * endpoint that takes one, through the real server: a 4xx with a Portuguese message naming the
 * limit, never "Erro interno" or a stack, and nothing written. The loader (`npm run check`) refuses
 * the same names; every page in pages/ fits, and so does a name or an address exactly at a limit.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockList } from '../../blocks/index.ts';
import {
  badRouteFileName,
  listYamlFiles,
  loadProject,
  MAX_ROUTE_DEPTH,
  MAX_ROUTE_NAME_LENGTH,
  PageErrors,
  routeLimitProblem,
} from '../../runtime/load/index.ts';
import { rawRequest, root, snapshot, startStudio, type Studio } from './helpers.ts';

let studio: Studio;
beforeAll(async () => {
  studio = await startStudio({ copyPublic: true });
}, 120_000);
afterAll(() => studio?.close());

const levels = (n: number, name: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => name(i)).join('/');

/** Addresses (without "pages/" and ".yaml") past a limit, by what is wrong with them. */
const TOO_LONG: Record<string, { route: string; says: RegExp }> = {
  '300 characters': { route: 'a'.repeat(300), says: /tem 300 caracteres; o limite é 80/ },
  '255 characters in one folder': {
    route: `campanhas/${'b'.repeat(255)}/inverno`,
    says: /tem 255 caracteres; o limite é 80/,
  },
  '256 characters in the file name': { route: `c`.repeat(256), says: /tem 256 caracteres; o limite é 80/ },
  '40 nested folders': { route: levels(41, (i) => `n${i}`), says: /O endereço tem 41 níveis; o limite é 6/i },
  '40 nested folders of 100 characters': {
    route: levels(40, () => 'd'.repeat(100)),
    says: /tem 100 caracteres; o limite é 80/,
  },
  '4,000 characters': { route: 'e'.repeat(4000), says: /tem 4000 caracteres; o limite é 80/ },
  '1,000 levels (4,000 characters)': {
    route: levels(1000, () => 'fff'),
    says: /O endereço tem 1000 níveis; o limite é 6/i,
  },
};

const portuguese = /[ãáâçéêíóôõú]/i;

/** A refusal as the brief wants it: 4xx, JSON, Portuguese, the limit named, no stack, no path. */
async function expectRefused(res: Response, says: RegExp | undefined, what: string) {
  const text = await res.text();
  expect(res.status, `${what}: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
  expect(res.headers.get('content-type'), what).toContain('application/json');
  const body = JSON.parse(text) as { error: string };
  expect(body.error, what).toMatch(portuguese);
  expect(body.error, what).not.toMatch(/Erro interno/);
  if (says) expect(body.error, what).toMatch(says);
  expect(text, what).not.toMatch(/\bat .*\.ts:\d+|ENAMETOOLONG|node:internal/);
  expect(text, what).not.toContain(studio.tmp);
  // The name is quoted shortened, never echoed whole.
  expect(text.length, what).toBeLessThan(1200);
}

/** Pages and public files as they are: nothing of either may change. */
const state = async () => ({
  pages: await snapshot(studio.pagesDir),
  public: await snapshot(studio.publicDir),
});

describe('a name past the limits, on every endpoint', () => {
  for (const [label, { route, says }] of Object.entries(TOO_LONG)) {
    it(`refuses ${label} up front, writing nothing`, async () => {
      const file = `pages/${route}.yaml`;
      const query = encodeURIComponent(file);
      const commit = '0'.repeat(40);
      const before = await state();
      const calls: [string, Promise<Response>, RegExp | undefined][] = [
        ['page read', studio.api('GET', `/api/page?file=${query}`), says],
        ['save', studio.api('PUT', '/api/page', { file, source: 'title: x\n', version: 'x' }), says],
        ['delete', studio.api('DELETE', `/api/page?file=${query}`), says],
        ['preview', studio.api('POST', '/api/preview', { file, source: 'title: x\n' }), says],
        ['new page', studio.api('POST', '/api/pages', { route }), says],
        ['new variant', studio.api('POST', '/api/pages', { route, from: 'agendamento' }), says],
        // A base page with a name past the limits simply does not exist.
        [
          'new variant of it',
          studio.api('POST', '/api/pages', { route: 'nova-zz', from: route }),
          /não existe/,
        ],
        [
          'duplicate to it',
          studio.api('POST', '/api/pages/duplicate', { file: 'pages/agendamento.yaml', route }),
          says,
        ],
        ['duplicate of it', studio.api('POST', '/api/pages/duplicate', { file, route: 'copia-zz' }), says],
        ['history', studio.api('GET', `/api/history?file=${query}`), says],
        ['history diff', studio.api('GET', `/api/history/diff?file=${query}&commit=${commit}`), says],
        ['restore', studio.api('POST', '/api/history/restore', { file, commit }), says],
        ['publish', studio.api('POST', '/api/publish', { files: [file], message: 'Teste' }), says],
        ['presence', studio.api('POST', '/api/presence', { tab: 'aba-de-teste', file }), says],
        [
          'image upload',
          studio.api('POST', `/api/images?name=${encodeURIComponent(`${route}.png`)}`, 'x', {
            'Content-Type': 'image/png',
          }),
          undefined,
        ],
      ];
      for (const [what, pending, expected] of calls) await expectRefused(await pending, expected, what);
      expect(await state()).toEqual(before);
    });
  }

  it('answers a public file path too long for the file system with a 400 page, not a 500', async () => {
    for (const name of ['a'.repeat(300), 'b'.repeat(4000)]) {
      const res = await fetch(`${studio.base}/${name}.png`);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain('longo demais');
      expect(html).not.toMatch(/Erro interno|ENAMETOOLONG|\.ts:\d+/);
    }
  });
});

describe('at the limits', () => {
  it('takes a name of exactly 80 characters at 6 levels: created, read, previewed, deleted', async () => {
    const route = levels(MAX_ROUTE_DEPTH, (i) => `${i}`.padEnd(MAX_ROUTE_NAME_LENGTH, 'x'));
    const file = `pages/${route}.yaml`;
    const created = await studio.api('POST', '/api/pages', { route });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(await created.json()).toEqual({ file, route: `/${route}` });
    const read = await studio.api('GET', `/api/page?file=${encodeURIComponent(file)}`);
    expect(read.status).toBe(200);
    const { source } = (await read.json()) as { source: string };
    const preview = await studio.api('POST', '/api/preview', { file, source });
    expect(preview.status).toBe(200);
    const deleted = await studio.api('DELETE', `/api/page?file=${encodeURIComponent(file)}`);
    expect(deleted.status).toBe(200);
  });

  it('refuses one character or one level more, with the numbers', async () => {
    const before = await state();
    const long = await studio.api('POST', '/api/pages', { route: 'x'.repeat(MAX_ROUTE_NAME_LENGTH + 1) });
    await expectRefused(
      long,
      /O nome "x+…" tem 81 caracteres; o limite é 80 para o nome de uma página ou pasta\./,
      'name',
    );
    const deep = await studio.api('POST', '/api/pages', {
      route: levels(MAX_ROUTE_DEPTH + 1, (i) => `n${i}`),
    });
    await expectRefused(deep, /^O endereço tem 7 níveis; o limite é 6/, 'depth');
    // "a/…/index.yaml" is the address of its folder: 6 folders and an index are 6 levels.
    const index = await studio.api(
      'GET',
      `/api/page?file=pages/${levels(MAX_ROUTE_DEPTH, () => 'a')}/index.yaml`,
    );
    expect(index.status).toBe(404);
    expect(await state()).toEqual(before);
  });
});

describe('one set of limits, the loader’s', () => {
  it('every page in pages/ fits, far from the limits', async () => {
    const files = await listYamlFiles(path.join(root, 'pages'));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) expect(routeLimitProblem(f), f).toBeUndefined();
    expect(Math.max(...files.map((f) => f.length))).toBeLessThan(MAX_ROUTE_NAME_LENGTH / 2);
  });

  it('badRouteFileName refuses what the limits refuse, so npm run check agrees', () => {
    expect(badRouteFileName(`${'a'.repeat(81)}.yaml`)).toBe('a'.repeat(81));
    expect(badRouteFileName(`${'a'.repeat(80)}.yaml`)).toBeUndefined();
    expect(badRouteFileName(`${levels(7, () => 'a')}.yaml`)).toBe(levels(7, () => 'a'));
    expect(badRouteFileName(`${levels(6, () => 'a')}.yaml`)).toBeUndefined();
    expect(badRouteFileName(`${levels(6, () => 'a')}/index.yaml`)).toBeUndefined();
    expect(routeLimitProblem('index.yaml')).toBeUndefined();
  });

  it('npm run check reports a page file whose name is past the limit', async () => {
    const dir = path.join(studio.tmp, 'checagem');
    const pagesDir = path.join(dir, 'pages');
    await mkdir(pagesDir, { recursive: true });
    await writeFile(
      path.join(pagesDir, '_site.yaml'),
      await readFile(path.join(root, 'pages', '_site.yaml')),
    );
    const long = 'promocao-'.padEnd(MAX_ROUTE_NAME_LENGTH + 10, 'x');
    await writeFile(path.join(pagesDir, `${long}.yaml`), 'title: Longa\nblocks: []\n');
    const error = await loadProject({ root: dir, pagesDir, blocks: blockList }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PageErrors);
    const problem = (error as PageErrors).problems.find((p) => p.loc.file === `pages/${long}.yaml`);
    expect(problem?.code).toBe('bad-file-name');
  });
});

describe('the Host check still comes first', () => {
  it('refuses a long name from a foreign Host with 403, not 400', async () => {
    const res = await rawRequest(studio.server.port, {
      path: `/api/page?file=pages/${'a'.repeat(300)}.yaml`,
      headers: { Host: 'evil.example', Cookie: studio.cookie },
    });
    expect(res.status).toBe(403);
  });
});
