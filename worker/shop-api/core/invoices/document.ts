/**
 * What an invoice or credit note says, built from the order as it was placed: the seller (the
 * shop's config), the buyer (the billing address), the items and the amounts as EN 16931
 * counts them (domain/invoicing.ts). The PDF (pdf.ts) and the e-invoice (cii.ts) both render it.
 *
 * Items of an invoice: the order's standing product lines, the shipping (a charge at the shop's
 * rate) and the prepayment discount and the voucher (allowances, split over the lines' rates by
 * their goods value). A credit note has one item: the refunded amount at the shop's rate.
 */
import type { OrderAddress } from "@domain/api/orders";
import { documentAmounts, isReverseCharge, type DocumentAmounts, type GrossItem, type InvoiceKind } from "@domain/invoicing";
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

export type ItemLabel = "line" | "shipping" | "discount" | "voucher" | "refund";

const EMPTY_ADDRESS: OrderAddress = { firstname: "", lastname: "", street: "", postcode: "", city: "", countryCode: "" };

/** The order's billing address as it was placed. */
export const billingAddressOf = (order: Pick<OrderRow, "billing_address">): OrderAddress => parseJsonOr(order.billing_address, EMPTY_ADDRESS);

/** Splits an amount over the rates by their goods value; the rounding remainder goes to the largest. */
function splitOverRates(amount: number, goodsByRate: Map<number, number>): { rate: number; amount: number }[] {
  const goods = [...goodsByRate.values()].reduce((sum, value) => sum + value, 0);
  if (amount === 0 || goods === 0) return [];
  const parts = [...goodsByRate].map(([rate, value]) => ({ rate, amount: Math.floor((amount * value) / goods) }));
  const largest = parts.reduce((best, part) => (goodsByRate.get(part.rate)! > goodsByRate.get(best.rate)! ? part : best));
  largest.amount += amount - parts.reduce((sum, part) => sum + part.amount, 0);
  return parts.filter((part) => part.amount > 0);
}

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
> & { voucher_total?: number; payment_state?: string | null };

/** The order's invoice. */
export function invoiceDocument(header: DocumentHeader, order: InvoicedOrder, lines: readonly OrderLineRow[]): InvoiceDocument {
  const buyer = billingAddressOf(order);
  const standing = lines.filter((line) => line.kind === "product" && !line.cancelled_at);
  const goodsByRate = new Map<number, number>();
  for (const line of standing) goodsByRate.set(line.tax_rate, (goodsByRate.get(line.tax_rate) ?? 0) + line.line_total);
  const items: GrossItem[] = standing.map((line) => ({ gross: line.line_total, taxRate: line.tax_rate, role: "line" }));
  const documentLines: (DocumentLine | null)[] = standing.map((line) => ({
    sku: line.sku,
    name: line.name,
    quantity: line.quantity,
    unit: line.unit,
    packageContent: line.package_content,
    packagePrice: line.package_price,
  }));
  const labels: ItemLabel[] = standing.map(() => "line");
  const add = (item: GrossItem, label: ItemLabel) => {
    items.push(item);
    documentLines.push(null);
    labels.push(label);
  };
  if (order.shipping_total > 0) add({ gross: order.shipping_total, taxRate: header.shopTaxRate, role: "charge" }, "shipping");
  for (const part of splitOverRates(order.discount_total, goodsByRate)) add({ gross: part.amount, taxRate: part.rate, role: "allowance" }, "discount");
  for (const part of splitOverRates(order.voucher_total ?? 0, goodsByRate)) add({ gross: part.amount, taxRate: part.rate, role: "allowance" }, "voucher");
  const amounts = documentAmounts(items, isReverseCharge(header.seller.countryCode, buyer));
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
  const amounts = documentAmounts([{ gross: refunded, taxRate: header.shopTaxRate, role: "line" }], isReverseCharge(header.seller.countryCode, buyer));
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
