/**
 * The client's log texts of failed reads, for whoever looks into a visitor's browser console:
 * the visitor sees the page's own message (or nothing, where a part simply stays as it was).
 * A failure of a product's read names the product and the message it failed with.
 */
export const SAMPLES_COUNTER_FAILED = "Failed to fetch product samples counter";

const messageOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/** The rejection of a product's read: `Failed to fetch {what} of product {sku}: {message}`. */
export function productFetchFailure(what: "related products" | "configurator", sku: string, cause: unknown): Error {
  return new Error(`Failed to fetch ${what} of product ${sku}: ${messageOf(cause)}`);
}

/** Logs a failure with its text and, when there is one, the message it failed with. */
export function logFailure(text: string, cause?: unknown): void {
  if (cause === undefined) console.error(text);
  else console.error(`${text}: ${messageOf(cause)}`);
}
