/**
 * Address suggestions on the wire (docs/decisions/0036): `GET /apiv2/address/find?text=&country=&container=`
 * and `GET /apiv2/address/retrieve?id=`, with the suggestion and the address of domain/address-lookup.ts.
 */
import type { AddressSuggestion, FoundAddress } from "../address-lookup";

export interface AddressFindAnswer {
  suggestions: AddressSuggestion[];
}

export interface AddressRetrieveAnswer {
  address: FoundAddress;
}

/** The refusals of the address calls besides the core codes. */
export type AddressRefusalCode = "address_lookup_unavailable" | "address_lookup_failed" | "invalid_characters" | "country_not_deliverable";
