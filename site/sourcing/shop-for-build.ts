import rawConfig from "@config/shops.json";
import { ENVIRONMENTS, parseShopConfig, widgetScriptUrl, type Environment, type ShopDefinition } from "@config/shop-config";
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

/** The environment a build is for: ENVIRONMENT_NAME, as the worker's (the local builds set it); default production. */
export function buildEnvironment(name: string | undefined): Environment {
  if (name === undefined || name === "") return "production";
  const environment = ENVIRONMENTS.find((candidate) => candidate === name);
  if (!environment) throw new Error(`ENVIRONMENT_NAME must be one of ${ENVIRONMENTS.join(", ")} (got '${name}')`);
  return environment;
}

/**
 * The shop's reviews and chat as the build's pages read them (GATSBY_REVIEWS, GATSBY_CHAT): each
 * widget's script where it loads from in the environment (config/shop-config.ts widgetScriptUrl);
 * a widget the environment lacks is left out, and a chat without its widget is no chat.
 */
export function widgetsForBuild(shop: ShopDefinition, environment: Environment): { reviews: ShopDefinition["reviews"]; chat: ShopDefinition["chat"] | null } {
  const config = parseShopConfig(rawConfig);
  const reviewScript = widgetScriptUrl(config, shop.reviews.widget, environment);
  const chatScript = widgetScriptUrl(config, shop.chat?.widget, environment);
  return {
    reviews: { ...shop.reviews, widget: reviewScript ? { scriptUrl: reviewScript } : undefined },
    chat: shop.chat && chatScript ? { ...shop.chat, widget: { scriptUrl: chatScript } } : null,
  };
}
