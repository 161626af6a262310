import React from "react";
import { imageSrc, imageSrcSet, VARIANT_FORMATS } from "../lib/media";

/** Where an image sits, as the `sizes` of its srcset: the width it takes at each breakpoint of styles.css. */
export const IMAGE_SIZES = {
  /** A product card or a tile in a grid (`.grid`): 2 columns on phones, then auto-fill from 200px, at most ~ 4 across the 1400px page. */
  card: "(min-width: 1400px) 340px, (min-width: 576px) 30vw, 50vw",
  /** A tile in a carousel (worlds, campaign sliders): 70% of a phone's width, then 40% and 28%. */
  tile: "(min-width: 1400px) 340px, (min-width: 576px) 40vw, 70vw",
  /** The product page's main image: full width on phones, half the page from 768px. */
  gallery: "(min-width: 1400px) 700px, (min-width: 768px) 50vw, 100vw",
  /** Small thumbnails and swatches. */
  thumb: "96px",
  /** A campaign's start banner: the page's width (less its padding) up to the 1400px page. */
  banner: "(min-width: 1400px) 1368px, 100vw",
  /** A campaign hub's big image: the page's width up to the 1400px page. */
  hubBanner: "(min-width: 1400px) 1400px, 100vw",
  /** The campaign's icon in the navigation banner. */
  navIcon: "32px",
} as const;

/** The image for wider screens where a campaign gives one of its own (art direction): from `media` on, it replaces `src`. */
export interface ArtDirection {
  media: string;
  src: string | null | undefined;
}

export interface ResponsiveImageProps {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  /**
   * The page's largest paint (the first screen's main image): loaded eagerly with high
   * priority. Everything else loads lazily.
   */
  priority?: boolean;
  /** In the first screen but not the largest paint: eager, normal priority. */
  eager?: boolean;
  className?: string;
  /** Another image from a breakpoint on (campaign banners: mobile and desktop pictures), in the same formats and sizes. */
  wide?: ArtDirection;
}

/** The AVIF and WebP `srcset`s of a store image (none for SVG, other hosts, no image), best format first. */
function formatSources(src: string | null | undefined): { format: string; srcSet: string }[] {
  return VARIANT_FORMATS.flatMap((format) => {
    const srcSet = imageSrcSet(src, format);
    return srcSet === null ? [] : [{ format, srcSet }];
  });
}

/**
 * The one way the site shows a catalogue image (docs/decisions/0046): AVIF and WebP in the
 * store's widths with the JPEG as fallback, `sizes` for the slot, width and height so the
 * layout never shifts, lazy unless it is in the first screen, the LCP image eager with
 * `fetchpriority="high"`. SVG (logos, flags) and foreign hosts are a plain img.
 */
export function ResponsiveImage({ src, alt, width, height, sizes, priority = false, eager = false, className, wide }: ResponsiveImageProps) {
  const img = (
    <img
      src={imageSrc(src)}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={priority || eager ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      {...(priority ? { fetchpriority: "high" } : {})}
    />
  );
  const sources = formatSources(src);
  if (sources.length === 0 && !wide) return img;
  return (
    <picture>
      {wide
        ? [
            ...formatSources(wide.src).map((source) => (
              <source key={`wide-${source.format}`} media={wide.media} type={`image/${source.format}`} srcSet={source.srcSet} sizes={sizes} />
            )),
            <source key="wide" media={wide.media} srcSet={imageSrc(wide.src)} />,
          ]
        : null}
      {sources.map((source) => (
        <source key={source.format} type={`image/${source.format}`} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}

/**
 * The preload of a page's largest paint for its <head> (the ResponsiveImage with `priority`):
 * the browser fetches its best format in the width `sizes` asks for while the HTML is still
 * arriving, with high priority. One link per picture of an art-directed image, each for its
 * screens; nothing for an image that is not in the store (SVG, other hosts, none).
 */
export interface ImagePreloadProps {
  src: string | null | undefined;
  sizes: string;
  wide?: ArtDirection;
}

export function ImagePreload({ src, sizes, wide }: ImagePreloadProps) {
  const [best] = formatSources(src);
  const [wideBest] = wide ? formatSources(wide.src) : [];
  const narrowMedia = wide ? `not all and ${wide.media}` : undefined;
  return (
    <>
      {best ? (
        <link
          rel="preload"
          as="image"
          type={`image/${best.format}`}
          imageSrcSet={best.srcSet}
          imageSizes={sizes}
          media={narrowMedia}
          {...{ fetchpriority: "high" }}
        />
      ) : null}
      {wide && wideBest ? (
        <link
          rel="preload"
          as="image"
          type={`image/${wideBest.format}`}
          imageSrcSet={wideBest.srcSet}
          imageSizes={sizes}
          media={wide.media}
          {...{ fetchpriority: "high" }}
        />
      ) : null}
    </>
  );
}
