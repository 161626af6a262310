import { productNodeKey, shopProductsField } from "./shop-products";

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
