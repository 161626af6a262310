import rawConfig from "@config/shops.json";
import { parseShopConfig, type ShopDefinition } from "@config/shop-config";
import { offeredPaymentMethods, type PaymentMethod } from "@domain/payment-methods";

/** The shop a build is for; fails with the list of shops when SHOP is missing or unknown. */
export function shopForBuild(shopId: string | undefined): ShopDefinition {
  const config = parseShopConfig(rawConfig);
  const shop = config.shops.find((candidate) => candidate.id === shopId);
  if (!shop) {
    throw new Error(`Set SHOP to one of ${config.shops.map((s) => s.id).join(", ")} (got ${shopId ? `'${shopId}'` : "nothing"})`);
  }
  return shop;
}

/**
 * The payment methods the shop's pages name (the footer's badges), in the shop's order: the
 * rule of domain/payment-methods.ts applied to the shop's config, as the checkout applies it
 * (offline methods as listed; an online method only with a provider configured for it).
 */
export function paymentMethodsForBuild(shopId: string): PaymentMethod[] {
  return offeredPaymentMethods(shopForBuild(shopId)).map((method) => method.code);
}
