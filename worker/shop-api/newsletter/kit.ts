/**
 * Kit (formerly ConvertKit), API v4 with the list's API key in `X-Kit-Api-Key`
 * (docs/decisions/0040). The shop confirms addresses itself (double opt-in), so the Kit form
 * must not send its own confirmation ("Send incentive email" off).
 *
 * - subscribe: `POST /v4/subscribers {email_address, first_name, state: "active"}` (creates the
 *   subscriber or updates the name; a repeat is fine), then
 *   `POST /v4/forms/{formId}/subscribers {email_address}` (adds it to the list's form; 200 when
 *   it already was, 201 when added).
 * - unsubscribe: `GET /v4/subscribers?email_address=...&status=all` finds the subscriber's id;
 *   none: nothing to do; else `POST /v4/subscribers/{id}/unsubscribe`.
 *
 * Any answer but 2xx, a network error or a timeout is a failed attempt (the drain retries);
 * the error names the call and the status, with at most 200 characters of the service's body.
 */
import { readLimitedText } from "@worker/lib/read-limited-body";
import type { NewsletterListTarget, NewsletterService, NewsletterSubscription } from "./service";

export const KIT_ORIGIN = "https://api.kit.com";
/** A hand-over runs in the background (cron, after the answer): the service may take its time, but not forever. */
export const KIT_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 256 * 1024;
const ERROR_BODY_CHARS = 200;

export interface KitOptions {
  /** The API's origin (default KIT_ORIGIN); the Jest tests point it at a local stand-in. */
  origin?: string;
  timeoutMs?: number;
}

export class NewsletterServiceError extends Error {
  override readonly name = "NewsletterServiceError";
}

export function kitNewsletterService(options: KitOptions = {}): NewsletterService {
  const origin = (options.origin ?? KIT_ORIGIN).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? KIT_TIMEOUT_MS;

  async function call(list: NewsletterListTarget, method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> {
    const what = `kit ${method} ${path.split("?")[0]}`;
    let response: Response;
    try {
      response = await fetch(`${origin}${path}`, {
        method,
        headers: {
          accept: "application/json",
          "x-kit-api-key": list.apiKey,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // A timeout is a DOMException (TimeoutError), not always an Error of this realm.
      const name = typeof error === "object" && error !== null && "name" in error && typeof error.name === "string" ? error.name : "error";
      throw new NewsletterServiceError(`${what}: no answer (${name})`);
    }
    const text = await readLimitedText(response.body, MAX_ANSWER_BYTES).catch(() => null);
    if (!response.ok)
      throw new NewsletterServiceError(`${what}: HTTP ${response.status} ${(text ?? "").replace(/\s+/g, " ").slice(0, ERROR_BODY_CHARS)}`.trim());
    if (text === null) throw new NewsletterServiceError(`${what}: answer too large`);
    try {
      return text.trim() === "" ? {} : (JSON.parse(text) as unknown);
    } catch {
      throw new NewsletterServiceError(`${what}: answer is not JSON`);
    }
  }

  return {
    name: `kit ${origin}`,
    async subscribe(subscription: NewsletterSubscription, list: NewsletterListTarget): Promise<void> {
      await call(list, "POST", "/v4/subscribers", { email_address: subscription.email, first_name: subscription.name, state: "active" });
      await call(list, "POST", `/v4/forms/${encodeURIComponent(list.formId)}/subscribers`, { email_address: subscription.email });
    },
    async unsubscribe(subscription: NewsletterSubscription, list: NewsletterListTarget): Promise<void> {
      const query = new URLSearchParams({ email_address: subscription.email, status: "all" });
      const found = (await call(list, "GET", `/v4/subscribers?${query.toString()}`)) as { subscribers?: unknown };
      if (!Array.isArray(found.subscribers)) throw new NewsletterServiceError("kit GET /v4/subscribers: answer without subscribers");
      const match = found.subscribers.find(
        (entry): entry is { id: number | string; email_address: string } =>
          typeof entry === "object" &&
          entry !== null &&
          "id" in entry &&
          String((entry as { email_address?: unknown }).email_address).toLowerCase() === subscription.email,
      );
      if (!match) return;
      const id = String(match.id);
      if (!/^\d{1,20}$/.test(id)) throw new NewsletterServiceError("kit GET /v4/subscribers: a subscriber id that is no number");
      await call(list, "POST", `/v4/subscribers/${id}/unsubscribe`, {});
    },
  };
}
