import type { Resolvers } from "../generated/resolvers";
import { UserInputError } from "../errors";
import { requireShop } from "./shops";
import { sql, type SqlFragment } from "@worker/lib/sql";
import { all, first, parseIsoDateTime } from "./util";

/**
 * Which catalogue changes a caller asks for: those stamped after a time, or those of the
 * imports after one (import ids grow in the order the imports were written, so a build that
 * read `catalogueVersion` before its products misses none and needs no overlap; ADR 0034).
 */
export type ChangeFilter = { since: string } | { afterImport: number };

/** The filter named by a pair of arguments (a time and an import id); at most one may be given. */
export function changeFilter(since: string | null | undefined, afterImport: number | null | undefined, names: [string, string]): ChangeFilter | null {
  if (since != null && afterImport != null) throw new UserInputError(`give ${names[0]} or ${names[1]}, not both`);
  if (since != null) return { since: parseIsoDateTime(since, names[0]) };
  if (afterImport == null) return null;
  if (!Number.isInteger(afterImport) || afterImport < 0) throw new UserInputError(`${names[1]} must be an import id (0 or more)`);
  return { afterImport };
}

/** The rows of product_changes a filter selects. */
export const changeRows = (filter: ChangeFilter): SqlFragment =>
  "since" in filter ? sql`FROM product_changes WHERE changed_at > ${filter.since}` : sql`FROM product_changes WHERE import_id > ${filter.afterImport}`;

export const changeResolvers: Resolvers = {
  Query: {
    /**
     * Distinct SKUs an import changed after `since` or after import `afterImport` (optionally
     * only those sold in `shop`), sorted. `until` is the newest change time among them, or
     * `since` (null with afterImport) when there is none.
     */
    catalogueChanges: async (_parent, args, ctx) => {
      const filter = changeFilter(args.since, args.afterImport, ["since", "afterImport"]);
      if (!filter) throw new UserInputError("give since or afterImport");
      const shop = args.shop != null ? requireShop(args.shop).id : null;
      const rows = await all<{ sku: string; last: string }>(
        ctx,
        sql`SELECT sku, MAX(changed_at) AS last ${changeRows(filter)}
            ${shop === null ? sql`` : sql`AND sku IN (SELECT sku FROM product_shops WHERE shop_id = ${shop})`}
          GROUP BY sku ORDER BY sku`,
      );
      const start = "since" in filter ? filter.since : null;
      const until = rows.reduce<string | null>((max, row) => (max === null || row.last > max ? row.last : max), start);
      return { skus: rows.map((row) => row.sku), until };
    },
    /** The newest import's id and the time of the oldest one kept (a replaced catalogue starts another history). */
    catalogueVersion: async (_parent, _args, ctx) => {
      const row = await first<{ last: number | null; start: string | null }>(
        ctx,
        sql`SELECT MAX(id) AS last, (SELECT started_at FROM imports ORDER BY id LIMIT 1) AS start FROM imports`,
      );
      return { lastImport: row?.last ?? 0, historyStart: row?.start ?? null };
    },
  },
};
