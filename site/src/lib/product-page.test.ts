import { money } from "../../../domain/money";
import { packProduct, unpackProduct } from "./product-page";
import { testProduct } from "./test-product";

describe("a product as its page data carries it (docs/decisions/0055)", () => {
  test.each([
    ["EUR", "de"],
    ["EUR", "at"],
    ["CHF", "fr"],
    ["CHF", "it"],
    ["EUR", "nl"],
    ["EUR", "en"],
  ])("in %s and %s the page gets back the sourced product, prices formatted as the GraphQL layer formats them", (currency, language) => {
    const m = (minor: number) => money(minor, currency, language);
    const sourced = testProduct(currency, language);
    const product = {
      ...sourced,
      price: {
        ...sourced.price!,
        packagePrice: m(98765),
        referencePrice: m(123450),
        unitPrice: m(-1),
        savingsPercentage: 20,
        tax: { ...sourced.price!.tax, amount: m(15770) },
      },
    };
    const { childProducts: _children, configurableAttributes: _configurable, updatedAt: _updated, categoryIds: _categories, ...shown } = product;
    const packed = packProduct(product);
    expect(unpackProduct(JSON.parse(JSON.stringify(packed)) as typeof packed, language)).toEqual(shown);
    expect(unpackProduct(packProduct({ ...product, price: null }), language).price).toBeNull();
  });

  test("what the page does not show stays out, and prices are minor units beside one currency", () => {
    const product = { ...testProduct("EUR", "de"), childProducts: [{ sku: "C", slug: "c", content: { title: "C" } }], updatedAt: "2026-11-24T10:00:00.000Z" };
    const packed = packProduct(product);
    for (const field of ["childProducts", "configurableAttributes", "updatedAt", "categoryIds"]) expect(packed).not.toHaveProperty(field);
    expect(packed.price).toEqual({
      currency: "EUR",
      packagePrice: 123450,
      unitPrice: product.price!.unitPrice.amount,
      referencePrice: 123450,
      savingsPercentage: product.price!.savingsPercentage,
      tax: { ...product.price!.tax, amount: product.price!.tax.amount.amount },
    });
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(product).length - 400);
  });
});
