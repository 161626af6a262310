/**
 * The ORDER BY of a list in one of the category pages' orders, shared by the category
 * listing (category-query.ts) and a sorted search (product-query.ts). It reads the
 * aliases both statements give: `h` (price, sku), `c` (product_content: title), `pr`
 * (products: updated_at). Ties by SKU; products without a price last in both directions
 * (site/src/lib/listing.ts sorts the static pages the same way).
 */
import { sql, SqlFragment } from "@worker/lib/sql";
import type { CategorySortField } from "@domain/category-listing";

export function orderBy(sort: { field: CategorySortField; direction: "asc" | "desc" }): SqlFragment {
  const direction = SqlFragment.raw(sort.direction === "desc" ? "DESC" : "ASC");
  switch (sort.field) {
    case "price":
      return sql`h.price IS NULL, h.price ${direction}, h.sku`;
    case "name":
      return sql`c.title ${direction}, h.sku`;
    case "newest":
      return sql`pr.updated_at ${direction}, h.sku`;
    default:
      return sql`h.sku ${direction}`;
  }
}
