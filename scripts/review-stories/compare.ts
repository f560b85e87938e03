/**
 * Pixel comparison of two story PNGs, nearly exact (a story that did not change renders the same
 * pixels, see render.ts, but for THRESHOLD), with pixelmatch's picture of where they differ.
 * Images of different sizes are compared on the larger canvas, the missing part transparent, so
 * a story that grew is changed.
 */
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';

export interface Difference {
  /** Pixels that differ, on the larger of the two canvases. */
  pixels: number;
  /** Share of the canvas that differs, 0–1. */
  share: number;
  /** Where they differ, red over a faded grey copy of the old picture (PNG). */
  image: Buffer;
  width: number;
  height: number;
}

/**
 * pixelmatch's colour distance below which two pixels count as the same: 0.01 lets through the
 * one- or two-step wobble Chromium's rasteriser leaves on the anti-aliased edge of a rounded
 * focus ring between two renders of the same story, and catches a change of 5 steps in one
 * channel (#0a5 → #0a5 + 5 in red), far less than any designer's tweak.
 */
export const THRESHOLD = 0.01;

async function rgba(png: Buffer, width: number, height: number): Promise<Buffer> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  if (info.width === width && info.height === height) return data;
  return sharp(png)
    .ensureAlpha()
    .extend({
      right: width - info.width,
      bottom: height - info.height,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .raw()
    .toBuffer();
}

/** null when both pictures have the same pixels. */
export async function compare(before: Buffer, after: Buffer): Promise<Difference | null> {
  if (before.equals(after)) return null;
  const [a, b] = await Promise.all([sharp(before).metadata(), sharp(after).metadata()]);
  const width = Math.max(a.width ?? 0, b.width ?? 0);
  const height = Math.max(a.height ?? 0, b.height ?? 0);
  const [one, two] = await Promise.all([rgba(before, width, height), rgba(after, width, height)]);
  if (one.equals(two)) return null;
  const output = Buffer.alloc(width * height * 4);
  const pixels = pixelmatch(one, two, output, width, height, {
    threshold: THRESHOLD,
    includeAA: true,
    alpha: 0.15,
  });
  if (pixels === 0) return null;
  const image = await sharp(output, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { pixels, share: pixels / (width * height), image, width, height };
}
