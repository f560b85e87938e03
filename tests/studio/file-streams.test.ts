/**
 * Files the Estúdio serves from disk vanish under it (the app's cache folder cleaned mid-session, a
 * picture deleted from public/): every later request gets an answer in Portuguese and the server
 * stays up. Before, sirv piped a read stream with no error handler and an ENOENT on
 * node_modules/.cache/estudio/app/…/index-*.js.br stopped the whole process.
 */
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_NONCE_PLACEHOLDER } from '../../studio/app/vite-config.ts';
import { createStudioServer, type StudioServer } from '../../studio/server/server.ts';
import { rawRequest, root } from './helpers.ts';

let tmp: string;
let appDir: string;
let publicDir: string;
let server: StudioServer;
const SCRIPT = 'index-Teste123.js';
const CODE = `console.log(${JSON.stringify('o Estúdio '.repeat(200))});\n`;

/**
 * A built app's folder in build-app.ts's shape (the page with its nonce marker, a script and its
 * compressed copies): the server's own cache folder is shared, so the tests remove files from these.
 */
async function writeBuild(dir: string, mark: string) {
  await mkdir(path.join(dir, 'app'), { recursive: true });
  await writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><meta name="build" content="${mark}"><script type="module" nonce="${CSP_NONCE_PLACEHOLDER}" src="/app/${SCRIPT}"></script></head><body></body></html>`,
  );
  const file = path.join(dir, 'app', SCRIPT);
  await writeFile(file, CODE);
  await writeFile(`${file}.br`, await promisify(brotliCompress)(CODE));
  await writeFile(`${file}.gz`, await promisify(gzip)(CODE));
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'estudio-arquivos-'));
  appDir = path.join(tmp, 'app-build');
  await writeBuild(appDir, 'primeira');
  await cp(path.join(root, 'pages'), path.join(tmp, 'pages'), { recursive: true });
  publicDir = path.join(tmp, 'public');
  await cp(path.join(root, 'public'), publicDir, { recursive: true });
  server = await createStudioServer({
    root,
    pagesDir: path.join(tmp, 'pages'),
    publicDir,
    dataDir: path.join(tmp, '.estudio'),
    port: 0,
    appDir,
    runtime: 'loaded',
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

const get = (pathname: string, headers: Record<string, string> = {}, on = server) =>
  rawRequest(on.port, {
    path: pathname,
    headers: { Host: `127.0.0.1:${on.port}`, Cookie: `estudio-${on.port}=${on.token}`, ...headers },
  });

describe('files that vanish while the Estúdio runs', () => {
  it("the app's script: its brotli copy gone → the plain file; the file gone → 404 in Portuguese; the server stays up", async () => {
    const script = `/app/${SCRIPT}`;
    const first = await get(script, { 'Accept-Encoding': 'br, gzip' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-type']).toBe('text/javascript; charset=utf-8');

    const file = path.join(appDir, 'app', SCRIPT);
    await rm(`${file}.br`);
    const second = await get(script, { 'Accept-Encoding': 'br, gzip' });
    expect(second.status).toBe(200);
    expect(second.headers['content-encoding']).toBe('gzip');

    await rm(`${file}.gz`);
    await rm(file);
    const third = await get(script, { 'Accept-Encoding': 'br, gzip' });
    expect(third.status).toBe(404);
    expect(third.text).toContain('Este endereço não existe no Estúdio.');

    // Still up: the app's page and the same request again.
    expect((await get('/')).status).toBe(200);
    expect((await get(script)).status).toBe(404);
  });

  it('the whole cache folder removed: every file of it answers 404, the page still answers', async () => {
    await rm(path.join(appDir, 'app'), { recursive: true, force: true });
    const answers = await Promise.all(
      ['/app/index-Outro.js', `/app/${SCRIPT}.br`, '/app/'].map((p) => get(p, { 'Accept-Encoding': 'br' })),
    );
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404]);
    expect((await get('/')).status).toBe(200);
  });

  it('a public file deleted between two requests: 404 in Portuguese, then the server answers the next one', async () => {
    // Only in this copy of public/ (the repository's own public/ is Vite's too).
    await writeFile(
      path.join(publicDir, 'images', 'so-aqui.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    const before = await get('/images/so-aqui.svg');
    expect(before.status).toBe(200);
    expect(before.headers['content-type']).toBe('image/svg+xml');
    const etag = before.headers.etag!;
    expect((await get('/images/so-aqui.svg', { 'If-None-Match': etag })).status).toBe(304);

    await rm(path.join(publicDir, 'images', 'so-aqui.svg'));
    const after = await get('/images/so-aqui.svg');
    expect(after.status).toBe(404);
    expect(after.text).toContain('não existe');
    expect((await get('/favicon.ico')).status).toBe(200);
  });

  it('addresses out of the folder or to hidden files are never served', async () => {
    await writeFile(path.join(publicDir, '.segredo'), 'não');
    for (const p of [
      '/.segredo',
      '/images/%2e%2e/%2e%2e/package.json',
      '/app/..%2f..%2fpackage.json',
      '/%2e%2e/package.json',
    ]) {
      const answer = await get(p);
      expect(answer.status, p).toBeGreaterThanOrEqual(400);
      expect(answer.text, p).not.toContain('não\n');
      expect(answer.text, p).not.toContain('"name"');
    }
  });

  it('a link in public/ to a file or folder outside it is never followed', async () => {
    await symlink(path.join(root, 'package.json'), path.join(publicDir, 'images', 'pacote.json'));
    await symlink(root, path.join(publicDir, 'raiz'));
    for (const p of ['/images/pacote.json', '/raiz/package.json']) {
      const answer = await get(p);
      expect(answer.status, p).toBe(404);
      expect(answer.text, p).not.toContain('"name"');
    }
    expect((await get('/favicon.ico')).status).toBe(200);
  });

  it("a cache's build folder pruned while the Estúdio runs is built again at the next request for one of its files", async () => {
    const cached = path.join(tmp, 'cache-build');
    await writeBuild(cached, 'primeira');
    let builds = 0;
    const other = await createStudioServer({
      root,
      pagesDir: path.join(tmp, 'pages'),
      publicDir,
      dataDir: path.join(tmp, '.estudio-2'),
      port: 0,
      appDir: cached,
      // What app-cache.ts does: the build for the sources as they are, into a new folder.
      rebuildApp: async () => {
        builds += 1;
        const dir = path.join(tmp, `cache-build-${builds}`);
        await writeBuild(dir, 'de novo');
        return dir;
      },
      runtime: 'loaded',
    });
    try {
      expect((await get(`/app/${SCRIPT}`, {}, other)).status).toBe(200);
      await rm(cached, { recursive: true, force: true });
      // Three requests at once: one build, each answered from it.
      const answers = await Promise.all(
        ['br', 'gzip', ''].map((enc) => get(`/app/${SCRIPT}`, enc ? { 'Accept-Encoding': enc } : {}, other)),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers[2]!.text).toBe(CODE);
      expect(builds).toBe(1);
      expect((await get('/', {}, other)).text).toContain('content="de novo"');
      // A name no build has is still a 404, with no build for it.
      expect((await get('/app/index-Outro.js', {}, other)).status).toBe(404);
      expect(builds).toBe(1);
    } finally {
      await other.close();
    }
  });
});
