import React from "react";
import { htmlLanguage } from "@domain/routes";
import type { BaseContext, ChromeData } from "../lib/page-data";
import { bannerHashAttributes } from "../lib/banner";
import { absoluteUrl, unpackAlternates } from "../lib/seo";
import { ImagePreload, type ImagePreloadProps } from "./ResponsiveImage";

/**
 * Title, description, robots, canonical and hreflang alternates of a page (from the
 * page context of site/sourcing/create-pages.ts), the language and the content hashes of the
 * header banners on <html> (read by the inline <head> script, lib/banner.ts), JSON-LD
 * (Organization on every page plus what the page adds), and the preload of the page's largest
 * paint where the page names it (`lcpImage`, the image it shows with `priority`). The consent manager's script is
 * added at run time when the environment enables cookies (lib/tracking/load.ts).
 */

export function PageHead({
  title,
  description,
  context,
  chrome,
  jsonLd = [],
  lcpImage = null,
}: {
  title: string;
  description?: string | null;
  context: BaseContext;
  chrome: Pick<ChromeData, "shopInfo" | "blocks">;
  jsonLd?: object[];
  lcpImage?: ImagePreloadProps | null;
}) {
  const shop = chrome.shopInfo;
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: shop.name,
    url: absoluteUrl(shop.origin, "/"),
    logo: absoluteUrl(shop.origin, "/logo.svg"),
  };
  return (
    <>
      <html lang={htmlLanguage(context.language)} {...bannerHashAttributes(chrome.blocks.nodes)} />
      <title>{title.includes(shop.name) ? title : `${title} | ${shop.name}`}</title>
      {description ? <meta name="description" content={description} /> : null}
      <meta name="robots" content={context.seo.robots} />
      <meta name="theme-color" content="#6b3f12" />
      <link rel="canonical" href={context.seo.canonical} />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {lcpImage ? <ImagePreload {...lcpImage} /> : null}
      {unpackAlternates(context.alternates, shop.hreflangBases).map((alternate) => (
        <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
      ))}
      {[organization, ...jsonLd].map((data, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />
      ))}
    </>
  );
}

/** BreadcrumbList JSON-LD for the breadcrumb entries (absolute URLs). */
export function breadcrumbJsonLd(origin: string, crumbs: { label: string; link: string }[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.label, item: absoluteUrl(origin, crumb.link) })),
  };
}
