import rawConfig from "../../config/shops.json";
import { parseShopConfig, type ShopDefinition } from "../../worker/config/shop-config";

/** The shop a build is for; fails with the list of shops when SHOP is missing or unknown. */
export function shopForBuild(shopId: string | undefined): ShopDefinition {
  const config = parseShopConfig(rawConfig);
  const shop = config.shops.find((candidate) => candidate.id === shopId);
  if (!shop) {
    throw new Error(`Set SHOP to one of ${config.shops.map((s) => s.id).join(", ")} (got ${shopId ? `'${shopId}'` : "nothing"})`);
  }
  return shop;
}
