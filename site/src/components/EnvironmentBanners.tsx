import React from "react";
import { environmentBanner, type BannerLocation } from "@domain/environment-banners";

/**
 * The environment's banners of one location (CMS blocks `banner-{location}-{platform}`, as
 * GET /apiv2/environment answers them): the home page's head, the product page (pdp), the
 * offer page, the cart and the category page; each block shows on its platform only
 * (stylesheet: mobile below 768 px, desktop from there).
 */
export function EnvironmentBanners({ blocks, location }: { blocks: readonly { identifier: string; content: string }[]; location: BannerLocation }) {
  const banners = blocks.flatMap((block) => {
    const placement = environmentBanner(block.identifier);
    return placement?.location === location ? [{ ...placement, block }] : [];
  });
  if (banners.length === 0) return null;
  return (
    <div className="head-banners" data-testid="head-banner" data-location={location}>
      {banners.map(({ platform, block }) => (
        <div
          key={block.identifier}
          className={`head-banner head-banner-${platform}`}
          data-platform={platform}
          dangerouslySetInnerHTML={{ __html: block.content }}
        />
      ))}
    </div>
  );
}
