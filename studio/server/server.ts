/**
 * The Estúdio's server: one Node HTTP server on 127.0.0.1 that serves the browser app through
 * Vite (middleware mode), the JSON API, and the preview frame's public files, behind the checks
 * of security.ts. docs: ../shared/docs/studio.md ("Security of a server that writes files").
 */
import { EventEmitter } from 'node:events';
import { readFile, realpath } from 'node:fs/promises';
import http, { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { appViteConfig } from '../app/vite-config.ts';
import { handleApi, type ApiContext } from './api.ts';
import { answered, HttpError, sendHtml, sendJson, sendPage } from './http.ts';
import { isErrno } from './page-files.ts';
import { publicFiles, type PublicFiles } from './public-files.ts';
import { createAuditLog } from './audit.ts';
import { localPerson, type Person } from './people.ts';
import { createRuntime, type Runtime } from './runtime.ts';
import {
  hasSessionCookie,
  hostAllowed,
  isSafeMethod,
  newToken,
  originAllowed,
  sameSecret,
  sessionCookie,
  setBaseHeaders,
  setNoFramingHeaders,
} from './security.ts';

export const DEFAULT_PORT = 5180;

export interface StudioOptions {
  /** The project root: runtime/, blocks/, studio/app/. */
  root: string;
  /** Default: <root>/pages. The API still names its files "pages/<path inside it>". */
  pagesDir?: string;
  /** Default: <root>/public. */
  publicDir?: string;
  /** Default: 5180; 0 picks a free port (reported in `port` and `url`). */
  port?: number;
  /** Local mode listens on the loopback interface only: "127.0.0.1" (default) or "localhost". */
  host?: string;
  /** Default: 32 new random bytes, base64url. */
  token?: string;
  /**
   * The Estúdio's own state, never published: the audit log (audit.log) and, hosted, the
   * accounts and sessions. Default: <root>/.estudio (ignored by git).
   */
  dataDir?: string;
}

export interface StudioServer {
  /** The address to open, with the token: http://127.0.0.1:<port>/?token=<token>. */
  url: string;
  token: string;
  port: number;
  close(): Promise<void>;
}

const APP_HTML = 'studio/app/index.html';

export async function createStudioServer(options: StudioOptions): Promise<StudioServer> {
  const root = path.resolve(options.root);
  const pagesDir = path.resolve(options.pagesDir ?? path.join(root, 'pages'));
  const publicDir = path.resolve(options.publicDir ?? path.join(root, 'public'));
  const host = options.host ?? '127.0.0.1';
  if (host !== '127.0.0.1' && host !== 'localhost') {
    throw new Error(`O Estúdio local só escuta em 127.0.0.1 (recebido: ${host}).`);
  }
  const token = options.token ?? newToken();
  if (token.length < 16) throw new Error('O token do Estúdio precisa ter ao menos 16 caracteres.');
  // Containment is checked against real paths: a link anywhere in the way is resolved first.
  const realPagesDir = await realpath(pagesDir);
  const realPublicDir = await realpath(publicDir).catch(() => publicDir);

  const httpServer = http.createServer();
  // Vite's HMR WebSocket listens for 'upgrade' here; only upgrades that pass our checks reach it.
  const upgrades = new EventEmitter();
  const vite = await createServer({
    root,
    configFile: false,
    appType: 'custom',
    logLevel: 'warn',
    server: { middlewareMode: true, ws: { server: upgrades as unknown as http.Server } },
    ...appViteConfig(),
  });

  let runtime: Runtime;
  try {
    runtime = await createRuntime(vite, { root, pagesDir, publicDir });
  } catch (error) {
    await vite.close();
    throw error;
  }
  const dataDir = path.resolve(options.dataDir ?? path.join(root, '.estudio'));
  const audit = createAuditLog(path.join(dataDir, 'audit.log'));
  const person = await localPerson(pagesDir);
  const ctx: ApiContext = { runtime, pagesDir: realPagesDir, publicDir: realPublicDir, audit };
  const servePublic = publicFiles({ root, publicDir: realPublicDir, runtime, vite });
  let port = 0;

  httpServer.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void handle({ req, res, port, token, root, ctx, vite, servePublic, person });
  });
  httpServer.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const status =
      !hostAllowed(req, port) || !originAllowed(req, port)
        ? 403
        : hasSessionCookie(req, port, token)
          ? 0
          : 401;
    if (status === 0) return upgrades.emit('upgrade', req, socket, head);
    socket.on('error', () => {});
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
  });

  try {
    port = await listen(httpServer, options.port ?? DEFAULT_PORT);
  } catch (error) {
    await vite.close();
    await runtime.dispose();
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    token,
    port,
    close: () =>
      (closing ??= (async () => {
        await new Promise<void>((resolve) => {
          httpServer.close(() => resolve());
          httpServer.closeAllConnections();
        });
        await vite.close();
        await runtime.dispose();
      })()),
  };
}

function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  port: number;
  token: string;
  root: string;
  ctx: ApiContext;
  vite: ViteDevServer;
  servePublic: PublicFiles;
  person: Person;
}

async function handle(rc: RequestContext): Promise<void> {
  const { req, res } = rc;
  setBaseHeaders(res);
  setNoFramingHeaders(res);
  const url = req.url ?? '/';
  const pathname = url.split('?')[0]!;
  // API callers and writers get JSON; a person at the address bar gets a page.
  const wantsJson = pathname === '/api' || pathname.startsWith('/api/') || !isSafeMethod(req.method);
  try {
    await route(rc, url, pathname);
  } catch (error) {
    if (res.headersSent) {
      if (!(error instanceof HttpError)) console.error(error);
      res.destroy();
      return;
    }
    if (error instanceof HttpError) {
      // A refused body is never read to its end: close the connection rather than drain it.
      if (!rc.req.complete) res.setHeader('Connection', 'close');
      if (wantsJson) sendJson(res, error.status, error.body);
      else sendPage(res, error.status, titleOf(error.status), [error.message]);
      return;
    }
    console.error(error);
    const message =
      'Erro interno do Estúdio: nada foi alterado. Veja os detalhes no terminal onde ele foi iniciado.';
    if (wantsJson) sendJson(res, 500, { error: message });
    else sendPage(res, 500, 'Erro interno', [message]);
  }
}

const titleOf = (status: number) =>
  status === 401
    ? 'Abra o Estúdio pelo endereço do terminal'
    : status === 404
      ? 'Não encontrado'
      : 'Pedido recusado';

const NO_ACCESS =
  'Este navegador ainda não tem acesso ao Estúdio. Abra o endereço que o comando npm run studio mostrou no terminal (a linha que começa com http://127.0.0.1 e termina com ?token=…).';

async function route(rc: RequestContext, url: string, pathname: string): Promise<void> {
  const { req, res, port, token } = rc;
  if (!hostAllowed(req, port)) {
    // A foreign Host: a site that points its own name at 127.0.0.1 (DNS rebinding).
    throw new HttpError(
      403,
      `Endereço não reconhecido. Abra o Estúdio por http://127.0.0.1:${port}/ ou http://localhost:${port}/.`,
    );
  }
  if (!isSafeMethod(req.method) && !originAllowed(req, port)) {
    // A write from any other origin is another site the author has open (cross-site request).
    throw new HttpError(
      403,
      'Pedido recusado: alterações só são aceitas a partir das telas do próprio Estúdio.',
    );
  }
  if (!url.startsWith('/')) throw new HttpError(400, 'Endereço malformado.');
  try {
    decodeURIComponent(pathname);
  } catch {
    throw new HttpError(400, 'Endereço malformado.');
  }
  if (isSafeMethod(req.method) && (await rc.servePublic(req, res, pathname))) return;

  const query = new URLSearchParams(url.slice(pathname.length + 1));
  if (pathname === '/' && isSafeMethod(req.method) && query.has('token')) {
    if (!sameSecret(query.get('token')!, token)) {
      throw new HttpError(
        401,
        'Este endereço de acesso não vale: o Estúdio cria um novo a cada vez que é iniciado. Abra o endereço mostrado no terminal agora.',
      );
    }
    // The token leaves the address bar (and the history) at once; the cookie carries it from here.
    res.statusCode = 303;
    res.setHeader('Set-Cookie', sessionCookie(port, token));
    res.setHeader('Location', '/');
    res.setHeader('Cache-Control', 'no-store');
    res.end();
    return;
  }
  if (!hasSessionCookie(req, port, token)) {
    throw new HttpError(
      401,
      pathname.startsWith('/api')
        ? 'Sem acesso ao Estúdio. Abra o endereço mostrado no terminal.'
        : NO_ACCESS,
    );
  }

  if (pathname === '/api' || pathname.startsWith('/api/')) {
    const answer = await handleApi(rc.ctx, { req, query, person: rc.person }, pathname);
    for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
    sendJson(res, answer.status, answer.body);
    return;
  }
  if (!isSafeMethod(req.method))
    throw new HttpError(405, `O método ${req.method} não é aceito neste endereço.`);
  if (pathname === '/') {
    await sendApp(rc);
    return;
  }
  // The app's modules, Vite's client and dependencies.
  if (!(await answered(rc.vite.middlewares, req, res)))
    throw new HttpError(404, 'Este endereço não existe no Estúdio.');
}

/** The browser app: studio/app/index.html through Vite (its client and the React refresh preamble). */
async function sendApp(rc: RequestContext): Promise<void> {
  let html: string;
  try {
    html = await readFile(path.join(rc.root, APP_HTML), 'utf8');
  } catch (error) {
    if (!isErrno(error, 'ENOENT')) throw error;
    sendPage(rc.res, 200, 'Estúdio Fillgás', [
      'O servidor do Estúdio está no ar, mas a interface ainda não foi escrita (studio/app/index.html não existe).',
    ]);
    return;
  }
  sendHtml(rc.res, 200, await rc.vite.transformIndexHtml('/', html));
}
