/**
 * The local PayPal stand-in (scripts/lib/paypal-stand-in.ts) for Jest tests of the shop API: started
 * on a free port with its own credentials and webhook id, which the harness's worker variables name
 * (as config/shops.json's PayPal provider does), and delivering its webhooks to the shop API's route
 * table of the shop whose host the order's return URL names.
 */
import { startPayPalStandIn, type PayPalStandIn } from "@scripts/lib/paypal-stand-in";
import { createHarness, type Harness } from "./commerce";
import { ADDRESS } from "./returns";
import { deliverToHarness, useStripeStandIn, type StripeSetup, type WebhookAnswer } from "./stripe-stand-in";

export const PAYPAL_STAND_IN_CLIENT_ID = "stand-in-client-0123456789abcdef";
export const PAYPAL_STAND_IN_CLIENT_SECRET = "stand-in-secret-0123456789abcdef";
export const PAYPAL_STAND_IN_WEBHOOK_ID = "WH-STANDIN-0123456789ABCDEF";

/** The PayPal stand-in of a Jest test, with the answers of its webhooks and whether it holds them back. */
export type TestPayPalStandIn = PayPalStandIn & { answers: WebhookAnswer[]; holding: boolean };

/**
 * Starts a stand-in for the harness and sets the worker's PayPal variables; the answers of its webhooks are
 * kept in `answers`. While `holding`, its webhooks are sent nowhere (late: a test sends them with `resend`).
 */
export async function paypalStandInFor(h: Harness): Promise<TestPayPalStandIn> {
  const answers: WebhookAnswer[] = [];
  // eslint-disable-next-line prefer-const -- the stand-in's delivery reads it once it is made
  let kit: TestPayPalStandIn | undefined;
  const standIn = await startPayPalStandIn({
    port: 0,
    clientId: PAYPAL_STAND_IN_CLIENT_ID,
    clientSecret: PAYPAL_STAND_IN_CLIENT_SECRET,
    webhookId: PAYPAL_STAND_IN_WEBHOOK_ID,
    deliver: async (url, init) => {
      if (!kit?.holding) await deliverToHarness(h, answers, url, init);
    },
  });
  Object.assign(h.env as unknown as Record<string, string>, {
    PAYPAL_CLIENT_ID: PAYPAL_STAND_IN_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: PAYPAL_STAND_IN_CLIENT_SECRET,
    PAYPAL_WEBHOOK_ID: PAYPAL_STAND_IN_WEBHOOK_ID,
    PAYPAL_API_BASE: standIn.origin,
  });
  kit = Object.assign(standIn, { answers, holding: false });
  return kit;
}

/**
 * Registers for the tests of a file a harness with the Stripe stand-in (useStripeStandIn) and a PayPal
 * stand-in: made before the tests and handed to `ready`, the PayPal one closed first after them.
 */
export function usePaymentStandIns(ready: (setup: StripeSetup<Harness> & { paypal: TestPayPalStandIn }) => void): void {
  let paypal: TestPayPalStandIn | undefined;
  // Registered before the harness's teardown, so that it runs first: nothing is delivered to a disposed harness.
  afterAll(async () => paypal?.close());
  useStripeStandIn(createHarness, async (setup) => {
    paypal = await paypalStandInFor(setup.h);
    ready({ ...setup, paypal });
  });
}

/** An order placed as the checkout does (two packages of `sku`, a guest in Berlin, paid with `method`), and where its payment begins. */
export async function placeWithPayment(h: Harness, sku: string, method: string) {
  const added = await h.call("POST", "/apiv2/cart/", { body: { sku, quantity: 2 } });
  if (added.status !== 200) throw new Error(`cart add: ${added.status}`);
  const answer = await h.call("POST", "/apiv2/checkout/order", {
    body: { email: "erika@example.com", billingAddress: ADDRESS, deliveryMode: "standard", paymentMethod: method, acceptTerms: true },
    token: added.token!,
  });
  if (answer.status !== 200) throw new Error(`order: ${answer.status} ${JSON.stringify(answer.body.errors)}`);
  const url = answer.body.data.payment.redirectUrl as string | null;
  return { number: answer.body.data.orderNumber as string, url, paypalId: url ? new URL(url).searchParams.get("token") : null, visitor: added.token! };
}
