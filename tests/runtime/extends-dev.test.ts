/** In dev, a variant renders at its route, and editing its base reloads the page with the base's new content. */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitePlugins } from '../../runtime/dev/vite-plugin.ts';

const root = path.resolve(import.meta.dirname, '../..');
let server: ViteDevServer;
let base: string;
let pagesDir: string;
let tmp: string;
const sent: { type: string }[] = [];

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'fillgas-extends-dev-'));
  pagesDir = path.join(tmp, 'pages');
  await cp(path.join(root, 'pages'), pagesDir, { recursive: true });
  await writeFile(
    path.join(pagesDir, 'agendamento-inverno.yaml'),
    'extends: agendamento\nchange:\n  hero:\n    title: Água com gás o inverno todo.\nremove:\n  - depoimentos\n',
  );
  server = await createServer({
    configFile: false,
    root,
    mode: 'development',
    logLevel: 'silent',
    appType: 'custom',
    plugins: sitePlugins({ pagesDir }),
    server: { port: 0, host: '127.0.0.1', ws: false },
  });
  // The reload the browser would receive over Vite's socket.
  server.ws.send = ((payload: { type: string }) => void sent.push(payload)) as typeof server.ws.send;
  await server.listen();
  base = `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('a variant in npm run dev', () => {
  it('renders at its route with the change and without the removed block', async () => {
    const res = await fetch(`${base}/agendamento-inverno`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Água com gás o inverno todo.');
    expect(html).not.toContain('id="depoimentos"');
    expect(await (await fetch(`${base}/agendamento`)).text()).toContain('id="depoimentos"');
  });

  it('reloads when its base page is saved, with the base content as it is now', async () => {
    const file = path.join(pagesDir, 'agendamento.yaml');
    const original = await readFile(file, 'utf8');
    expect(original).toContain('Como funciona');
    sent.length = 0;
    await writeFile(file, original.replace('heading: Como funciona', 'heading: Como funciona a troca'));
    for (let i = 0; i < 100 && !sent.some((p) => p.type === 'full-reload'); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(sent).toContainEqual(expect.objectContaining({ type: 'full-reload' }));
    expect(await (await fetch(`${base}/agendamento-inverno`)).text()).toContain('Como funciona a troca');
  }, 30_000);
});
