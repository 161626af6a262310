/**
 * The build must keep working under the GraphQL cost limit: every query the build and the
 * local tooling send costs at most half of MAX_NODES (docs/decisions/0027), so the limit
 * is twice what the largest of them needs.
 */
import { getOperationAST, parse, print, type DocumentNode } from "graphql";
import { getSchema } from "@shop-api/graphql/http";
import { estimateNodes, MAX_NODES } from "@shop-api/graphql/limits";
import { productsQuery } from "@scripts/lib/demo-products";
import { BUILD_QUERIES } from "../../site/sourcing/catalogue-client";

const BUILD_VARIABLES = { shop: "DE", language: "de", first: 200, after: null, changedAfterImport: null, afterImport: 0 };

function cost(document: DocumentNode): number {
  const parsed = parse(print(document));
  return estimateNodes(getSchema(), parsed, getOperationAST(parsed)!, BUILD_VARIABLES);
}

describe("the build's queries under the cost limit", () => {
  it.each(Object.entries(BUILD_QUERIES))("%s costs at most half the limit", (_name, document) => {
    expect(cost(document)).toBeLessThanOrEqual(MAX_NODES / 2);
  });

  it("the demo products query of the benchmarks and browser tests too", () => {
    expect(cost(parse(productsQuery("DE")))).toBeLessThanOrEqual(MAX_NODES / 2);
  });

  it("the largest is the products page, and the limit is about twice its cost", () => {
    const costs = Object.values(BUILD_QUERIES).map((document) => cost(document));
    const largest = Math.max(...costs);
    expect(largest).toBe(cost(BUILD_QUERIES.BuildProducts));
    expect(MAX_NODES).toBeLessThan(largest * 2.5);
  });
});
