/**
 * The one order view: what the shop API answers about an order, the snapshot it was placed
 * with (its row and lines), formatted in its currency (domain/api/orders.ts: the view every
 * reader shares with what the visitor who ordered sees of delivery and payment; the others
 * leave those out). The confirmation (checkout/), the
 * account's order pages and the back office (orders/) and the returns page (returns/) answer
 * with it or build their answer on it, so an order reads the same wherever it is shown.
 * Money, unit and tax labels are worded in `language`: the order's own unless the reader
 * asks for the page's (the account shows its orders in the page language).
 */
import { money } from "@domain/money";
import type { BankAccountView } from "@domain/bank-account";
import type { OrderAddress, VisitorOrderView } from "@domain/api/orders";
import { parseJsonOr } from "@worker/lib/json";
import { reverseChargeLabel, taxLabel } from "@worker/lib/labels";
import type { OrderPaymentColumns } from "./order-payments";
import { orderLineViews, type OrderLineRow, type OrderRow } from "./orders";

export interface OrderViewOptions {
  /** The shop's tax rate, named in the tax line's label. */
  taxRate: number;
  /** Where a prepayment goes (shown with the prepayment's instructions); null: none shown. */
  bankAccount: BankAccountView | null;
  /** The language of money and labels; the order's when not given. */
  language?: string;
}

export function orderView(
  order: OrderRow & Partial<Pick<OrderPaymentColumns, "payment_state">>,
  lines: OrderLineRow[],
  { taxRate, bankAccount, language = order.language }: OrderViewOptions,
): VisitorOrderView {
  const m = (minor: number) => money(minor, order.currency, language);
  return {
    orderNumber: order.order_number,
    state: order.state,
    placedAt: order.placed_at,
    confirmedAt: order.confirmed_at,
    shippedAt: order.shipped_at,
    deliveredAt: order.delivered_at,
    cancelledAt: order.cancelled_at,
    email: order.email,
    billingAddress: parseJsonOr<OrderAddress | null>(order.billing_address, null),
    shippingAddress: parseJsonOr<OrderAddress | null>(order.shipping_address, null),
    deliveryMode: order.delivery_mode,
    desiredDate: order.desired_date,
    delivery: parseJsonOr<VisitorOrderView["delivery"]>(order.delivery_summary, null),
    paymentMethod: order.payment_method,
    /** An online payment's state (pending, paid, failed, cancelled); null for the offline methods. */
    paymentState: order.payment_state ?? null,
    paymentInstructions:
      order.payment_method === "prepayment" && bankAccount ? { bankAccount, reference: order.order_number, amount: m(order.grand_total) } : null,
    currency: order.currency,
    lines: orderLineViews(order, lines, language),
    totals: {
      goods: m(order.goods_total),
      prepaymentDiscount: m(order.discount_total),
      voucher: order.voucher_code ? { code: order.voucher_code, amount: m(order.voucher_total ?? 0) } : null,
      shipping: m(order.shipping_total),
      // Under the reverse charge the amounts are nets and the tax line is the invoice's note with 0.
      tax: { isIncluded: true, amount: m(order.tax_total), label: order.reverse_charge ? reverseChargeLabel(language) : taxLabel(taxRate, language) },
      grandTotal: m(order.grand_total),
    },
  };
}
