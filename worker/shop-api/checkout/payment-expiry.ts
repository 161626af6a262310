/**
 * Online payments left unpaid (docs/decisions/0069): an order whose payment the visitor never
 * completed holds its goods' stock while its payment is pending. Stripe ends an open Checkout
 * Session after 24 hours and reports it (checkout.session.expired); PayPal has no call to end an
 * order and no report when one it never saw approved lapses. So the scheduled job asks the
 * provider about every payment still pending PAYMENT_EXPIRY_HOURS after it was opened: one still
 * open is closed (PayPal's close takes nothing; the shop never captures it) and, like one the
 * provider says expired, cancelled: its stock goes back (tables/order-payments.ts settleStock),
 * once, as a verified expiry would do it. One the visitor completed (approved, processing, paid) is
 * left to the provider's report; a provider that cannot answer now is asked again on the next run.
 */
import type { ShopApiEnv } from "@worker/env";
import { paymentProviderByCode } from "../core/payments/registry";
import { shopById } from "../core/shop";
import { applyPaymentEvent, recordPaymentEvent, selectStalePendingPayments, settleStock } from "../tables/order-payments";

/** How long a pending payment may wait before the job asks its provider (Stripe's Checkout Session lives 24 hours). */
export const PAYMENT_EXPIRY_HOURS = 24;
/** Payments asked about per run (the next run takes the rest). */
const BATCH = 50;

interface StalePayment {
  id: string;
  shop_id: string;
  order_number: string;
  payment_provider: string | null;
  payment_reference: string;
}

/** Cancels the payments pending since before the expiry that their providers say are open or expired; the number cancelled. */
export async function expireAbandonedPayments(env: ShopApiEnv, now: Date): Promise<number> {
  const before = new Date(now.getTime() - PAYMENT_EXPIRY_HOURS * 3_600_000).toISOString();
  const { results } = await selectStalePendingPayments(before, BATCH).prepare(env.DB).all<StalePayment>();
  let cancelled = 0;
  for (const order of results) {
    const shop = shopById(order.shop_id);
    const provider = shop && order.payment_provider ? paymentProviderByCode(shop, env, order.payment_provider) : null;
    if (!provider?.status) continue;
    try {
      const status = await provider.status(order.payment_reference);
      if (status !== "open" && status !== "expired") continue;
      if (status === "open" && !(await provider.close?.(order.payment_reference))) continue;
    } catch (error) {
      console.warn(`payment expiry: ${order.shop_id} ${order.order_number} not asked (${error instanceof Error ? error.message : String(error)})`);
      continue;
    }
    const at = now.toISOString();
    const event = { order_id: order.id, status: "cancelled" as const, reference: order.payment_reference, claim: crypto.randomUUID() };
    const [, applied] = await env.DB.batch([
      recordPaymentEvent({ ...event, provider: provider.code, received_at: at }).prepare(env.DB),
      applyPaymentEvent(event, at).prepare(env.DB),
      ...settleStock(order.id).map((statement) => statement.prepare(env.DB)),
    ]);
    cancelled += applied?.meta.changes ?? 0;
  }
  return cancelled;
}
