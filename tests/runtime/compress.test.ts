/**
 * `npm run preview`'s compression (runtime/compress.ts): brotli or gzip as the browser asks, each
 * version of a file compressed once, and a file rewritten while the server runs served new.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, compressed, isCompressible } from '../../runtime/compress.ts';
import { serveStatic } from '../../runtime/dev/index.ts';

const asked = (header?: string) =>
  ({ headers: header === undefined ? {} : { 'accept-encoding': header } }) as IncomingMessage;

describe('the encoding of an answer', () => {
  it('is brotli for a browser that accepts it, gzip for one that accepts only gzip, none otherwise', () => {
    expect(chooseEncoding(asked('gzip, deflate, br, zstd'))).toBe('br');
    expect(chooseEncoding(asked('gzip'))).toBe('gzip');
    expect(chooseEncoding(asked('br;q=0.5, gzip'))).toBe('gzip');
    expect(chooseEncoding(asked('gzip;q=0, br;q=0'))).toBeUndefined();
    expect(chooseEncoding(asked('identity'))).toBeUndefined();
    expect(chooseEncoding(asked())).toBeUndefined();
  });

  it('is only for text, never for pictures, fonts or video', () => {
    for (const type of [
      'text/html; charset=utf-8',
      'text/javascript',
      'application/manifest+json',
      'image/svg+xml',
    ])
      expect(isCompressible(type), type).toBe(true);
    for (const type of [
      'image/avif',
      'font/woff2',
      'video/mp4',
      'application/pdf',
      'application/octet-stream',
    ])
      expect(isCompressible(type), type).toBe(false);
  });

  it('is computed once per version of a file', async () => {
    let reads = 0;
    const read = () => (reads++, Promise.resolve(Buffer.from('texto '.repeat(500))));
    const first = await compressed('test:1', 'br', read);
    const again = await compressed('test:1', 'br', read);
    expect(again).toBe(first);
    expect(reads).toBe(1);
    await compressed('test:2', 'br', read);
    await compressed('test:1', 'gzip', read);
    expect(reads).toBe(3);
  });
});

describe('npm run preview compresses dist/ as a static host does', () => {
  let dir: string;
  let port: number;
  let close: () => Promise<void>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'compress-'));
    await writeFile(path.join(dir, '404.html'), `<h1>Página não encontrada</h1>${'<p>nada</p>'.repeat(200)}`);
    await writeFile(path.join(dir, 'index.html'), `<h1>Hoje</h1>${'<p>texto</p>'.repeat(200)}`);
    await writeFile(path.join(dir, 'pequeno.txt'), 'oi');
    const server = await serveStatic(dir, 0);
    port = (server.address() as AddressInfo).port;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers a page in brotli or gzip, with its length, and the 404 page too', async () => {
    const br = await get(port, '/', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toContain('<h1>Hoje</h1>');
    const gz = await get(port, '/', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('<h1>Hoje</h1>');
    const plain = await get(port, '/', '');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('<h1>Hoje</h1>');
    const missing = await get(port, '/nada', 'br');
    expect(missing.status).toBe(404);
    expect(brotliDecompressSync(missing.body).toString()).toContain('Página não encontrada');
    const small = await get(port, '/pequeno.txt', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('oi');
  });

  it('serves a file rewritten in place, even with the same length, new', async () => {
    expect(brotliDecompressSync((await get(port, '/', 'br')).body).toString()).toContain('<h1>Hoje</h1>');
    await writeFile(path.join(dir, 'index.html'), `<h1>Onte</h1>${'<p>texto</p>'.repeat(200)}`);
    expect(brotliDecompressSync((await get(port, '/', 'br')).body).toString()).toContain('<h1>Onte</h1>');
  });
});

function get(
  port: number,
  address: string,
  acceptEncoding: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {};
    request({ host: '127.0.0.1', port, path: address, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}
