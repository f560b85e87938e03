/**
 * `npm run dev`: the build's client plugins (islands and behaviours as lazy imports) plus a
 * middleware that renders pages through dev-render.ts (the same renderPage as the build),
 * shows validation errors in Vite's overlay, and reloads the open page when a YAML page or a
 * server-only module changes.
 */
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
// Types only: this module is also the Estúdio's way to its preview render and fonts (dev/index.ts),
// where Vite's own import (about 0.4 s of CPU: rolldown's native binding and Vite's modules) would be
// paid at every Estúdio's first preview for nothing. loadServerModule imports it when it runs.
import type { Connect, Plugin, PluginOption, ViteDevServer } from 'vite';
import { fontBaseName, fontFiles } from '../../design/fonts.ts';
import { clientPlugins, imageVariantMiddleware, type ClientBundleOptions } from '../build/index.ts';
import type { PageErrors } from '../load/index.ts';
import type * as LoadStage from '../load/index.ts';
import type * as RenderStage from '../render/index.ts';
import type * as DevRender from './dev-render.ts';

export interface SiteOptions extends ClientBundleOptions {
  /** The pages folder; default: <root>/pages. */
  pagesDir?: string;
}

/** Everything vite.config.ts needs: the client bundle's plugins and the dev server's pages. */
export function sitePlugins(options: SiteOptions = {}): PluginOption[] {
  return [clientPlugins(options), devPages(options)];
}

function devPages(options: SiteOptions): Plugin {
  let root = process.cwd();
  return {
    name: 'fillgas-dev',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      // Vitest runs its own Vite server (mode 'test'): no page middleware there.
      if (server.config.mode === 'test') return;
      const pagesDir = path.resolve(root, options.pagesDir ?? 'pages');
      server.watcher.add(pagesDir);
      const reloadOnYaml = (file: string) => {
        if (file.startsWith(pagesDir) && /\.ya?ml$/.test(file))
          server.ws.send({ type: 'full-reload', path: '*' });
      };
      server.watcher.on('change', reloadOnYaml);
      server.watcher.on('add', reloadOnYaml);
      server.watcher.on('unlink', reloadOnYaml);
      server.middlewares.use(fontMiddleware(root));
      server.middlewares.use(imageVariantMiddleware(root, path.join(root, 'public')));
      server.middlewares.use(pageMiddleware(server, root, pagesDir));
    },
    hotUpdate({ file, modules }) {
      // A server-only module (a static block, a schema, the runtime) has no client module
      // to hot-update: reload the page so the next request renders with the new code.
      if (this.environment.name !== 'client') return;
      if (
        modules.length === 0 &&
        /\.(tsx?|ya?ml)$/.test(file) &&
        file.startsWith(root) &&
        !file.includes('node_modules')
      ) {
        this.environment.hot.send({ type: 'full-reload', path: '*' });
        return [];
      }
      return undefined;
    },
  };
}

/**
 * Imports a module through the SSR environment's module runner. Unlike the older
 * ssrLoadModule, this runner listens to HMR, so an edit re-evaluates the changed module
 * and its importers on the next request.
 */
async function loadServerModule(server: ViteDevServer, url: string): Promise<unknown> {
  const { isRunnableDevEnvironment } = await import('vite');
  const ssr = server.environments.ssr;
  if (!isRunnableDevEnvironment(ssr)) throw new Error('O ambiente SSR do Vite não é executável.');
  return ssr.runner.import(url);
}

/** The self-hosted fonts at the addresses pages name in dev (/assets/fonts/<name>.woff2). */
export function fontMiddleware(root: string): Connect.NextHandleFunction {
  const require = createRequire(path.join(root, 'package.json'));
  const files = new Map(
    fontFiles.map((f) => [`/assets/fonts/${fontBaseName(f)}.woff2`, require.resolve(f.module)]),
  );
  return (req, res, next) => {
    const file = files.get(req.url?.split('?')[0] ?? '');
    if (!file) return next();
    res.setHeader('Content-Type', 'font/woff2');
    const stream = createReadStream(file);
    // A font that cannot be read (removed from node_modules mid-session) answers 404 or ends this
    // answer; an unhandled stream error would stop the whole server.
    stream.on('error', () => {
      if (res.headersSent) res.destroy();
      else {
        res.statusCode = 404;
        res.removeHeader('Content-Type');
        res.end();
      }
    });
    stream.pipe(res);
  };
}

function pageMiddleware(server: ViteDevServer, root: string, pagesDir: string): Connect.NextHandleFunction {
  return async (req, res, next) => {
    const url = req.url ?? '/';
    const pathname = url.split('?')[0]!;
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !pathname.startsWith('/@') &&
      !pathname.startsWith('/node_modules/') &&
      (!path.posix.basename(pathname).includes('.') || pathname.endsWith('.html'));
    if (!isPage) return next();
    const devHead = await server.transformIndexHtml(url, '<html><head></head><body></body></html>');
    const headTags = devHead.match(/<head>([\s\S]*)<\/head>/)?.[1] ?? '';
    try {
      const mod = (await loadServerModule(server, '/runtime/dev/dev-render.ts')) as typeof DevRender;
      const { status, html } = await mod.renderForDev(root, pagesDir, pathname);
      res.statusCode = status;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(await server.transformIndexHtml(url, html));
    } catch (error) {
      // Checked by name: the class lives in Vite's SSR module graph, not in this module's.
      if (error instanceof Error && error.name === 'PageErrors') {
        return next(await overlayError(server, root, error as PageErrors));
      }
      const { renderErrorScreen } = (await loadServerModule(
        server,
        '/runtime/render/index.ts',
      )) as typeof RenderStage;
      if (error instanceof Error) server.ssrFixStacktrace(error);
      server.config.logger.error(String(error instanceof Error ? error.message : error), { timestamp: true });
      res.statusCode = 500;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(renderErrorScreen(error, headTags));
    }
  };
}

/** Vite's error overlay shows message, frame and a clickable location. */
async function overlayError(server: ViteDevServer, root: string, error: PageErrors) {
  const { formatProblems } = (await loadServerModule(server, '/runtime/load/index.ts')) as typeof LoadStage;
  const first = error.problems[0]!;
  return Object.assign(new Error(formatProblems(error.problems)), {
    stack: '',
    plugin: 'fillgas',
    id: path.join(root, first.loc.file),
    loc: { file: path.join(root, first.loc.file), line: first.loc.line, column: first.loc.column },
  });
}
