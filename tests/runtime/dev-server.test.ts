/** The dev server: pages render through the same renderPage, errors reach Vite's overlay, a fix recovers. */
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

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'fillgas-dev-'));
  pagesDir = path.join(tmp, 'pages');
  await cp(path.join(root, 'pages'), pagesDir, { recursive: true });
  server = await createServer({
    configFile: false,
    root,
    mode: 'development',
    logLevel: 'silent',
    appType: 'custom',
    plugins: sitePlugins({ pagesDir }),
    server: { port: 0, host: '127.0.0.1', ws: false, watch: null },
  });
  await server.listen();
  base = `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('renders a page with the dev client injected', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Recarregue o seu cilindro');
    expect(html).toContain('/@vite/client');
  });

  it('answers unknown paths with the 404 page and status 404', async () => {
    const res = await fetch(`${base}/nao-existe`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Oops! Page not found');
  });

  it("shows a validation error in Vite's overlay and recovers once the file is fixed", async () => {
    const file = path.join(pagesDir, 'index.yaml');
    const original = await readFile(file, 'utf8');
    await writeFile(file, original.replace('  - type: navbar', '  - type: navbarr'));
    const broken = await fetch(`${base}/`);
    expect(broken.status).toBe(500);
    const overlay = await broken.text();
    expect(overlay).toContain('ErrorOverlay');
    expect(overlay).toContain('Tipo de bloco desconhecido: \\"navbarr\\". Você quis dizer \\"navbar\\"?');
    expect(overlay).toContain('"plugin":"fillgas"');
    await writeFile(file, original);
    expect((await fetch(`${base}/`)).status).toBe(200);
  });
});
