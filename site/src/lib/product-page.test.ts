import { money } from "@domain/money";
import { packProduct, unpackProduct } from "./product-page";
import { testProduct } from "@tests/kit/site";

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
    const {
      childProducts: _children,
      configurableAttributes: _configurable,
      updatedAt: _updated,
      categoryIds: _categories,
      categoryId: _category,
      parentSku: _parent,
      ...rest
    } = product;
    const shown = {
      ...rest,
      stock: { minimumOrderQuantity: product.stock.minimumOrderQuantity },
      samples: { active: product.samples.active, longDeliveryTime: product.samples.longDeliveryTime },
    };
    const packed = packProduct(product);
    expect(unpackProduct(JSON.parse(JSON.stringify(packed)) as typeof packed, language)).toEqual(shown);
    expect(unpackProduct(packProduct({ ...product, price: null }), language).price).toBeNull();
  });

  test("what the page does not show stays out, and prices are minor units beside one currency", () => {
    const product = {
      ...testProduct("EUR", "de"),
      manufacturer: { id: "m", name: "Maker", slug: "maker", logo: "/images/manufacturers/maker.svg" },
      childProducts: [{ sku: "C", slug: "c", content: { title: "C" } }],
      updatedAt: "2026-11-24T10:00:00.000Z",
    };
    const packed = packProduct(product);
    for (const field of ["childProducts", "configurableAttributes", "updatedAt", "categoryIds", "categoryId", "parentSku"])
      expect(packed).not.toHaveProperty(field);
    // Of stock, samples and manufacturer only what a component reads.
    expect(Object.keys(packed.stock)).toEqual(["minimumOrderQuantity"]);
    expect(Object.keys(packed.samples)).toEqual(["active", "longDeliveryTime"]);
    expect(packed.manufacturer).toEqual({ name: "Maker", slug: "maker" });
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

  test("media items leave out an image's kind, the alt of the item before and an empty poster", () => {
    const media = [
      { kind: "image", url: "/images/products/P-1.jpg", alt: "Eiche", poster: null },
      { kind: "image", url: "/images/products/P-2.jpg", alt: "Eiche", poster: null },
      { kind: "video", url: "/videos/products/P.mp4", alt: "Eiche", poster: "/images/videos/products/p.jpg" },
      { kind: "image", url: "/images/products/P-3.jpg", alt: "Eiche, verlegt", poster: null },
      { kind: "image", url: "/images/products/P-4.jpg", alt: "", poster: null },
    ];
    const product = { ...testProduct("EUR", "de"), media };
    const packed = packProduct(product);
    expect(packed.media).toEqual([
      { url: "/images/products/P-1.jpg", alt: "Eiche" },
      { url: "/images/products/P-2.jpg" },
      { kind: "video", url: "/videos/products/P.mp4", poster: "/images/videos/products/p.jpg" },
      { url: "/images/products/P-3.jpg", alt: "Eiche, verlegt" },
      { url: "/images/products/P-4.jpg", alt: "" },
    ]);
    expect(unpackProduct(JSON.parse(JSON.stringify(packed)) as typeof packed, "de").media).toEqual(media);
    expect(packProduct({ ...product, media: [{ kind: "image", url: "/i.jpg", alt: "", poster: null }] }).media).toEqual([{ url: "/i.jpg" }]);
  });

  test("flags at most products' value are left out and come back; attributes the technical data does not list stay out", () => {
    const base = testProduct("EUR", "de");
    const visible = { code: "thickness_mm", label: "Stärke (mm)", type: "number", value: "14", isVisible: true };
    const hidden = { code: "erp_group", label: "Warengruppe", type: "text", value: "P1", isVisible: false };
    const usualFlags = {
      isDecking: false,
      isExpress: false,
      isClearance: false,
      isPlusProduct: false,
      isOutOfStock: false,
      isSalable: true,
      reachedEOF: false,
    };
    const plain = { ...base, ...usualFlags };
    const packed = packProduct({ ...plain, content: { ...plain.content, attributes: [visible, hidden] } });
    for (const flag of Object.keys(usualFlags)) expect(packed).not.toHaveProperty(flag);
    expect(packed.content.attributes).toEqual([{ code: "thickness_mm", label: "Stärke (mm)", type: "number", value: "14" }]);
    const page = unpackProduct(JSON.parse(JSON.stringify(packed)) as typeof packed, "de");
    expect(page).toMatchObject(usualFlags);
    expect(page.content.attributes).toEqual([visible]);
    const unusual = { ...plain, isDecking: true, isOutOfStock: true, isSalable: false, reachedEOF: true };
    expect(packProduct(unusual)).toMatchObject({ isDecking: true, isOutOfStock: true, isSalable: false, reachedEOF: true });
    expect(unpackProduct(packProduct(unusual), "de")).toMatchObject({
      isDecking: true,
      isExpress: false,
      isOutOfStock: true,
      isSalable: false,
      reachedEOF: true,
    });
  });
});
