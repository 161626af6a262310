/**
 * Loqate "Capture Interactive" (docs/decisions/0036): Find v1.10 lists suggestions for the
 * typed text (an address, or a container such as a street or a building that a further Find
 * with `Container` opens), Retrieve v1.20 gives a suggestion's full address. Both are GET
 * calls with the key in the query, answering `{ Items: [...] }`, with HTTP 200 also for
 * refusals: an error is an item with `Error` (a number as text) and `Description`. Errors
 * below 1000 concern the account or service (unknown key, no credit, limits, surge
 * protection); from 1000 on, the request itself (for Retrieve: an unknown or invalid id).
 *
 * What comes back is a remote service's text: every value is cut to its length, control
 * and invisible format characters and markup brackets are replaced, so it is plain text as
 * the contact fields require (domain/contact-fields.ts).
 */
import { readLimitedText } from "@worker/lib/read-limited-body";
import { AddressLookupError, type AddressLookup, type AddressSuggestion, type FoundAddress } from "./lookup";

export const LOQATE_ORIGIN = "https://api.addressy.com";
export const LOQATE_FIND_PATH = "/Capture/Interactive/Find/v1.10/json3.ws";
export const LOQATE_RETRIEVE_PATH = "/Capture/Interactive/Retrieve/v1.20/json3.ws";
/** A lookup answers while the visitor types: a slow service is treated as unavailable. */
export const LOQATE_TIMEOUT_MS = 3000;
/** The largest answer read (Find with 7 items is about 2 KB). */
const MAX_ANSWER_BYTES = 256 * 1024;

export interface LoqateOptions {
  key: string;
  /** The service's origin (default LOQATE_ORIGIN). */
  origin?: string;
  timeoutMs?: number;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
}

interface LoqateItem {
  [field: string]: unknown;
}

const NOT_PLAIN = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}<>]|(?![\u200c\u200d])\p{Cf}/gu;

/** A remote value as plain text of at most `max` characters ("" for anything but a string). */
function plain(value: unknown, max: number): string {
  if (typeof value !== "string") return "";
  return value.normalize("NFC").replace(NOT_PLAIN, " ").replace(/\s+/g, " ").trim().slice(0, max).trim();
}

/** Countries that write the house number before the street (12 Rue de la Paix); the others after it (Hauptstraße 5). */
const NUMBER_FIRST = new Set(["fr", "gb", "ie", "lu"]);

/** The street with its house number as the order form takes it. */
function streetOf(item: LoqateItem, countryCode: string): string {
  const street = plain(item.Street, 120);
  const number = plain(item.BuildingNumber, 20);
  if (street && number) return NUMBER_FIRST.has(countryCode) ? `${number} ${street}` : `${street} ${number}`;
  return plain(item.Line1, 160) || street;
}

export function loqateLookup(options: LoqateOptions): AddressLookup {
  const origin = (options.origin ?? LOQATE_ORIGIN).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? LOQATE_TIMEOUT_MS;
  const fetcher = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));

  /** The items of a call, or AddressLookupError for anything but a readable answer without errors. */
  async function call(path: string, params: Record<string, string>): Promise<LoqateItem[]> {
    const url = new URL(`${origin}${path}`);
    url.searchParams.set("Key", options.key);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    let response: Response;
    try {
      response = await fetcher(url.toString(), { headers: { accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new AddressLookupError("unavailable", `loqate: no answer (${error instanceof Error ? error.name : "error"})`);
    }
    const text = await readLimitedText(response.body, MAX_ANSWER_BYTES).catch(() => null);
    if (!response.ok) throw new AddressLookupError("unavailable", `loqate: HTTP ${response.status}`);
    if (text === null) throw new AddressLookupError("unavailable", "loqate: answer too large");
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new AddressLookupError("unavailable", "loqate: answer is not JSON");
    }
    const items = (parsed as { Items?: unknown } | null)?.Items;
    if (!Array.isArray(items)) throw new AddressLookupError("unavailable", "loqate: answer without Items");
    const records = items.filter((item): item is LoqateItem => typeof item === "object" && item !== null && !Array.isArray(item));
    const error = records.find((item) => item.Error !== undefined);
    if (error) {
      const code = Number(error.Error);
      const description = plain(error.Description, 120);
      throw new AddressLookupError(code >= 1000 && path === LOQATE_RETRIEVE_PATH ? "not_found" : "unavailable", `loqate: error ${code} ${description}`);
    }
    return records;
  }

  return {
    async find(text, country, limit, container) {
      const items = await call(LOQATE_FIND_PATH, {
        Text: text,
        Countries: country.toUpperCase(),
        Limit: String(limit),
        IsMiddleware: "true",
        ...(container ? { Container: container } : {}),
      });
      const suggestions: AddressSuggestion[] = [];
      for (const item of items) {
        const id = plain(item.Id, 200);
        const label = plain(item.Text, 200);
        if (!id || !label) continue;
        suggestions.push({ id, text: label, description: plain(item.Description, 200), isContainer: plain(item.Type, 40) !== "Address" });
        if (suggestions.length === limit) break;
      }
      return suggestions;
    },

    async retrieve(id) {
      const items = await call(LOQATE_RETRIEVE_PATH, { Id: id });
      const item = items[0];
      if (!item) throw new AddressLookupError("not_found", "loqate: no address for the id");
      const countryCode = plain(item.CountryIso2, 2).toLowerCase();
      if (!/^[a-z]{2}$/.test(countryCode)) throw new AddressLookupError("unavailable", "loqate: address without a country");
      const found: FoundAddress = {
        street: streetOf(item, countryCode),
        postcode: plain(item.PostalCode, 10),
        city: plain(item.City, 80) || plain(item.District, 80),
        countryCode,
      };
      return found;
    },
  };
}
