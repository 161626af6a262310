/**
 * The page chrome's footer (hydrated once the browser is idle, so rendered on its own here) shows the payment methods of the page data (ShopInfo.paymentMethods,
 * the shop's config by the checkout's rule) and no others, and the other country shops.
 */
import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { paymentMethodsForBuild } from "../../sourcing/shop-for-build";
import { hreflangBases, productionOrigin } from "../../sourcing/source-nodes";
import type { ChromeData } from "../lib/page-data";
import { SiteFooter } from "./SiteFooter";

jest.mock("gatsby-plugin-react-i18next", () => {
  const translations = jest.requireActual<typeof import("@tests/kit/page-translations")>("../../../tests/kit/page-translations").pageTranslations("de");
  return { ...translations, useI18next: () => ({ ...translations.useTranslation(), language: "de", routed: false }) };
});
jest.mock("gatsby", () => ({
  graphql: () => "",
  Link: ({ to, children, ...rest }: { to: string; children: React.ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}));
// The stylesheet the footer's newsletter sign-up imports (Gatsby bundles it; Jest cannot read CSS).
jest.mock("../features/newsletter/newsletter.css", () => ({}));

const chrome = (paymentMethods: string[]): ChromeData => ({
  locales: { namespaces: [], resources: {} },
  shopInfo: {
    shopId: "DE",
    name: "Bodenhaus",
    currency: "EUR",
    languages: ["de"],
    domainPrefixes: [],
    deliveryCountries: ["de"],
    origin: "https://www.bodenhaus.example",
    hreflangBases: {},
    paymentMethods,
    buildYear: 2026,
  },
  countries: [{ code: "de", name: "Deutschland" }],
  menu: { nodes: [] },
  cmsLinks: { nodes: [] },
  blocks: { nodes: [] },
  campaign: null,
});

function paymentBadges(paymentMethods: string[]): string[] {
  const { shopInfo, cmsLinks } = chrome(paymentMethods);
  const html = renderToStaticMarkup(<SiteFooter shop={shopInfo} language="de" cmsLinks={cmsLinks.nodes} alternates={{}} />);
  const section = html.slice(html.indexOf('id="footer-payment"'), html.indexOf('id="footer-carriers"'));
  return [...section.matchAll(/<li class="payment-badge"><span class="payment-marks" role="img" aria-label="([^"]*)"/g)].map((match) => match[1] ?? "");
}

test("the footer names the methods the shop's config offers, and nothing else", () => {
  expect(paymentBadges(paymentMethodsForBuild("DE"))).toEqual([
    "PayPal",
    "Kreditkarte",
    "Klarna",
    "SEPA-Lastschrift",
    "Amazon Pay",
    "Vorkasse",
    "Rechnung",
    "Ratenkauf",
    "Nachnahme",
  ]);
  expect(paymentBadges(paymentMethodsForBuild("CH"))).toEqual([
    "PayPal",
    "Kreditkarte",
    "Klarna",
    "Amazon Pay",
    "Vorkasse",
    "Rechnung",
    "Ratenkauf",
    "Nachnahme",
    "TWINT",
  ]);
  expect(paymentBadges(["invoice"])).toEqual(["Rechnung"]);
  expect(paymentBadges([])).toEqual([]);
});

/** The footer's other country shops as [hreflang, href] for a DE page with these alternates. */
function countryShops(alternates: Record<string, string[]>): [string, string][] {
  const shopInfo = { ...chrome([]).shopInfo, origin: productionOrigin("DE"), hreflangBases: hreflangBases() };
  const html = renderToStaticMarkup(<SiteFooter shop={shopInfo} language="de" cmsLinks={[]} alternates={alternates} />);
  const section = html.slice(html.indexOf('id="footer-shops"'));
  return [...section.slice(0, section.indexOf("</ul>")).matchAll(/<a href="([^"]*)" hrefLang="([^"]*)"/g)].map((match) => [match[2]!, match[1]!]);
}

test("the other country shops: the page's own versions there; a page no other shop has (the cart) links their home pages", () => {
  const bases = hreflangBases();
  const others = Object.keys(bases).filter((hreflang) => !`${bases[hreflang]}/`.startsWith(`${productionOrigin("DE")}/`));
  expect(others.length).toBeGreaterThan(3);
  const homes = countryShops({});
  expect(homes.map(([hreflang]) => hreflang).sort()).toEqual([...others].sort());
  expect(homes).toContainEqual(["de-AT", `${productionOrigin("AT")}/`]);
  expect(homes).toContainEqual(["fr-CH", `${productionOrigin("CH")}/fr/`]);
  // A product sold in DE and AT only: its AT page, nothing else.
  expect(countryShops({ "/klick-vinyl-100002.html": ["de-DE", "de-AT"] })).toEqual([["de-AT", `${productionOrigin("AT")}/klick-vinyl-100002.html`]]);
});
