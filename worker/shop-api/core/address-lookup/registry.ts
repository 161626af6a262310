/**
 * Which address lookup a shop uses (docs/decisions/0036): its `addressLookup` in
 * config/shops.json names the service and the secret holding the key. A shop without one,
 * or whose secret is not set, has no lookup: the address forms work without suggestions.
 */
import type { ADDRESS_LOOKUP_PROVIDERS } from "@config/shop-config";
import type { ShopApiEnv } from "@worker/env";
import { secretValue } from "../secrets";
import type { Shop } from "../shop";
import type { AddressLookup } from "./lookup";
import { loqateLookup } from "./loqate";

type Provider = (typeof ADDRESS_LOOKUP_PROVIDERS)[number];
/** Makes the adapter of a service from the shop's key. */
export type AddressLookupAdapter = (key: string) => AddressLookup;

const ADAPTERS: Record<Provider, AddressLookupAdapter> = {
  loqate: (key) => loqateLookup({ key }),
};

/**
 * Replaces a service's adapter, e.g. one that reaches the service through another origin
 * (the Jest tests point the real Loqate adapter at a local stand-in of its API this way).
 */
export function useAddressLookupAdapter(provider: Provider, adapter: AddressLookupAdapter): void {
  ADAPTERS[provider] = adapter;
}

/** The shop's address lookup, or null when it has none (not configured, or its key secret is not set). */
export function addressLookupFor(shop: Shop, env: ShopApiEnv): AddressLookup | null {
  const settings = shop.addressLookup;
  if (!settings) return null;
  const key = secretValue(env, settings.keySecret);
  if (!key) return null;
  return ADAPTERS[settings.provider](key);
}

/** True when the shop's address forms can offer suggestions (told to the storefront by /apiv2/environment). */
export function hasAddressLookup(shop: Shop, env: ShopApiEnv): boolean {
  return shop.addressLookup !== null && secretValue(env, shop.addressLookup.keySecret) !== null;
}
