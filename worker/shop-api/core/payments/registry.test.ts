/**
 * The checkout and the pages' footer name the same payment methods: the quote's
 * `paymentMethods` (offeredPaymentMethods here) and the build's footer badges
 * (site/sourcing/shop-for-build.ts) both apply domain/payment-methods.ts to the shop's config.
 */
import rawConfig from "@config/shops.json";
import { inStorefrontOrder, offeredPaymentMethods as offeredByConfig } from "@domain/payment-methods";
import { paymentMethodsForBuild } from "../../../../site/sourcing/shop-for-build";
import { DOUBLE_PROVIDER, registerPaymentDouble, type PaymentDouble } from "@tests/kit/payment-provider-double";
import { parseShopConfig } from "@config/shop-config";
import type { ShopApiEnv } from "@worker/env";
import { shopById, type Shop } from "../shop";
import { registerPaymentAdapters } from "./adapters";
import { isPaymentMethodOffered, offeredPaymentMethods } from "./registry";

const SECRET_NAME = "DOUBLE_SIGNING_SECRET";
const SECRET = "whsec_double_0123456789abcdef0123456789";
const ENV = {
  [SECRET_NAME]: SECRET,
  STRIPE_SECRET_KEY: "sk_test_registry",
  STRIPE_WEBHOOK_SECRET: "whsec_registry",
  PAYPAL_CLIENT_ID: "paypal_client_registry",
  PAYPAL_CLIENT_SECRET: "paypal_secret_registry",
  PAYPAL_WEBHOOK_ID: "WH-REGISTRY",
} as unknown as ShopApiEnv;
const NO_SECRETS = {} as unknown as ShopApiEnv;
const SHOP_IDS = parseShopConfig(rawConfig).shops.map((shop) => shop.id);

let double: PaymentDouble;
beforeAll(() => {
  double = registerPaymentDouble(SECRET);
  // As the shop API registers them when it starts (app.ts).
  registerPaymentAdapters();
});
afterAll(() => double.dispose());

const withPayments = (shop: Shop, paymentMethods: Shop["paymentMethods"], paymentProviders: Shop["paymentProviders"]): Shop => ({
  ...shop,
  paymentMethods,
  paymentProviders,
});
const provider = (name: string, methods: ("paypal" | "card" | "klarna")[]) => ({ provider: name, methods, secrets: { signingSecret: SECRET_NAME } });

test.each(SHOP_IDS)("shop %s: the checkout offers exactly what the footer shows, and no online method without a provider", (id) => {
  const shop = shopById(id)!;
  const checkout = offeredPaymentMethods(shop, ENV).map((method) => method.code);
  expect(paymentMethodsForBuild(id)).toEqual(checkout);
  expect(checkout.length).toBeGreaterThan(0);
  // every method the shop lists, in the storefront's order
  expect(checkout).toEqual([...shop.paymentMethods]);
  expect(inStorefrontOrder(checkout)).toBe(true);
  if (shop.paymentProviders.length === 0) expect(offeredPaymentMethods(shop, ENV).every((method) => method.kind === "offline")).toBe(true);
});

test("with a usable provider the checkout offers its methods, as the build's rule does", () => {
  const shop = withPayments(shopById("DE")!, ["paypal", "card", "klarna", "prepayment"], [provider(DOUBLE_PROVIDER, ["paypal", "card"])]);
  const checkout = offeredPaymentMethods(shop, ENV);
  expect(checkout.map((method) => method.code)).toEqual(["paypal", "card", "prepayment"]);
  expect(checkout).toEqual(offeredByConfig(shop));
  expect(isPaymentMethodOffered(shop, ENV, "klarna")).toBe(false);
});

test("a provider the running shop cannot use (no adapter, or a secret missing) takes nothing at the checkout", () => {
  const unknownAdapter = withPayments(shopById("DE")!, ["prepayment", "paypal"], [provider("not-registered", ["paypal"])]);
  expect(offeredPaymentMethods(unknownAdapter, ENV).map((method) => method.code)).toEqual(["prepayment"]);
  const configured = withPayments(shopById("DE")!, ["prepayment", "paypal"], [provider(DOUBLE_PROVIDER, ["paypal"])]);
  expect(offeredPaymentMethods(configured, NO_SECRETS).map((method) => method.code)).toEqual(["prepayment"]);
  expect(isPaymentMethodOffered(configured, NO_SECRETS, "paypal")).toBe(false);
  expect(isPaymentMethodOffered(configured, ENV, "paypal")).toBe(true);
});
