/**
 * The page chrome's footer shows the payment methods of the page data (ShopInfo.paymentMethods,
 * the shop's config by the checkout's rule) and no others.
 */
import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { paymentMethodsForBuild } from "../../sourcing/shop-for-build";
import type { BaseContext, ChromeData } from "../lib/page-data";
import { Layout } from "./Layout";

jest.mock("gatsby-plugin-react-i18next", () => {
  const translations = jest.requireActual<typeof import("../../../tests/kit/page-translations")>("../../../tests/kit/page-translations").pageTranslations("de");
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
jest.mock("../styles.css", () => ({}));
// The header's choosers load their code later (lib/lazy.ts); this test reads the footer.
jest.mock("../lib/lazy", () => ({ ...jest.requireActual<typeof import("../lib/lazy")>("../lib/lazy"), lazyOnIdle: () => () => null }));
// The stylesheets the chrome imports (Gatsby bundles them; Jest cannot read CSS).
jest.mock("../features/campaign/campaign.css", () => ({}));
jest.mock("../features/newsletter/newsletter.css", () => ({}));
jest.mock("../features/account/account.css", () => ({}));
jest.mock("../features/commerce/commerce.css", () => ({}));
jest.mock("../features/inquiries/inquiries.css", () => ({}));

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
  menu: { nodes: [] },
  cmsLinks: { nodes: [] },
  blocks: { nodes: [] },
  campaign: null,
});
const context: BaseContext = { language: "de", seo: { canonical: "/", robots: "index,follow", sitemap: true, lastmod: null }, alternates: {} };

function paymentBadges(paymentMethods: string[]): string[] {
  const html = renderToStaticMarkup(
    <Layout chrome={chrome(paymentMethods)} context={context}>
      <p>Inhalt</p>
    </Layout>,
  );
  const section = html.slice(html.indexOf('id="footer-payment"'), html.indexOf('id="footer-carriers"'));
  return [...section.matchAll(/<li class="badge-icon">([^<]*)<\/li>/g)].map((match) => match[1] ?? "");
}

test("the footer names the methods the shop's config offers, and nothing else", () => {
  expect(paymentBadges(paymentMethodsForBuild("DE"))).toEqual(["Vorkasse", "Rechnung", "Nachnahme"]);
  expect(paymentBadges(["invoice"])).toEqual(["Rechnung"]);
  expect(paymentBadges([])).toEqual([]);
});
