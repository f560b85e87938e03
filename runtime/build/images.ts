/**
 * The sized AVIF, WebP and fallback files of raster images, generated with sharp from the
 * originals in public/. design/picture.tsx names the variants in its srcsets
 * ("/images/foto-640w.avif"); the build finds every such URL in the rendered pages and writes
 * exactly those files (nothing is generated for an image no page shows), the dev server makes
 * them on request. Results are cached by content in node_modules/.cache, so only new or changed
 * photos cost time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Connect } from 'vite';
import type { VariantFormat } from '../../design/picture.tsx';
import { insidePublic } from '../load/index.ts';

/** A variant URL: /path/name-<width>w.<format>. */
const VARIANT = /^(\/[^\s"',?#]+)-(\d+)w\.(avif|webp|jpg|png)$/;
const IN_HTML = /\/[^\s"',?#<>]+-\d+w\.(?:avif|webp|jpg|png)/g;
const SOURCE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.JPG', '.JPEG', '.PNG', '.WEBP'];

/** Encoder settings: visually clean for photos at a fraction of the bytes. */
export const ENCODE = {
  avif: { quality: 55, effort: 4 },
  webp: { quality: 78, effort: 4 },
  jpg: { quality: 80, mozjpeg: true },
  png: { compressionLevel: 9, palette: true },
} as const;

export interface Variant {
  url: string;
  width: number;
  format: VariantFormat;
}

export function parseVariantUrl(url: string): (Variant & { base: string }) | undefined {
  const m = VARIANT.exec(url);
  if (!m) return undefined;
  return { url, base: m[1]!, width: Number(m[2]), format: m[3] as VariantFormat };
}

/** Every variant URL named in some HTML (srcset, imagesrcset, src). */
export function variantUrlsIn(html: string): string[] {
  return [...new Set(html.match(IN_HTML) ?? [])].filter((url) => parseVariantUrl(url));
}

/** The original in public/ a variant is made from (base decoded), or undefined. */
export function sourceOf(publicDir: string, base: string): string | undefined {
  return SOURCE_EXTENSIONS.map((ext) => insidePublic(publicDir, `${base}${ext}`)).find(
    (f) => f !== undefined && existsSync(f),
  );
}

/** Encodes one variant (cached by source bytes, width and format). */
export async function makeVariant(root: string, publicDir: string, url: string): Promise<Buffer> {
  const variant = parseVariantUrl(url);
  if (!variant) throw new Error(`${url} não é o endereço de uma versão de imagem`);
  const source = sourceOf(publicDir, variant.base);
  if (!source) throw new Error(`a imagem ${url} não tem original em public${variant.base}.(jpg|png|webp)`);
  const bytes = await readFile(source);
  const key = createHash('sha256')
    .update(bytes)
    .update(JSON.stringify([variant.width, variant.format, ENCODE[variant.format]]))
    .digest('hex')
    .slice(0, 24);
  const cacheDir = path.join(root, 'node_modules/.cache/fillgas-images');
  const cached = path.join(cacheDir, `${key}.${variant.format}`);
  if (existsSync(cached)) return readFile(cached);
  const { default: sharp } = await import('sharp');
  const pipeline = sharp(bytes).rotate().resize({ width: variant.width, withoutEnlargement: true });
  const out =
    variant.format === 'avif'
      ? pipeline.avif(ENCODE.avif)
      : variant.format === 'webp'
        ? pipeline.webp(ENCODE.webp)
        : variant.format === 'png'
          ? pipeline.png(ENCODE.png)
          : pipeline.jpeg(ENCODE.jpg);
  const result = await out.toBuffer();
  await mkdir(cacheDir, { recursive: true });
  // Written aside, then renamed: a build running at the same time (two test files, two
  // previews) never reads a half-written image from the cache.
  const partial = `${cached}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(partial, result);
  await rename(partial, cached);
  return result;
}

/**
 * Writes every variant the pages name into a built folder. Two at a time (AVIF encoding
 * is CPU-bound; the build machine has 2 cores). Returns the files written.
 */
export async function writeImageVariants(
  root: string,
  publicDir: string,
  outDir: string,
  pages: readonly string[],
): Promise<string[]> {
  const urls = [...new Set(pages.flatMap(variantUrlsIn))].sort();
  const queue = [...urls];
  const worker = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      const bytes = await makeVariant(root, publicDir, url);
      const target = path.join(outDir, url.slice(1));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
    }
  };
  await Promise.all([worker(), worker()]);
  return urls;
}

const TYPES: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** Dev server: makes a variant when the browser asks for it. */
export function imageVariantMiddleware(root: string, publicDir: string): Connect.NextHandleFunction {
  return (req, res, next) => {
    const url = decodeURIComponent(req.url?.split('?')[0] ?? '');
    const variant = parseVariantUrl(url);
    if (!variant || !sourceOf(publicDir, variant.base)) return next();
    makeVariant(root, publicDir, url).then(
      (bytes) => {
        res.setHeader('Content-Type', TYPES[variant.format]);
        res.end(bytes);
      },
      (error: unknown) => next(error),
    );
  };
}
