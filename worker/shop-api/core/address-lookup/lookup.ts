/**
 * The address-suggestion provider interface (find with a limit, then retrieve the
 * full address; docs/decisions/0036). One adapter per service (loqate.ts); the shop config
 * names the service per shop (registry.ts).
 */
import type { AddressSuggestion, FoundAddress } from "@domain/address-lookup";

export type { AddressSuggestion, FoundAddress };

export interface AddressLookup {
  /**
   * Suggestions for the typed `text` in `country` (lower-case code), at most `limit`;
   * `container` (a container suggestion's id) lists the addresses inside it.
   */
  find(text: string, country: string, limit: number, container?: string): Promise<AddressSuggestion[]>;
  /** The full address of a suggestion; throws AddressLookupError `not_found` for an id the service does not know. */
  retrieve(id: string): Promise<FoundAddress>;
}

/**
 * A lookup that did not answer: `unavailable` (the service is down, slow, out of credit,
 * refuses the key or answered something unreadable) or `not_found` (no address for the id).
 */
export class AddressLookupError extends Error {
  constructor(
    readonly reason: "unavailable" | "not_found",
    message: string,
  ) {
    super(message);
    this.name = "AddressLookupError";
  }
}
