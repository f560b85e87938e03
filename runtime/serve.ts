/**
 * Serves a built site the way a static host does: files from dist/, gzip, and
 * dist/404.html with status 404 for every unknown path. Used by `npm run preview`,
 * the browser tests and the benchmark.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import sirv from 'sirv';

export function serveStatic(dir: string, port: number, host = '127.0.0.1'): Promise<Server> {
  const notFound = readFileSync(path.join(dir, '404.html'));
  const files = sirv(dir, {
    extensions: ['html'],
    dev: false,
    etag: true,
    setHeaders(res, pathname) {
      if (pathname.startsWith('/assets/'))
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'no-cache');
    },
  });
  const gzip = compression();
  const server = createServer((req, res) => {
    gzip(req as never, res as never, () => {
      files(req, res, () => {
        res.statusCode = 404;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(notFound);
      });
    });
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
