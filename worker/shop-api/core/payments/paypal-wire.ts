/**
 * PayPal's REST API on the wire (docs/decisions/0069), shared by the PayPal adapter (paypal.ts) and
 * the local PayPal stand-in (scripts/lib/paypal-stand-in.ts): the request and answer shapes are the
 * models of `@paypal/paypal-server-sdk` (types only, nothing of the SDK is bundled) as the JSON
 * carries them, with snake_case keys and the enums' string values; the shapes the SDK has no
 * model of (the token answer, webhooks and their verification) are written here after PayPal's reference.
 * Money on the wire is a decimal string of the currency's unit; the shop counts integer minor units.
 */
import type { CapturedPayment, LinkDescription, Money, Order, OrderRequest, Refund, RefundRequest } from "@paypal/paypal-server-sdk";

/** A camelCase key as PayPal's JSON spells it (`purchaseUnits` -> `purchase_units`). */
type SnakeKey<Key extends string> = Key extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeKey<Tail>}`
  : Key;

/** An SDK model as its JSON: snake_case keys, an enum as its string values, a bigint as a number. */
export type Wire<Model> = Model extends string
  ? `${Model}`
  : Model extends bigint
    ? number
    : Model extends readonly (infer Item)[]
      ? Wire<Item>[]
      : Model extends object
        ? { [Key in keyof Model as Key extends string ? SnakeKey<Key> : never]: Wire<Model[Key]> }
        : Model;

export type PayPalOrderRequest = Wire<OrderRequest>;
export type PayPalOrder = Wire<Order>;
/** A capture as a webhook carries it (with the PayPal order it belongs to in `supplementary_data`). */
export type PayPalCapture = Wire<CapturedPayment>;
export type PayPalRefundRequest = Wire<RefundRequest>;
export type PayPalRefund = Wire<Refund>;
type PayPalMoney = Wire<Money>;
type PayPalLink = Wire<LinkDescription>;

/** The answer of POST /v1/oauth2/token (client credentials). */
export interface PayPalAccessToken {
  scope: string;
  access_token: string;
  token_type: "Bearer";
  app_id: string;
  /** Seconds the token is valid for. */
  expires_in: number;
  nonce: string;
}

/** An error answer of the REST API (`details[].issue` names the reason, e.g. ORDER_NOT_APPROVED). */
export interface PayPalError {
  name: string;
  message: string;
  debug_id?: string;
  details?: { issue: string; description?: string; field?: string }[];
}

/** The webhook events the shop acts on (the event_type of a webhook). */
export type PayPalEventType =
  | "CHECKOUT.ORDER.APPROVED"
  | "PAYMENT.CAPTURE.COMPLETED"
  | "PAYMENT.CAPTURE.PENDING"
  | "PAYMENT.CAPTURE.DENIED"
  | "PAYMENT.CAPTURE.DECLINED"
  | "PAYMENT.CAPTURE.REFUNDED"
  | "PAYMENT.CAPTURE.REVERSED";

/** A webhook event (Webhooks API v1): the resource is an order, a capture or a refund by `resource_type`. */
export interface PayPalWebhookEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: "checkout-order" | "capture" | "refund";
  resource_version?: string;
  event_type: string;
  summary: string;
  resource: PayPalOrder | PayPalCapture | PayPalRefund;
  links?: PayPalLink[];
}

/** The transmission headers PayPal sends with a webhook (lower case, as fetch's Headers give them). */
export const PAYPAL_TRANSMISSION_HEADERS = {
  id: "paypal-transmission-id",
  time: "paypal-transmission-time",
  sig: "paypal-transmission-sig",
  certUrl: "paypal-cert-url",
  authAlgo: "paypal-auth-algo",
} as const;

/** The body of POST /v1/notifications/verify-webhook-signature (the event as it arrived). */
export interface PayPalVerifyRequest {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
  webhook_id: string;
  webhook_event: PayPalWebhookEvent;
}

export interface PayPalVerifyAnswer {
  verification_status: "SUCCESS" | "FAILURE";
}

/** The currencies the shops take, with two decimals each (config shops[].currency). */
const DECIMALS = 2;

/** Integer minor units as PayPal's money (`{ currency_code, value: "12.34" }`). */
export function paypalMoney(minor: number, currency: string): PayPalMoney {
  return { currency_code: currency, value: (minor / 10 ** DECIMALS).toFixed(DECIMALS) };
}

/** PayPal's money value in integer minor units (a refund or reversal may be negative: its size), or null when unreadable. */
export function minorUnits(money: PayPalMoney | undefined): number | null {
  const match = money ? /^-?(\d{1,12})(?:\.(\d{1,2}))?$/.exec(money.value) : null;
  if (!match) return null;
  return Number(match[1]) * 10 ** DECIMALS + Number((match[2] ?? "").padEnd(DECIMALS, "0"));
}

/** The text PayPal keeps with the order and its capture (custom_id, invoice_id): the shop and its order number. */
export const paypalOrderTag = (shopId: string, orderNumber: string): string => `${shopId}/${orderNumber}`;

/** The shop and the order number of a custom_id, or null when it is none of the shops'. */
export function parsePaypalOrderTag(tag: string | undefined): { shopId: string; orderNumber: string } | null {
  const match = tag ? /^([A-Z]{2,8})\/([A-Z]{2,8}-[0-9]{1,12})$/.exec(tag) : null;
  return match ? { shopId: match[1]!, orderNumber: match[2]! } : null;
}
