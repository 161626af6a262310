import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { IMAGE_SIZES, ResponsiveImage } from "./ResponsiveImage";

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
