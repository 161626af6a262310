/**
 * Address suggestions for the shop's address forms (docs/decisions/0036):
 *
 * - `GET /apiv2/address/find?text=&country=[&container=]`: at most 7 suggestions for the
 *   typed text in one of the shop's delivery countries; `container` opens a container
 *   suggestion (a street, a building).
 * - `GET /apiv2/address/retrieve?id=`: a suggestion's full address.
 *
 * Both answer 404 `address_lookup_unavailable` when the shop has no lookup (the forms then
 * work without suggestions), 422 for bad parameters, 502 `address_lookup_failed` when the
 * service does not answer. They count against the per-IP search limit (core/rate-limit.ts):
 * each call may cost the merchant money at the service.
 */
import type { AddressFindAnswer, AddressRefusalCode, AddressRetrieveAnswer } from "@domain/api/address";
import { z } from "zod";
import { isPlainText, normalizeContactText } from "@domain/contact-fields";
import { ADDRESS_FIND_MAX_CHARS, ADDRESS_FIND_MIN_CHARS, ADDRESS_SUGGESTION_LIMIT } from "@domain/address-lookup";
import { AddressLookupError, type AddressLookup } from "../core/address-lookup/lookup";
import { addressLookupFor } from "../core/address-lookup/registry";
import type { ShopContext } from "../core/context";
import { fail, MESSAGES } from "../core/envelope";
import { queryParams } from "../core/query-params";
import { validate } from "../core/request-body";
import { reply, type Reply } from "../core/route";

export const ADDRESS_MESSAGES = {
  unavailable: "Address suggestions are not available in this shop.",
  failed: "Address suggestions are not available right now.",
  text: `Please enter at least ${ADDRESS_FIND_MIN_CHARS} characters.`,
  id: "This is not an address suggestion.",
} as const;

/** An id of the service: printable ASCII without markup brackets (Loqate's look like DE|TT|A|1234567|ENG). */
const ID = /^[\x21-\x3b\x3d\x3f-\x7e ]{1,200}$/;

const findQuery = (ctx: ShopContext) =>
  z
    .object({
      text: z
        .string({ required_error: MESSAGES.required })
        .transform(normalizeContactText)
        .pipe(
          z
            .string()
            .min(ADDRESS_FIND_MIN_CHARS, ADDRESS_MESSAGES.text)
            .max(ADDRESS_FIND_MAX_CHARS)
            .refine(isPlainText, { message: MESSAGES.characters, params: { code: "invalid_characters" satisfies AddressRefusalCode } }),
        ),
      country: z
        .string({ required_error: MESSAGES.required })
        .transform((code) => code.trim().toLowerCase())
        .refine((code) => ctx.shop.deliveryCountries.includes(code), {
          message: MESSAGES.countryNotDeliverable,
          params: { code: "country_not_deliverable" satisfies AddressRefusalCode },
        }),
      container: z.string().regex(ID, ADDRESS_MESSAGES.id).optional(),
    })
    .strict();

const retrieveQuery = z.object({ id: z.string({ required_error: MESSAGES.required }).regex(ID, ADDRESS_MESSAGES.id) }).strict();

function lookupOf(ctx: ShopContext): AddressLookup {
  const lookup = addressLookupFor(ctx.shop, ctx.env);
  if (!lookup) throw fail(404, ADDRESS_MESSAGES.unavailable, "address_lookup_unavailable" satisfies AddressRefusalCode);
  return lookup;
}

/** A service that did not answer: 502 (the form goes on without suggestions); an unknown id: 404. */
function lookupFailure(ctx: ShopContext, error: unknown): never {
  if (error instanceof AddressLookupError) {
    if (error.reason === "not_found") throw fail(404, MESSAGES.notFound, "not_found");
    console.warn(`address lookup failed (${ctx.shop.id}): ${error.message}`);
    throw fail(502, ADDRESS_MESSAGES.failed, "address_lookup_failed" satisfies AddressRefusalCode);
  }
  throw error;
}

/** GET /apiv2/address/find */
export async function findAddress(ctx: ShopContext): Promise<Reply<AddressFindAnswer>> {
  const lookup = lookupOf(ctx);
  const query = validate(findQuery(ctx), queryParams(ctx.url));
  try {
    const suggestions = await lookup.find(query.text, query.country, ADDRESS_SUGGESTION_LIMIT, query.container);
    return reply({ suggestions: suggestions.slice(0, ADDRESS_SUGGESTION_LIMIT) });
  } catch (error) {
    lookupFailure(ctx, error);
  }
}

/** GET /apiv2/address/retrieve */
export async function retrieveAddress(ctx: ShopContext): Promise<Reply<AddressRetrieveAnswer>> {
  const lookup = lookupOf(ctx);
  const query = validate(retrieveQuery, queryParams(ctx.url));
  try {
    return reply({ address: await lookup.retrieve(query.id) });
  } catch (error) {
    lookupFailure(ctx, error);
  }
}
