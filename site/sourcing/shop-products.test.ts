import { testProduct } from "@tests/kit/site";
import { productNodeKey, shopProductsField, variantAttributesField } from "./shop-products";

describe("a page's list of products by SKU", () => {
  const createNodeId = (key: string) => `id:${key}`;
  const nodes = new Map([
    [`id:${productNodeKey("A", "de")}`, { sku: "A", language: "de" }],
    [`id:${productNodeKey("B", "de")}`, { sku: "B", language: "de" }],
    [`id:${productNodeKey("A", "fr")}`, { sku: "A", language: "fr" }],
  ]);

  test("reads each product by its node id (what makes a page depend on that product only), in the order asked, in the language asked", () => {
    const lookups: { id: string; type: string }[] = [];
    const nodeModel = { getNodeById: (input: { id: string; type: string }) => (lookups.push(input), nodes.get(input.id) ?? null) };
    const field = shopProductsField(createNodeId);
    expect(field.resolve(null, { language: "de", skus: ["B", "X", "A"] }, { nodeModel })).toEqual({
      nodes: [
        { sku: "B", language: "de" },
        { sku: "A", language: "de" },
      ],
    });
    expect(lookups).toEqual(["B", "X", "A"].map((sku) => ({ id: `id:product-${sku}-de`, type: "ShopProduct" })));
    expect(field.resolve(null, { language: "fr", skus: ["A", "B"] }, { nodeModel }).nodes).toEqual([{ sku: "A", language: "fr" }]);
  });
});

describe("what a product page carries of each variant of its family", () => {
  test("the variant's attributes that its family's node (of the variant's language) configures", () => {
    const createNodeId = (key: string) => `id:${key}`;
    const families = new Map([
      [`id:${productNodeKey("F", "de")}`, { configurable: [{ code: "thickness_mm", label: "Stärke", options: [] }] }],
      [`id:${productNodeKey("F", "fr")}`, { configurable: [] }],
    ]);
    const nodeModel = { getNodeById: (input: { id: string; type: string }) => families.get(input.id) ?? null };
    const base = testProduct("EUR", "de");
    const data = {
      ...base,
      content: {
        ...base.content,
        attributes: [
          { code: "thickness_mm", label: "Stärke", type: "number", value: "14", isVisible: true },
          { code: "width_mm", label: "Breite", type: "number", value: "190", isVisible: true },
        ],
      },
    };
    const field = variantAttributesField(createNodeId);
    expect(field.resolve({ data, language: "de" }, { family: "F" }, { nodeModel })).toEqual([{ code: "thickness_mm", value: "14" }]);
    expect(field.resolve({ data, language: "fr" }, { family: "F" }, { nodeModel })).toEqual([]);
    expect(field.resolve({ data, language: "de" }, { family: "X" }, { nodeModel })).toEqual([]);
  });
});
