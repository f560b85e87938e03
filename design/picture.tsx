/**
 * Every block image goes through Picture, so a photo a marketer drops into public/ is
 * served the way a phone on mobile data needs it (decision 0010):
 * - SVG illustrations are vector (sharp at any size, already small): in pages the build and
 *   the dev server write small, self-contained ones into the HTML (decision 0012,
 *   runtime/render/inline-svg.ts), elsewhere (islands, Storybook) they are one <img>;
 * - raster photos (JPG, PNG, WebP) become <picture> with AVIF and WebP sources and a
 *   fallback in the original format, each at the widths the build generates
 *   (runtime/build/images.ts writes exactly the files these srcsets name), with `sizes` telling
 *   the browser how wide the image is shown;
 * - width and height are always set (the schema requires them), so nothing shifts;
 * - `priority` marks the largest image of the first screen: eager, fetchpriority high and
 *   preloaded from <head>; every other image is lazy.
 */
import { css } from '@emotion/react';
import { createContext, useContext } from 'react';
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

/** "/images/foto.jpg", 640, "avif" → "/images/foto-640w.avif" (runtime/build/images.ts parses it back). */
export const variantUrl = (src: string, width: number, format: VariantFormat): string =>
  `${src.replace(RASTER, '')}-${width}w.${format}`;

export const srcSetOf = (image: Pick<ImageValue, 'src' | 'width'>, format: VariantFormat): string =>
  variantWidths(image.width)
    .map((w) => `${variantUrl(image.src, w, format)} ${w}w`)
    .join(', ');

/** Shown at its natural width, never wider than the screen. */
export const defaultSizes = (image: Pick<ImageValue, 'width'>): string =>
  `(min-width: ${image.width}px) ${image.width}px, 100vw`;

/** An SVG file's drawing, ready to write inside an <svg> element (runtime/render/inline-svg.ts). */
export interface InlineSvg {
  viewBox: string;
  /** The markup inside the file's root <svg>. */
  inner: string;
}

/**
 * Given by the page renderer to blocks that React never hydrates (an island's markup must be
 * what its component renders in the browser, where no file can be read): the drawing of an
 * SVG file, or undefined to keep the <img>.
 */
export const InlineSvgContext = createContext<((src: string) => InlineSvg | undefined) | null>(null);

/** Selector for what a Picture renders as the image: block styles size it with this. */
export const PICTURE_IMG = 'img, svg[data-picture]';

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
  const inline = useContext(InlineSvgContext);
  if (!isRaster(image.src)) {
    const svg = inline?.(image.src);
    if (!svg) return <img src={image.src} {...common} />;
    // The file's markup was checked by runtime/render/inline-svg.ts (no script, style, id, link).
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox={svg.viewBox}
        width={image.width}
        height={image.height}
        className={className}
        data-picture=""
        focusable="false"
        {...(image.alt ? { role: 'img', 'aria-label': image.alt } : { 'aria-hidden': true })}
        dangerouslySetInnerHTML={{ __html: svg.inner }}
      />
    );
  }

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
