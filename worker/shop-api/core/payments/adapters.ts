/**
 * The payment adapters the shops' config may name (config `paymentProviders[].provider`; docs/decisions/0066, 0069):
 * each with the online methods it takes and the secrets (by role) it needs. The shop API registers
 * them when it starts (app.ts); the config check (npm run config:check) refuses a provider the shop API
 * has no adapter of, a method its adapter does not take, and a provider that does not name every
 * secret its adapter needs.
 */
import type { PaymentProviderSettings } from "@config/shop-config";
import type { OnlinePaymentMethod } from "@domain/payment-methods";
import type { Shop } from "../shop";
import { PAYPAL_PROVIDER, PAYPAL_SECRET_ROLES, paypalAdapter } from "./paypal";
import { registerPaymentAdapter, type PaymentAdapter } from "./registry";
import { STRIPE_PROVIDER, STRIPE_SECRET_ROLES, stripeAdapter, stripeConfigProblems } from "./stripe";

interface AdapterDefinition {
  adapter: PaymentAdapter;
  /** The online methods it can take; a shop's provider lists some of them. */
  methods: readonly OnlinePaymentMethod[];
  secretRoles: readonly string[];
}

const PAYMENT_ADAPTERS: Record<string, AdapterDefinition> = {
  [STRIPE_PROVIDER]: {
    adapter: stripeAdapter,
    methods: ["paypal", "card", "klarna", "sepa", "amazon_pay", "instalment", "instant_transfer", "twint"],
    secretRoles: STRIPE_SECRET_ROLES,
  },
  [PAYPAL_PROVIDER]: { adapter: paypalAdapter, methods: ["paypal"], secretRoles: PAYPAL_SECRET_ROLES },
};

/** Makes every adapter known to the registry (core/payments/registry.ts). */
export function registerPaymentAdapters(): void {
  for (const [name, definition] of Object.entries(PAYMENT_ADAPTERS)) registerPaymentAdapter(name, definition.adapter);
}

/** The config check of the shops' payment providers: one line per problem, naming the field. */
export function paymentConfigProblems(
  shops: readonly (Pick<Shop, "id" | "currency" | "deliveryCountries"> & { paymentProviders: PaymentProviderSettings[] })[],
): string[] {
  const own = shops.flatMap((shop, index) =>
    shop.paymentProviders.flatMap((provider, position) => {
      const where = `shops[${index}].paymentProviders[${position}]`;
      const definition = PAYMENT_ADAPTERS[provider.provider];
      if (!definition) return [`${where}.provider: no payment adapter '${provider.provider}' (known: ${Object.keys(PAYMENT_ADAPTERS).join(", ")})`];
      const missing = definition.secretRoles.filter((role) => !provider.secrets[role]);
      return [
        ...(missing.length > 0 ? [`${where}.secrets: ${provider.provider} needs the names of its secrets ${missing.join(", ")}`] : []),
        ...provider.methods.flatMap((method, at) =>
          definition.methods.includes(method) ? [] : [`${where}.methods[${at}]: ${provider.provider} takes no ${method}`],
        ),
      ];
    }),
  );
  return [...own, ...stripeConfigProblems(shops)];
}
