/**
 * The Estúdio serves a production build of the app, not Vite's dev server (hosted always, local
 * unless --dev): no HMR client, no React refresh preamble, no inline script, so the app runs under
 * a strict CSP. It is built (a child process with NODE_ENV=production, build-app.ts) once per
 * version of its sources and kept (app-cache.ts), or taken from a folder built before (`appDir`).
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { APP_ASSETS_DIR, CSP_NONCE_PLACEHOLDER } from '../../app/vite-config.ts';
import { fileFolder } from '../file-response.ts';

const run = promisify(execFile);
const PROJECT_ROOT = path.resolve(import.meta.dirname, '../../..');
const BUILD_SCRIPT = path.join(import.meta.dirname, 'build-app.ts');

export const APP_ASSETS_PREFIX = `/${APP_ASSETS_DIR}/`;

export interface BuiltApp {
  dir: string;
  /** The app's page, with `nonce` on its tags and in its csp-nonce meta. */
  page(nonce: string): string;
  /**
   * Answers a request for a built file under /app/; false when there is no such file (also when it
   * vanished from the cache folder since: the caller's 404, never a crash, file-response.ts).
   */
  serve(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

/** Builds the app into `outDir` (emptied first). */
export async function buildApp(outDir: string): Promise<void> {
  try {
    await run(process.execPath, ['--import', 'tsx', BUILD_SCRIPT, outDir], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`A interface do Estúdio não pôde ser construída:\n${stderr || stdout || String(error)}`, {
      cause: error,
    });
  }
}

/** The built app in `dir` (a folder build-app.ts wrote: app-cache.ts's, or npm run studio:build's). */
export async function prepareApp(dir: string): Promise<BuiltApp> {
  const html = await readFile(path.join(dir, 'index.html'), 'utf8');
  if (!html.includes(CSP_NONCE_PLACEHOLDER))
    throw new Error(`${dir}/index.html não foi feito por build-app.ts (falta o marcador do nonce).`);
  const files = fileFolder(dir, {
    precompressed: true,
    // Hashed names: a file never changes, so it is kept for a year, by this browser only.
    setHeaders: (res) => res.setHeader('Cache-Control', 'private, max-age=31536000, immutable'),
  });
  return {
    dir,
    page: (nonce) => html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce),
    serve: (req, res) => files(req, res, new URL(req.url ?? '/', 'http://estudio').pathname),
  };
}
