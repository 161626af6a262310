import React from "react";
import { environmentBanner } from "@domain/environment-banners";
import "./home.css";

/**
 * Home block HeadBanner: the environment's banners of the home page (CMS blocks
 * banner-homepage-desktop and banner-homepage-mobile, as GET /apiv2/environment answers them),
 * each shown on its platform only (stylesheet: mobile below 768 px, desktop from there).
 */
export function HeadBanner({ blocks }: { blocks: readonly { identifier: string; content: string }[] }) {
  const banners = blocks.flatMap((block) => {
    const placement = environmentBanner(block.identifier);
    return placement?.location === "homepage" ? [{ ...placement, block }] : [];
  });
  if (banners.length === 0) return null;
  return (
    <div className="head-banners" data-testid="head-banner">
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
