import type { ChromeData } from "../../site/src/lib/page-data";

/** The Swiss shop's info (de and fr) as a shop data file carries it, for tests of shop data files and the pages that use them. */
export function testShopInfo(name = "Bodenhaus"): ChromeData["shopInfo"] {
  return {
    shopId: "CH",
    name,
    currency: "CHF",
    languages: ["de", "fr"],
    domainPrefixes: ["de", "fr"],
    deliveryCountries: ["ch"],
    origin: "https://x",
    hreflangBases: { "de-CH": "https://x/de", "fr-CH": "https://x/fr" },
    paymentMethods: [],
    buildYear: 2026,
  };
}
