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

/** The status and data of the shop API's answer to a stand-in's webhook. */
export type WebhookAnswer = { status: number; data: unknown };

/** Delivers a stand-in's webhook to the harness's route table of the shop whose host the URL names; its answer goes to `answers`. */
export async function deliverToHarness(
  h: Harness,
  answers: WebhookAnswer[],
  url: string,
  init: { body: string; headers: Record<string, string> },
): Promise<void> {
  const target = new URL(url);
  const answer = await h.call("POST", target.pathname, { raw: init.body, headers: init.headers, shop: shopOfHost(target.host) });
  answers.push({ status: answer.status, data: answer.body.data });
}

/** The Stripe stand-in of a Jest test, with the answers of its webhooks. */
export type TestStripeStandIn = StripeStandIn & { answers: WebhookAnswer[] };

/** Starts a stand-in for the harness and sets the worker's Stripe variables; the answers of its webhooks are kept in `answers`. */
export async function stripeStandInFor(h: Harness): Promise<TestStripeStandIn> {
  const answers: WebhookAnswer[] = [];
  const standIn = await startStripeStandIn({
    port: 0,
    secretKey: STAND_IN_SECRET_KEY,
    webhookSecret: STAND_IN_WEBHOOK_SECRET,
    deliver: (url, init) => deliverToHarness(h, answers, url, init),
  });
  Object.assign(h.env as unknown as Record<string, string>, {
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
    STRIPE_API_ORIGIN: standIn.origin,
  });
  return Object.assign(standIn, { answers });
}

/** A harness and its Stripe stand-in, as a test file's tests use them. */
export interface StripeSetup<H extends Harness> {
  h: H;
  stripe: TestStripeStandIn;
}

/**
 * Registers for the tests of a file a harness made by `create` with a Stripe stand-in for it: made before
 * the tests and handed to `ready` (which may set up more), closed and disposed after them.
 */
export function useStripeStandIn<H extends Harness>(create: () => Promise<H>, ready: (setup: StripeSetup<H>) => unknown, timeout?: number): void {
  let h: H | undefined;
  let stripe: TestStripeStandIn | undefined;
  beforeAll(async () => {
    h = await create();
    stripe = await stripeStandInFor(h);
    await ready({ h, stripe });
  }, timeout);
  afterAll(async () => {
    await stripe?.close();
    await h?.dispose();
  });
}
