/**
 * The console's one way to call the staff API (/admin/api/...): same-origin fetches (the
 * edge forwards them with the staff cookie as a header; the browser never sees the token),
 * answers in the shop API's envelope `{ status, data, errors, meta }`. A helper returns the
 * envelope's data, or throws an ApiError carrying the envelope's errors, with the text of
 * those whose code the console knows in the staff member's language (errorText), and, for a
 * 429, how long to wait (Retry-After). A 401 also tells the shell the session ended
 * (SESSION_ENDED_EVENT), which shows the login again.
 */
import type { ReceivedEnvelope } from "@domain/api/envelope";
import { isCoreErrorCode, type ApiErrorItem, type CoreErrorCode } from "@domain/api/errors";
import { formatClock } from "./intl";
import { t, type TextKey } from "./texts";

export type { ApiErrorItem };

/** The staff API's error codes the console words itself; any other shows the API's message. */
const CODE_TEXTS: Partial<Record<CoreErrorCode, TextKey>> = {
  invalid_credentials: "api.invalidCredentials",
  login_required: "sessionEnded",
  forbidden: "api.forbidden",
  rate_limited: "api.rateLimited",
};

/** The seconds a refusal asks to wait: the Retry-After header, else the error item's `retryAfterSeconds`; null when neither says. */
export function retryAfterOf(header: string | null, errors: readonly ApiErrorItem[]): number | null {
  const fromHeader = header !== null && /^\d+$/.test(header.trim()) ? Number(header.trim()) : NaN;
  if (Number.isFinite(fromHeader) && fromHeader > 0) return fromHeader;
  const fromItem = errors.map((error) => error.params?.retryAfterSeconds).find((value) => typeof value === "number" && Number.isFinite(value) && value > 0);
  return typeof fromItem === "number" ? Math.ceil(fromItem) : null;
}

/** An error item in the staff member's language where the console knows its code. */
export function errorText(error: ApiErrorItem, retryAfterSeconds: number | null, now: Date = new Date()): string {
  if (error.code === "auth_throttled") return throttledText(retryAfterSeconds, now);
  const key = error.code && isCoreErrorCode(error.code) ? CODE_TEXTS[error.code] : undefined;
  return key ? t(key) : error.message;
}

/** What a staff member locked out of logging in reads: why, and when to try again (minutes rounded up, and the time of day). */
export function throttledText(retryAfterSeconds: number | null, now: Date = new Date()): string {
  if (retryAfterSeconds === null) return t("api.throttled");
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const at = formatClock(new Date(now.getTime() + retryAfterSeconds * 1000));
  return t(minutes === 1 ? "api.throttledOne" : "api.throttledMany", { minutes, at });
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorItem[],
    /** Seconds to wait before trying again (a 429), when the answer says. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(errors.map((error) => errorText(error, retryAfterSeconds)).join(" ") || t("api.failed", { status }));
    this.name = "ApiError";
  }

  /** The texts of the errors that name no field (the general ones). */
  get general(): string[] {
    return this.errors.filter((error) => !error.field).map((error) => errorText(error, this.retryAfterSeconds));
  }
}

/** Dispatched on window when the staff API answers 401: the session ended (idle, expired, revoked). */
export const SESSION_ENDED_EVENT = "console:session-ended";

type Body = unknown;

async function call<T>(method: string, path: string, body?: Body, headers: Record<string, string> = {}): Promise<T> {
  const init: RequestInit = { method, credentials: "same-origin", headers: { accept: "application/json", ...headers } };
  if (body !== undefined) {
    if (typeof body === "string" || body instanceof Blob) init.body = body;
    else {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)["content-type"] = "application/json";
    }
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, [{ message: t("api.unreachable") }]);
  }
  let envelope: ReceivedEnvelope<T> | null = null;
  try {
    envelope = (await response.json()) as ReceivedEnvelope<T>;
  } catch {
    envelope = null;
  }
  if (response.status === 401 && !path.endsWith("/admin/api/session")) window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
  if (!response.ok || !envelope || envelope.data === null) {
    const errors = envelope?.errors?.length ? envelope.errors : [{ message: t("api.failed", { status: response.status }) }];
    throw new ApiError(response.status, errors, retryAfterOf(response.headers.get("retry-after"), errors));
  }
  return envelope.data as T;
}

/** GET a staff API path; the envelope's data. */
export function apiGet<T>(path: string): Promise<T> {
  return call<T>("GET", path);
}

/** POST to a staff API path: a JSON body (objects), or a file or text sent as it is with the given content type. */
export function apiPost<T>(path: string, body?: Body, contentType?: string): Promise<T> {
  return call<T>("POST", path, body, contentType ? { "content-type": contentType } : {});
}

/** PUT a JSON body to a staff API path (a resource created or replaced, e.g. an inquiry's offer). */
export function apiPut<T>(path: string, body: Body): Promise<T> {
  return call<T>("PUT", path, body);
}

/** A change sent once (Idempotency-Key: the same key for a retry of the same change, a new one for every change the user makes). */
export function apiChange<T>(method: "POST" | "PUT", path: string, body: Body, idempotencyKey: string): Promise<T> {
  return call<T>(method, path, body, { "idempotency-key": idempotencyKey });
}

export function apiDelete<T>(path: string): Promise<T> {
  return call<T>("DELETE", path);
}
