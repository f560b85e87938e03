/**
 * SVG illustrations written into the page instead of loaded as <img> (decision 0012): the
 * drawing arrives with the HTML (no request, painted with the first frame), and the browser
 * builds no separate SVG document for it, a main-thread task of 5 to 15 ms per image on a
 * mid-range phone, after the first paint.
 *
 * Only small, self-contained drawings qualify; anything else stays an <img>, where nothing in
 * the file can run or leak into the page: no script, event handler, foreignObject, style
 * (element or attribute: the page's CSP forbids inline styles), id (two copies on a page would
 * clash), link (href) or url() reference, entity or doctype, and at most MAX_INLINE_SVG_BYTES.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { InlineSvg } from '../../design/picture.tsx';
import { publicFileOf } from '../load/index.ts';

export const MAX_INLINE_SVG_BYTES = 8 * 1024;

const UNSAFE =
  /<script|<style|<foreignObject|<!|<\?xml-stylesheet|\son[a-z]+\s*=|\sstyle\s*=|\sid\s*=|href\s*=|url\s*\(/i;
const ROOT = /^\s*(?:<\?xml[^>]*\?>\s*)?<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/;

/** Parses an SVG file's text; undefined when it does not qualify for inlining. */
export function parseInlineSvg(file: string): InlineSvg | undefined {
  // Comments (editors write them) are dropped, not a reason to keep the <img>.
  const text = file.replace(/<!--[\s\S]*?-->/g, '');
  if (Buffer.byteLength(text) > MAX_INLINE_SVG_BYTES || UNSAFE.test(text)) return undefined;
  const m = ROOT.exec(text);
  if (!m) return undefined;
  const viewBox = /\sviewBox="([\d.\s,-]+)"/.exec(m[1]!)?.[1];
  if (!viewBox || /<svg\b/i.test(m[2]!)) return undefined;
  // Whitespace between tags only: text nodes inside <text> keep theirs.
  return { viewBox, inner: m[2]!.replace(/>\s+</g, '><').trim() };
}

/**
 * Looks SVG files up under the public folder by their URL ("/images/x.svg"). The build and
 * the dev server use it; a file edited in dev is read again (cached by modification time).
 */
export function svgInliner(publicDir: string): (src: string) => InlineSvg | undefined {
  const cache = new Map<string, { mtimeMs: number; svg: InlineSvg | undefined }>();
  const root = path.resolve(publicDir);
  return (src) => {
    if (!/^\/[^?#]+\.svg$/i.test(src)) return undefined;
    const file = publicFileOf(root, src);
    if (!file) return undefined;
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return undefined; // a missing file stays an <img>, as before
    }
    const hit = cache.get(file);
    if (hit?.mtimeMs === mtimeMs) return hit.svg;
    const svg = parseInlineSvg(readFileSync(file, 'utf8'));
    cache.set(file, { mtimeMs, svg });
    return svg;
  };
}
