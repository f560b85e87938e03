/** Answers and request bodies: JSON for the API, a short Portuguese page for the browser's address bar. */
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Connect } from 'vite';
import type { ApiError } from '../api.ts';

/** Requests bigger than this are refused while they stream in. */
export const MAX_BODY_BYTES = 512 * 1024;

/** A refusal: `status` and the Portuguese `ApiError` (plus fields such as `current` or `dependents`). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Omit<ApiError, 'error'> & Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  get body(): ApiError & Record<string, unknown> {
    return { error: this.message, ...this.details };
  }
}

/**
 * The last resort for a name the checks let through that the file system still refuses as too
 * long (ENAMETOOLONG: a pages or public folder deep in the disk, a path past PATH_MAX): the name
 * asked for is at fault, so a 400 in Portuguese, never an internal error. Undefined otherwise.
 */
export function nameRefusal(error: unknown): HttpError | undefined {
  if (!(error instanceof Error) || (error as NodeJS.ErrnoException).code !== 'ENAMETOOLONG') return undefined;
  return new HttpError(
    400,
    'O nome ou endereço pedido é longo demais para o sistema de arquivos do servidor: use um nome mais curto.',
  );
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const bytes = Buffer.from(JSON.stringify(body));
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', bytes.length);
  res.setHeader('Cache-Control', 'no-store');
  res.end(bytes);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** sendPage's only style; the hosted Estúdio's CSP allows exactly this attribute, by its hash. */
export const PAGE_STYLE =
  'font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5';

/** A minimal page in Portuguese (the refusals a person sees in the address bar, the placeholder app). */
export function sendPage(res: ServerResponse, status: number, title: string, paragraphs: string[]): void {
  const html = [
    '<!doctype html>',
    '<html lang="pt-BR">',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<body style="${PAGE_STYLE}">`,
    `<h1>${escapeHtml(title)}</h1>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    '</body>',
    '</html>',
    '',
  ].join('\n');
  sendHtml(res, status, html);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  const bytes = Buffer.from(html);
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Length', bytes.length);
  res.setHeader('Cache-Control', 'no-store');
  res.end(bytes);
}

/**
 * The bytes of a request body, at most `limit`: refused with `tooLarge()` as soon as the declared
 * length or the bytes received pass it (the rest is never read, and nothing past the limit is kept).
 */
export async function readRawBody(
  req: IncomingMessage,
  limit: number,
  tooLarge: () => HttpError,
): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > limit) throw tooLarge();
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/**
 * The JSON body of a request: Content-Type application/json, at most MAX_BODY_BYTES (refused as
 * soon as the declared length or the bytes received pass it: the rest is never read), UTF-8.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpError(
      415,
      'Envie os dados em JSON: o cabeçalho Content-Type precisa ser application/json.',
    );
  }
  const bytes = await readRawBody(
    req,
    MAX_BODY_BYTES,
    () =>
      new HttpError(413, `Dados grandes demais: o limite de uma requisição é ${MAX_BODY_BYTES / 1024} KB.`),
  );
  // Checked, then decoded: the same refusals as a fatal TextDecoder, which is several times slower
  // (the preview's 200 KB sources, a keystroke each). As TextDecoder does, a leading BOM is dropped.
  if (!isUtf8(bytes)) throw new HttpError(400, 'Os dados enviados não estão em UTF-8.');
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'Os dados enviados não são um JSON válido.');
  }
}

/** Runs a connect middleware; true when it answered, false when it passed the request on. */
export function answered(middleware: Connect.NextHandleFunction, req: IncomingMessage, res: ServerResponse) {
  return new Promise<boolean>((resolve, reject) => {
    const done = () => resolve(true);
    res.once('close', done);
    try {
      middleware(req as Connect.IncomingMessage, res, (error?: unknown) => {
        res.off('close', done);
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve(false);
      });
    } catch (error) {
      res.off('close', done);
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
