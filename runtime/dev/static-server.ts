/**
 * Serves a built site the way a static host does: files from dist/, gzip, the headers of
 * dist/_headers (security headers, CSP, caching: the file Netlify and Cloudflare Pages
 * read), and dist/404.html with status 404 for every unknown path. Used by
 * `npm run preview`, the browser tests and the benchmark.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import sirv from 'sirv';
import { headersForPath, IMMUTABLE, IMMUTABLE_PREFIX, parseHeadersFile } from '../build/index.ts';
import { AGENDA_DIR } from '../edge/index.ts';

export function serveStatic(dir: string, port: number, host = '127.0.0.1'): Promise<Server> {
  const notFound = readFileSync(path.join(dir, '404.html'));
  const headersFile = path.join(dir, '_headers');
  const rules = existsSync(headersFile) ? parseHeadersFile(readFileSync(headersFile, 'utf8')) : [];
  const files = sirv(dir, {
    extensions: ['html'],
    dev: false,
    etag: true,
    setHeaders(res, pathname) {
      if (rules.length > 0) return; // _headers decides, as on the host
      if (pathname.startsWith(`${IMMUTABLE_PREFIX}/`)) res.setHeader('Cache-Control', IMMUTABLE);
      else res.setHeader('Cache-Control', 'no-cache');
    },
  });
  const gzip = compression();
  const scheduled = `/${AGENDA_DIR}`;
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    for (const [name, value] of Object.entries(headersForPath(rules, pathname))) res.setHeader(name, value);
    const answerNotFound = () => {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(notFound);
    };
    let decoded = pathname;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      // sirv answers a malformed address itself
    }
    const folder = decoded.replace(/\/{2,}/g, '/');
    gzip(req as never, res as never, () => {
      if (folder === scheduled || folder.startsWith(`${scheduled}/`)) return answerNotFound();
      files(req, res, answerNotFound);
    });
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
