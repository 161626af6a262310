import { money } from "@domain/money";
import type { ProductData } from "../../sourcing/catalogue-client";
import { addBlock, applyConfiguration, configurationOptions, variantAttributes, type ConfigurableAttribute } from "./configuration";
import { testProduct } from "@tests/kit/site";

/** A variant of product P with its own title, description, EAN and two images. */
function product(sku: string, overrides: Partial<ProductData> = {}, attributes: { code: string; value: string }[] = []): ProductData {
  const base = testProduct("EUR", "de");
  return {
    ...base,
    sku,
    type: "variant",
    parentSku: "P",
    slug: sku.toLowerCase(),
    ean: `ean-${sku}`,
    content: {
      ...base.content,
      title: `Title ${sku}`,
      subTitle: "Sub",
      shortDescription: "Short",
      description: `<p>Description ${sku}</p>`,
      features: ["feature"],
      attributes: attributes.map((attribute) => ({ ...attribute, label: attribute.code, type: "text", isVisible: true })),
    },
    media: [
      { kind: "image", url: `/img/${sku}-1.jpg`, alt: "", poster: null },
      { kind: "image", url: `/img/${sku}-2.jpg`, alt: "", poster: null },
    ],
    ...overrides,
  };
}

const size: ConfigurableAttribute = {
  code: "size",
  label: "Ausführung",
  options: [
    { value: "1200-x-200-mm", label: "1200 x 200 mm" },
    { value: "1800-x-200-mm", label: "1800 x 200 mm" },
    { value: "2200-x-240-mm", label: "2200 x 240 mm" },
  ],
};

describe("configuration options", () => {
  test("options are matched to the variant whose attribute carries their value or label", () => {
    const variants = [
      { sku: "P-1", attributes: variantAttributes(product("P-1", {}, [{ code: "size", value: "1800 x 200 mm" }]), [size]) },
      { sku: "P-2", attributes: variantAttributes(product("P-2", {}, [{ code: "size", value: "1200-x-200-mm" }]), [size]) },
      { sku: "P-3", attributes: variantAttributes(product("P-3", {}, [{ code: "size", value: "2200 x 240 mm" }]), [size]) },
    ];
    expect(configurationOptions(size, variants).map((option) => [option.label, option.sku])).toEqual([
      ["1200 x 200 mm", "P-2"],
      ["1800 x 200 mm", "P-1"],
      ["2200 x 240 mm", "P-3"],
    ]);
  });

  test("without such attributes, options go to the variants in order; options without a variant are left out", () => {
    const variants = [
      { sku: "P-1", attributes: variantAttributes(product("P-1", {}, [{ code: "width", value: "200 mm" }]), [size]) },
      { sku: "P-2", attributes: variantAttributes(product("P-2"), [size]) },
    ];
    expect(configurationOptions(size, variants)).toEqual([
      { value: "1200-x-200-mm", label: "1200 x 200 mm", sku: "P-1" },
      { value: "1800-x-200-mm", label: "1800 x 200 mm", sku: "P-2" },
    ]);
  });

  test("no configurable attribute or no variants: nothing to choose", () => {
    expect(configurationOptions(undefined, [{ sku: "P-1", attributes: variantAttributes(product("P-1"), [size]) }])).toEqual([]);
    expect(configurationOptions(size, [])).toEqual([]);
  });
});

describe("applying a configuration", () => {
  const page = product("P", { type: "configurable", parentSku: null });
  const variant = product("P-2", {
    price: { ...page.price!, packagePrice: money(1200, "EUR", "de") },
    media: [
      { kind: "video", url: "/v.mp4", alt: "", poster: null },
      { kind: "image", url: "/img/P-2-main.jpg", alt: "P-2", poster: null },
    ],
  });

  test("shows the variant's own data and first image; keeps the page's further images and its family's reviews", () => {
    const shown = applyConfiguration(page, variant);
    expect(shown.sku).toBe("P-2");
    expect(shown.ean).toBe("ean-P-2");
    expect(shown.content.title).toBe("Title P-2");
    expect(shown.content.description).toBe("<p>Description P-2</p>");
    expect(shown.media.map((media) => media.url)).toEqual(["/img/P-2-main.jpg", "/img/P-2.jpg"]);
    expect(shown.reviewSummary).toBe(page.reviewSummary);
    expect(shown.price?.packagePrice.amount).toBe(1200);
  });

  test("everything the cart line and the calculator are made of is the variant's, never the page's", () => {
    const own = product("P-4", {
      price: { ...page.price!, packagePrice: money(16699, "EUR", "de"), unitPrice: money(5604, "EUR", "de") },
      unit: { code: "LFM", label: "lfm" },
      packageContent: 2.98,
      blendPercent: 5,
      shippingGroup: "freight",
      isDecking: true,
      isExpress: true,
      isOutOfStock: true,
      isSalable: false,
      reachedEOF: true,
      stock: { isInStock: false, quantity: 0, minimumOrderQuantity: 5.96, notificationQuantity: 10 },
      delivery: { minDays: 7, maxDays: 12, express: false },
      samples: { ...page.samples, active: true, longDeliveryTime: true },
      content: { ...page.content, title: "Title P-4", measurement: "Inhalt pro Paket: 2,98 m²", shortDescription: "2,98 m²", lowStockMessage: "few" },
    });
    const shown = applyConfiguration({ ...page, packageContent: 2.2, blendPercent: 10 }, own);
    for (const field of [
      "sku",
      "price",
      "unit",
      "packageContent",
      "blendPercent",
      "shippingGroup",
      "isDecking",
      "isExpress",
      "isOutOfStock",
      "isSalable",
      "reachedEOF",
      "stock",
      "delivery",
      "samples",
      "content",
    ] as const)
      expect([field, shown[field]]).toEqual([field, own[field]]);
  });

  test("a variant without images keeps the page's; a page without images gets the variant's first", () => {
    expect(applyConfiguration(page, product("P-3", { media: [] })).media).toBe(page.media);
    expect(applyConfiguration(product("Q", { media: [] }), variant).media.map((media) => media.url)).toEqual(["/img/P-2-main.jpg"]);
  });

  test("no configuration, or the page's own sku: the page as it is", () => {
    expect(applyConfiguration(page, null)).toBe(page);
    expect(applyConfiguration(page, page)).toBe(page);
  });
});

describe("what the product page carries of a variant (docs/decisions/0055)", () => {
  test("the codes and values of the attributes the family configures, which are what options are matched on", () => {
    const variant = product("V1", {}, [
      { code: "size", value: "1200 x 200 mm" },
      { code: "colour", value: "Eiche" },
      { code: "thickness_mm", value: "14" },
    ]);
    expect(variantAttributes(variant, [size])).toEqual([{ code: "size", value: "1200 x 200 mm" }]);
    expect(variantAttributes(variant, [size, { code: "colour" }])).toEqual([
      { code: "size", value: "1200 x 200 mm" },
      { code: "colour", value: "Eiche" },
    ]);
    expect(variantAttributes(variant, [])).toEqual([]);
    // The options come out as they would with every attribute.
    const all = variant.content.attributes.map((attribute) => ({ code: attribute.code, value: attribute.value }));
    expect(configurationOptions(size, [{ sku: "V1", attributes: variantAttributes(variant, [size]) }])).toEqual(
      configurationOptions(size, [{ sku: "V1", attributes: all }]),
    );
    expect(configurationOptions(size, [{ sku: "V1", attributes: variantAttributes(variant, [size]) }])).toEqual([
      { value: "1200-x-200-mm", label: "1200 x 200 mm", sku: "V1" },
    ]);
  });
});

describe("what the product page does not send to the cart", () => {
  const family = product("P", { type: "configurable", parentSku: null });
  const variant = product("P-2");
  const shown = (chosen: ReturnType<typeof product> | null) => applyConfiguration(family, chosen);

  test("a product sold only as one of its variants with none chosen: the shopper is asked to choose", () => {
    expect(addBlock({ product: shown(null), selectedSku: "P", hasOptions: true, unavailable: false })).toBe("choose");
  });

  test("a chosen variant: sent once its data is there (its SKU is what the page shows), not while another SKU is shown", () => {
    expect(addBlock({ product: shown(null), selectedSku: "P-2", hasOptions: true, unavailable: false })).toBe("loading");
    expect(addBlock({ product: shown(variant), selectedSku: "P-2", hasOptions: true, unavailable: false })).toBeNull();
  });

  test("a chosen variant whose page is gone, or that is out of stock or at its end of life, is not sent", () => {
    expect(addBlock({ product: shown(null), selectedSku: "P-2", hasOptions: true, unavailable: true })).toBe("unavailable");
    for (const state of [{ isOutOfStock: true }, { reachedEOF: true }])
      expect(addBlock({ product: shown(product("P-2", state)), selectedSku: "P-2", hasOptions: true, unavailable: false })).toBe("outOfStock");
  });

  test("a product sold as it is: sent, unless out of stock; a configurable product without options is left to the cart's refusal", () => {
    expect(addBlock({ product: product("S", { type: "simple" }), selectedSku: "S", hasOptions: false, unavailable: false })).toBeNull();
    expect(addBlock({ product: product("S", { type: "simple", isOutOfStock: true }), selectedSku: "S", hasOptions: false, unavailable: false })).toBe(
      "outOfStock",
    );
    expect(addBlock({ product: family, selectedSku: "P", hasOptions: false, unavailable: false })).toBeNull();
  });
});
