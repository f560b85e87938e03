/**
 * Every block image goes through Picture, so a photo a marketer drops into public/ is
 * served the way a phone on mobile data needs it (decision 0010):
 * - SVG illustrations stay one <img> (vector: sharp at any size, already small);
 * - raster photos (JPG, PNG, WebP) become <picture> with AVIF and WebP sources and a
 *   fallback in the original format, each at the widths the build generates
 *   (runtime/images.ts writes exactly the files these srcsets name), with `sizes` telling
 *   the browser how wide the image is shown;
 * - width and height are always set (the schema requires them), so nothing shifts;
 * - `priority` marks the largest image of the first screen: eager, fetchpriority high and
 *   preloaded from <head>; every other image is lazy.
 */
import { css } from '@emotion/react';
import { preload } from 'react-dom';
import type { ImageValue } from '../schema/shared.ts';

/** Widths the build generates, capped at the image's own width (which is always included). */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280, 1600, 1920] as const;
/** The largest width generated, whatever the source's size (a 6000 px camera photo is never sent whole). */
export const MAX_IMAGE_WIDTH = 2400;

const RASTER = /\.(jpe?g|png|webp)$/i;

export const isRaster = (src: string): boolean => RASTER.test(src);

/** Widths generated for a raster image of this natural width. */
export function variantWidths(width: number): number[] {
  const max = Math.min(width, MAX_IMAGE_WIDTH);
  return [...IMAGE_WIDTHS.filter((w) => w < max), max];
}

export type VariantFormat = 'avif' | 'webp' | 'jpg' | 'png';

/** The fallback format of a raster source: its own (JPEG as jpg). */
export const fallbackFormat = (src: string): VariantFormat => {
  const ext = src.slice(src.lastIndexOf('.') + 1).toLowerCase();
  return ext === 'png' ? 'png' : ext === 'webp' ? 'webp' : 'jpg';
};

/** "/images/foto.jpg", 640, "avif" → "/images/foto-640w.avif" (runtime/images.ts parses it back). */
export const variantUrl = (src: string, width: number, format: VariantFormat): string =>
  `${src.replace(RASTER, '')}-${width}w.${format}`;

export const srcSetOf = (image: Pick<ImageValue, 'src' | 'width'>, format: VariantFormat): string =>
  variantWidths(image.width)
    .map((w) => `${variantUrl(image.src, w, format)} ${w}w`)
    .join(', ');

/** Shown at its natural width, never wider than the screen. */
export const defaultSizes = (image: Pick<ImageValue, 'width'>): string =>
  `(min-width: ${image.width}px) ${image.width}px, 100vw`;

// The <picture> wrapper takes no box: the <img> stays the flex/grid item the block styles.
const contents = css`
  display: contents;
`;

export interface PictureProps {
  image: ImageValue;
  /** How wide the image is shown, as a `sizes` attribute (default: its width, or the screen when narrower). */
  sizes?: string;
  /** The largest image of the first screen: eager, fetchpriority high, preloaded. Default: lazy. */
  priority?: boolean;
  /** Overrides the loading derived from `priority` (a carousel's first slide: eager, low priority). */
  loading?: 'eager' | 'lazy';
  fetchPriority?: 'high' | 'low' | 'auto';
  /** From the css prop of the caller: styles the <img>. */
  className?: string;
  draggable?: boolean;
  decoding?: 'async' | 'auto' | 'sync';
}

export function Picture({
  image,
  sizes,
  priority = false,
  loading,
  fetchPriority,
  className,
  draggable,
  decoding,
}: PictureProps) {
  const common = {
    alt: image.alt,
    width: image.width,
    height: image.height,
    className,
    draggable,
    decoding,
    // Eager is the browser's default: written out only for the priority image.
    loading: priority ? 'eager' : loading === 'eager' ? undefined : 'lazy',
    fetchPriority: fetchPriority ?? (priority ? 'high' : undefined),
  } as const;
  if (!isRaster(image.src)) return <img src={image.src} {...common} />;

  const shownSizes = sizes ?? defaultSizes(image);
  const fallback = fallbackFormat(image.src);
  const widths = variantWidths(image.width);
  if (priority) {
    // A <picture> hides its image from React's automatic preload: ask for the AVIF the
    // browser will pick (browsers without AVIF skip a preload of that type).
    preload(variantUrl(image.src, widths[widths.length - 1]!, 'avif'), {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: srcSetOf(image, 'avif'),
      imageSizes: shownSizes,
      fetchPriority: 'high',
    });
  }
  return (
    <picture css={contents}>
      <source type="image/avif" srcSet={srcSetOf(image, 'avif')} sizes={shownSizes} />
      {fallback !== 'webp' && (
        <source type="image/webp" srcSet={srcSetOf(image, 'webp')} sizes={shownSizes} />
      )}
      <img
        src={variantUrl(image.src, widths.find((w) => w >= 960) ?? widths[widths.length - 1]!, fallback)}
        srcSet={srcSetOf(image, fallback)}
        sizes={shownSizes}
        {...common}
      />
    </picture>
  );
}
