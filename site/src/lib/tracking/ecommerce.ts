import { decimalAmount, MAX_EVENT_ITEMS, type EcommerceData, type EcommerceEvent, type TrackedItem } from "@domain/tracking";

/**
 * GA4 e-commerce events from what the pages know: prices come in minor units (as
 * everywhere in the shop) and leave as GA4's decimal amounts, `value` is always the sum of the
 * items' price times quantity with the currency beside it, lists are cut to GA4's 200 items
 * (the value still counts them all). A product without a price is not tracked as an item.
 */
export interface ItemInput {
  sku: string;
  name: string;
  /** Price of one unit (one package) in minor units, or null when the product has none. */
  unitPrice: number | null;
  quantity: number;
  brand?: string | null;
  category?: string | null;
}

export interface ItemList {
  id: string;
  name: string;
}

function item(input: ItemInput & { unitPrice: number }, index?: number, list?: ItemList): TrackedItem {
  return {
    item_id: input.sku,
    item_name: input.name,
    price: decimalAmount(input.unitPrice),
    quantity: Math.max(1, Math.round(input.quantity)),
    ...(index !== undefined ? { index } : {}),
    ...(input.brand ? { item_brand: input.brand } : {}),
    ...(input.category ? { item_category: input.category } : {}),
    ...(list ? { item_list_id: list.id, item_list_name: list.name } : {}),
  };
}

const priced = (inputs: ItemInput[]) =>
  inputs.filter(
    (input): input is ItemInput & { unitPrice: number } =>
      input.unitPrice !== null && Number.isFinite(input.unitPrice) && input.unitPrice >= 0 && input.sku !== "" && input.name !== "",
  );

function valued(currency: string, inputs: ItemInput[]): EcommerceData | null {
  const items = priced(inputs);
  if (items.length === 0) return null;
  const total = items.reduce((sum, input) => sum + Math.round(input.unitPrice) * Math.max(1, Math.round(input.quantity)), 0);
  return { currency, value: decimalAmount(total), items: items.slice(0, MAX_EVENT_ITEMS).map((input) => item(input)) };
}

export function viewItemList(list: ItemList, inputs: ItemInput[]): EcommerceEvent {
  return {
    event: "view_item_list",
    ecommerce: {
      item_list_id: list.id,
      item_list_name: list.name,
      items: priced(inputs)
        .slice(0, MAX_EVENT_ITEMS)
        .map((input, index) => item(input, index, list)),
    },
  };
}

export function selectItem(list: ItemList, input: ItemInput, index: number): EcommerceEvent | null {
  const [one] = priced([input]);
  return one ? { event: "select_item", ecommerce: { item_list_id: list.id, item_list_name: list.name, items: [item(one, index, list)] } } : null;
}

type ValueEvent = "view_item" | "add_to_cart" | "remove_from_cart" | "begin_checkout";

export function valueEvent(event: ValueEvent, currency: string, inputs: ItemInput[], coupon?: string | null): EcommerceEvent | null {
  const ecommerce = valued(currency, inputs);
  if (!ecommerce) return null;
  return { event, ecommerce: event === "begin_checkout" && coupon ? { ...ecommerce, coupon } : ecommerce };
}

export function addShippingInfo(currency: string, inputs: ItemInput[], shippingTier: string): EcommerceEvent | null {
  const ecommerce = valued(currency, inputs);
  return ecommerce ? { event: "add_shipping_info", ecommerce: { ...ecommerce, shipping_tier: shippingTier } } : null;
}

export function addPaymentInfo(currency: string, inputs: ItemInput[], paymentType: string): EcommerceEvent | null {
  const ecommerce = valued(currency, inputs);
  return ecommerce ? { event: "add_payment_info", ecommerce: { ...ecommerce, payment_type: paymentType } } : null;
}

/** The order as placed: value is its grand total (goods, shipping and tax as the order states them), in minor units here. */
export function purchase(order: {
  number: string;
  currency: string;
  grandTotal: number;
  tax: number;
  shipping: number;
  coupon?: string | null;
  items: ItemInput[];
}): EcommerceEvent | null {
  const items = priced(order.items);
  if (items.length === 0 || order.number === "") return null;
  return {
    event: "purchase",
    ecommerce: {
      transaction_id: order.number,
      currency: order.currency,
      value: decimalAmount(order.grandTotal),
      tax: decimalAmount(order.tax),
      shipping: decimalAmount(order.shipping),
      ...(order.coupon ? { coupon: order.coupon } : {}),
      items: items.slice(0, MAX_EVENT_ITEMS).map((input) => item(input)),
    },
  };
}

/**
 * A cart line as an item: the price of one package from the line's row total (as the cart states
 * it), the quantity given (what was just added or removed). Null price when the cart has no such line.
 */
export function cartLineItem(
  lines: { sku: string; kind: string; name: string; quantity: number; rowTotal: { amount: number } }[],
  sku: string,
  quantity: number,
): ItemInput {
  const line = lines.find((candidate) => candidate.sku === sku && candidate.kind === "product");
  return {
    sku,
    name: line?.name ?? sku,
    unitPrice: line && line.quantity > 0 ? Math.round(line.rowTotal.amount / line.quantity) : null,
    quantity,
  };
}

/** The product lines of the checkout's quote as items (samples have no price and are not tracked). */
export function quoteItems(lines: { sku: string; name: string; quantity: number; packagePrice: { amount: number } }[]): ItemInput[] {
  return lines.map((line) => ({ sku: line.sku, name: line.name, unitPrice: line.packagePrice.amount, quantity: line.quantity }));
}

/** A placed order as GA4 purchase: its number, grand total, tax, shipping, voucher and product lines. */
export function orderPurchase(order: {
  orderNumber: string;
  currency: string;
  lines: { sku: string; kind: string; name: string; quantity: number; packagePrice: { amount: number } }[];
  totals: { voucher: { code: string } | null; shipping: { amount: number }; tax: { amount: { amount: number } }; grandTotal: { amount: number } };
}): EcommerceEvent | null {
  return purchase({
    number: order.orderNumber,
    currency: order.currency,
    grandTotal: order.totals.grandTotal.amount,
    tax: order.totals.tax.amount.amount,
    shipping: order.totals.shipping.amount,
    coupon: order.totals.voucher?.code ?? null,
    items: quoteItems(order.lines.filter((line) => line.kind === "product")),
  });
}
