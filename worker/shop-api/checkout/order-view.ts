/** What the shop API answers about an order: the snapshot it was placed with, formatted in its currency and language. */
import { money } from "../../../domain/money";
import type { OrderAddress, VisitorOrderView } from "../../../domain/api/orders";
import { taxLabel } from "../../lib/labels";
import { parseJsonOr } from "../../lib/json";
import type { BankAccount } from "../../config/shop-config";
import type { OrderPaymentColumns } from "../tables/order-payments";
import { orderLineViews, type OrderLineRow, type OrderRow } from "../tables/orders";

export function orderView(
  order: OrderRow & Partial<Pick<OrderPaymentColumns, "payment_state">>,
  lines: OrderLineRow[],
  bankAccount: BankAccount | null,
  shopTaxRate: number,
): VisitorOrderView {
  const m = (minor: number) => money(minor, order.currency, order.language);
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
    lines: orderLineViews(order, lines),
    totals: {
      goods: m(order.goods_total),
      prepaymentDiscount: m(order.discount_total),
      voucher: order.voucher_code ? { code: order.voucher_code, amount: m(order.voucher_total ?? 0) } : null,
      shipping: m(order.shipping_total),
      tax: { isIncluded: true, amount: m(order.tax_total), label: taxLabel(shopTaxRate, order.language) },
      grandTotal: m(order.grand_total),
    },
  };
}
