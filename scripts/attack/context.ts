/**
 * What every attack check gets: the client (loopback only), the shop's hosts, the build's
 * GraphQL token from .dev.vars, and products of the running catalogue to act on.
 */
import { isOrderable, productsQuery, type ProductNode } from "../lib/demo-products";
import type { Client } from "./client";

export interface AttackProducts {
  /** A product a visitor can put into the cart as it is. */
  cartSku: string;
  /** Products with free samples. */
  sampleSkus: string[];
}

export interface AttackContext {
  client: Client;
  hosts: { de: string; ch: string; unknown: string };
  /** GRAPHQL_TOKEN of the local worker (.dev.vars). */
  graphqlToken: string;
  /** Products of the running shop (asked once, through /graphql with the token). */
  products(): Promise<AttackProducts>;
}

/** Asks the running shop for its products once; fails when none can be put into the cart or sampled. */
export function productsOnce(client: Client, graphqlToken: string): () => Promise<AttackProducts> {
  let pending: Promise<AttackProducts> | undefined;
  return () =>
    (pending ??= (async () => {
      const answer = await client.send({
        method: "POST",
        path: "/graphql",
        headers: { "content-type": "application/json", authorization: `Bearer ${graphqlToken}` },
        body: JSON.stringify({ query: productsQuery("DE") }),
      });
      if (answer.status !== 200) throw new Error(`/graphql answered ${answer.status} for the product list`);
      const nodes = (JSON.parse(answer.body) as { data: { products: { nodes: ProductNode[] } } }).data.products.nodes;
      const orderable = nodes.filter(isOrderable);
      const cart = orderable.find((product) => product.stock.quantity >= 20) ?? orderable[0];
      const sampleSkus = orderable.filter((product) => product.samples.active).map((product) => product.sku);
      if (!cart || sampleSkus.length === 0) throw new Error("the running catalogue has no orderable product with samples");
      return { cartSku: cart.sku, sampleSkus };
    })());
}
