import { money } from "../../../domain/money";
import type { ProductData } from "../../sourcing/catalogue-client";
import { applyConfiguration, configurationOptions, variantAttributes, type ConfigurableAttribute } from "./configuration";
import { testProduct } from "./test-product";

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

  test("replaces title, description, sku and the first image; keeps the rest of the page", () => {
    const shown = applyConfiguration(page, variant);
    expect(shown.sku).toBe("P-2");
    expect(shown.ean).toBe("ean-P-2");
    expect(shown.content.title).toBe("Title P-2");
    expect(shown.content.description).toBe("<p>Description P-2</p>");
    expect(shown.media.map((media) => media.url)).toEqual(["/img/P-2-main.jpg", "/img/P-2.jpg"]);
    expect(shown.content.subTitle).toBe(page.content.subTitle);
    expect(shown.content.features).toBe(page.content.features);
    expect(shown.downloads).toBe(page.downloads);
    // The price belongs to the sku that goes into the cart.
    expect(shown.price?.packagePrice.amount).toBe(1200);
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
