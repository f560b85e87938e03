/**
 * Compression of a served file, done once per version of the file instead of once per request
 * (`npm run preview`, the browser tests and the audit serve the same few dozen files of dist/
 * thousands of times). The answer is the one the `compression` middleware gave before (decision
 * 0044): brotli at quality 4 when the browser accepts it, else gzip at zlib's default level, only
 * for compressible types of 1 KB or more, never for a HEAD or a `no-transform` answer. A CDN in
 * front of the site compresses with its own settings; this is the local stand-in for it.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** The compression middleware's threshold: smaller answers go as they are. */
const THRESHOLD = 1024;

/** Types worth compressing (mime-db's `compressible`, for the types file-response.ts knows). */
export function isCompressible(type: string): boolean {
  const bare = type.split(';')[0]!.trim().toLowerCase();
  return (
    bare.startsWith('text/') ||
    /\+(json|xml|text)$/.test(bare) ||
    ['application/json', 'application/xml', 'application/wasm', 'image/x-icon'].includes(bare)
  );
}

/**
 * The encoding to answer `req` with: the accepted one of br and gzip with the higher q, br when
 * both are equal; undefined when the browser accepts neither.
 */
export function chooseEncoding(req: IncomingMessage): Encoding | undefined {
  const header = req.headers['accept-encoding'];
  if (typeof header !== 'string' || header === '') return undefined;
  const q: Partial<Record<string, number>> = {};
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    q[name.trim()] = weight === undefined ? 1 : Number(weight);
  }
  const of = (name: Encoding) => q[name] ?? q['*'] ?? 0;
  const br = of('br');
  const gzip = of('gzip');
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

/** Whether the answer's Cache-Control forbids a proxy to transform it (`no-transform`). */
export const forbidsTransform = (cacheControl: unknown): boolean =>
  /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(cacheControl ?? ''));

/** Whether an answer of this type, size and headers is compressed at all. */
export function worthCompressing(
  req: IncomingMessage,
  type: string,
  size: number,
  cacheControl: unknown,
): boolean {
  return (
    req.method !== 'HEAD' && size >= THRESHOLD && isCompressible(type) && !forbidsTransform(cacheControl)
  );
}

/** Compressed copies by file version (device, inode, size, change time) and encoding. */
const cache = new Map<string, Buffer>();
/** Kept below this many bytes in all (oldest dropped first): a built site is a few MB. */
const CACHE_BYTES = 64 * 1024 * 1024;
let cachedBytes = 0;

/**
 * `bytes` compressed with `encoding`, from the cache when this version of the file was compressed
 * before. `version` must change whenever the file's bytes can have changed (file-response.ts uses
 * its device, inode, size and change time).
 */
export async function compressed(
  version: string,
  encoding: Encoding,
  read: () => Promise<Buffer>,
): Promise<Buffer> {
  const key = `${encoding} ${version}`;
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last, so the oldest is dropped first.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const bytes = await read();
  if (cache.has(key)) return cache.get(key)!; // compressed by another answer meanwhile
  const out =
    encoding === 'br'
      ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : gzipSync(bytes);
  cache.set(key, out);
  cachedBytes += out.length;
  for (const [oldKey, old] of cache) {
    if (cachedBytes <= CACHE_BYTES) break;
    cache.delete(oldKey);
    cachedBytes -= old.length;
  }
  return out;
}

/**
 * An answer made in memory (the 404 page), compressed as a file would be: sets Vary and
 * Content-Encoding on `res` as needed and returns the bytes to send.
 */
export async function compressBody(
  req: IncomingMessage,
  res: ServerResponse,
  type: string,
  bytes: Buffer,
): Promise<Buffer> {
  if (!isCompressible(type) || forbidsTransform(res.getHeader('Cache-Control'))) return bytes;
  res.setHeader('Vary', 'Accept-Encoding');
  const encoding = chooseEncoding(req);
  if (!encoding || !worthCompressing(req, type, bytes.length, res.getHeader('Cache-Control'))) return bytes;
  const version = `sha1:${createHash('sha1').update(bytes).digest('hex')}`;
  const body = await compressed(version, encoding, () => Promise.resolve(bytes));
  res.setHeader('Content-Encoding', encoding);
  return body;
}
