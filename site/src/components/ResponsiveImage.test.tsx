import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { IMAGE_SIZES, ImagePreload, ResponsiveImage } from "./ResponsiveImage";

describe("ResponsiveImage", () => {
  test("a store image: AVIF and WebP sources in every width with sizes, the JPEG fallback with width and height, lazy", () => {
    const html = renderToStaticMarkup(<ResponsiveImage src="/images/products/BH-1-2.jpg" alt="Eiche" width={400} height={300} sizes={IMAGE_SIZES.card} />);
    expect(html).toBe(
      `<picture><source type="image/avif" srcSet="/images/products/BH-1-2.400.avif 400w, /images/products/BH-1-2.800.avif 800w" sizes="${IMAGE_SIZES.card}"/>` +
        `<source type="image/webp" srcSet="/images/products/BH-1-2.400.webp 400w, /images/products/BH-1-2.800.webp 800w" sizes="${IMAGE_SIZES.card}"/>` +
        `<img src="/images/products/BH-1-2.jpg" alt="Eiche" width="400" height="300" loading="lazy" decoding="async"/></picture>`,
    );
  });

  test("the largest paint is eager with high priority; eager alone is not", () => {
    const lcp = renderToStaticMarkup(<ResponsiveImage src="/images/a.jpg" alt="" width={800} height={600} sizes="100vw" priority />);
    expect(lcp).toContain('loading="eager"');
    expect(lcp).toContain('fetchpriority="high"');
    const eager = renderToStaticMarkup(<ResponsiveImage src="/images/a.jpg" alt="" width={800} height={600} sizes="100vw" eager />);
    expect(eager).toContain('loading="eager"');
    expect(eager).not.toContain("fetchpriority");
  });

  test("SVG logos, other hosts and odd paths are one img; no image at all is a placeholder that keeps its box", () => {
    for (const src of ["/images/manufacturers/holzwerk.svg", "https://cdn.example/x.jpg", "/images/x.jpg?v=2", "//evil.example/x.jpg"]) {
      const html = renderToStaticMarkup(<ResponsiveImage src={src} alt="Logo" width={160} height={120} sizes="96px" />);
      expect(html).not.toContain("<picture");
      expect(html).not.toContain("srcSet");
      expect(html).toContain('width="160" height="120"');
    }
    const foreign = renderToStaticMarkup(<ResponsiveImage src="//evil.example/x.jpg" alt="" width={1} height={1} sizes="1px" />);
    expect(foreign).not.toContain("evil.example");
    const none = renderToStaticMarkup(<ResponsiveImage src={null} alt="" width={400} height={300} sizes="50vw" />);
    expect(none).toMatch(/^<img src="data:image\/svg\+xml,[^"]+" alt="" width="400" height="300" loading="lazy"/);
  });
});

describe("art-directed images (campaign banners)", () => {
  const wide = { media: "(min-width: 768px)", src: "/images/campaigns/sale-desktop.jpg" };

  test("the wide picture's AVIF, WebP and JPEG for its screens first, then the narrow picture's formats, all with sizes", () => {
    const html = renderToStaticMarkup(
      <ResponsiveImage src="/images/campaigns/sale-mobile.jpg" wide={wide} alt="" width={600} height={300} sizes={IMAGE_SIZES.banner} priority />,
    );
    expect(html).toBe(
      `<picture><source media="(min-width: 768px)" type="image/avif" srcSet="/images/campaigns/sale-desktop.400.avif 400w, /images/campaigns/sale-desktop.800.avif 800w" sizes="${IMAGE_SIZES.banner}"/>` +
        `<source media="(min-width: 768px)" type="image/webp" srcSet="/images/campaigns/sale-desktop.400.webp 400w, /images/campaigns/sale-desktop.800.webp 800w" sizes="${IMAGE_SIZES.banner}"/>` +
        `<source media="(min-width: 768px)" srcSet="/images/campaigns/sale-desktop.jpg"/>` +
        `<source type="image/avif" srcSet="/images/campaigns/sale-mobile.400.avif 400w, /images/campaigns/sale-mobile.800.avif 800w" sizes="${IMAGE_SIZES.banner}"/>` +
        `<source type="image/webp" srcSet="/images/campaigns/sale-mobile.400.webp 400w, /images/campaigns/sale-mobile.800.webp 800w" sizes="${IMAGE_SIZES.banner}"/>` +
        `<img src="/images/campaigns/sale-mobile.jpg" alt="" width="600" height="300" loading="eager" decoding="sync" fetchpriority="high"/></picture>`,
    );
  });

  test("a wide picture that is not in the store is its plain file; a missing one is the placeholder, never a foreign host", () => {
    const svg = renderToStaticMarkup(
      <ResponsiveImage src="/images/a.jpg" wide={{ ...wide, src: "/images/a.svg" }} alt="" width={32} height={32} sizes="32px" />,
    );
    expect(svg).toContain('<source media="(min-width: 768px)" srcSet="/images/a.svg"/>');
    expect(svg).not.toMatch(/media="\(min-width: 768px\)" type=/);
    expect(svg).toContain('<source type="image/avif" srcSet="/images/a.400.avif 400w, /images/a.800.avif 800w" sizes="32px"/>');
    const foreign = renderToStaticMarkup(
      <ResponsiveImage src={null} wide={{ ...wide, src: "//evil.example/x.jpg" }} alt="" width={32} height={32} sizes="32px" />,
    );
    expect(foreign).not.toContain("evil.example");
    expect(foreign).toContain('srcSet="data:image/svg+xml,');
  });
});

describe("the preload of the largest paint", () => {
  test("the best format in the store's widths with the image's sizes and high priority", () => {
    const html = renderToStaticMarkup(<ImagePreload src="/images/products/BH-1-1.jpg" sizes={IMAGE_SIZES.gallery} />);
    expect(html).toBe(
      `<link rel="preload" as="image" type="image/avif" imageSrcSet="/images/products/BH-1-1.400.avif 400w, /images/products/BH-1-1.800.avif 800w" imageSizes="${IMAGE_SIZES.gallery}" fetchpriority="high"/>`,
    );
  });

  test("an art-directed image: one preload per picture, each only for its screens", () => {
    const html = renderToStaticMarkup(
      <ImagePreload src="/images/campaigns/m.jpg" wide={{ media: "(min-width: 768px)", src: "/images/campaigns/d.jpg" }} sizes={IMAGE_SIZES.banner} />,
    );
    expect(html.match(/<link /g)).toHaveLength(2);
    expect(html).toContain(
      'imageSrcSet="/images/campaigns/m.400.avif 400w, /images/campaigns/m.800.avif 800w" imageSizes="(min-width: 1400px) 1368px, 100vw" media="not all and (min-width: 768px)"',
    );
    expect(html).toContain(
      'imageSrcSet="/images/campaigns/d.400.avif 400w, /images/campaigns/d.800.avif 800w" imageSizes="(min-width: 1400px) 1368px, 100vw" media="(min-width: 768px)"',
    );
  });

  test("nothing to preload for an image outside the store or none", () => {
    for (const src of [null, undefined, "", "/images/logo.svg", "https://cdn.example/x.jpg", "//evil.example/x.jpg"]) {
      expect(renderToStaticMarkup(<ImagePreload src={src} sizes="100vw" />)).toBe("");
    }
  });
});
