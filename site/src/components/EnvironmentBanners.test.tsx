import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { BANNER_LOCATIONS } from "@domain/environment-banners";
import { EnvironmentBanners } from "./EnvironmentBanners";

const blocks = BANNER_LOCATIONS.flatMap((location) => [
  { identifier: `banner-${location}-desktop`, content: `<p>${location} desktop</p>` },
  { identifier: `banner-${location}-mobile`, content: `<p>${location} mobile</p>` },
]);

describe("the environment's banners of a page", () => {
  test.each(BANNER_LOCATIONS)("%s: its own banners, each marked with its platform, no other location's", (location) => {
    const out = renderToStaticMarkup(<EnvironmentBanners blocks={blocks} location={location} />);
    expect(out).toContain(`data-location="${location}"`);
    expect(out).toContain(`class="head-banner head-banner-desktop" data-platform="desktop"><p>${location} desktop</p>`);
    expect(out).toContain(`class="head-banner head-banner-mobile" data-platform="mobile"><p>${location} mobile</p>`);
    for (const other of BANNER_LOCATIONS.filter((candidate) => candidate !== location)) expect(out).not.toContain(`<p>${other} `);
  });

  test("nothing without a block of the location, and nothing for unknown platforms or names", () => {
    const odd = [
      { identifier: "banner-cart-tablet", content: "x" },
      { identifier: "banner-cart", content: "x" },
      { identifier: "banner-cart-desktop-2", content: "x" },
      { identifier: "header-info", content: "x" },
    ];
    expect(renderToStaticMarkup(<EnvironmentBanners blocks={odd} location="cart" />)).toBe("");
    expect(renderToStaticMarkup(<EnvironmentBanners blocks={[]} location="pdp" />)).toBe("");
  });
});
