/**
 * `npm run preview`'s server (runtime/dev/static-server.ts) shows the site as it is now: a
 * scheduled change's files under dist/_agenda/ answer 404 there, as they do at the edge, so a
 * preview never shows (or leaks) a change before its time.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from '../../runtime/dev/index.ts';

let dir: string;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'static-server-'));
  await writeFile(path.join(dir, '404.html'), '<h1>Página não encontrada</h1>');
  await writeFile(path.join(dir, 'index.html'), '<h1>Hoje</h1>');
  await mkdir(path.join(dir, '_agenda', 'ab12', 'natal'), { recursive: true });
  await writeFile(path.join(dir, '_agenda', 'ab12', 'natal', 'index.html'), '<h1>Natal</h1>');
  await writeFile(path.join(dir, '_agenda', 'manifest.json'), '{"version":1}');
  const server = await serveStatic(dir, 0);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(async () => {
  await close();
  await rm(dir, { recursive: true, force: true });
});

describe('npm run preview', () => {
  it('serves the site as it is now', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Hoje');
  });

  it.each([
    '/_agenda/ab12/natal/',
    '/_agenda/ab12/natal/index.html',
    '/_agenda/manifest.json',
    '/_agenda',
    '//_agenda/ab12/natal/',
    '/%5Fagenda/ab12/natal/',
    '/x/../_agenda/ab12/natal/',
  ])('answers %s with the 404 page, as the edge does', async (address) => {
    const res = await fetch(`${base}${address}`);
    expect(res.status).toBe(404);
    const text = await res.text();
    expect(text).toContain('Página não encontrada');
    expect(text).not.toContain('Natal');
  });
});
