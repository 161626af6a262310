import type { GraphQLContext } from "../context";
import type { ResolverMap } from "../resolver-map";
import { requireShop } from "./shops";
import { sql } from "../../worker/lib/sql";
import { all, parseIsoDateTime } from "./util";

export const changeResolvers: ResolverMap = {
  Query: {
    /**
     * Distinct SKUs an import changed after `since` (optionally only those sold in `shop`),
     * sorted. `until` is the newest change time among them, or `since` when there is none:
     * pass it as the next `since`.
     */
    catalogueChanges: async (_parent, args: { since: string; shop?: string | null }, ctx: GraphQLContext) => {
      const since = parseIsoDateTime(args.since, "since");
      const shop = args.shop != null ? requireShop(args.shop).id : null;
      const rows = await all<{ sku: string; last: string }>(
        ctx,
        sql`SELECT sku, MAX(changed_at) AS last FROM product_changes
          WHERE changed_at > ${since}
            ${shop === null ? sql`` : sql`AND sku IN (SELECT sku FROM product_shops WHERE shop_id = ${shop})`}
          GROUP BY sku ORDER BY sku`,
      );
      const until = rows.reduce((max, row) => (row.last > max ? row.last : max), since);
      return { skus: rows.map((row) => row.sku), until };
    },
  },
};
