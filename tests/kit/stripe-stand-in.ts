/**
 * The local Stripe stand-in (scripts/lib/stripe-stand-in.ts) for Jest tests of the shop API:
 * started on a free port with its own secrets, which the harness's worker variables name (as
 * config/shops.json's Stripe provider does), and delivering its signed webhooks to the shop
 * API's route table of the shop whose host the session's success URL names.
 */
import { shopDirectory } from "@config/shops";
import { startStripeStandIn, type StripeStandIn } from "@scripts/lib/stripe-stand-in";
import type { Harness } from "./commerce";

export const STAND_IN_SECRET_KEY = "sk_test_stand_in_0123456789abcdef";
export const STAND_IN_WEBHOOK_SECRET = "whsec_stand_in_0123456789abcdef";

/** The shop whose host (in any environment) is `host`. */
export function shopOfHost(host: string): string {
  const shop = shopDirectory.config.shops.find((candidate) => Object.values(candidate.hosts).some((hosts) => hosts.includes(host)));
  if (!shop) throw new Error(`no shop has the host ${host}`);
  return shop.id;
}

/** Starts a stand-in for the harness and sets the worker's Stripe variables; the answers of its webhooks are kept in `answers`. */
export async function stripeStandInFor(h: Harness): Promise<StripeStandIn & { answers: { status: number; data: unknown }[] }> {
  const answers: { status: number; data: unknown }[] = [];
  const standIn = await startStripeStandIn({
    port: 0,
    secretKey: STAND_IN_SECRET_KEY,
    webhookSecret: STAND_IN_WEBHOOK_SECRET,
    deliver: async (url, init) => {
      const target = new URL(url);
      const answer = await h.call("POST", target.pathname, { raw: init.body, headers: init.headers, shop: shopOfHost(target.host) });
      answers.push({ status: answer.status, data: answer.body.data });
    },
  });
  Object.assign(h.env as unknown as Record<string, string>, {
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
    STRIPE_API_ORIGIN: standIn.origin,
  });
  return Object.assign(standIn, { answers });
}
