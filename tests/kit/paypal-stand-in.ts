/**
 * The local PayPal stand-in (scripts/lib/paypal-stand-in.ts) for Jest tests of the shop API: started
 * on a free port with its own credentials and webhook id, which the harness's worker variables name
 * (as config/shops.json's PayPal provider does), and delivering its webhooks to the shop API's route
 * table of the shop whose host the order's return URL names.
 */
import { startPayPalStandIn, type PayPalStandIn } from "@scripts/lib/paypal-stand-in";
import type { Harness } from "./commerce";
import { shopOfHost } from "./stripe-stand-in";

export const PAYPAL_STAND_IN_CLIENT_ID = "stand-in-client-0123456789abcdef";
export const PAYPAL_STAND_IN_CLIENT_SECRET = "stand-in-secret-0123456789abcdef";
export const PAYPAL_STAND_IN_WEBHOOK_ID = "WH-STANDIN-0123456789ABCDEF";

/**
 * Starts a stand-in for the harness and sets the worker's PayPal variables; the answers of its webhooks are
 * kept in `answers`. While `holding`, its webhooks are sent nowhere (late: a test sends them with `resend`).
 */
export async function paypalStandInFor(h: Harness): Promise<PayPalStandIn & { answers: { status: number; data: unknown }[]; holding: boolean }> {
  const answers: { status: number; data: unknown }[] = [];
  // eslint-disable-next-line prefer-const -- the stand-in's delivery reads it once it is made
  let kit: (PayPalStandIn & { answers: typeof answers; holding: boolean }) | undefined;
  const standIn = await startPayPalStandIn({
    port: 0,
    clientId: PAYPAL_STAND_IN_CLIENT_ID,
    clientSecret: PAYPAL_STAND_IN_CLIENT_SECRET,
    webhookId: PAYPAL_STAND_IN_WEBHOOK_ID,
    deliver: async (url, init) => {
      if (kit?.holding) return;
      const target = new URL(url);
      const answer = await h.call("POST", target.pathname, { raw: init.body, headers: init.headers, shop: shopOfHost(target.host) });
      answers.push({ status: answer.status, data: answer.body.data });
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
