/**
 * Every query the build sends (site/sourcing/queries.graphql, as generated into typed
 * documents) is answered by the GraphQL layer without errors, and the answers have the
 * shape the generated result types promise: a price with all its money fields, pages that
 * link on. A schema change that breaks one of the build's queries fails here.
 */
import { print } from "graphql";
import { gql, useSeededCatalogue } from "../kit/graphql";
import { BUILD_QUERIES } from "../../site/sourcing/catalogue-client";

const catalogue = useSeededCatalogue();

const VARIABLES = { shop: "DE", language: "de", first: 50, after: null, changedAfterImport: null, afterImport: 0 };

async function answer(name: keyof typeof BUILD_QUERIES) {
  const response = await gql(catalogue.database().db, print(BUILD_QUERIES[name]), VARIABLES);
  expect(response.body.errors).toBeUndefined();
  return response.body.data;
}

test.each(Object.keys(BUILD_QUERIES) as (keyof typeof BUILD_QUERIES)[])("%s is answered without errors", async (name) => {
  expect(await answer(name)).toBeTruthy();
});

test("a product page holds priced products with every money field the build reads", async () => {
  const { products } = await answer("BuildProducts");
  expect(products.nodes).toHaveLength(50);
  expect(products.pageInfo.hasNextPage).toBe(true);
  expect(products.totalCount).toBeGreaterThan(50);
  const priced = products.nodes.find((node: { price: unknown }) => node.price !== null);
  for (const money of [priced.price.packagePrice, priced.price.unitPrice, priced.price.referencePrice, priced.price.tax.amount]) {
    expect(Object.keys(money).sort()).toEqual(["amount", "currency", "formattedValue", "formattedWithCurrency", "value"]);
  }
  expect(typeof priced.price.savingsPercentage).toBe("number");
});
