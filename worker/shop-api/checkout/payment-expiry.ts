/**
 * The sweep of online payments left pending (docs/decisions/0069): a provider that is down or a report
 * that never came leaves an order pending, its goods' stock held; the scheduled job finishes it.
 *
 * - Left unpaid: Stripe ends an open Checkout Session after 24 hours and reports it
 *   (checkout.session.expired); PayPal has no call to end an order and no report when one it never saw
 *   approved lapses. So the job asks the provider about every payment still pending
 *   PAYMENT_EXPIRY_HOURS after it was opened: one still open is closed (PayPal's close takes nothing;
 *   the shop never captures it) and, like one the provider says expired, cancelled: its stock goes
 *   back (tables/order-payments.ts settleStock), once, as a verified expiry would do it. One the
 *   visitor completed (processing, paid) is left to the provider's report.
 * - Never opened (the provider was down when the order was placed, no try since): after the same
 *   expiry the payment is cancelled once and its stock given back, as an unpaid one's; the visitor may
 *   still try again from the order's page while the stock suffices.
 * - Approved, never captured (PayPal: the capture on the visitor's return or on the webhook failed or
 *   never came): from CAPTURE_AFTER_MINUTES after it was opened, for CAPTURE_HOURS (PayPal's default
 *   time to capture an approval), and at the expiry, the job captures it as the return does
 *   (payments.ts captureApproved: `PayPal-Request-Id: capture-<id>`, the outcome and its ledger row
 *   recorded once); one PayPal says can no longer be captured (expired) is cancelled, its stock given back.
 * - Unknown to the provider (status `unknown`; PayPal keeps an order at most 29 days): one opened more
 *   than UNKNOWN_PAYMENT_DAYS ago is cancelled as an expired one, once, its stock given back; a younger
 *   one more likely names another account or environment (a configuration mistake): nothing changes, a
 *   warning says so, and it is asked again only as the back-off below says.
 *
 * A payment the provider answered for is asked again only once it is twice as old as it was then (with the
 * 5-minute cron: at 20, 40, 80 and 160 minutes within the capture window; at the expiry; then every time its
 * age doubles), so a
 * payment left unapproved costs a handful of questions, not one per run. A provider that cannot answer now
 * changes nothing: the payment is asked again on the next run.
 * No mail goes out: the shop has no mail for a payment left unpaid (the order's page says where it stands).
 */
import type { ShopApiEnv } from "@worker/env";
import { paymentProviderByCode } from "../core/payments/registry";
import type { PaymentProvider } from "../core/payments/provider";
import { allShops, shopById } from "../core/shop";
import { applyPaymentEvent, lapseUnopenedPayment, markPaymentChecked, recordPaymentEvent, selectSweptPayments, settleStock } from "../tables/order-payments";
import { captureApproved } from "./payments";

/** How long a pending payment may wait before the job asks its provider (Stripe's Checkout Session lives 24 hours). */
export const PAYMENT_EXPIRY_HOURS = 24;
/** An approval waits this long after its payment opened for the visitor's return and the webhook before the job captures it. */
export const CAPTURE_AFTER_MINUTES = 15;
/** How long after its payment opened the job keeps capturing an approval (PayPal's default time to capture one: 3 hours). */
export const CAPTURE_HOURS = 3;
/** A payment its provider does not know is cancelled once opened this long ago (beyond PayPal's 29 days of an order's validity). */
export const UNKNOWN_PAYMENT_DAYS = 30;
/** Payments asked about per run (the next run takes the rest). */
const BATCH = 50;

interface SweptPayment {
  id: string;
  shop_id: string;
  order_number: string;
  payment_provider: string | null;
  payment_reference: string | null;
  payment_updated_at: string;
}

/** What a run did: approvals captured (paid), and payments ended with their stock given back (cancelled, lapsed, or their capture declined). */
export interface PaymentSweep {
  captured: number;
  released: number;
}

const HOUR_MS = 3_600_000;

/** The codes of the providers whose payments wait for the shop's capture (PayPal), in any shop. */
function captureProviderCodes(env: ShopApiEnv): string[] {
  const codes = allShops().flatMap((shop) =>
    shop.paymentProviders.filter((settings) => paymentProviderByCode(shop, env, settings.provider)?.capture).map((settings) => settings.provider),
  );
  return [...new Set(codes)];
}

/** Sweeps the pending online payments of `env.DB` (see above). */
export async function sweepPendingPayments(env: ShopApiEnv, now: Date): Promise<PaymentSweep> {
  const at = now.toISOString();
  const expiredBefore = new Date(now.getTime() - PAYMENT_EXPIRY_HOURS * HOUR_MS).toISOString();
  const forgottenBefore = new Date(now.getTime() - UNKNOWN_PAYMENT_DAYS * 24 * HOUR_MS).toISOString();
  const selection = selectSweptPayments(
    {
      now: at,
      expiredBefore,
      captureProviders: captureProviderCodes(env),
      captureSince: new Date(now.getTime() - CAPTURE_HOURS * HOUR_MS).toISOString(),
      captureBefore: new Date(now.getTime() - CAPTURE_AFTER_MINUTES * 60_000).toISOString(),
    },
    BATCH,
  );
  const { results } = await selection.prepare(env.DB).all<SweptPayment>();
  // Mails of a captured payment (its invoice) go out when the run ends.
  const after: Promise<unknown>[] = [];
  const sweep: PaymentSweep = { captured: 0, released: 0 };
  for (const order of results) {
    if (order.payment_reference === null) {
      sweep.released += await lapseUnopened(env, order.id, expiredBefore, at);
      continue;
    }
    const shop = shopById(order.shop_id);
    const provider = shop && order.payment_provider ? paymentProviderByCode(shop, env, order.payment_provider) : null;
    if (!shop || !provider) continue;
    try {
      const ctx = { shop, db: env.DB, env, now, waitUntil: (task: Promise<unknown>) => void after.push(task) };
      let status = await provider.status?.(order.payment_reference);
      await markPaymentChecked(order.id, at).prepare(env.DB).run();
      if (status === "processing" && provider.capture) {
        const answer = await captureApproved(ctx, provider, { orderNumber: order.order_number, approved: order.payment_reference });
        // Settled by the capture (or by the webhook its capture made PayPal send meanwhile).
        if (answer.paymentState !== "pending") {
          sweep[answer.paymentState === "paid" ? "captured" : "released"] += 1;
          continue;
        }
        // Not captured: PayPal says why (still approved, the capture pending, or no longer capturable).
        status = await provider.status?.(order.payment_reference);
      }
      if (status === "unknown" && order.payment_updated_at >= forgottenBefore) {
        console.warn(
          `payment sweep: ${order.shop_id} ${order.order_number} left pending: ${provider.code} does not know payment ${order.payment_reference} (likely a configuration mistake: another account or environment)`,
        );
        continue;
      }
      const expired = order.payment_updated_at < expiredBefore;
      if (status === "expired" || status === "unknown" || (status === "open" && expired && (await provider.close?.(order.payment_reference))))
        sweep.released += await cancelOpened(env, provider, order.id, order.payment_reference, at);
    } catch (error) {
      console.warn(`payment sweep: ${order.shop_id} ${order.order_number} not settled (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  await Promise.allSettled(after);
  return sweep;
}

/** Cancels the opened payment `reference` as a verified expiry would: recorded once, its stock given back; 1 when it changed the order. */
async function cancelOpened(env: ShopApiEnv, provider: PaymentProvider, orderId: string, reference: string, at: string): Promise<number> {
  const event = { order_id: orderId, status: "cancelled" as const, reference, claim: crypto.randomUUID() };
  const [, applied] = await env.DB.batch([
    recordPaymentEvent({ ...event, provider: provider.code, received_at: at }).prepare(env.DB),
    applyPaymentEvent(event, at).prepare(env.DB),
    ...settleStock(orderId).map((statement) => statement.prepare(env.DB)),
  ]);
  return applied?.meta.changes ?? 0;
}

/** Cancels a payment that never opened, its stock given back; 1 when it changed the order. */
async function lapseUnopened(env: ShopApiEnv, orderId: string, expiredBefore: string, at: string): Promise<number> {
  const [lapsed] = await env.DB.batch([
    lapseUnopenedPayment(orderId, expiredBefore, at).prepare(env.DB),
    ...settleStock(orderId).map((statement) => statement.prepare(env.DB)),
  ]);
  return lapsed?.meta.changes ?? 0;
}
