/**
 * A list card carries its prices as minor units and its flags only when set (lib/card.ts,
 * docs/decisions/0055); it shows the same prices the GraphQL layer formats (domain/money.ts
 * money(), as worker/shop-api/graphql/resolvers/products.ts answers them) in every shop currency and language.
 */
import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { money } from "@domain/money";
import { cardData, packCard, unpackCard, type CardData, type PackedCard } from "../lib/card";
import { testProduct } from "@tests/kit/site";
import { ProductCard } from "./ProductCard";

let language = "de";
jest.mock("gatsby-plugin-react-i18next", () => ({
  useTranslation: () => {
    const translations = jest.requireActual<typeof import("@tests/kit/page-translations")>("../../../tests/kit/page-translations");
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

  test("the page data has a product card as an array of its values; unpacked it is the product card again", () => {
    const product = reducedProduct("EUR", "de");
    const lowered = cardData({ ...product, isExpress: true, isPlusProduct: true, isOutOfStock: true, isClearance: true });
    const unlowered = cardData({ ...product, price: { ...product.price, referencePrice: product.price.packagePrice, savingsPercentage: 0 } });
    const bare = cardData({ ...product, price: null, manufacturer: null, media: [], samples: { ...product.samples, active: false } });
    const listed = (card: CardData) => ({ sku: "BH-1", path: "/eiche-bh-1.html", title: "Eiche", card });
    for (const card of [lowered, unlowered, bare]) expect(unpackCard(JSON.parse(JSON.stringify(packCard(listed(card)))) as PackedCard)).toEqual(listed(card));
    // An unlowered price leaves out the reference price and the saving; no price, no tail.
    expect(packCard(listed(unlowered))).toEqual([
      "BH-1",
      "/eiche-bh-1.html",
      "Eiche",
      unlowered.image,
      unlowered.manufacturer,
      unlowered.unit,
      unlowered.minDays,
      unlowered.maxDays,
      2,
      98765,
      43896,
    ]);
    expect(packCard(listed(bare)).slice(3)).toEqual([null, null, bare.unit, bare.minDays, bare.maxDays, 0]);
    expect(packCard(listed(lowered)).slice(8)).toEqual([1 + 2 + 4 + 8 + 16, 98765, 43896, 123450, 20]);
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

  test("a card out of stock says so and names no delivery time; one in stock names its delivery time", () => {
    language = "de";
    const product = reducedProduct("EUR", "de");
    const render = (isOutOfStock: boolean) =>
      renderToStaticMarkup(
        <ProductCard product={{ sku: product.sku, path: "/p.html", title: "Eiche", card: cardData({ ...product, isOutOfStock }) }} currency="EUR" />,
      );
    const inStock = render(false);
    expect(inStock).toContain('class="card-delivery small"');
    expect(inStock).not.toContain("Nicht auf Lager");
    const outOfStock = render(true);
    expect(outOfStock).toContain("Nicht auf Lager");
    expect(outOfStock).not.toContain("card-delivery");
  });
});
