/**
 * The console's one way to call the staff API (/admin/api/...): same-origin fetches (the
 * edge forwards them with the staff cookie as a header; the browser never sees the token),
 * answers in the shop API's envelope `{ status, data, errors, meta }`. A helper returns the
 * envelope's data, or throws an ApiError carrying the envelope's messages. A 401 also tells
 * the shell the session ended (SESSION_ENDED_EVENT), which shows the login again.
 */
import { t } from "./texts";

export interface ApiErrorItem {
  message: string;
  code?: string;
  field?: string;
  params?: Record<string, string | number>;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorItem[],
  ) {
    super(errors.map((error) => error.message).join(" ") || t("api.failed", { status }));
    this.name = "ApiError";
  }

  /** The messages of the errors that name no field (the general ones). */
  get general(): string[] {
    return this.errors.filter((error) => !error.field).map((error) => error.message);
  }
}

/** Dispatched on window when the staff API answers 401: the session ended (idle, expired, revoked). */
export const SESSION_ENDED_EVENT = "console:session-ended";

interface Envelope<T> {
  status: number;
  data: T | null;
  errors?: ApiErrorItem[];
}

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
  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  if (response.status === 401 && !path.endsWith("/admin/api/session")) window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
  if (!response.ok || !envelope || envelope.data === null) {
    const errors = envelope?.errors?.length ? envelope.errors : [{ message: t("api.failed", { status: response.status }) }];
    throw new ApiError(response.status, errors);
  }
  return envelope.data;
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

export function apiDelete<T>(path: string): Promise<T> {
  return call<T>("DELETE", path);
}
