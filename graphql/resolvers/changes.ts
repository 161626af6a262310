import type { GraphQLContext } from "../context";
import type { ResolverMap } from "../resolver-map";
import { requireShop } from "./shops";
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
      const shop = args.shop != null ? (await requireShop(ctx, args.shop)).id : null;
      const rows = await all<{ sku: string; last: string }>(
        ctx,
        `SELECT sku, MAX(changed_at) AS last FROM product_changes
          WHERE changed_at > ?1
            AND (?2 IS NULL OR sku IN (SELECT sku FROM product_shops WHERE shop_id = ?2))
          GROUP BY sku ORDER BY sku`,
        since,
        shop,
      );
      const until = rows.reduce((max, row) => (row.last > max ? row.last : max), since);
      return { skus: rows.map((row) => row.sku), until };
    },
  },
};
