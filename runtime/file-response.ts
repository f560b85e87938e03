/**
 * Files answered from disk: every failure is an answer, never a crash. Used by `npm run preview`
 * (dev/static-server.ts: dist/ as a static host serves it) and by the Estúdio's server (the app's
 * build, public/). The file is opened before a byte of the answer is written, so a file that
 * vanished (a rebuild of dist/, a cache folder removed mid-session, a picture deleted) is "not
 * here" (the caller answers 404) and any other refusal of the disk is thrown before a header is
 * written (the caller's 500); a read that fails after the headers went out ends that one answer
 * (the connection is closed) and nothing else. sirv, which this replaces, piped a read stream
 * without an error handler: one missing file took the whole server down.
 */
import type { FileHandle } from 'node:fs/promises';
import { open, realpath } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import {
  chooseEncoding,
  compressed,
  forbidsTransform,
  isCompressible,
  worthCompressing,
} from './compress.ts';

const TYPES: Record<string, string> = {
  '.avif': 'image/avif',
  '.css': 'text/css; charset=utf-8',
  '.gif': 'image/gif',
  '.html': 'text/html; charset=utf-8',
  '.ico': 'image/x-icon',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.webm': 'video/webm',
  '.webmanifest': 'application/manifest+json',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml; charset=utf-8',
};

export const contentTypeOf = (file: string) =>
  TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

/** Whether `child` is `parent` or inside it (both absolute and resolved). */
function isInside(parent: string, child: string): boolean {
  return child === parent || child.startsWith(parent + path.sep);
}

export interface FileFolderOptions {
  /** Answer with the `.br` / `.gz` copy beside a file when the browser accepts it (the app's build). */
  precompressed?: boolean;
  /**
   * As a static host reads a built site: an address that names no file answers with its `.html`
   * or its folder's `index.html` ("/agendamento", "/agendamento/" and "/" are pages).
   */
  pages?: boolean;
  /** Headers of every answer (Cache-Control, the security headers). */
  setHeaders?: (res: ServerResponse) => void;
  /**
   * Compress text files for a browser that accepts it, once per version of the file
   * (runtime/compress.ts): a static host's answer, for a folder with no compressed copies.
   */
  compress?: boolean;
}

/** The files of `dir` by address: true when it answered, false when no such file is there (the caller's 404). */
export type FileFolder = (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<boolean>;

export function fileFolder(dir: string, options: FileFolderOptions = {}): FileFolder {
  const root = path.resolve(dir);
  let realRoot: Promise<string> | undefined;
  return async (req, res, pathname) => {
    const parts = partsOf(pathname);
    if (!parts) return false;
    const names =
      options.pages === true
        ? [...(parts.length > 0 ? [parts, withHtml(parts)] : []), [...parts, 'index.html']]
        : parts.length > 0
          ? [parts]
          : [];
    for (const name of names) {
      const file = path.join(root, ...name);
      if (!isInside(root, file)) continue;
      if (await answerWith(req, res, file)) return true;
    }
    return false;
  };

  async function answerWith(req: IncomingMessage, res: ServerResponse, file: string): Promise<boolean> {
    // Never through a link out of the folder (a symlink committed into public/, say).
    realRoot ??= realpath(root).catch(() => root);
    const real = await realpath(file).catch(() => undefined);
    if (real === undefined || !isInside(await realRoot, real)) return false;
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const candidates: { file: string; encoding?: string }[] = [];
    if (options.precompressed && /\bbr\b/.test(accepts))
      candidates.push({ file: `${file}.br`, encoding: 'br' });
    if (options.precompressed && /\bgzip\b/.test(accepts))
      candidates.push({ file: `${file}.gz`, encoding: 'gzip' });
    candidates.push({ file });
    for (const candidate of candidates) {
      const handle = await openFile(candidate.file);
      if (!handle) continue;
      await sendOpened(req, res, handle, {
        type: contentTypeOf(file),
        ...(candidate.encoding ? { encoding: candidate.encoding } : {}),
        vary: options.precompressed === true,
        setHeaders: options.setHeaders,
        compress: options.compress === true && candidate.encoding === undefined,
      });
      return true;
    }
    return false;
  }
}

/**
 * A whole server's request handler for a folder of built files (a Storybook build, a test
 * harness): the file as a static host finds it, else a bare 404; a disk error is a 500.
 */
export function folderHandler(dir: string): (req: IncomingMessage, res: ServerResponse) => void {
  const files = fileFolder(dir, { pages: true });
  return (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    files(req, res, pathname).then(
      (found) => {
        if (found) return;
        res.statusCode = 404;
        res.end();
      },
      () => {
        res.statusCode = 500;
        res.end();
      },
    );
  };
}

/** The names of the folders and file an address names: no dot-file or dot-folder, no NUL or backslash. */
function partsOf(pathname: string): string[] | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const parts = decoded.split('/').filter(Boolean);
  return parts.some((part) => part.startsWith('.')) ? undefined : parts;
}

const withHtml = (parts: string[]) => [...parts.slice(0, -1), `${parts.at(-1)!}.html`];

const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG']);

/**
 * The open file, undefined when it is not there (or not a file). Any other refusal of the disk is
 * thrown before a byte is written: the server's handler answers it as its 500 in Portuguese.
 */
async function openFile(file: string): Promise<FileHandle | undefined> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, 'r');
    if ((await handle.stat()).isFile()) return handle;
    await handle.close();
    return undefined;
  } catch (error) {
    await handle?.close().catch(() => undefined);
    if (MISSING.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw new Error(`O arquivo ${file} não pôde ser lido.`, { cause: error });
  }
}

/**
 * Streams an opened file (closed at the end, whatever happens) as the answer; throws, before any
 * header is written, only when the open file cannot even be measured.
 */
export async function sendOpened(
  req: IncomingMessage,
  res: ServerResponse,
  handle: FileHandle,
  options: {
    type: string;
    encoding?: string;
    vary?: boolean;
    setHeaders?: ((res: ServerResponse) => void) | undefined;
    /** Compress the file on the way out when the browser accepts it (runtime/compress.ts). */
    compress?: boolean;
  },
): Promise<void> {
  let stats;
  try {
    stats = await handle.stat();
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  const etag = `W/"${stats.size}-${stats.mtime.getTime()}"`;
  options.setHeaders?.(res);
  if (options.vary) res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', stats.mtime.toUTCString());
  if (req.headers['if-none-match'] === etag) {
    await handle.close().catch(() => undefined);
    res.writeHead(304);
    res.end();
    return;
  }
  res.setHeader('Content-Type', options.type);
  if (options.encoding) res.setHeader('Content-Encoding', options.encoding);
  res.statusCode = 200;
  if (options.compress && isCompressible(options.type)) {
    // As the compression middleware did: Vary on every compressible answer it may transform.
    if (!forbidsTransform(res.getHeader('Cache-Control'))) res.setHeader('Vary', 'Accept-Encoding');
    const encoding = chooseEncoding(req);
    if (encoding && worthCompressing(req, options.type, stats.size, res.getHeader('Cache-Control'))) {
      // The file's version: any write to it changes its size or change time; a new build's file is a new inode.
      const version = `${stats.dev}:${stats.ino}:${stats.size}:${stats.ctimeMs}:${stats.mtimeMs}`;
      let body: Buffer;
      try {
        body = await compressed(version, encoding, () => handle.readFile());
      } finally {
        await handle.close().catch(() => undefined);
      }
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', body.length);
      res.end(body);
      return;
    }
  }
  res.setHeader('Content-Length', stats.size);
  if (req.method === 'HEAD') {
    await handle.close().catch(() => undefined);
    res.end();
    return;
  }
  const stream = handle.createReadStream({ autoClose: true });
  // A read that fails now (the disk, a file cut short) ends this answer only: its headers are out,
  // so the connection is closed and the browser sees an incomplete answer, never a wrong one.
  stream.on('error', (error) => {
    console.error('A leitura de um arquivo falhou no meio da resposta.', error);
    res.destroy();
  });
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}
