import type { GraphQLContext } from "../context";
import type { ResolverMap } from "../resolver-map";
import { requireShopLanguage } from "./shops";
import { sql } from "../../worker/lib/sql";
import type { TopSeoLinkRow } from "../../worker/shop-api/tables/content";
import { all } from "./util";

export const seoResolvers: ResolverMap = {
  Query: {
    topSeoLinks: async (_parent, args: { shop: string; language: string }, ctx: GraphQLContext) => {
      const shop = requireShopLanguage(args.shop, args.language);
      return all<Pick<TopSeoLinkRow, "position" | "label" | "url">>(
        ctx,
        sql`SELECT position, label, url FROM top_seo_links WHERE shop_id = ${shop.id} AND language = ${args.language} ORDER BY position`,
      );
    },
  },
};
