/**
 * Invoices and credit notes (docs/decisions/0074): when an order gets its invoice, how the
 * documents are numbered, when the reverse charge applies and how a document's amounts split
 * into net, tax and gross per rate as EN 16931 counts them.
 *
 * Money is integer minor units. The shop's prices include the tax; a document states them net:
 * per rate the gross sum's net (rounded) is the taxable amount and the rest the tax, so the
 * document's gross total is what the order charged. Each item's net is its gross without the
 * tax, rounded; the rounding difference of a rate goes to its largest item, so the items' nets
 * add up to the rate's taxable amount exactly (EN 16931 BR-CO-10, BR-S-08).
 */
import { PAYMENT_METHODS, type PaymentMethod } from "./payment-methods";

export type InvoiceKind = "invoice" | "credit_note";

/** The moments an order's invoice can be due at: its online payment recorded paid, its confirmation, its shipping in full. */
export type InvoiceMoment = "paid" | "confirmed" | "shipped";

/**
 * The one rule when an order gets its invoice, per payment method: an online payment when the
 * provider's verified report says paid; prepayment when the ERP confirms the order (it confirms a
 * prepayment order once the transfer has arrived); invoice and cash on delivery when the goods
 * have shipped.
 */
export const INVOICE_MOMENT: Readonly<Record<PaymentMethod, InvoiceMoment>> = Object.fromEntries(
  PAYMENT_METHODS.map((method) => [method, method === "prepayment" ? "confirmed" : method === "invoice" || method === "cash_on_delivery" ? "shipped" : "paid"]),
) as Record<PaymentMethod, InvoiceMoment>;

/**
 * True when an order paid with `method` gets its invoice at `moment`: its own moment, and for a
 * prepayment also the shipping (goods only ship once the money is there; the ERP may skip the confirmation).
 */
export function invoiceDueAt(method: string, moment: InvoiceMoment): boolean {
  const own = INVOICE_MOMENT[method as PaymentMethod] as InvoiceMoment | undefined;
  return own === moment || (own === "confirmed" && moment === "shipped");
}

/** The moment an order's state reaches (confirmed, shipped; delivered is shipped too), or null. */
export function momentOfState(state: string): InvoiceMoment | null {
  return state === "confirmed" ? "confirmed" : state === "shipped" || state === "delivered" ? "shipped" : null;
}

/** The series prefix of each kind: one format in every language (the numbers are the seller's books, not texts). */
export const DOCUMENT_PREFIX: Readonly<Record<InvoiceKind, string>> = { invoice: "RE", credit_note: "GS" };

/** A document's number: RE-DE-2026-000123, GS-DE-2026-000004 (six digits at least). */
export function documentNumber(kind: InvoiceKind, shopId: string, year: number, sequence: number): string {
  return `${DOCUMENT_PREFIX[kind]}-${shopId}-${year}-${String(sequence).padStart(6, "0")}`;
}

/** What a document number looks like (the returns lookup tells it from an order number). */
export const DOCUMENT_NUMBER = /^(RE|GS)-[A-Z]{2,8}-[0-9]{4}-[0-9]{6,9}$/;

/** The EU member states (ISO 3166 alpha-2, lower case; Greece as `gr`, its VAT IDs start with EL). */
export const EU_COUNTRIES: readonly string[] = [
  "at", "be", "bg", "cy", "cz", "de", "dk", "ee", "es", "fi", "fr", "gr", "hr", "hu", "ie", "it", "lt", "lu", "lv", "mt", "nl", "pl", "pt", "ro", "se", "si", "sk",
]; // prettier-ignore

const vatIdCountry = (vatId: string): string => {
  const prefix = vatId.slice(0, 2).toLowerCase();
  return prefix === "el" ? "gr" : prefix;
};

/**
 * The reverse charge (the customer owes the VAT), the one rule of the checkout's pricing and of
 * the documents (docs/decisions/0075): a seller in the EU delivers goods to another EU member
 * state than its own for a business customer whose billing address lies in such a state and whose
 * VAT ID is of that state (its two-letter prefix; Greece's is EL). The order is then charged net
 * and its invoice and credit notes state VAT 0 with the reverse-charge note.
 */
export function isReverseCharge(sellerCountry: string, buyer: { countryCode: string; vatId?: string | undefined }, deliveryCountry: string): boolean {
  const seller = sellerCountry.toLowerCase();
  const abroadInEu = (country: string) => EU_COUNTRIES.includes(country) && country !== seller;
  const country = buyer.countryCode.toLowerCase();
  const vatId = buyer.vatId?.trim() ?? "";
  return EU_COUNTRIES.includes(seller) && abroadInEu(country) && abroadInEu(deliveryCountry.toLowerCase()) && vatId !== "" && vatIdCountry(vatId) === country;
}

/** A business customer: the billing address names a company or a VAT ID (those get an e-invoice). */
export const isBusinessBuyer = (buyer: { companyName?: string | undefined; vatId?: string | undefined }): boolean =>
  Boolean(buyer.companyName?.trim() || buyer.vatId?.trim());

/** One priced item of a document: a line, or a charge (shipping) or an allowance (discount, voucher) on the document. */
export interface GrossItem {
  /** Gross amount, tax included (minor units, never negative; an allowance's is what it takes off). */
  gross: number;
  taxRate: number;
  role: "line" | "charge" | "allowance";
}

export interface NetItem extends GrossItem {
  /** The item's net (minor units). */
  net: number;
}

/** A rate's sums (EN 16931 VAT breakdown, BG-23): taxable amount, tax; `rate` 0 with `reverseCharge` is category AE. */
export interface RateBreakdown {
  taxRate: number;
  taxable: number;
  tax: number;
}

export interface DocumentAmounts {
  items: NetItem[];
  breakdown: RateBreakdown[];
  /** Sum of the lines' nets (BT-106), of the allowances' (BT-107) and the charges' (BT-108). */
  lineNet: number;
  allowances: number;
  charges: number;
  /** Total without tax (BT-109), tax (BT-110), with tax (BT-112). */
  net: number;
  tax: number;
  gross: number;
  reverseCharge: boolean;
}

const signed = (item: { role: GrossItem["role"] }, amount: number): number => (item.role === "allowance" ? -amount : amount);

/**
 * Splits a document's gross items into nets and the tax per rate. Under the reverse charge
 * every item is billed at its net and the tax is 0 (one breakdown at rate 0).
 */
export function documentAmounts(grossItems: readonly GrossItem[], reverseCharge: boolean): DocumentAmounts {
  const items: NetItem[] = grossItems.map((item) => ({ ...item, net: Math.round(item.gross / (1 + item.taxRate / 100)) }));
  const breakdown: RateBreakdown[] = [];
  for (const rate of [...new Set(grossItems.map((item) => item.taxRate))].sort((a, b) => b - a)) {
    const ofRate = items.filter((item) => item.taxRate === rate);
    const gross = ofRate.reduce((sum, item) => sum + signed(item, item.gross), 0);
    const taxable = Math.round(gross / (1 + rate / 100));
    const largest = ofRate.reduce((best, item) => (item.gross > best.gross ? item : best));
    largest.net += signed(largest, taxable - ofRate.reduce((sum, item) => sum + signed(item, item.net), 0));
    breakdown.push({ taxRate: rate, taxable, tax: gross - taxable });
  }
  const sum = (role: GrossItem["role"]) => items.filter((item) => item.role === role).reduce((total, item) => total + item.net, 0);
  const lineNet = sum("line");
  const allowances = sum("allowance");
  const charges = sum("charge");
  const net = lineNet - allowances + charges;
  if (reverseCharge) {
    for (const item of items) item.taxRate = 0;
    return { items, breakdown: [{ taxRate: 0, taxable: net, tax: 0 }], lineNet, allowances, charges, net, tax: 0, gross: net, reverseCharge };
  }
  const tax = breakdown.reduce((total, rate) => total + rate.tax, 0);
  return { items, breakdown, lineNet, allowances, charges, net, tax, gross: net + tax, reverseCharge };
}

/** What an item of an order's document is: a line, the shipping (a charge), the prepayment discount or the voucher (allowances). */
export type OrderItemLabel = "line" | "shipping" | "discount" | "voucher";

/** An order's amounts as its document bills them (minor units; gross, or net under the reverse charge once charged). */
export interface OrderAmounts {
  lines: readonly { total: number; taxRate: number }[];
  shipping: number;
  /** The shop's tax rate: the shipping's. */
  shippingTaxRate: number;
  discount: number;
  voucher: number;
}

/** Splits an amount over the rates by their goods value; the rounding remainder goes to the largest. */
function splitOverRates(amount: number, goodsByRate: Map<number, number>): { rate: number; amount: number }[] {
  const goods = [...goodsByRate.values()].reduce((sum, value) => sum + value, 0);
  if (amount === 0 || goods === 0) return [];
  const parts = [...goodsByRate].map(([rate, value]) => ({ rate, amount: Math.floor((amount * value) / goods) }));
  const largest = parts.reduce((best, part) => (goodsByRate.get(part.rate)! > goodsByRate.get(best.rate)! ? part : best));
  largest.amount += amount - parts.reduce((sum, part) => sum + part.amount, 0);
  return parts.filter((part) => part.amount > 0);
}

/**
 * The items of an order's document, each with its label: the lines, the shipping (a charge at
 * the shop's rate), the discount and the voucher (allowances, split over the lines' rates by their goods value).
 */
export function orderItems(order: OrderAmounts): { items: GrossItem[]; labels: OrderItemLabel[] } {
  const goodsByRate = new Map<number, number>();
  for (const line of order.lines) goodsByRate.set(line.taxRate, (goodsByRate.get(line.taxRate) ?? 0) + line.total);
  const items: GrossItem[] = order.lines.map((line) => ({ gross: line.total, taxRate: line.taxRate, role: "line" }));
  const labels: OrderItemLabel[] = order.lines.map(() => "line");
  const add = (item: GrossItem, label: OrderItemLabel) => {
    items.push(item);
    labels.push(label);
  };
  if (order.shipping > 0) add({ gross: order.shipping, taxRate: order.shippingTaxRate, role: "charge" }, "shipping");
  for (const part of splitOverRates(order.discount, goodsByRate)) add({ gross: part.amount, taxRate: part.rate, role: "allowance" }, "discount");
  for (const part of splitOverRates(order.voucher, goodsByRate)) add({ gross: part.amount, taxRate: part.rate, role: "allowance" }, "voucher");
  return { items, labels };
}

/**
 * What an order costs under the reverse charge: each item at its net as the invoice states it
 * (documentAmounts), VAT 0. The lines' nets in their order, the shipping's, the discount's and
 * the voucher's; `grand` is what the customer pays and the invoice totals.
 */
export function reverseChargeAmounts(order: OrderAmounts): {
  lines: number[];
  goods: number;
  discount: number;
  voucher: number;
  shipping: number;
  grand: number;
} {
  const { items, labels } = orderItems(order);
  const amounts = documentAmounts(items, true);
  const sum = (label: OrderItemLabel) => amounts.items.reduce((total, item, index) => total + (labels[index] === label ? item.net : 0), 0);
  return {
    lines: amounts.items.slice(0, order.lines.length).map((item) => item.net),
    goods: amounts.lineNet,
    discount: sum("discount"),
    voucher: sum("voucher"),
    shipping: sum("shipping"),
    grand: amounts.net,
  };
}

/** The year a document issued at `instant` counts in: the calendar year in the shop's time zone. */
export function documentYear(instant: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric" }).format(instant));
}

/** The formats a document downloads in: its PDF, and a business customer's XRechnung (CII XML). */
export type DocumentFormat = "pdf" | "xrechnung";

const documentQuery = (format: DocumentFormat, sig?: string): string => {
  const query = new URLSearchParams();
  if (format !== "pdf") query.set("format", format);
  if (sig) query.set("sig", sig);
  const text = query.toString();
  return text ? `?${text}` : "";
};

/** The signed-in customer's download of a document of their order (the shop API's path, through the edge). */
export const customerDocumentPath = (orderNumber: string, documentNumber: string, format: DocumentFormat = "pdf"): string =>
  `/apiv2/customer/orders/${encodeURIComponent(orderNumber)}/documents/${encodeURIComponent(documentNumber)}${documentQuery(format)}`;

/** The download of a document by the order's signed link (the order confirmation's `sig`). */
export const signedDocumentPath = (orderNumber: string, documentNumber: string, sig: string, format: DocumentFormat = "pdf"): string =>
  `/apiv2/orders/${encodeURIComponent(orderNumber)}/documents/${encodeURIComponent(documentNumber)}${documentQuery(format, sig)}`;
