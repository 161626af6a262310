/**
 * The returns screens' calls to the shop API: options, lookup, the signed link,
 * a signed-in customer's order, image uploads, the complaint and the withdrawal; and the
 * customer account's orders (accounts API) for the signed-in landing. Every call goes
 * through the commerce client (same origin, the Swiss language segment, success only with
 * 200 and data).
 */
import { apiCall, type ApiResult } from "@site/api/client";
import type { MaybeCustomerAnswer } from "@domain/api/account";
import type { OrderListPage } from "@domain/api/orders";
import type { RmaLinkRequest, RmaLookupRequest, RmaSubmitRequest, WithdrawalRequest } from "@domain/api/returns";
import type { RmaSubmitAnswer } from "@domain/returns-forms";
import type { Customer, OrderListItem, RmaLookupAnswer, RmaUpload, WithdrawalAnswer } from "./types";
import { IDEMPOTENCY_HEADER } from "@site/lib/idempotency";
export { newIdempotencyKey } from "@site/lib/idempotency";

export const RMA_PATHS = {
  options: "/apiv2/rma/options",
  lookup: "/apiv2/rma/lookup",
  link: "/apiv2/rma/link",
  order: (number: string) => `/apiv2/rma/orders/${encodeURIComponent(number)}`,
  uploads: "/apiv2/rma/uploads",
  submit: "/apiv2/rma",
  withdrawal: "/apiv2/rma/withdrawal",
  customer: "/apiv2/customer",
  customerOrders: "/apiv2/customer/orders",
} as const;

/** How the visitor may act on an order: the token of a lookup or signed link, or the customer session (the edge's cookie). */
export type RmaAccess = { kind: "token"; lookupToken: string; expiresAt: string } | { kind: "session" };

/** The access an answer gives: its lookup token, or (signed in, no token) the session. */
export function accessOf(answer: RmaLookupAnswer): RmaAccess {
  return answer.lookupToken
    ? { kind: "token", lookupToken: answer.lookupToken, expiresAt: answer.expiresAt ?? new Date(0).toISOString() }
    : { kind: "session" };
}

/** The body fields that name the access: the token, or nothing (the session travels as a cookie). */
export function accessFields(access: RmaAccess): { lookupToken?: string } {
  return access.kind === "token" ? { lookupToken: access.lookupToken } : {};
}

/** True once a token's time is over (a session does not expire here). */
export function accessExpired(access: RmaAccess, now = Date.now()): boolean {
  return access.kind === "token" && Date.parse(access.expiresAt) <= now;
}

export function lookupOrder(input: RmaLookupRequest, captchaHeaders: Record<string, string>): Promise<ApiResult<RmaLookupAnswer>> {
  return apiCall<RmaLookupAnswer>("POST", RMA_PATHS.lookup, input, captchaHeaders);
}

export function openSignedLink(order: string, sig: string): Promise<ApiResult<RmaLookupAnswer>> {
  const body: RmaLinkRequest = { order, sig };
  return apiCall<RmaLookupAnswer>("POST", RMA_PATHS.link, body);
}

/** A signed-in customer's order (no identifiers typed; the answer carries no token). */
export function fetchCustomerRmaOrder(number: string): Promise<ApiResult<RmaLookupAnswer>> {
  return apiCall<RmaLookupAnswer>("GET", RMA_PATHS.order(number));
}

/**
 * One image in the multipart field `file`. Who may upload is the visitor of a live lookup (the
 * token cookie the lookup ran with) or a signed-in customer, so the request carries nothing else.
 */
export function uploadImage(file: File): Promise<ApiResult<RmaUpload>> {
  const form = new FormData();
  form.append("file", file, file.name);
  return apiCall<RmaUpload>("POST", RMA_PATHS.uploads, form);
}

export function submitComplaint(body: RmaSubmitRequest, idempotencyKey: string): Promise<ApiResult<RmaSubmitAnswer>> {
  return apiCall<RmaSubmitAnswer>("POST", RMA_PATHS.submit, body, { [IDEMPOTENCY_HEADER]: idempotencyKey });
}

export function requestWithdrawal(access: RmaAccess, orderNumber: string, idempotencyKey: string): Promise<ApiResult<WithdrawalAnswer>> {
  const body: WithdrawalRequest = { ...accessFields(access), orderNumber, confirm: true };
  return apiCall<WithdrawalAnswer>("POST", RMA_PATHS.withdrawal, body, { [IDEMPOTENCY_HEADER]: idempotencyKey });
}

/**
 * The signed-in customer and their orders, or null for a guest: the accounts API answers
 * 401 or 404 without a session (or while it is not there at all); then the landing shows
 * the lookup only.
 */
export async function fetchAccountOrders(): Promise<{ customer: Customer; orders: OrderListItem[] } | null> {
  const customer = await apiCall<MaybeCustomerAnswer>("GET", RMA_PATHS.customer);
  if (!customer.ok || !customer.data?.customer) return null;
  const orders = await apiCall<OrderListPage>("GET", RMA_PATHS.customerOrders);
  if (!orders.ok || !Array.isArray(orders.data?.orders)) return null;
  return { customer: customer.data.customer, orders: orders.data.orders };
}
