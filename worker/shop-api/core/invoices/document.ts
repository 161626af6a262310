/**
 * What an invoice or credit note says, built from the order as it was placed: the seller (the
 * shop's config), the buyer (the billing address), the items and the amounts as EN 16931
 * counts them (domain/invoicing.ts). The PDF (pdf.ts) and the e-invoice (cii.ts) both render it.
 *
 * Items of an invoice: the order's standing product lines, the shipping (a charge at the shop's
 * rate) and the prepayment discount and the voucher (allowances, split over the lines' rates by
 * their goods value; domain/invoicing.ts orderItems). A credit note has one item: the refunded
 * amount at the shop's rate.
 *
 * The reverse charge is the order's (`reverse_charge`, decided once at the checkout by
 * domain/invoicing.ts isReverseCharge, docs/decisions/0075): such an order was charged its nets,
 * so its amounts (and a refund of it) are billed as they are, at VAT 0 with the note; an order
 * charged with VAT is billed with VAT, whatever its addresses say now.
 */
import type { OrderAddress } from "@domain/api/orders";
import { documentAmounts, orderItems, type DocumentAmounts, type InvoiceKind, type OrderItemLabel } from "@domain/invoicing";
import type { Seller } from "@config/shop-config";
import { parseJsonOr } from "@worker/lib/json";
import type { OrderLineRow, OrderRow } from "../../tables/orders";

export interface DocumentLine {
  sku: string;
  name: string;
  /** Packages. */
  quantity: number;
  unit: string;
  packageContent: number;
  /** Gross package price and line total (minor units). */
  packagePrice: number;
}

export interface InvoiceDocument {
  kind: InvoiceKind;
  number: string;
  /** ISO instant. */
  issuedAt: string;
  /** YYYY-MM-DD of the shipping, when the goods have shipped. */
  deliveryDate: string | null;
  orderNumber: string;
  /** A credit note's invoice. */
  invoiceNumber: string | null;
  language: string;
  currency: string;
  seller: Seller;
  buyer: OrderAddress;
  buyerEmail: string;
  paymentMethod: string;
  /** One per item of `amounts.items`, in the same order; null for charges and allowances. */
  lines: (DocumentLine | null)[];
  /** What each charge or allowance is: shipping, discount, voucher, refund. */
  labels: ItemLabel[];
  amounts: DocumentAmounts;
  /** Paid already (minor units): an online payment, or the refund a credit note documents. */
  paid: number;
}

export type ItemLabel = OrderItemLabel | "refund";

const EMPTY_ADDRESS: OrderAddress = { firstname: "", lastname: "", street: "", postcode: "", city: "", countryCode: "" };

/** The order's billing address as it was placed. */
export const billingAddressOf = (order: Pick<OrderRow, "billing_address">): OrderAddress => parseJsonOr(order.billing_address, EMPTY_ADDRESS);

export interface DocumentHeader {
  number: string;
  issuedAt: string;
  seller: Seller;
  /** The shop's tax rate (shipping, credit notes). */
  shopTaxRate: number;
}

type InvoicedOrder = Pick<
  OrderRow,
  "order_number" | "language" | "currency" | "billing_address" | "email" | "payment_method" | "shipping_total" | "discount_total" | "shipped_at"
> & { voucher_total?: number; reverse_charge?: 0 | 1; payment_state?: string | null };

/** An order charged under the reverse charge holds nets: billed at rate 0, as they are. */
const billedRate = (order: InvoicedOrder, rate: number): number => (order.reverse_charge ? 0 : rate);

/** The order's invoice. */
export function invoiceDocument(header: DocumentHeader, order: InvoicedOrder, lines: readonly OrderLineRow[]): InvoiceDocument {
  const buyer = billingAddressOf(order);
  const standing = lines.filter((line) => line.kind === "product" && !line.cancelled_at);
  const { items, labels } = orderItems({
    lines: standing.map((line) => ({ total: line.line_total, taxRate: billedRate(order, line.tax_rate) })),
    shipping: order.shipping_total,
    shippingTaxRate: billedRate(order, header.shopTaxRate),
    discount: order.discount_total,
    voucher: order.voucher_total ?? 0,
  });
  const documentLines: (DocumentLine | null)[] = labels.map((_label, index) => {
    const line = standing[index];
    return line
      ? { sku: line.sku, name: line.name, quantity: line.quantity, unit: line.unit, packageContent: line.package_content, packagePrice: line.package_price }
      : null;
  });
  const amounts = documentAmounts(items, order.reverse_charge === 1);
  return {
    kind: "invoice",
    number: header.number,
    issuedAt: header.issuedAt,
    deliveryDate: order.shipped_at?.slice(0, 10) ?? null,
    orderNumber: order.order_number,
    invoiceNumber: null,
    language: order.language,
    currency: order.currency,
    seller: header.seller,
    buyer,
    buyerEmail: order.email,
    paymentMethod: order.payment_method,
    lines: documentLines,
    labels,
    amounts,
    paid: order.payment_state === "paid" ? amounts.gross : 0,
  };
}

/** A credit note over `refunded` (gross, minor units) of the order, referring to its invoice. */
export function creditNoteDocument(header: DocumentHeader, order: InvoicedOrder, refunded: number, invoiceNumber: string | null): InvoiceDocument {
  const buyer = billingAddressOf(order);
  const amounts = documentAmounts([{ gross: refunded, taxRate: billedRate(order, header.shopTaxRate), role: "line" }], order.reverse_charge === 1);
  return {
    kind: "credit_note",
    number: header.number,
    issuedAt: header.issuedAt,
    deliveryDate: order.shipped_at?.slice(0, 10) ?? null,
    orderNumber: order.order_number,
    invoiceNumber,
    language: order.language,
    currency: order.currency,
    seller: header.seller,
    buyer,
    buyerEmail: order.email,
    paymentMethod: order.payment_method,
    lines: [null],
    labels: ["refund"],
    amounts,
    paid: amounts.gross,
  };
}
