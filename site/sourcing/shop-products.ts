import type { ProductData } from "./catalogue-client";
import { variantAttributes, type ConfigurableAttribute } from "../src/lib/configuration";
import { packProduct } from "../src/lib/product-page";

/** The key a product node of a language is created under (source-nodes.ts) and found by (below). */
export function productNodeKey(sku: string, language: string): string {
  return `product-${sku}-${language}`;
}

/** The key of a product's ShopProductData node of a language (the whole product, source-nodes.ts). */
export function productDataNodeKey(sku: string, language: string): string {
  return `product-data-${sku}-${language}`;
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

type ProductSource = { sku: string; language: string };

/** The whole product of a ShopProduct node, read by node id (so its page depends on that node). */
function productData(source: ProductSource, nodeModel: NodeLookup, createNodeId: (key: string) => string): ProductData {
  const node = nodeModel.getNodeById({ id: createNodeId(productDataNodeKey(source.sku, source.language)), type: "ShopProductData" }) as {
    data: ProductData;
  } | null;
  if (!node) throw new Error(`No ShopProductData node for ${source.sku} (${source.language})`);
  return node.data;
}

/** `page` of a product node: what its product page carries of it (docs/decisions/0055), from its ShopProductData. */
export function productPageField(createNodeId: (key: string) => string) {
  return {
    type: "JSON!",
    resolve: (source: ProductSource, _args: unknown, context: { nodeModel: NodeLookup }) => packProduct(productData(source, context.nodeModel, createNodeId)),
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
    resolve: (source: ProductSource, args: { family: string }, context: { nodeModel: NodeLookup }) => {
      const family = context.nodeModel.getNodeById({ id: createNodeId(productNodeKey(args.family, source.language)), type: "ShopProduct" }) as {
        configurable: ConfigurableAttribute[];
      } | null;
      return variantAttributes(productData(source, context.nodeModel, createNodeId), family?.configurable ?? []);
    },
  };
}
