/**
 * What the preview frame loads without the cookie: it is sandboxed without allow-same-origin,
 * so its requests carry none. Only the site's public files: the self-hosted fonts, the files of
 * public/ (and the photo sizes made from them), and the frame's own page and script. Nothing here
 * is secret; everything else the server has needs the cookie.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileFolder } from '../../runtime/file-response.ts';
import { answered, sendHtml, sendPage } from './http.ts';
import { isErrno, isInside } from './page-files.ts';
import { previewAgent } from './preview-agent.ts';
import type { Runtime } from './runtime.ts';
import { setPreviewFrameHeaders, setPublicFileHeaders } from './security.ts';

export const PREVIEW_PAGE = '/estudio/preview.html';
export const PREVIEW_AGENT = '/estudio/preview-agent.js';
/** The frame's page in studio/app/preview/, served as it is (its agent is bundled: preview-agent.ts). */
const PREVIEW_PAGE_FILE = 'studio/app/preview/preview.html';

export type PublicFiles = ((
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
) => Promise<boolean>) & {
  /** Starts building the preview's script and loading the runtime (when the app is opened: the first preview then needs no wait). */
  warmPreview(): void;
  /** Stops what it watches (the server closes). */
  dispose(): void;
};

/** Created on first use: the runtime's middlewares load through the module runner. */
function lazy<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= make());
}

export function publicFiles(options: {
  root: string;
  /** Through realpath. */
  publicDir: string;
  runtime: Runtime;
}): PublicFiles {
  const { root, publicDir, runtime } = options;
  const fonts = lazy(async () => (await runtime.dev()).fontMiddleware(root));
  const imageSizes = lazy(async () => (await runtime.build()).imageVariantMiddleware(root, publicDir));
  const agent = previewAgent({ parts: true });
  // Looked up on every request (public/ changes while the Estúdio runs); a file removed between the
  // check below and the answer is a 404, never a crash (file-response.ts).
  const files = fileFolder(publicDir);

  /** A regular file of public/ that the path names, not reached through a link out. */
  const publicFile = async (pathname: string): Promise<boolean> => {
    const file = (await runtime.load()).publicFileOf(publicDir, pathname);
    if (!file) return false;
    try {
      const real = await realpath(file);
      return isInside(publicDir, real) && (await stat(real)).isFile();
    } catch (error) {
      if (isErrno(error, 'ENOENT') || isErrno(error, 'ENOTDIR')) return false;
      throw error;
    }
  };

  const serve = async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> => {
    if (pathname === PREVIEW_PAGE) {
      const html = await readFile(path.join(root, PREVIEW_PAGE_FILE), 'utf8').catch(notFoundAsUndefined);
      if (html === undefined) return previewMissing(res);
      setPreviewFrameHeaders(res);
      sendHtml(res, 200, html);
      return true;
    }
    if (pathname === PREVIEW_AGENT) {
      // A part of the agent (preview-agent.ts's parts): the same address with ?part=<name>.
      const part = new URL(req.url ?? '/', 'http://estudio').searchParams.get('part');
      const code = await (part === null ? agent.code() : agent.part(part)).catch((error: unknown) => {
        console.error('[estúdio] O script da prévia não foi montado.', error);
        return null;
      });
      if (code === null) return previewMissing(res);
      if (code === undefined) return fileMissing(res);
      setPublicFileHeaders(res);
      const bytes = Buffer.from(code);
      res.statusCode = 200;
      res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
      res.setHeader('Content-Length', bytes.length);
      res.setHeader('Cache-Control', 'no-store');
      res.end(bytes);
      return true;
    }
    if (pathname.startsWith('/assets/fonts/')) {
      setPublicFileHeaders(res);
      return (await answered(await fonts(), req, res)) || fileMissing(res);
    }
    if (await publicFile(pathname)) {
      setPublicFileHeaders(res);
      return (await files(req, res, pathname)) || fileMissing(res);
    }
    if (PHOTO_SIZE.test(pathname)) {
      setPublicFileHeaders(res);
      return (await answered(await imageSizes(), req, res)) || fileMissing(res);
    }
    // Not a public file: the request goes on to the checks of everything else.
    return false;
  };
  const warmPreview = () => {
    void agent.code().catch(() => undefined);
    // The runtime's modules, which the module runner transforms on first import (a second or
    // more): the first page opened then only renders. A failure shows on that first render.
    void Promise.all([options.runtime.dev(), options.runtime.blocks()]).catch(() => undefined);
  };
  return Object.assign(serve, { warmPreview, dispose: agent.dispose });
}

/** A size the image pipeline makes from a photo in public/ ("/images/foto-640w.avif"). */
const PHOTO_SIZE = /-\d+w\.(?:avif|webp|jpg|png)$/;

function fileMissing(res: ServerResponse): true {
  sendPage(res, 404, 'Arquivo não encontrado', [
    'Este arquivo não existe entre os arquivos públicos do site.',
  ]);
  return true;
}

function notFoundAsUndefined(error: unknown): undefined {
  if (isErrno(error, 'ENOENT')) return undefined;
  throw error;
}

function previewMissing(res: ServerResponse): true {
  sendPage(res, 404, 'Prévia indisponível', [
    'Os arquivos da prévia ainda não existem em studio/app/preview/.',
  ]);
  return true;
}
