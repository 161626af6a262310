/**
 * The shop API's one response envelope: every JSON answer is `{ status, data, errors, meta }`,
 * and a call succeeded only with HTTP 200 and data. The shop API builds it
 * (worker/shop-api/core/envelope.ts); the site, the console, the builder and the scripts read it.
 */
import type { ApiErrorItem } from "./errors";

export type Meta = Record<string, unknown>;

export interface Envelope<T> {
  status: number;
  data: T | null;
  errors: ApiErrorItem[];
  meta: Meta;
}

/** What a client reads from an answer's body: any member may be missing (a proxy's error page, a body cut short). */
export type ReceivedEnvelope<T> = Partial<Envelope<T>>;

/** A call succeeded only with HTTP 200 and data. */
export function isSuccess(status: number, data: unknown): boolean {
  return status === 200 && data !== null && data !== undefined;
}

/** The error items of a received body; none when it holds no list of them. */
export function errorItemsOf(body: ReceivedEnvelope<unknown> | null | undefined): ApiErrorItem[] {
  return Array.isArray(body?.errors) ? body.errors : [];
}
