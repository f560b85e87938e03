/**
 * Content-hashed addresses for the files pages take from public/ subfolders (decision 0014).
 *
 * A marketer's image is named by its path, `/images/galeria-1.svg`. In the build, every page
 * names it by its content instead, `/assets/images/galeria-1.3f9a0c1e.svg`: under /assets/*
 * it is cached for a year (`immutable`, runtime/build/headers.ts), and a changed file gets a new
 * address, so a returning visitor never asks twice and never sees a stale drawing.
 *
 * The rewrite runs on the rendered HTML, where island props and their server markup say the
 * same thing, so hydration sees the same address. Raster photos keep the naming rule of
 * design/picture.tsx: the hashed original `/assets/images/foto.<hash>.jpg` has its generated
 * sizes at `/assets/images/foto.<hash>-640w.avif`, exactly what an island derives from it in
 * the browser.
 *
 * Files directly in public/ (favicons, web manifest, share image, robots.txt) keep their
 * addresses: browsers and crawlers ask for them by name. The dev server rewrites nothing.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { isRaster, variantUrl } from '../../design/picture.tsx';
import { IMMUTABLE_PREFIX } from './headers.ts';
import { publicFileOf } from '../load/index.ts';
import { ENCODE, parseVariantUrl, sourceOf } from './images.ts';

/** A site path as HTML, srcset, CSS url() and JSON write it: up to a quote, space, comma or bracket. */
const PATH_TOKEN = /\/[^\s"'(),<>?#\\&]+/g;

/** `/images/galeria-1.svg`, `3f9a0c1e` → `/assets/images/galeria-1.3f9a0c1e.svg`. */
export function hashedUrl(url: string, hash: string): string {
  const dot = url.lastIndexOf('.');
  if (dot < url.lastIndexOf('/')) return `${IMMUTABLE_PREFIX}${url}.${hash}`;
  return `${IMMUTABLE_PREFIX}${url.slice(0, dot)}.${hash}${url.slice(dot)}`;
}

/** The content hash of a public file; a photo's also covers the encoder settings of its sizes. */
export function contentHash(bytes: Buffer, file: string): string {
  const hash = createHash('sha256').update(bytes);
  if (isRaster(file)) hash.update(JSON.stringify(ENCODE));
  return hash.digest('hex').slice(0, 8);
}

const isFile = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  );

/**
 * The hashed address of every public-subfolder file and generated image size the pages name
 * (plain path as the HTML writes it → hashed path). A path that names nothing in public/ is left
 * out: it is a page, or a missing file the page already shows as broken.
 */
export async function planFingerprints(
  publicDir: string,
  pages: readonly string[],
): Promise<Map<string, string>> {
  const tokens = new Set(pages.flatMap((html) => html.match(PATH_TOKEN) ?? []));
  const root = path.resolve(publicDir);
  const hashes = new Map<string, string>(); // source file → hash
  const hashOf = async (file: string) => {
    let hash = hashes.get(file);
    if (!hash) hashes.set(file, (hash = contentHash(await readFile(file), file)));
    return hash;
  };
  const plan = new Map<string, string>();
  for (const token of [...tokens].sort()) {
    // Root-level files and the build's own assets keep their addresses.
    if (token.lastIndexOf('/') === 0 || token.startsWith(`${IMMUTABLE_PREFIX}/`)) continue;
    const file = publicFileOf(root, token);
    if (!file) continue;
    if (await isFile(file)) {
      plan.set(token, hashedUrl(token, await hashOf(file)));
      continue;
    }
    // A generated size: named after its hashed original, as design/picture.tsx derives it.
    const variant = parseVariantUrl(token);
    const source = variant && sourceOf(root, decodeURI(variant.base));
    if (!variant || !source) continue;
    const original = hashedUrl(`${variant.base}${path.extname(source)}`, await hashOf(source));
    plan.set(token, variantUrl(original, variant.width, variant.format));
  }
  return plan;
}

/** Every planned address written in place of the plain one. */
export function rewriteUrls(html: string, plan: ReadonlyMap<string, string>): string {
  return html.replace(PATH_TOKEN, (token) => plan.get(token) ?? token);
}

/**
 * Copies the public files (moves the generated sizes) to their hashed addresses in `outDir`
 * and returns the pages with the new addresses. The plain copies of public files stay where
 * Vite put them, for anything outside the site that links them by name.
 */
export async function fingerprintFiles(
  publicDir: string,
  outDir: string,
  pages: readonly string[],
): Promise<{ pages: string[]; plan: Map<string, string> }> {
  const plan = await planFingerprints(publicDir, pages);
  const root = path.resolve(publicDir);
  for (const [from, to] of plan) {
    const plain = path.join(outDir, decodeURI(from));
    const target = path.join(outDir, decodeURI(to));
    await mkdir(path.dirname(target), { recursive: true });
    const publicFile = await isFile(publicFileOf(root, from)!);
    await (publicFile ? copyFile(plain, target) : rename(plain, target));
  }
  return { pages: pages.map((html) => rewriteUrls(html, plan)), plan };
}
