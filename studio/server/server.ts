/**
 * The Estúdio's server: one Node HTTP server on 127.0.0.1 that serves the browser app (a
 * production build, `appDir`, or through Vite in middleware mode with hot reload), the JSON API,
 * and the preview frame's public files, behind the checks of security.ts. docs: ../shared/docs/studio.md ("Security of a server that writes files").
 *
 * Hosted (`hosted` option, decision 0018), the same server listens on any interface behind the
 * platform's HTTPS: accounts and sessions or an identity-aware proxy instead of the token
 * (hosted/gate.ts), the app as a production build under a strict CSP (hosted/app.ts), no HMR.
 * Vite still runs in middleware mode there, for the runtime's SSR module runner. A process that
 * runs the kept bundle ('loaded') with a built app, hosted or not, loads no Vite at all.
 */
import { EventEmitter } from 'node:events';
import { readFile, realpath } from 'node:fs/promises';
import http, { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import { APP_HTML } from '../app-build.ts';
import type { StudioMode } from '../api.ts';
import { handleApi, type ApiContext } from './api.ts';
import { answered, HttpError, nameRefusal, sendHtml, sendJson, sendPage } from './http.ts';
import { isErrno, removeTempLeftovers } from './page-files.ts';
import { publicFiles, type PublicFiles } from './public-files.ts';
import { createAuditLog } from './audit.ts';
import { localPerson, type ActingPerson } from './people.ts';
import { createPresence } from './presence.ts';
import { publisherFor } from './publish.ts';
import { createPictures } from './review/pictures.ts';
import { createRuntime, type Runtime, type RuntimeLoading } from './runtime.ts';
import {
  answerSharedPreview,
  attachSharedPreviews,
  createSharedPreviewStore,
  isSharedPreviewPath,
} from './shared-previews.ts';
import { APP_ASSETS_PREFIX, prepareApp, type BuiltApp } from './hosted/app.ts';
import { createHostedGate, sendHostedPage, type HostedGate, type HostedOptions } from './hosted/gate.ts';
import { attachPeople } from './hosted/people-directory.ts';
import {
  appCsp,
  hasSessionCookie,
  hostAllowed,
  isSafeMethod,
  newNonce,
  newToken,
  originAllowed,
  sameSecret,
  sessionCookie,
  setBaseHeaders,
  setHostedBaseHeaders,
  setNoFramingHeaders,
} from './security.ts';

export const DEFAULT_PORT = 5180;

/** In local mode's page of the built app (the hosted page has none): read by session-bar.tsx. */
const LOCAL_MODE_META = '<meta name="estudio-modo" content="local">';

export interface StudioOptions {
  /** The project root: runtime/, blocks/, studio/app/. */
  root: string;
  /** Default: <root>/pages. The API still names its files "pages/<path inside it>". */
  pagesDir?: string;
  /** Default: <root>/public. */
  publicDir?: string;
  /** Default: 5180; 0 picks a free port (reported in `port` and `url`). */
  port?: number;
  /**
   * Local mode listens on the loopback interface only: "127.0.0.1" (default) or "localhost".
   * Hosted: any interface, default "0.0.0.0".
   */
  host?: string;
  /** Default: 32 new random bytes, base64url. */
  token?: string;
  /**
   * The Estúdio's own state, never published: the audit log (audit.log) and, hosted, the
   * accounts and sessions. Default: <root>/.estudio (ignored by git).
   */
  dataDir?: string;
  /** Runs hosted, for people with only a browser (decision 0018): no token, sign-in instead. */
  hosted?: HostedOptions;
  /**
   * Local mode: serve this production build of the app (app-cache.ts, or npm run studio:build)
   * under the hosted Estúdio's strict CSP, instead of Vite's development app with hot reload.
   */
  appDir?: string;
  /** Builds `appDir` again when it vanishes while the Estúdio runs (a cache folder: hosted/app.ts). */
  rebuildApp?: () => Promise<string>;
  /**
   * Test-only: the GA4 Data API at this address ("http://127.0.0.1:PORT", tests/servers/fake-ga4.ts)
   * instead of Google's (decision 0036). npm run studio reads it from STUDIO_GA4_ENDPOINT.
   */
  ga4Endpoint?: string;
  /**
   * How the runtime is loaded (runtime.ts). Default 'hot': an edit to runtime/ or blocks/ shows in
   * the next preview. 'loaded' only for a process that runs a bundle of the sources (main.ts): it
   * follows no edit of the sources then (no file watcher but the preview script's own).
   */
  runtime?: RuntimeLoading;
}

export interface StudioServer {
  /** The address to open: local, with the token (http://127.0.0.1:<port>/?token=<token>); hosted, the public one. */
  url: string;
  /** Local mode's token; empty when hosted. */
  token: string;
  port: number;
  mode: StudioMode;
  close(): Promise<void>;
}

/** Hosted: answered before any check, for the platform's health check (it knows no Host). */
const HEALTH_PATH = '/saude';

export async function createStudioServer(options: StudioOptions): Promise<StudioServer> {
  const root = path.resolve(options.root);
  const pagesDir = path.resolve(options.pagesDir ?? path.join(root, 'pages'));
  const publicDir = path.resolve(options.publicDir ?? path.join(root, 'public'));
  const host = options.host ?? (options.hosted ? '0.0.0.0' : '127.0.0.1');
  if (!options.hosted && host !== '127.0.0.1' && host !== 'localhost') {
    throw new Error(`O Estúdio local só escuta em 127.0.0.1 (recebido: ${host}).`);
  }
  const token = options.hosted ? '' : (options.token ?? newToken());
  if (!options.hosted && token.length < 16)
    throw new Error('O token do Estúdio precisa ter ao menos 16 caracteres.');
  // Containment is checked against real paths: a link anywhere in the way is resolved first.
  const realPagesDir = await realpath(pagesDir);
  const realPublicDir = await realpath(publicDir).catch(() => publicDir);
  const dataDir = path.resolve(options.dataDir ?? path.join(root, '.estudio'));
  // A save or an upload killed midway (a crash, a power cut) leaves its temporary file beside the
  // page or image: never read, but clutter in the folder and in `git status`.
  await removeTempLeftovers(realPagesDir);
  await removeTempLeftovers(path.join(realPublicDir, 'images'));
  const audit = createAuditLog(path.join(dataDir, 'audit.log'));
  // Hosted: the accounts (or the proxy's settings) and the app's build, before anything else.
  const hosted = options.hosted ? await createHostedGate(options.hosted, { audit, dataDir }) : undefined;

  // Local mode with a build of the app (npm run studio; app-cache.ts): served like hosted's.
  const builtApp =
    !hosted && options.appDir
      ? await prepareApp(options.appDir, options.rebuildApp ? { rebuild: options.rebuildApp } : {})
      : undefined;
  const devApp = !hosted && !builtApp;

  const httpServer = http.createServer();
  // An idle connection is kept 65 s, not Node's 5 s: a client that reuses it just as a 5 s timer
  // closes it gets a reset on a request that never arrived (undici's fetch does not retry a POST;
  // seen as ECONNRESET in the publishing tests on a loaded machine), and a proxy in front of a
  // hosted Estúdio keeps its connections about 60 s. Headers still have to arrive within 66 s.
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;
  // Vite's HMR WebSocket listens for 'upgrade' here; only upgrades that pass our checks reach it.
  const upgrades = new EventEmitter();
  const runtimeLoading = options.runtime ?? 'hot';
  // Vite serves the development app and runs the runtime's module runner ('hot'): a process that
  // does neither (the kept bundle with a built app) never loads it (about 0.1 s of CPU a start).
  // 'hot' starts it at once; a 'loaded' process with the development app (the tests' in-process
  // Estúdios) at the first request for the app, which most of them never make: Vite's start there
  // took 0.1–0.4 s of CPU and its close up to 0.1 s (decision 0039, session 26).
  const vite =
    devApp || runtimeLoading === 'hot'
      ? lazyVite(() => startVite(root, devApp, runtimeLoading, upgrades))
      : undefined;
  try {
    if (runtimeLoading === 'hot') await vite!.get();
  } catch (error) {
    await hosted?.dispose();
    throw error;
  }

  let runtime: Runtime;
  try {
    runtime = await createRuntime(vite?.started(), { root, pagesDir, publicDir }, runtimeLoading);
  } catch (error) {
    await vite?.close();
    await hosted?.dispose();
    throw error;
  }
  const person = await localPerson(pagesDir);
  const ctx: ApiContext = {
    runtime,
    pagesDir: realPagesDir,
    publicDir: realPublicDir,
    audit,
    publisher: await publisherFor({ root, pagesDir, publicDir, audit, runtime }),
    presence: createPresence(),
    mode: hosted?.mode ?? 'local',
    pictures: createPictures(),
    dataDir,
    ga4: { dataDir, ...(options.ga4Endpoint ? { endpoint: options.ga4Endpoint } : {}) },
  };
  // Hosted: shared previews' links (decision 0050); local mode says sharing needs the hosted Estúdio.
  if (hosted)
    attachSharedPreviews(
      ctx,
      createSharedPreviewStore({
        dataDir,
        origin: hosted.publicUrl.origin,
        ...(options.hosted?.now ? { now: options.hosted.now } : {}),
      }),
    );
  // Pessoas (decision 0048): the hosted accounts, whose roles the Administrador changes.
  if (hosted?.people) attachPeople(ctx, hosted.people);
  const servePublic = publicFiles({ root, publicDir: realPublicDir, runtime });
  let port = 0;

  httpServer.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void handle({ req, res, port, token, root, ctx, vite, servePublic, person, hosted, builtApp });
  });
  httpServer.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const status = !devApp
      ? 404
      : !hostAllowed(req, port) || !originAllowed(req, port)
        ? 403
        : hasSessionCookie(req, port, token)
          ? 0
          : 401;
    if (status === 0) {
      // (Vite's socket listens once Vite has started: at the first upgrade, in a 'loaded' process.)
      if (vite!.started()) return upgrades.emit('upgrade', req, socket, head);
      void vite!.get().then(
        () => upgrades.emit('upgrade', req, socket, head),
        () => socket.destroy(),
      );
      return;
    }
    socket.on('error', () => {});
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
  });

  try {
    port = await listen(httpServer, options.port ?? DEFAULT_PORT, host);
  } catch (error) {
    servePublic.dispose();
    await vite?.close();
    await runtime.dispose();
    await hosted?.dispose();
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    url: hosted ? `${hosted.publicUrl.origin}/` : `http://127.0.0.1:${port}/?token=${token}`,
    token,
    port,
    mode: hosted?.mode ?? 'local',
    close: () =>
      (closing ??= (async () => {
        await new Promise<void>((resolve) => {
          httpServer.close(() => resolve());
          httpServer.closeAllConnections();
        });
        servePublic.dispose();
        await vite?.close();
        await runtime.dispose();
        await hosted?.dispose();
        await ctx.pictures?.dispose();
        await ctx.publisher.builds.dispose();
      })()),
  };
}

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // "localhost" is listened on as 127.0.0.1, as before: the Host check accepts both names.
    server.listen(port, host === 'localhost' ? '127.0.0.1' : host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Vite, started by the first `get()` (again after a failed start); `close()` closes it if it started. */
interface LazyVite {
  get(): Promise<ViteDevServer>;
  /** Once started. */
  started(): ViteDevServer | undefined;
  close(): Promise<void>;
}

function lazyVite(start: () => Promise<ViteDevServer>): LazyVite {
  let starting: Promise<ViteDevServer> | undefined;
  let server: ViteDevServer | undefined;
  return {
    get: () =>
      (starting ??= start().then(
        (started) => (server = started),
        (error: unknown) => {
          starting = undefined;
          throw error;
        },
      )),
    started: () => server,
    close: async () => {
      if (starting) await (await starting.catch(() => undefined))?.close();
    },
  };
}

/** Vite in middleware mode, for the development app (`devApp`) and the runtime's module runner ('hot'). */
async function startVite(
  root: string,
  devApp: boolean,
  runtimeLoading: RuntimeLoading,
  upgrades: EventEmitter,
): Promise<ViteDevServer> {
  const [{ createServer }, { appViteConfig }] = await Promise.all([
    import('vite'),
    import('../app/vite-config.ts'),
  ]);
  return createServer({
    root,
    configFile: false,
    appType: 'custom',
    logLevel: 'warn',
    // A built app (hosted, or local without --dev): no HMR socket at all (the SSR runner needs none).
    server: {
      middlewareMode: true,
      ws: devApp ? { server: upgrades as unknown as http.Server } : false,
      // Vite's file watcher follows the sources' edits: through it the module runner runs an edited
      // module of runtime/ or blocks/ at the next preview ('hot', npm run studio), and the dev app
      // reloads. A process that runs a snapshot of the sources ('loaded': the kept bundle, tests)
      // follows no edit, and the watcher's walk of the whole checkout was about a third of its
      // start's CPU (0.4 s; decision 0039, session 25). pages/ and public/ are read afresh at every
      // request in every mode, and the preview's script watches its own sources (preview-agent.ts).
      ...(runtimeLoading === 'loaded' ? { watch: null } : {}),
    },
    ...appViteConfig(),
    // A built app: no module of the app is served, so none is pre-bundled, and what Vite keeps
    // is kept apart (this process runs with NODE_ENV=production: its bundles would not suit --dev).
    ...(devApp
      ? {}
      : {
          optimizeDeps: { noDiscovery: true, include: [] },
          cacheDir: path.join(root, 'node_modules/.vite-estudio'),
        }),
  });
}

interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  port: number;
  token: string;
  root: string;
  ctx: ApiContext;
  /** Undefined in a process that runs neither the development app nor the module runner. */
  vite: LazyVite | undefined;
  servePublic: PublicFiles;
  /** Local mode's author (git config). */
  person: ActingPerson;
  hosted: HostedGate | undefined;
  builtApp: BuiltApp | undefined;
}

async function handle(rc: RequestContext): Promise<void> {
  const { req, res, hosted } = rc;
  if (hosted) setHostedBaseHeaders(res, hosted.publicUrl);
  else {
    setBaseHeaders(res);
    setNoFramingHeaders(res);
  }
  const page = hosted ? sendHostedPage : sendPage;
  const url = req.url ?? '/';
  const pathname = url.split('?')[0]!;
  // API callers and writers get JSON; a person at the address bar gets a page.
  const wantsJson = pathname === '/api' || pathname.startsWith('/api/') || !isSafeMethod(req.method);
  try {
    await route(rc, url, pathname);
  } catch (thrown) {
    if (res.headersSent) {
      if (!(thrown instanceof HttpError)) console.error(thrown);
      res.destroy();
      return;
    }
    // A name the file system refuses as too long is the request's fault: a 4xx, not a 500.
    const error = nameRefusal(thrown) ?? thrown;
    if (error instanceof HttpError) {
      // A refused body is never read to its end: close the connection rather than drain it.
      if (!rc.req.complete) res.setHeader('Connection', 'close');
      if (wantsJson) sendJson(res, error.status, error.body);
      else page(res, error.status, titleOf(error.status, hosted), [error.message]);
      return;
    }
    console.error(error);
    const message = hosted
      ? 'Erro interno do Estúdio: nada foi alterado. Tente de novo; se continuar, avise quem cuida do Estúdio (os detalhes estão no registro do servidor).'
      : 'Erro interno do Estúdio: nada foi alterado. Veja os detalhes no terminal onde ele foi iniciado.';
    if (wantsJson) sendJson(res, 500, { error: message });
    else page(res, 500, 'Erro interno', [message]);
  }
}

const titleOf = (status: number, hosted: HostedGate | undefined) =>
  status === 401
    ? hosted
      ? 'Entre no Estúdio'
      : 'Abra o Estúdio pelo endereço do terminal'
    : status === 404
      ? 'Não encontrado'
      : 'Pedido recusado';

const NO_ACCESS =
  'Este navegador ainda não tem acesso ao Estúdio. Abra o endereço que o comando npm run studio mostrou no terminal (a linha que começa com http://127.0.0.1 e termina com ?token=…).';

async function route(rc: RequestContext, url: string, pathname: string): Promise<void> {
  const { req, res, port, token, hosted } = rc;
  if (hosted && pathname === HEALTH_PATH && isSafeMethod(req.method)) {
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end('ok\n');
    return;
  }
  if (hosted ? !hosted.hostAllowed(req) : !hostAllowed(req, port)) {
    // A foreign Host: a site that points its own name at 127.0.0.1 (DNS rebinding), or, hosted,
    // any name but the public address's.
    throw new HttpError(
      403,
      hosted
        ? `Endereço não reconhecido. Abra o Estúdio por ${hosted.publicUrl.origin}/.`
        : `Endereço não reconhecido. Abra o Estúdio por http://127.0.0.1:${port}/ ou http://localhost:${port}/.`,
    );
  }
  // A shared preview's link (decision 0050): its page, its comment form and the page script, with
  // no session (the token opens that page only; its POST carries "Origin: null", no-referrer).
  if (hosted && isSharedPreviewPath(pathname)) {
    const query = new URLSearchParams(url.slice(pathname.length + 1));
    if (await answerSharedPreview(rc.ctx, req, res, pathname, query)) return;
  }
  if (!isSafeMethod(req.method) && !(hosted ? hosted.originAllowed(req) : originAllowed(req, port))) {
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
  if (hosted) {
    await routeHosted(rc, hosted, pathname, query);
    return;
  }
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

  if (isApiPath(pathname)) {
    await answerApi(rc, query, rc.person, pathname);
    return;
  }
  if (!isSafeMethod(req.method))
    throw new HttpError(405, `O método ${req.method} não é aceito neste endereço.`);
  if (pathname === '/') {
    rc.servePublic.warmPreview();
    if (rc.builtApp) {
      const nonce = newNonce();
      res.setHeader('Content-Security-Policy', appCsp(nonce));
      // The app tells local mode by this (no sign-in: no bar with "Sair", session-bar.tsx).
      sendHtml(res, 200, rc.builtApp.page(nonce).replace('</head>', `${LOCAL_MODE_META}</head>`));
      return;
    }
    await sendApp(rc);
    return;
  }
  if (rc.builtApp && pathname.startsWith(APP_ASSETS_PREFIX)) {
    res.setHeader('Content-Security-Policy', appCsp());
    if (await rc.builtApp.serve(req, res)) return;
  }
  // The app's modules, Vite's client and dependencies: only for the development app. With a built
  // app (npm run studio) Vite is there for the runtime's module runner alone, and its middlewares
  // would serve any file of the checkout (sources, package.json, node_modules) to the cookie.
  if (rc.builtApp || !rc.vite || !(await answered((await rc.vite.get()).middlewares, req, res)))
    throw new HttpError(404, 'Este endereço não existe no Estúdio.');
}

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/** An /api/ request, answered by api.ts on behalf of `person`. */
async function answerApi(rc: RequestContext, query: URLSearchParams, person: ActingPerson, pathname: string) {
  const answer = await handleApi(rc.ctx, { req: rc.req, query, person }, pathname);
  for (const [name, value] of Object.entries(answer.headers ?? {})) rc.res.setHeader(name, value);
  if (Buffer.isBuffer(answer.body)) {
    // A picture (review/): its bytes, with the type and caching the handler set.
    rc.res.statusCode = answer.status;
    rc.res.setHeader('Content-Length', answer.body.length);
    rc.res.end(answer.body);
    return;
  }
  sendJson(rc.res, answer.status, answer.body);
}

/** Hosted, past the Host, Origin and public-file checks: sign-in, then what local mode serves. */
async function routeHosted(
  rc: RequestContext,
  hosted: HostedGate,
  pathname: string,
  query: URLSearchParams,
): Promise<void> {
  const { req, res } = rc;
  if (await hosted.answer(req, res, pathname, query)) return;
  const identity = await hosted.identify(req);
  if ('refused' in identity) {
    hosted.refuse(req, res, pathname, identity.refused);
    return;
  }
  if (isApiPath(pathname)) {
    await answerApi(rc, query, identity.person, pathname);
    return;
  }
  if (!isSafeMethod(req.method))
    throw new HttpError(405, `O método ${req.method} não é aceito neste endereço.`);
  if (pathname === '/') {
    // A new nonce on every answer: the style elements Emotion and CodeMirror add carry it.
    const nonce = newNonce();
    res.setHeader('Content-Security-Policy', appCsp(nonce));
    // The Sair form's POST must carry its Origin ("no-referrer" would make it `null`).
    res.setHeader('Referrer-Policy', 'same-origin');
    sendHtml(res, 200, hosted.app.page(nonce));
    rc.servePublic.warmPreview();
    return;
  }
  // The built app's files (and its YAML worker, which runs under the policy it is served with).
  if (pathname.startsWith(APP_ASSETS_PREFIX)) {
    res.setHeader('Content-Security-Policy', appCsp());
    if (await hosted.app.serve(req, res)) return;
  }
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
  // (Only without a built app, where there is always a Vite to start.)
  sendHtml(rc.res, 200, await (await rc.vite!.get()).transformIndexHtml('/', html));
}
