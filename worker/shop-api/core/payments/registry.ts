/**
 * Which payment provider takes which online method of a shop (docs/decisions/0036). The
 * shop config lists the shop's providers (`paymentProviders`: adapter name, methods,
 * secrets by role); a provider is usable when an adapter of that name is registered and
 * every secret it names is set. An online method is offered (the checkout quote) and
 * accepted (placing the order) only with a usable provider; offline methods always.
 *
 * The shop API registers its adapters when it starts (core/payments/adapters.ts: Stripe, PayPal,
 * from app.ts); the Jest tests also register a test double this way, and only there.
 */
import {
  isOfflineMethod,
  offeredPaymentMethods as offeredByConfig,
  offersPaymentMethod,
  providerSettingsFor,
  type OfferedPaymentMethod,
} from "@domain/payment-methods";
import type { PaymentProviderSettings } from "@config/shop-config";
import type { ShopApiEnv } from "@worker/env";
import { secretValue } from "../secrets";
import type { Shop } from "../shop";
import type { PaymentProvider } from "./provider";

/** Makes a shop's provider from its settings, the values of its secrets (by role) and the worker's variables. */
export type PaymentAdapter = (settings: PaymentProviderSettings, secrets: Record<string, string>, shop: Shop, env: ShopApiEnv) => PaymentProvider;

const ADAPTERS = new Map<string, PaymentAdapter>();

/** Makes an adapter known under its name (the `provider` of config `paymentProviders`). */
export function registerPaymentAdapter(name: string, adapter: PaymentAdapter): void {
  ADAPTERS.set(name, adapter);
}

/** Forgets an adapter (tests). */
export function unregisterPaymentAdapter(name: string): void {
  ADAPTERS.delete(name);
}

export { isOfflineMethod };

function usable(shop: Shop, env: ShopApiEnv, settings: PaymentProviderSettings): PaymentProvider | null {
  const adapter = ADAPTERS.get(settings.provider);
  if (!adapter) return null;
  const secrets: Record<string, string> = {};
  for (const [role, name] of Object.entries(settings.secrets)) {
    const value = secretValue(env, name);
    if (value === null) return null;
    secrets[role] = value;
  }
  return adapter(settings, secrets, shop, env);
}

/** The usable provider that takes `method` for the shop, or null. */
export function paymentProviderFor(shop: Shop, env: ShopApiEnv, method: string): PaymentProvider | null {
  const settings = providerSettingsFor(shop, method);
  return settings ? usable(shop, env, settings) : null;
}

/** The shop's usable provider of that name (the callback and return paths name it), or null. */
export function paymentProviderByCode(shop: Shop, env: ShopApiEnv, code: string): PaymentProvider | null {
  const settings = shop.paymentProviders.find((provider) => provider.provider === code);
  return settings ? usable(shop, env, settings) : null;
}

/** True when the checkout may take `method` in this shop now (domain/payment-methods.ts, with a usable provider). */
export function isPaymentMethodOffered(shop: Shop, env: ShopApiEnv, method: string): boolean {
  return offersPaymentMethod(shop, method, (settings) => usable(shop, env, settings) !== null);
}

/**
 * The payment methods the checkout offers, in the shop's order (the quote's `paymentMethods`):
 * the rule the pages' footer shows them by (domain/payment-methods.ts), an online method's
 * provider also usable now.
 */
export function offeredPaymentMethods(shop: Shop, env: ShopApiEnv): OfferedPaymentMethod[] {
  return offeredByConfig(shop, (settings) => usable(shop, env, settings) !== null);
}
