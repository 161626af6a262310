/**
 * Address suggestions (docs/decisions/0036): what the shop API answers on
 * `GET /apiv2/address/find` and `/apiv2/address/retrieve`, and the limits both sides keep.
 * the suggestion (`Text`, `Description`) and full address (`street`, `zipcode`, `city`)
 * in the storefront's field names.
 */

/** A find answers at most this many suggestions. */
export const ADDRESS_SUGGESTION_LIMIT = 7;
/** The typed text a find needs (fewer characters: no call) and the most it takes. */
export const ADDRESS_FIND_MIN_CHARS = 3;
export const ADDRESS_FIND_MAX_CHARS = 100;

/** One suggestion: an address, or a container (a street, a building with several addresses) that a further find with its id opens. */
export interface AddressSuggestion {
  id: string;
  text: string;
  description: string;
  isContainer: boolean;
}

/** A suggestion's full address, in the order form's fields (street with the house number). */
export interface FoundAddress {
  street: string;
  postcode: string;
  city: string;
  /** Lower-case two-letter code, like the forms' countries. */
  countryCode: string;
}
