/**
 * The steps of a return: lookup, item selection with reason and
 * details, overview (the visitor may go back to correct), submit, success with the
 * complaint number. A guest from the landing page sees four screens: lookup, items and
 * reason, overview, success; opened from the signed link or the account, three.
 *
 * Everything the visitor entered lives here, not in the screens, so going back from the
 * overview finds every entry as it was; the images keep their uploads. One submission
 * keeps its Idempotency-Key for as long as its body is the same (a retry after a failure
 * or a double click makes one complaint); a corrected body gets a new key.
 */
import { ORDER_NUMBER } from "@domain/returns-forms";
import { accessExpired, newIdempotencyKey, type RmaAccess } from "./api";
import type { ImageEntry } from "./images";
import type { Entries, TextError } from "./selection";
import type { RmaOrder } from "./types";

export type Screen = "start" | "lookup" | "items" | "overview" | "success";

export interface DetailsValues {
  reason: string;
  proposal: string;
  message: string;
  phone: string;
}

export const EMPTY_DETAILS: DetailsValues = { reason: "", proposal: "", message: "", phone: "" };

export interface FlowState {
  screen: Screen;
  order: RmaOrder | null;
  access: RmaAccess | null;
  entries: Entries;
  wholeOrder: boolean;
  details: DetailsValues;
  images: ImageEntry[];
  /** The key of the last submit and the body it was for. */
  submission: { key: string; body: string } | null;
  rmaId: string | null;
  /** A word for the landing (the link was not valid, the lookup timed out). */
  notice: TextError | null;
  /** The order number the lookup form starts with (from ?order=). */
  prefill: string;
}

export const INITIAL_FLOW: FlowState = {
  screen: "start",
  order: null,
  access: null,
  entries: {},
  wholeOrder: false,
  details: EMPTY_DETAILS,
  images: [],
  submission: null,
  rmaId: null,
  notice: null,
  prefill: "",
};

export type FlowAction =
  | { type: "opened"; order: RmaOrder; access: RmaAccess }
  | { type: "lookup"; prefill?: string; notice?: TextError | null }
  | { type: "reviewed"; entries: Entries; wholeOrder: boolean; details: DetailsValues }
  | { type: "correct" }
  | { type: "imagesChanged"; update: (images: ImageEntry[]) => ImageEntry[] }
  | { type: "submitting"; key: string; body: string }
  | { type: "submitted"; rmaId: string };

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case "opened": {
      // The same order again (a new lookup after the token ran out): the entries stay.
      const same = state.order?.orderNumber === action.order.orderNumber;
      return {
        ...state,
        screen: "items",
        order: action.order,
        access: action.access,
        notice: null,
        ...(same ? {} : { entries: {}, wholeOrder: false, details: EMPTY_DETAILS, images: [], submission: null }),
      };
    }
    case "lookup":
      return { ...state, screen: "lookup", prefill: action.prefill ?? state.order?.orderNumber ?? state.prefill, notice: action.notice ?? null };
    case "reviewed":
      return { ...state, screen: "overview", entries: action.entries, wholeOrder: action.wholeOrder, details: action.details };
    case "correct":
      return { ...state, screen: "items" };
    case "imagesChanged":
      return { ...state, images: action.update(state.images) };
    case "submitting":
      return { ...state, submission: { key: action.key, body: action.body } };
    case "submitted":
      return { ...state, screen: "success", rmaId: action.rmaId };
  }
}

/** The Idempotency-Key for a body: the last one while the body is the same, else a new one. */
export function keyFor(state: Pick<FlowState, "submission">, body: string, create: () => string = newIdempotencyKey): string {
  return state.submission && state.submission.body === body ? state.submission.key : create();
}

/** True when the token of a lookup ran out and the visitor must look the order up again. */
export function needsNewLookup(state: Pick<FlowState, "access">, now = Date.now()): boolean {
  return state.access !== null && accessExpired(state.access, now);
}

/** The entry of the page from its address: a signed link (`?order=&sig=`), an order of the account (`?order=`), or the landing. */
export type Entry = { kind: "link"; order: string; sig: string } | { kind: "account"; order: string } | { kind: "landing" };

export function entryFromLocation(search: string): Entry {
  const params = new URLSearchParams(search);
  const order = (params.get("order") ?? "").trim().toUpperCase();
  const sig = (params.get("sig") ?? "").trim();
  if (!ORDER_NUMBER.test(order)) return { kind: "landing" };
  if (sig) return { kind: "link", order, sig: sig.slice(0, 512) };
  return { kind: "account", order };
}
