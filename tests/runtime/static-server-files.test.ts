/**
 * `npm run preview`'s server (runtime/dev/static-server.ts) answers as a static host does, and
 * every file of dist/ is read when it is asked for: a file removed while it is being served, or
 * afterwards, or a whole new dist/ swapped in by `npm run build`, never takes the server down
 * (sirv, used before, kept a list of the files from its start and crashed on a missing one).
 */
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from '../../runtime/dev/index.ts';

let root: string;
let dir: string;
let base: string;
let close: () => Promise<void>;

/** Big enough that its answer is still streaming when the file is removed (8 MB). */
const BIG = Buffer.alloc(8 * 1024 * 1024, 'fillgás ');

async function writeSite(folder: string, home: string) {
  await mkdir(path.join(folder, 'agendamento'), { recursive: true });
  await mkdir(path.join(folder, 'assets'), { recursive: true });
  await writeFile(path.join(folder, '404.html'), '<h1>Página não encontrada</h1>');
  await writeFile(path.join(folder, 'index.html'), `<h1>${home}</h1>${'<p>texto</p>'.repeat(200)}`);
  await writeFile(path.join(folder, 'agendamento', 'index.html'), '<h1>Agendamento</h1>');
  await writeFile(path.join(folder, 'termos.html'), '<h1>Termos</h1>');
  await writeFile(path.join(folder, 'assets', 'app.abc123.js'), 'console.log(1);');
  await writeFile(path.join(folder, 'grande.bin'), BIG);
  await writeFile(path.join(folder, 'robots.txt'), 'User-agent: *\n');
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'static-files-'));
  dir = path.join(root, 'dist');
  await writeSite(dir, 'Hoje');
  const server = await serveStatic(dir, 0);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(async () => {
  await close();
  await rm(root, { recursive: true, force: true });
});

describe('npm run preview serves dist/ as a static host', () => {
  it('answers a route by its folder’s index.html or its .html, with or without the final slash', async () => {
    for (const [address, text] of [
      ['/', 'Hoje'],
      ['/agendamento', 'Agendamento'],
      ['/agendamento/', 'Agendamento'],
      ['/agendamento/index.html', 'Agendamento'],
      ['/termos', 'Termos'],
    ]) {
      const res = await fetch(`${base}${address}`);
      expect(res.status, address).toBe(200);
      expect(res.headers.get('content-type'), address).toBe('text/html; charset=utf-8');
      expect(await res.text(), address).toContain(text);
    }
  });

  it('answers an unknown address, and the host’s own _headers file, with 404.html and status 404', async () => {
    for (const address of ['/nada', '/agendamento/nada', '/_headers', '/.env', '/%E0%A4%A']) {
      const res = await fetch(`${base}${address}`);
      expect(res.status, address).toBe(404);
      expect(await res.text(), address).toContain('Página não encontrada');
    }
  });

  it('compresses with gzip for a browser that accepts it', async () => {
    const { headers, body } = await get('/', { 'Accept-Encoding': 'gzip' });
    expect(headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(body).toString()).toContain('Hoje');
  });

  it('caches fingerprinted assets for good and asks again for the rest (no _headers)', async () => {
    const asset = await fetch(`${base}/assets/app.abc123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const page = await fetch(`${base}/agendamento/`);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const again = await fetch(`${base}/agendamento/`, {
      headers: { 'If-None-Match': page.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('keeps answering when a file is removed while it is being served, and after', async () => {
    // The answer starts, the file goes (as `npm run build` replaces dist/), the answer completes.
    const streaming = get('/grande.bin', {}, async () => {
      await rm(path.join(dir, 'grande.bin'));
    });
    const { status, body } = await streaming;
    expect(status).toBe(200);
    expect(body.length).toBe(BIG.length);
    // Asked again, it is not there: the 404 page, and the server still answers everything else.
    const gone = await fetch(`${base}/grande.bin`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('Página não encontrada');
    await rm(path.join(dir, 'termos.html'));
    expect((await fetch(`${base}/termos`)).status).toBe(404);
    expect(await (await fetch(`${base}/`)).text()).toContain('Hoje');
  });

  it('serves a new dist/ swapped in by a build while it runs', async () => {
    const next = path.join(root, 'dist-next');
    await writeSite(next, 'Amanhã');
    await rm(dir, { recursive: true });
    expect((await fetch(`${base}/`)).status).toBe(404);
    await rename(next, dir);
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Amanhã');
    expect((await fetch(`${base}/robots.txt`)).status).toBe(200);
  });
});

describe('npm run preview on a taken port', () => {
  it('says which port is taken and what to do', async () => {
    const port = Number(new URL(base).port);
    await expect(serveStatic(dir, port)).rejects.toThrow(
      `A porta ${port} de 127.0.0.1 já está em uso (outro servidor, talvez um npm run preview ainda aberto). Encerre-o ou escolha outra porta: PORT=${port + 1} npm run preview`,
    );
  });
});

/**
 * A GET with node:http, the whole body as bytes (fetch would undo the gzip); `whileStreaming`
 * runs once the first bytes have arrived, before the rest is read.
 */
function get(
  address: string,
  headers: Record<string, string> = {},
  whileStreaming?: () => Promise<void>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${address}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      let paused = false;
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (whileStreaming && !paused) {
          paused = true;
          res.pause();
          whileStreaming().then(() => res.resume(), reject);
        }
      });
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
