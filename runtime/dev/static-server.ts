/**
 * Serves a built site the way a static host does: files from dist/, compressed (brotli or gzip,
 * once per version of a file: runtime/compress.ts), the headers of
 * dist/_headers (security headers, CSP, caching: the file Netlify and Cloudflare Pages
 * read), and dist/404.html with status 404 for every unknown path. Used by
 * `npm run preview`, the browser tests and the benchmark.
 *
 * Every file is opened when it is asked for (runtime/file-response.ts, the Estúdio's file
 * serving too): a file of dist/ removed or replaced while the server runs (a new `npm run
 * build`) is a 404 or the new file, never a crash.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { compressBody } from '../compress.ts';
import { fileFolder } from '../file-response.ts';
import { headersForPath, IMMUTABLE, IMMUTABLE_PREFIX, parseHeadersFile } from '../build/index.ts';
import { AGENDA_DIR } from '../edge/index.ts';

/** What a static host never serves from the folder: its own settings and a scheduled change's files. */
const HIDDEN = [`/${AGENDA_DIR}`, '/_headers', '/_redirects'];

export function serveStatic(dir: string, port: number, host = '127.0.0.1'): Promise<Server> {
  const notFoundFile = path.join(dir, '404.html');
  // Read now, so a folder without it fails at start; read again at each 404 (a rebuild changes it).
  const notFoundAtStart = readFileSync(notFoundFile);
  const headersFile = path.join(dir, '_headers');
  const rules = existsSync(headersFile) ? parseHeadersFile(readFileSync(headersFile, 'utf8')) : [];
  const files = fileFolder(dir, {
    pages: true,
    compress: true,
    setHeaders(res) {
      if (rules.length > 0) return; // _headers decides, as on the host
      const { pathname } = new URL(res.req.url ?? '/', 'http://localhost');
      if (pathname.startsWith(`${IMMUTABLE_PREFIX}/`)) res.setHeader('Cache-Control', IMMUTABLE);
      else res.setHeader('Cache-Control', 'no-cache');
    },
  });
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    for (const [name, value] of Object.entries(headersForPath(rules, pathname))) res.setHeader(name, value);
    const answerNotFound = async () => {
      const page = await readFile(notFoundFile).catch(() => notFoundAtStart);
      const type = 'text/html; charset=utf-8';
      res.statusCode = 404;
      res.setHeader('Content-Type', type);
      const body = await compressBody(req, res, type, page);
      res.setHeader('Content-Length', body.length);
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    let decoded = pathname;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      // a malformed address names no file: the file lookup below refuses it too
    }
    const folder = decoded.replace(/\/{2,}/g, '/');
    const answer = HIDDEN.some((hidden) => folder === hidden || folder.startsWith(`${hidden}/`))
      ? answerNotFound()
      : files(req, res, pathname).then((found) => (found ? undefined : answerNotFound()));
    answer.catch((error: unknown) => {
      // The disk refused a file (not a missing one): this answer fails, the server stays up.
      console.error(`Não foi possível responder ${pathname}:`, error);
      if (res.headersSent) res.destroy();
      else {
        res.statusCode = 500;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end('Erro ao ler o arquivo no servidor.');
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, host, error) : error),
    );
    server.listen(port, host, () => resolve(server));
  });
}

/** The port is taken: said in words, with what to do (runtime/cli.ts prints only the message). */
export class PortInUseError extends Error {
  override name = 'PortInUseError';
  constructor(port: number, host: string, cause: Error) {
    super(
      `A porta ${port} de ${host} já está em uso (outro servidor, talvez um npm run preview ainda aberto). ` +
        `Encerre-o ou escolha outra porta: PORT=${port + 1} npm run preview`,
      { cause },
    );
  }
}
