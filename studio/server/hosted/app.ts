/**
 * The Estúdio serves a production build of the app, not Vite's dev server (hosted always, local
 * unless --dev): no HMR client, no React refresh preamble, no inline script, so the app runs under
 * a strict CSP. It is built (a child process with NODE_ENV=production, build-app.ts) once per
 * version of its sources and kept (app-cache.ts), or taken from a folder built before (`appDir`).
 */
import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { APP_ASSETS_DIR, CSP_NONCE_PLACEHOLDER } from '../../app-build.ts';
import { fileFolder } from '../../../runtime/file-response.ts';

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

export interface PrepareAppOptions {
  /**
   * Builds the app again and gives its folder, for a build kept in the cache (app-cache.ts): when
   * the folder vanishes while the Estúdio runs (another server's build pruned it, build-cache.ts),
   * the next request for one of its files builds it again instead of leaving the app without its
   * scripts until a restart. A folder made by npm run studio:build is never rebuilt.
   */
  rebuild?: () => Promise<string>;
}

/** The built app in `dir` (a folder build-app.ts wrote: app-cache.ts's, or npm run studio:build's). */
export async function prepareApp(dir: string, options: PrepareAppOptions = {}): Promise<BuiltApp> {
  let current = await loadBuild(dir);
  let rebuilding: Promise<void> | undefined;
  /** When the last build again failed: the next is tried a minute later, not at every request. */
  let failedAt = -Infinity;
  const rebuild = (rebuildDir: () => Promise<string>) =>
    (rebuilding ??= (async () => {
      try {
        current = await loadBuild(await rebuildDir());
      } catch (error) {
        failedAt = Date.now();
        console.error(
          '[estúdio] A interface do Estúdio sumiu do cache e não pôde ser construída de novo.',
          error,
        );
      } finally {
        rebuilding = undefined;
      }
    })());
  return {
    get dir() {
      return current.dir;
    },
    page: (nonce) => current.html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce),
    serve: async (req, res) => {
      const pathname = new URL(req.url ?? '/', 'http://estudio').pathname;
      if (await current.files(req, res, pathname)) return true;
      if (!options.rebuild || Date.now() - failedAt < 60_000) return false;
      if (await isFile(path.join(current.dir, 'index.html'))) return false;
      // The whole build is gone: built again, the file is looked for in the new one (the same
      // sources make the same names; after a change, the page's next load names the new ones).
      await rebuild(options.rebuild);
      return current.files(req, res, pathname);
    },
  };
}

async function loadBuild(dir: string) {
  const html = await readFile(path.join(dir, 'index.html'), 'utf8');
  if (!html.includes(CSP_NONCE_PLACEHOLDER))
    throw new Error(`${dir}/index.html não foi feito por build-app.ts (falta o marcador do nonce).`);
  const files = fileFolder(dir, {
    precompressed: true,
    // Hashed names: a file never changes, so it is kept for a year, by this browser only.
    setHeaders: (res) => res.setHeader('Cache-Control', 'private, max-age=31536000, immutable'),
  });
  return { dir, html, files };
}

const isFile = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
