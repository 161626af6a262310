/**
 * A list card carries its prices as minor units and its flags only when set (lib/card.ts,
 * docs/decisions/0055); it shows the same prices the GraphQL layer formats (domain/money.ts
 * money(), as graphql/resolvers/products.ts answers them) in every shop currency and language.
 */
import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { money } from "../../../domain/money";
import { cardData } from "../lib/card";
import { testProduct } from "../lib/test-product";
import { ProductCard } from "./ProductCard";

let language = "de";
jest.mock("gatsby-plugin-react-i18next", () => ({
  useTranslation: () => {
    const translations = jest.requireActual<typeof import("../../../tests/support/page-translations")>("../../../tests/support/page-translations");
    return translations.pageTranslations(language).useTranslation();
  },
}));
jest.mock("gatsby", () => ({
  Link: ({ to, children, ...rest }: { to: string; children: React.ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}));
jest.mock("./slots", () => ({ ListAddToCartSlot: () => null }));

function reducedProduct(currency: string, lang: string) {
  const product = testProduct(currency, lang);
  const m = (minor: number) => money(minor, currency, lang);
  return {
    ...product,
    price: { ...product.price!, packagePrice: m(98765), referencePrice: m(123450), unitPrice: m(43896), savingsPercentage: 20 },
    samples: { ...product.samples, active: true },
  };
}

describe("product card", () => {
  test("the card data: prices in minor units, only the flags that are set", () => {
    const product = reducedProduct("EUR", "de");
    const card = cardData(product);
    expect(card.price).toEqual({ packagePrice: 98765, referencePrice: 123450, unitPrice: 43896, savingsPercentage: 20 });
    expect(card.sample).toBe(true);
    for (const unset of ["express", "clearance", "plus", "outOfStock"]) expect(card).not.toHaveProperty(unset);
    expect(cardData({ ...product, isOutOfStock: true, isClearance: true })).toMatchObject({ outOfStock: true, clearance: true });
    expect(cardData({ ...product, price: null }).price).toBeNull();
  });

  test.each([
    ["EUR", "de"],
    ["EUR", "at"],
    ["CHF", "de"],
    ["CHF", "fr"],
    ["CHF", "it"],
    ["EUR", "nl"],
    ["EUR", "en"],
  ])("in %s and %s it shows the package, reference and unit prices as the GraphQL layer formats them", (currency, lang) => {
    language = lang;
    const product = reducedProduct(currency, lang);
    const html = renderToStaticMarkup(
      <ProductCard product={{ sku: product.sku, path: "/p.html", title: "Eiche", card: cardData(product) }} currency={currency} />,
    );
    const text = html.replace(/<[^>]+>/g, " ");
    for (const price of [product.price.packagePrice, product.price.referencePrice, product.price.unitPrice])
      expect(text).toContain(price.formattedWithCurrency);
    expect(html).toContain('data-testid="card-reference-price"');
  });
});
