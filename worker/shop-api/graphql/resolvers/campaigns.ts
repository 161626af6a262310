import type { Resolvers } from "../generated/resolvers";
import { requireShopLanguage } from "./shops";
import { campaignOf, selectShopCampaigns, type CampaignRow } from "@shop-api/tables/campaigns";
import { all } from "./util";

/** The sales campaigns of a shop and language (docs/decisions/0048); the build decides by its clock which one runs. */
export const campaignResolvers: Resolvers = {
  Query: {
    campaigns: async (_parent, args, ctx) => {
      const shop = requireShopLanguage(args.shop, args.language);
      const rows = await all<CampaignRow>(ctx, selectShopCampaigns(shop.id, args.language));
      return rows.map((row) => ({ ...campaignOf(row), updatedAt: row.updated_at }));
    },
  },
};
