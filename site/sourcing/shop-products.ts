import type { ProductData } from "./catalogue-client";
import { variantAttributes, type ConfigurableAttribute } from "../src/lib/configuration";

/** The key a product node of a language is created under (source-nodes.ts) and found by (below). */
export function productNodeKey(sku: string, language: string): string {
  return `product-${sku}-${language}`;
}

interface NodeLookup {
  getNodeById(input: { id: string; type: string }): unknown;
}

/**
 * `shopProducts(language, skus)`: the products of a page's list (related products, accessories,
 * a category page's products, offers), each read by its node id, in the order of `skus`;
 * SKUs without a node are left out. Gatsby makes a page depend on each node it read by id,
 * whereas a list query (`allShopProduct(filter: {sku: {in: ...}})`) depends on every node of
 * the type: with it one changed product ran the queries of every product, category and home
 * page again (docs/decisions/0054).
 */
export function shopProductsField(createNodeId: (key: string) => string) {
  return {
    type: "ShopProductList!",
    args: { language: "String!", skus: "[String!]!" },
    resolve: (_source: unknown, args: { language: string; skus: readonly string[] }, context: { nodeModel: NodeLookup }) => ({
      nodes: args.skus
        .map((sku) => context.nodeModel.getNodeById({ id: createNodeId(productNodeKey(sku, args.language)), type: "ShopProduct" }))
        .filter((node) => node !== null && node !== undefined),
    }),
  };
}

/**
 * `variantAttributes(family:)` of a product node: what a product page carries of each variant of
 * its family (docs/decisions/0055), the variant's attributes that the family's configurable
 * attributes name, read from the family's node of the variant's language.
 */
export function variantAttributesField(createNodeId: (key: string) => string) {
  return {
    type: "JSON!",
    args: { family: "String!" },
    resolve: (source: { data: ProductData; language: string }, args: { family: string }, context: { nodeModel: NodeLookup }) => {
      const family = context.nodeModel.getNodeById({ id: createNodeId(productNodeKey(args.family, source.language)), type: "ShopProduct" }) as {
        configurable: ConfigurableAttribute[];
      } | null;
      return variantAttributes(source.data, family?.configurable ?? []);
    },
  };
}
