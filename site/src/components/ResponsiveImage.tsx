import React from "react";
import { imageSrc, imageSrcSet, VARIANT_FORMATS } from "../lib/media";

/** Where an image sits, as the `sizes` of its srcset: the width it takes at each breakpoint of styles.css. */
export const IMAGE_SIZES = {
  /** A product card in a grid: 2 columns on phones, then auto-fill from 200px, at most ~ 4 across the 1400px page. */
  card: "(min-width: 1400px) 340px, (min-width: 576px) 30vw, 50vw",
  /** A category, world or manufacturer tile (the same grid; carousels show 70% then 40% and 28%). */
  tile: "(min-width: 1400px) 340px, (min-width: 576px) 40vw, 70vw",
  /** The product page's main image: full width on phones, half the page from 768px. */
  gallery: "(min-width: 1400px) 700px, (min-width: 768px) 50vw, 100vw",
  /** Small thumbnails and swatches. */
  thumb: "96px",
} as const;

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
}

/**
 * The one way the site shows a catalogue image (docs/decisions/0046): AVIF and WebP in the
 * store's widths with the JPEG as fallback, `sizes` for the slot, width and height so the
 * layout never shifts, lazy unless it is in the first screen, the LCP image eager with
 * `fetchpriority="high"`. SVG (logos, flags) and foreign hosts are a plain img.
 */
export function ResponsiveImage({ src, alt, width, height, sizes, priority = false, eager = false, className }: ResponsiveImageProps) {
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
  const sources = VARIANT_FORMATS.map((format) => ({ format, srcSet: imageSrcSet(src, format) })).filter((s) => s.srcSet !== null);
  if (sources.length === 0) return img;
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.format} type={`image/${source.format}`} srcSet={source.srcSet!} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
