import type { GraphQLContext } from "../context";
import type { ResolverMap } from "../resolver-map";
import { requireShopLanguage } from "./shops";
import { all } from "./util";

export const seoResolvers: ResolverMap = {
  Query: {
    topSeoLinks: async (_parent, args: { shop: string; language: string }, ctx: GraphQLContext) => {
      const shop = await requireShopLanguage(ctx, args.shop, args.language);
      return all<{ position: number; label: string; url: string }>(
        ctx,
        "SELECT position, label, url FROM top_seo_links WHERE shop_id = ?1 AND language = ?2 ORDER BY position",
        shop.id,
        args.language,
      );
    },
  },
};
