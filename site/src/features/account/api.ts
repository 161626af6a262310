/**
 * Client of the customer account calls (`/apiv2/customer/...`, docs ISSUE 13 contract): the
 * same same-origin fetch as the commerce client (the edge keeps the visitor token and the
 * customer session in HttpOnly cookies; no script here ever sees either), plus PATCH and
 * DELETE, an `Idempotency-Key` on every write, and 202 as success where the contract
 * answers 202 (register, password reset).
 */
import { errorItemsOf, isSuccess, type ReceivedEnvelope } from "@domain/api/envelope";
import type { EnvironmentAnswer } from "@domain/api/shop";
import { apiUrl, type ApiErrorItem, type ApiResult } from "@site/api/client";
import { whileLoading } from "@site/lib/loading-indicator";

export type { ApiErrorItem, ApiResult };

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

export interface CallOptions {
  /** Extra request headers (the captcha token of a form submit). */
  headers?: Record<string, string>;
  /** The `Idempotency-Key` of this write; a fresh one when not given (writes only). */
  idempotencyKey?: string;
  /** The call answers 202 Accepted with data on success (register, password reset). */
  accepted?: boolean;
}

const inFlight = new Map<string, Promise<unknown>>();

export async function accountCall<T>(method: Method, path: string, body?: unknown, options: CallOptions = {}): Promise<ApiResult<T>> {
  try {
    const headers: Record<string, string> = { accept: "application/json", ...options.headers };
    const write = method !== "GET";
    if (write) {
      headers["idempotency-key"] = options.idempotencyKey ?? newIdempotencyKey();
      // A write (sign-in, verification, sign-out) changes what the reads answer: no read after it joins one
      // started before it, nor one started while it ran (that one went out without the new session cookie).
      inFlight.clear();
    }
    if (body !== undefined) headers["content-type"] = "application/json";
    const init: RequestInit = { method, credentials: "same-origin", headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    // A write is a request the visitor made: the full-screen indicator shows while it runs.
    const response = await (write ? whileLoading(() => fetch(apiUrl(path), init)) : fetch(apiUrl(path), init)).finally(() => {
      if (write) inFlight.clear();
    });
    const json = (await response.json().catch(() => null)) as ReceivedEnvelope<T> | null;
    const data = json?.data ?? null;
    const ok = isSuccess(response.status, data) || (options.accepted === true && response.status === 202 && data !== null);
    return { ok, status: response.status, data, errors: errorItemsOf(json) };
  } catch {
    return { ok: false, status: 0, data: null, errors: [] };
  }
}

/**
 * swr fetcher of the account reads: data on success; rejects with the status otherwise (401 = signed out).
 * Reads of the same path that overlap share one request (the header and the idle tracking start both read
 * the environment, lib/tracking/start.ts, which must not pull swr into the first load).
 */
export function fetchAccount<T>(path: string): Promise<T> {
  const running = inFlight.get(path);
  if (running) return running as Promise<T>;
  const request = (async () => {
    const result = await accountCall<T>("GET", path);
    if (!result.ok) throw Object.assign(new Error(result.errors[0]?.message ?? "request failed"), { status: result.status, errors: result.errors });
    return result.data as T;
  })().finally(() => inFlight.delete(path));
  inFlight.set(path, request);
  return request;
}

// Shapes of the answers: domain/account.ts, shared with the shop API (the orders': domain/api/orders.ts).
export type { Customer, Project } from "@domain/account";
import { newIdempotencyKey } from "@site/lib/idempotency";
export { newIdempotencyKey } from "@site/lib/idempotency";

/** The parts of GET /apiv2/environment the header reads. */
export interface AccountEnvironment {
  environment: Pick<EnvironmentAnswer["environment"], "navigation"> & Partial<Pick<EnvironmentAnswer["environment"], "customer" | "projects">>;
}

export const ACCOUNT_PATHS = {
  environment: "/apiv2/environment",
  customer: "/apiv2/customer",
  register: "/apiv2/customer/register",
  verify: "/apiv2/customer/verify",
  login: "/apiv2/customer/login",
  logout: "/apiv2/customer/logout",
  passwordReset: "/apiv2/customer/password-reset",
  passwordResetCheck: "/apiv2/customer/password-reset/check",
  /** A new password of the signed-in customer (every other session ends). */
  password: "/apiv2/customer/password",
  passwordResetConfirm: "/apiv2/customer/password-reset/confirm",
  /** `before`: the number of the last order of the previous page (the answer's `next`). */
  orders: (before?: string | null, limit = 20) => `/apiv2/customer/orders?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ""}`,
  order: (number: string) => `/apiv2/customer/orders/${encodeURIComponent(number)}`,
  callOff: (number: string) => `/apiv2/customer/orders/${encodeURIComponent(number)}/call-off`,
  projects: "/apiv2/customer/projects",
  projectCount: "/apiv2/customer/projects/count",
  project: (id: number) => `/apiv2/customer/projects/${id}`,
  projectItems: (id: number) => `/apiv2/customer/projects/${id}/items`,
  projectItem: (id: number, itemId: number) => `/apiv2/customer/projects/${id}/items/${itemId}`,
  projectToCart: (id: number) => `/apiv2/customer/projects/${id}/to-cart`,
  projectsMerge: "/apiv2/customer/projects/merge",
} as const;
