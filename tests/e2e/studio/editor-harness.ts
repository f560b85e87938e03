/**
 * The Node side of the editor's browser test: the harness page (studio/app/screens/editor/yaml-language/harness/)
 * served by a Vite dev server in middleware mode with the app's own Vite settings, as the
 * Estúdio's server serves the app, or built with `vite build` and served as static files.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, createServer, type InlineConfig } from 'vite';
import { folderHandler } from '../../../runtime/file-response.ts';
import { appViteConfig } from '../../../studio/app/vite-config.ts';

export const HARNESS_ROOT = fileURLToPath(
  new URL('../../../studio/app/screens/editor/yaml-language/harness/', import.meta.url),
);

export interface RunningHarness {
  url: string;
  close(): Promise<void>;
}

/**
 * Each server gets its own optimizer cache, removed on close: the site's dev server keeps
 * node_modules/.vite, and Playwright may run this test in two workers at once.
 */
function harnessConfig(cacheDir: string): InlineConfig {
  return { ...appViteConfig(), configFile: false, root: HARNESS_ROOT, cacheDir, logLevel: 'warn' };
}

const newCacheDir = (): Promise<string> => mkdtemp(join(tmpdir(), 'estudio-editor-vite-'));

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const closeServer = (server: Server): Promise<void> =>
  new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));

/** The harness through Vite's dev server in middleware mode, on 127.0.0.1. */
export async function startDevHarness(): Promise<RunningHarness> {
  const cacheDir = await newCacheDir();
  const server = createHttpServer();
  const vite = await createServer({
    ...harnessConfig(cacheDir),
    appType: 'spa',
    // Vite's client in the page connects to its WebSocket, carried by our server as the Estúdio's would.
    server: { middlewareMode: true, hmr: { server } },
  });
  server.on('request', (request, response) => vite.middlewares(request, response));
  const url = await listen(server);
  return {
    url,
    async close() {
      await vite.close();
      await closeServer(server);
      await rm(cacheDir, { recursive: true, force: true });
    },
  };
}

/** `vite build` of the harness into `outDir`, as the app's production build would. */
export async function buildHarness(outDir: string): Promise<void> {
  const cacheDir = await newCacheDir();
  try {
    await build({ ...harnessConfig(cacheDir), build: { outDir, emptyOutDir: true } });
  } finally {
    await rm(cacheDir, { recursive: true, force: true });
  }
}

/** The built harness as static files on 127.0.0.1, as a host would serve the app. */
export async function serveBuiltHarness(outDir: string): Promise<RunningHarness> {
  const server = createHttpServer(folderHandler(outDir));
  const url = await listen(server);
  return { url, close: () => closeServer(server) };
}
