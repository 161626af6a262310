import { allShops, shopById, type Shop } from "@shop-api/core/shop";
import { UserInputError } from "../errors";
import type { Resolvers } from "../generated/resolvers";

/** Shops come from config/shops.json (the one authority), never from D1. */
export function requireShop(id: string): Shop {
  const shop = shopById(id);
  if (!shop || shop.id !== id) throw new UserInputError(`Unknown shop "${id}"`);
  return shop;
}

/** The shop, after checking `language` is one of its languages. */
export function requireShopLanguage(id: string, language: string): Shop {
  const shop = requireShop(id);
  if (!shop.languages.includes(language)) {
    throw new UserInputError(`Language "${language}" is not offered by shop ${shop.id} (${shop.languages.join(", ")})`);
  }
  return shop;
}

export const shopResolvers: Resolvers = {
  Query: {
    shops: () => [...allShops()].sort((a, b) => a.id.localeCompare(b.id)),
    shop: (_parent, args) => {
      const shop = shopById(args.id);
      return shop && shop.id === args.id ? shop : null;
    },
  },
};
