import type { GraphQLContext } from "../context";
import type { Manufacturer, Resolvers } from "../generated/resolvers";
import { requireShopLanguage } from "./shops";
import { jsonList } from "@worker/lib/json";
import { sql, type OuterJoined, type SqlFragment } from "@worker/lib/sql";
import type { ManufacturerRow, ManufacturerTranslationRow } from "@shop-api/tables/manufacturers";
import { all, loader } from "./util";

/** A manufacturer with its texts in the language (when translated) and its product count in the shop. */
type ManufacturerNodeRow = Pick<ManufacturerRow, "id" | "name" | "slug" | "logo" | "url"> &
  OuterJoined<Pick<ManufacturerTranslationRow, "description" | "short_description">> & { product_count: number };

const toNode = (row: ManufacturerNodeRow): Manufacturer => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  logo: row.logo,
  url: row.url,
  description: row.description ?? "",
  shortDescription: row.short_description ?? "",
  productCount: row.product_count,
});

const COLUMNS = sql`m.id, m.name, m.slug, m.logo, m.url, t.description, t.short_description`;
/** Active products of a shop per manufacturer. */
const productCounts = (shop: string): SqlFragment => sql`SELECT p.manufacturer_id, COUNT(*) AS product_count
                  FROM products p JOIN product_shops s ON s.sku = p.sku AND s.shop_id = ${shop}
                 WHERE p.is_active = 1 AND p.manufacturer_id IS NOT NULL
                 GROUP BY p.manufacturer_id`;

/** Manufacturers by id, with the texts of a language and the product count of a shop. */
export function manufacturerLoader(ctx: GraphQLContext, shop: string, language: string) {
  return loader<Manufacturer>(ctx, `manufacturers:${shop}:${language}`, async (ids) => {
    const rows = await all<ManufacturerNodeRow>(
      ctx,
      sql`SELECT ${COLUMNS}, COALESCE(c.product_count, 0) AS product_count
         FROM manufacturers m
         LEFT JOIN manufacturer_translations t ON t.manufacturer_id = m.id AND t.language = ${language}
         LEFT JOIN (${productCounts(shop)}) c ON c.manufacturer_id = m.id
        WHERE m.id IN ${jsonList(ids)}`,
    );
    return new Map(rows.map((row) => [row.id, toNode(row)]));
  });
}

export const manufacturerResolvers: Resolvers = {
  Query: {
    /** Manufacturers with at least one active product in the shop, by name. */
    manufacturers: async (_parent, args, ctx) => {
      const shop = requireShopLanguage(args.shop, args.language);
      const rows = await all<ManufacturerNodeRow>(
        ctx,
        sql`SELECT ${COLUMNS}, c.product_count
           FROM manufacturers m
           JOIN (${productCounts(shop.id)}) c ON c.manufacturer_id = m.id
           LEFT JOIN manufacturer_translations t ON t.manufacturer_id = m.id AND t.language = ${args.language}
          ORDER BY m.name COLLATE NOCASE, m.id`,
      );
      return rows.map(toNode);
    },
  },
};
