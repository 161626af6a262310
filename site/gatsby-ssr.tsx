import React from "react";
import type { GatsbySSR } from "gatsby";
import { CONSENT_COOKIE, MARK_CONSENT_ANSWERED_SCRIPT } from "./src/lib/consent";
import { consentDefaultScript } from "./src/lib/tracking/consent-mode";
import { MARK_HIDDEN_BANNERS_SCRIPT } from "./src/lib/banner";
import { SHOP_DATA_ID, setShopDataReader, shopDataHref } from "./src/lib/shop-data";

/**
 * The static HTML of every page: <head> carries one inline script that first pushes the
 * Google Consent Mode defaults (all denied, wait_for_update) into the dataLayer, before any
 * tag can load (src/lib/tracking/consent-mode.ts), then, before the first paint, marks the
 * header banners the visitor closed (src/lib/banner.ts) and hides the consent dialog for a
 * visitor who answered (src/lib/consent.ts); the build lists its hash in the shop's CSP
 * manifest and the edge allows it by that hash (scripts/lib/script-hashes.ts).
 *
 * The shop data of the page's language (src/lib/shop-data.ts, docs/decisions/0052): the
 * static render reads the file the build wrote into public/, and <head> preloads it, so
 * the browser has it when its scripts start.
 *
 * The file is read through Node's own `require("fs")`, not an import: Gatsby wraps the `fs`
 * its render bundle imports and, once a render calls it, re-renders every page on every
 * later build ("unsafe builtin usage"). The file's content hash is in each page's context
 * (`shopData`), so a page whose shop data changed has new page data and is rendered again.
 */

/**
 * The first paint waits until the header's main menu, its last part, is parsed: a browser that
 * paints a partly received header shows the header's tools column narrower and then moves it
 * as the rest arrives (a layout shift of 0.005-0.013 on a slow CPU). Browsers without
 * `rel="expect"` ignore the link.
 */
const HEADER_PARSED: Record<string, string> = { rel: "expect", href: "#main-menu", blocking: "render" };

const FIRST_PAINT_SCRIPT = [consentDefaultScript(CONSENT_COOKIE), MARK_CONSENT_ANSWERED_SCRIPT, MARK_HIDDEN_BANNERS_SCRIPT].join(";");

declare const __non_webpack_require__: (id: "fs") => { readFileSync(path: string, encoding: "utf8"): string };
const { readFileSync } = __non_webpack_require__("fs");
setShopDataReader((id) => JSON.parse(readFileSync(`${process.cwd()}/public${shopDataHref(id)}`, "utf8")) as unknown);

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHeadComponents, pathname, loadPageDataSync }) => {
  const id = (loadPageDataSync(pathname)?.result?.pageContext as { shopData?: unknown } | undefined)?.shopData;
  setHeadComponents([
    <script key="first-paint" dangerouslySetInnerHTML={{ __html: FIRST_PAINT_SCRIPT }} />,
    <link key="header-parsed" {...HEADER_PARSED} />,
    ...(typeof id === "string" && SHOP_DATA_ID.test(id)
      ? [<link key="shop-data" rel="preload" as="fetch" href={shopDataHref(id)} crossOrigin="anonymous" data-shop-data={id} />]
      : []),
  ]);
};
