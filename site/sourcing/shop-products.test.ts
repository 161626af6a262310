import { testProduct } from "../src/lib/test-product";
import { packProduct } from "../src/lib/product-page";
import { productDataNodeKey, productNodeKey, productPageField, shopProductsField, variantAttributesField } from "./shop-products";

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

describe("what a product page reads of its product and of each variant of its family", () => {
  const createNodeId = (key: string) => `id:${key}`;
  const base = testProduct("EUR", "de");
  const data = {
    ...base,
    sku: "V",
    content: {
      ...base.content,
      attributes: [
        { code: "thickness_mm", label: "Stärke", type: "number", value: "14", isVisible: true },
        { code: "width_mm", label: "Breite", type: "number", value: "190", isVisible: true },
      ],
    },
  };
  const nodes = new Map<string, unknown>([
    [`id:${productNodeKey("F", "de")}`, { configurable: [{ code: "thickness_mm", label: "Stärke", options: [] }] }],
    [`id:${productNodeKey("F", "fr")}`, { configurable: [] }],
    [`id:${productDataNodeKey("V", "de")}`, { sku: "V", language: "de", data }],
    [`id:${productDataNodeKey("V", "fr")}`, { sku: "V", language: "fr", data }],
  ]);
  const lookups: { id: string; type: string }[] = [];
  const nodeModel = { getNodeById: (input: { id: string; type: string }) => (lookups.push(input), nodes.get(input.id) ?? null) };
  beforeEach(() => lookups.splice(0));

  test("the variant's attributes that its family's node (of the variant's language) configures", () => {
    const field = variantAttributesField(createNodeId);
    expect(field.resolve({ sku: "V", language: "de" }, { family: "F" }, { nodeModel })).toEqual([{ code: "thickness_mm", value: "14" }]);
    expect(field.resolve({ sku: "V", language: "fr" }, { family: "F" }, { nodeModel })).toEqual([]);
    expect(field.resolve({ sku: "V", language: "de" }, { family: "X" }, { nodeModel })).toEqual([]);
  });

  test("the page's product comes from its own ShopProductData node, read by id (so the page depends on it) in the page's language", () => {
    const field = productPageField(createNodeId);
    expect(field.resolve({ sku: "V", language: "de" }, {}, { nodeModel })).toEqual(packProduct(data));
    expect(lookups).toEqual([{ id: `id:product-data-V-de`, type: "ShopProductData" }]);
  });

  test("a product node without its data node fails the page's query, naming the product", () => {
    expect(() => productPageField(createNodeId).resolve({ sku: "W", language: "de" }, {}, { nodeModel })).toThrow("No ShopProductData node for W (de)");
    expect(() => variantAttributesField(createNodeId).resolve({ sku: "W", language: "de" }, { family: "F" }, { nodeModel })).toThrow("W (de)");
  });
});
