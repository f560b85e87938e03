/** A real Estúdio server on 127.0.0.1 over a temporary copy of pages/, and ways to talk to it. */
import { createHash, randomBytes, scryptSync } from 'node:crypto';
import { cp, lstat, mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { HostedOptions } from '../../studio/server/hosted/gate.ts';
import { createStudioServer, type StudioServer } from '../../studio/server/server.ts';

export const root = path.resolve(import.meta.dirname, '../..');

export interface Studio {
  server: StudioServer;
  base: string;
  origin: string;
  cookie: string;
  /** The temporary folder: `pages/` (the copy the server edits) and anything a test puts beside it. */
  tmp: string;
  pagesDir: string;
  /** The public folder the server serves and uploads into: a copy in `tmp` with `copyPublic`. */
  publicDir: string;
  /** The Estúdio's own state (the audit log, audit.log): always inside `tmp`. */
  dataDir: string;
  /** Default headers for the API: the session cookie, the Estúdio's Origin, JSON. */
  api(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

export interface StudioTestOptions {
  /** Copy public/ into the temporary folder too, so the server writes there (uploads). */
  copyPublic?: boolean;
  /**
   * Hosted mode, at http://127.0.0.1:<a free port> (its publicUrl). No token: `cookie` is empty,
   * and a test signs in through POST /entrar (tests/studio/hosted.test.ts).
   */
  hosted?: Omit<HostedOptions, 'publicUrl'>;
  /** The Estúdio's state folder, when it must outlive the server (a restart); default inside `tmp`. */
  dataDir?: string;
}

/** A port free right now (the hosted public address must name its port before the server listens). */
async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startStudio(options: StudioTestOptions = {}): Promise<Studio> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'estudio-teste-'));
  const pagesDir = path.join(tmp, 'pages');
  await cp(path.join(root, 'pages'), pagesDir, { recursive: true });
  const publicDir = options.copyPublic ? path.join(tmp, 'public') : path.join(root, 'public');
  if (options.copyPublic) await cp(path.join(root, 'public'), publicDir, { recursive: true });
  // Never the repository's .estudio/: a test's audit lines stay in its own folder.
  const dataDir = options.dataDir ?? path.join(tmp, '.estudio');
  const port = options.hosted ? await freePort() : 0;
  const server = await createStudioServer({
    root,
    pagesDir,
    publicDir,
    dataDir,
    port,
    // The runtime as this test process loaded it (Vitest's shared worker has it already), not through
    // a Vite module runner of its own per Estúdio: about 0.7 s of CPU less a start. The runner's path
    // ('hot', npm run studio) is tested in runtime-hot.test.ts (decision 0039, session 20b).
    runtime: 'loaded',
    ...(options.hosted
      ? { host: '127.0.0.1', hosted: { publicUrl: `http://127.0.0.1:${port}`, ...options.hosted } }
      : {}),
  });
  const base = `http://127.0.0.1:${server.port}`;
  const cookie = options.hosted ? '' : `estudio-${server.port}=${server.token}`;
  return {
    server,
    base,
    origin: base,
    cookie,
    tmp,
    pagesDir,
    publicDir,
    dataDir,
    api: (method, url, body, headers = {}) =>
      fetch(`${base}${url}`, {
        method,
        redirect: 'manual',
        headers: {
          Cookie: cookie,
          ...(method === 'GET' || method === 'HEAD' ? {} : { Origin: base }),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      }),
    close: async () => {
      await server.close();
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

export const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/**
 * A password hash in the stored form (`scrypt$N$r$p$salt$key`, studio/server/hosted/passwords.ts)
 * at the lowest cost that form accepts (N=2^10, r=8, p=1): the server verifies a hash with the
 * settings it names, so accounts made here sign in as they would with the account command's
 * hashes, for 3 ms of CPU instead of about 250 ms each (hosted.test.ts signs in some forty times).
 * The account command's own hashes (N=2^15, r=8, p=3) are checked in hosted.test.ts.
 */
export function cheapHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, 32, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Every entry under `dir` with its bytes (a link: its target): equal snapshots, nothing was written. */
export async function snapshot(dir: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true })) {
    const abs = path.join(dir, entry);
    // (A temporary file renamed away while the folder was being listed was never there.)
    const stats = await lstat(abs).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!stats) continue;
    if (stats.isSymbolicLink()) result[entry] = `link → ${await readlink(abs)}`;
    else if (stats.isFile()) result[entry] = sha256(await readFile(abs));
    else result[entry] = 'folder';
  }
  return result;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * http.request, for what fetch will not send (a foreign Host header, a body written in chunks
 * with no Content-Length). A server that answers before reading the whole body may close the
 * connection while the body is still being written: the answer counts, the write error does not.
 */
export function rawRequest(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; chunks?: Buffer[] },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered && error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}
