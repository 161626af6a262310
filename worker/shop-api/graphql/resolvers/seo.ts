import type { Resolvers } from "../generated/resolvers";
import { requireShopLanguage } from "./shops";
import { sql } from "@worker/lib/sql";
import type { TopSeoLinkRow } from "@shop-api/tables/content";
import { all } from "./util";

export const seoResolvers: Resolvers = {
  Query: {
    topSeoLinks: async (_parent, args, ctx) => {
      const shop = requireShopLanguage(args.shop, args.language);
      return all<Pick<TopSeoLinkRow, "position" | "label" | "url">>(
        ctx,
        sql`SELECT position, label, url FROM top_seo_links WHERE shop_id = ${shop.id} AND language = ${args.language} ORDER BY position`,
      );
    },
  },
};
