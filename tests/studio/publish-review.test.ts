/**
 * "Páginas que esta publicação muda" (issue 28, point 1; decision 0029) against real git and real
 * builds: a base page's edit lists the page and its variant, and nothing else; a change the check
 * refuses is told before Publicar; Publicar reuses the review's build; the pictures' addresses
 * refuse what is not a version, a route or a width. (The pictures themselves are photographed in
 * the browser test, tests/e2e/studio/publish-review.spec.ts.)
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PublishAnswer, ReviewAnswer } from '../../studio/api.ts';
import { createStudioServer, type StudioServer } from '../../studio/server/server.ts';
import { apiOf, git, makeGitSite, root, type GitSite } from './git-site.ts';

let site: GitSite;
let server: StudioServer;
let api: ReturnType<typeof apiOf>;

const file = (name: string) => path.join(site.work, 'pages', name);
async function edit(name: string, from: string, to: string): Promise<string> {
  const text = await readFile(file(name), 'utf8');
  expect(text).toContain(from);
  await writeFile(file(name), text.replace(from, to));
  return text;
}

beforeAll(async () => {
  site = await makeGitSite({
    pages: ['_site.yaml', '404.yaml', 'index.yaml', 'sodastream-t.yaml', 'recarrega-site.yaml'],
  });
  server = await createStudioServer({
    root,
    runtime: 'loaded', // the test process's own modules (helpers.ts)
    pagesDir: file(''),
    publicDir: path.join(site.work, 'public'),
    dataDir: path.join(site.tmp, 'dados'),
    port: 0,
  });
  api = apiOf(server);
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (site) await rm(site.tmp, { recursive: true, force: true });
});

it('a base page edited: the page and its variant change, nothing else; Publicar publishes that tree', async () => {
  await edit('sodastream-t.yaml', 'title: Seu cilindro de CO2', 'title: O seu cilindro de CO2');
  const { status, body } = await api<ReviewAnswer>('POST', '/api/review', {
    files: ['pages/sodastream-t.yaml'],
  });
  expect(status).toBe(200);
  expect(body.refused).toBeUndefined();
  expect(body.routes).toEqual([
    { route: '/sodastream-t', change: 'alterada', edited: true },
    { route: '/recarrega-site', change: 'alterada', edited: false },
  ]);
  expect(body.before).toBe(git(site.work, 'rev-parse', 'HEAD^{tree}'));
  expect(body.after).not.toBe(body.before);

  // Both builds are kept: the same question is answered without building.
  const again = await api<ReviewAnswer>('POST', '/api/review', { files: ['pages/sodastream-t.yaml'] });
  expect(again.body.routes).toEqual(body.routes);
  expect(again.body.ms).toBeLessThan(body.ms);

  // Publicar checks the same tree: the review's build is its check.
  const published = await api<PublishAnswer>('POST', '/api/publish', {
    files: ['pages/sodastream-t.yaml'],
    message: 'Muda o título da abertura',
  });
  expect(published.status).toBe(200);
  // The tree published is the one reviewed.
  expect(git(site.remote, 'rev-parse', 'main^{tree}')).toBe(body.after);
}, 240_000);

it('a variant edited alone changes only the variant', async () => {
  await edit(
    'recarrega-site.yaml',
    '    cta:\n      track: CTASectionC\n  experiencia:',
    '    title: Recarga de CO2 no mesmo dia.\n    cta:\n      track: CTASectionC\n  experiencia:',
  );
  const { body } = await api<ReviewAnswer>('POST', '/api/review', { files: ['pages/recarrega-site.yaml'] });
  expect(body.routes).toEqual([{ route: '/recarrega-site', change: 'alterada', edited: true }]);
}, 240_000);

it('a file saved again after its review is published as saved now, not as reviewed', async () => {
  // The variant edited above, reviewed: Publicar would reuse this tree for these very bytes.
  const { body: reviewed } = await api<ReviewAnswer>('POST', '/api/review', {
    files: ['pages/recarrega-site.yaml'],
  });
  expect(reviewed.routes).toEqual([{ route: '/recarrega-site', change: 'alterada', edited: true }]);
  // Saved again with the same size: only the bytes tell the two texts apart.
  await edit('recarrega-site.yaml', 'Recarga de CO2 no mesmo dia.', 'Recarga de CO2 no mesmo dia!');
  const published = await api<PublishAnswer>('POST', '/api/publish', {
    files: ['pages/recarrega-site.yaml'],
    message: 'Muda o título da variante',
  });
  expect(published.status).toBe(200);
  expect(git(site.remote, 'rev-parse', 'main^{tree}')).not.toBe(reviewed.after);
  expect(git(site.remote, 'show', 'main:pages/recarrega-site.yaml')).toContain(
    'title: Recarga de CO2 no mesmo dia!',
  );
}, 240_000);

it('a change the check refuses is told before Publicar, with the pages named', async () => {
  const original = await edit('sodastream-t.yaml', 'id: experiencia\n', 'id: experiencia-nova\n');
  try {
    const { status, body } = await api<ReviewAnswer>('POST', '/api/review', {
      files: ['pages/sodastream-t.yaml'],
    });
    expect(status).toBe(200);
    expect(body.routes).toEqual([]);
    expect(body.refused?.error).toContain('Publicar vai recusá-la');
    expect(body.refused?.pages).toContain('pages/recarrega-site.yaml');
  } finally {
    await writeFile(file('sodastream-t.yaml'), original);
  }
}, 240_000);

it('refuses what is not a saved file, a version, a route or a width', async () => {
  const tree = git(site.work, 'rev-parse', 'HEAD^{tree}');
  const cases: [string, string, unknown, number][] = [
    ['POST', '/api/review', { files: [] }, 400],
    ['POST', '/api/review', { files: ['../etc/passwd'] }, 400],
    ['POST', '/api/review', { files: ['pages/termos-de-uso.yaml'] }, 409],
    ['GET', `/api/review/pictures?before=${tree}&after=${tree}&route=/../x`, undefined, 400],
    ['GET', `/api/review/pictures?before=HEAD&after=${tree}&route=/`, undefined, 400],
    ['GET', '/api/review/pictures?before=&after=&route=/', undefined, 400],
    ['GET', `/api/review/pictures?before=${'0'.repeat(40)}&after=${tree}&route=/`, undefined, 404],
    ['GET', `/api/review/picture?tree=${tree}&route=/sodastream-t&width=800`, undefined, 400],
    ['GET', `/api/review/picture?tree=${tree}&route=%2Fsodastream-t%2F..&width=375`, undefined, 400],
    ['GET', `/api/review/picture?tree=${tree.slice(1)}&route=/&width=375`, undefined, 400],
    // Never photographed: nothing is built or taken for a picture's address.
    ['GET', `/api/review/picture?tree=${tree}&route=/sodastream-t&width=375`, undefined, 404],
  ];
  for (const [method, url, body, expected] of cases) {
    expect((await api(method, url, body)).status, `${method} ${url}`).toBe(expected);
  }
  // Without the session: refused like every API path.
  const bare = await fetch(
    `http://127.0.0.1:${server.port}/api/review/picture?tree=${tree}&route=/&width=375`,
  );
  expect(bare.status).toBe(401);
});
