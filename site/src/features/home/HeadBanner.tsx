import React from "react";
import { EnvironmentBanners } from "../../components/EnvironmentBanners";

/** Home block HeadBanner: the environment's banners of the home page (banner-homepage-desktop and banner-homepage-mobile). */
export function HeadBanner({ blocks }: { blocks: readonly { identifier: string; content: string }[] }) {
  return <EnvironmentBanners blocks={blocks} location="homepage" />;
}
