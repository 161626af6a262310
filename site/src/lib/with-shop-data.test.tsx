import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { registerShopData, resetShopData, setShopDataReader } from "./shop-data";
import { withShopData } from "./with-shop-data";
import { testShopInfo } from "@tests/kit/site";
import type { BaseContext, ChromeData } from "./page-data";

/** A page template gets the shop data of its language with its own data (docs/decisions/0052). */
function shopData(language: string, name: string) {
  return {
    language,
    locales: { namespaces: ["common"], resources: { common: {} } },
    shopInfo: testShopInfo(name),
    countries: [{ code: "ch", name: "Schweiz" }],
    menu: { nodes: [{ categoryId: "c1", parentId: null, isWorld: true, name: `${language} menu`, path: "/c1.html" }] },
    cmsLinks: { nodes: [] },
    blocks: { nodes: [] },
    campaign: null,
  };
}

type Props = { data: ChromeData & { title: string; menu?: ChromeData["menu"] }; pageContext: BaseContext };
const Page = withShopData(function Page({ data }: Props) {
  return (
    <p>
      {data.shopInfo.name} / {data.menu.nodes.map((node) => node.name).join(",")} / {data.title}
    </p>
  );
});
const context = (language: string, shopData?: string) => ({
  language,
  seo: { canonical: "", robots: "index,follow", sitemap: true, lastmod: null },
  alternates: {},
  shopData,
});

beforeEach(() => resetShopData());

test("the static render: the page's file read from the build, merged under the page's own data", () => {
  setShopDataReader((id) => shopData(id.slice(0, 2), `Shop ${id.slice(3, 6)}`));
  expect(renderToStaticMarkup(<Page data={{ title: "Eiche" }} pageContext={context("fr", "fr-0000000000000001")} />)).toBe("<p>Shop 000 / fr menu / Eiche</p>");
  // A key of the page's own data wins over the shop's (the types forbid it; a query could still return one).
  const own = { title: "Eiche", menu: { nodes: [{ categoryId: "x", parentId: null, isWorld: false, name: "own", path: "/x" }] } } as { title: string };
  expect(renderToStaticMarkup(<Page data={own} pageContext={context("fr", "fr-0000000000000001")} />)).toBe("<p>Shop 000 / own / Eiche</p>");
});

test("in the browser: a newer file of the language not loaded yet renders with the loaded one; another language renders nothing until its file is there", () => {
  registerShopData("de-00000000000000aa", shopData("de", "Loaded"));
  expect(renderToStaticMarkup(<Page data={{ title: "T" }} pageContext={context("de", "de-00000000000000bb")} />)).toBe("<p>Loaded / de menu / T</p>");
  expect(renderToStaticMarkup(<Page data={{ title: "T" }} pageContext={context("fr", "fr-00000000000000bb")} />)).toBe("");
  // A page without a shop data file in its context (none written: the benchmark's trivial pages) renders nothing rather than without texts.
  expect(renderToStaticMarkup(<Page data={null} pageContext={context("it")} />)).toBe("");
});
